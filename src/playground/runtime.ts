/**
 * The inside of a run, the same in a Web Worker and in a Node worker thread: a console that
 * formats and caps output, timers that are counted (a run ends when its top level has settled
 * and no timer is pending), a small CommonJS module system over the run's transpiled files
 * plus the library modules, and errors mapped to the learner's file and line.
 */
import { setEventSink } from "./emit.ts";
import { formatArgs, formatTable, inspect } from "./format.ts";
import { libraryModules } from "./library.ts";
import { requiredSpecifiers, resolveImport } from "./modules.ts";
import { outputBudget, type CompiledRun, type RunError, type RunEvent, type WorkerMessage } from "./protocol.ts";

type TimerHandle = unknown;

export interface RuntimeHost {
  post(message: WorkerMessage): void;
  /** The host's own timers, captured before learner code can replace them. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  onUnhandledRejection(handler: (reason: unknown) => void): void;
  /** Runs after the learner's files are compiled and before any of them runs. */
  lockdown?(): void;
}

/** Compiled files are named in stack traces as `playground:<path>`. */
const sourcePrefix = "playground:";

interface ModuleRecord {
  exports: Record<string, unknown>;
  loading?: Promise<void>;
}

type Factory = (exports: object, require: (specifier: string) => unknown, module: { exports: object }) => Promise<void>;

/** Where in the learner's files an error was thrown: the innermost frame in a playground file. */
export function locateError(error: unknown): { file: string; line: number } | undefined {
  const stack = error instanceof Error ? String(error.stack ?? "") : "";
  const frame = new RegExp(`${sourcePrefix}([^\\s:()]+):(\\d+):\\d+`).exec(stack);
  return frame ? { file: frame[1]!, line: Number(frame[2]) } : undefined;
}

export function describeError(error: unknown): RunError {
  const message =
    error instanceof Error ? inspect(error) : `Uncaught ${typeof error === "string" ? `'${error}'` : inspect(error)}`;
  return { message, ...locateError(error) };
}

export async function runCompiled(run: CompiledRun, host: RuntimeHost): Promise<void> {
  let finished = false;
  const fits = outputBudget();
  let truncated = false;

  const finish = (status: "ok" | "error", error?: RunError) => {
    if (finished) return;
    finished = true;
    setEventSink(null);
    host.post({ type: "done", status, error, truncated });
  };
  const fail = (error: unknown) => finish("error", describeError(error));

  // ---- output, capped ----
  let groupIndent = "";
  const send = (event: RunEvent) => {
    if (finished || truncated) return;
    if ("text" in event) {
      if (groupIndent && event.kind !== "plot") event = { ...event, text: event.text.replace(/^/gm, groupIndent) };
      if (!fits(event.text)) {
        truncated = true;
        host.post({ type: "truncated" });
        return;
      }
    }
    host.post({ type: "event", event });
  };
  setEventSink(send);

  const counts = new Map<string, number>();
  const timers = new Map<string, number>();
  const log =
    (kind: "log" | "info" | "warn" | "error") =>
    (...args: unknown[]) =>
      send({ kind, text: formatArgs(args) });
  const console = {
    log: log("log"),
    info: log("info"),
    debug: log("log"),
    warn: log("warn"),
    error: log("error"),
    trace: (...args: unknown[]) => send({ kind: "error", text: `Trace: ${formatArgs(args)}` }),
    dir: (value: unknown) => send({ kind: "log", text: inspect(value) }),
    table: (data: unknown, columns?: string[]) => send({ kind: "table", text: formatTable(data, columns) }),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) send({ kind: "error", text: `Assertion failed${args.length ? `: ${formatArgs(args)}` : ""}` });
    },
    group: (...args: unknown[]) => {
      if (args.length) send({ kind: "log", text: formatArgs(args) });
      groupIndent += "  ";
    },
    groupCollapsed: (...args: unknown[]) => console.group(...args),
    groupEnd: () => {
      groupIndent = groupIndent.slice(2);
    },
    count: (label = "default") => {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      send({ kind: "log", text: `${label}: ${counts.get(label)}` });
    },
    countReset: (label = "default") => void counts.delete(label),
    time: (label = "default") => void timers.set(label, performance.now()),
    timeLog: (label = "default", ...args: unknown[]) => {
      const start = timers.get(label);
      const text =
        start === undefined
          ? `Timer '${label}' does not exist`
          : `${label}: ${(performance.now() - start).toFixed(3)}ms`;
      send({ kind: "log", text: args.length ? `${text} ${formatArgs(args)}` : text });
    },
    timeEnd: (label = "default") => {
      console.timeLog(label);
      timers.delete(label);
    },
  };

  // ---- timers, counted so the run knows when it is over ----
  let topLevelSettled = false;
  const pending = new Map<number, TimerHandle>();
  let nextTimer = 1;
  const maybeFinish = () => {
    if (!topLevelSettled || pending.size > 0 || finished) return;
    // One host macrotask later every queued promise reaction has run; check again then.
    host.setTimeout(() => {
      if (topLevelSettled && pending.size === 0) finish("ok");
    }, 0);
  };
  const guard = (callback: unknown, args: unknown[]) => {
    if (typeof callback !== "function")
      throw new TypeError("setTimeout/setInterval need a function (code in strings is not run)");
    return () => {
      try {
        (callback as (...a: unknown[]) => void)(...args);
      } catch (error) {
        fail(error);
      }
    };
  };
  const setTimeoutShim = (callback: unknown, ms = 0, ...args: unknown[]) => {
    const id = nextTimer++;
    const run = guard(callback, args);
    pending.set(
      id,
      host.setTimeout(() => {
        pending.delete(id);
        run();
        maybeFinish();
      }, Number(ms) || 0),
    );
    return id;
  };
  const setIntervalShim = (callback: unknown, ms = 0, ...args: unknown[]) => {
    const id = nextTimer++;
    const run = guard(callback, args);
    const tick = () => {
      pending.set(id, host.setTimeout(tick, Math.max(1, Number(ms) || 0)));
      run();
    };
    pending.set(id, host.setTimeout(tick, Math.max(1, Number(ms) || 0)));
    return id;
  };
  const clearShim = (id: unknown) => {
    const handle = pending.get(id as number);
    if (handle === undefined) return;
    host.clearTimeout(handle);
    pending.delete(id as number);
    maybeFinish();
  };
  const globals = globalThis as Record<string, unknown>;
  globals.console = console;
  globals.setTimeout = setTimeoutShim;
  globals.setInterval = setIntervalShim;
  globals.clearTimeout = clearShim;
  globals.clearInterval = clearShim;
  globals.setImmediate = (callback: unknown, ...args: unknown[]) => setTimeoutShim(callback, 0, ...args);
  globals.clearImmediate = clearShim;
  host.onUnhandledRejection((reason) => fail(reason));

  // ---- modules ----
  const factories = new Map<string, Factory>();
  try {
    for (const [path, js] of Object.entries(run.modules)) {
      // Indirect eval in the global scope; the wrapper shares line 1 with the code, so lines match the source.
      const wrapped = `(async function (exports, require, module) {${js}\n})\n//# sourceURL=${sourcePrefix}${path}`;
      // biome-ignore lint/security/noGlobalEval: the sandboxed worker runs the learner's transpiled code; indirect eval keeps it out of this scope
      factories.set(path, (0, eval)(wrapped) as Factory);
    }
  } catch (error) {
    finish("error", { message: `could not load the program: ${inspect(error)}` });
    return;
  }
  host.lockdown?.();

  const files = Object.keys(run.modules);
  const libraries = Object.keys(libraryModules);
  const records = new Map<string, ModuleRecord>();
  const requireFrom = (from: string) => (specifier: string) => {
    const target = resolveImport(from, specifier, files, libraries);
    if (target.kind === "refused") throw new Error(target.message);
    if (target.kind === "library") return libraryModules[target.name];
    const record = records.get(target.path);
    if (!record) throw new Error(`import "${specifier}" with a literal path, so it is loaded before ${from} runs`);
    return record.exports;
  };
  // Dependencies first, each awaited, so a file's top-level await finishes before its importers run.
  const load = (path: string): Promise<void> => {
    const existing = records.get(path);
    if (existing) return existing.loading ?? Promise.resolve(); // a cycle sees a partial module, as in ES modules
    const record: ModuleRecord = { exports: {} };
    records.set(path, record);
    record.loading = (async () => {
      for (const specifier of requiredSpecifiers(run.modules[path]!)) {
        const target = resolveImport(path, specifier, files, libraries);
        if (target.kind === "file" && target.path !== path) await load(target.path);
      }
      const module = { exports: record.exports as object };
      await factories.get(path)!(record.exports, requireFrom(path), module);
      record.exports = module.exports as Record<string, unknown>;
    })();
    return record.loading;
  };

  host.post({ type: "started" });
  try {
    await load(run.entry);
  } catch (error) {
    fail(error);
    return;
  }
  topLevelSettled = true;
  maybeFinish();
}
