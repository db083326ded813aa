/**
 * The inside of a run, the same in a Web Worker and in Node's child process: a console that
 * formats and caps output, timers that are counted (a run ends when its top level has settled
 * and no timer is pending), a small CommonJS module system over the run's transpiled files
 * plus the library modules, and errors mapped to the learner's file and line.
 *
 * The worker entry confines the realm first (confine.ts) and hands over what the runtime
 * needs from the host, captured before any learner code exists: its channel, its timers.
 */
import { assertWholeBody, lockCodeGeneration } from "./confine.ts";
import { formatArgs, formatTable, inspect } from "./format.ts";
import { requiredSpecifiers, resolveImport } from "./modules.ts";
import {
  outputBudget,
  stalledMessage,
  throwSiteName,
  visibleText,
  type CompiledRun,
  type RunError,
  type RunEvent,
  type WorkerMessage,
} from "./protocol.ts";
import { closeNames } from "../format/edit-distance.ts";
import { timerMillis } from "../format/number.ts";

type TimerHandle = unknown;
type Posted = WorkerMessage extends infer M ? (M extends unknown ? Omit<M, "key"> : never) : never;

/** The library modules a run can import, and how they report charts to it. */
export interface Library {
  modules: Record<string, object>;
  connect(sink: ((event: Extract<RunEvent, { kind: "plot" }>) => void) | null): void;
}

export interface RuntimeHost {
  /** The host's channel; the runtime adds the run's key to every message. */
  post(message: WorkerMessage): void;
  /** The host's own timers, captured before learner code can replace them. */
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
  now(): number;
  onUnhandledRejection(handler: (reason: unknown) => void): void;
  library: Library;
}

/** Names the runtime defines as globals for programs (confineRealm leaves them alone). */
export const runtimeGlobals = [
  "console",
  "setTimeout",
  "setInterval",
  "clearTimeout",
  "clearInterval",
  "setImmediate",
  "clearImmediate",
] as const;

/** The module only the course's own files of a check run can import: where check results go. */
export const reporterModule = "course/check-reporter";

/** Compiled files are named in stack traces as `playground:<path>`. */
const sourcePrefix = "playground:";

interface ModuleRecord {
  exports: Record<string, unknown>;
  loading?: Promise<void>;
}

/** Where a learner's `throw` statement threw what it threw (recorded by the code transpile.ts writes). */
interface ThrowSite {
  value: unknown;
  file: string;
  line: number;
}

type Factory = (
  exports: object,
  require: (specifier: string) => unknown,
  module: { exports: object },
  throwSite: (line: number) => { value: unknown },
) => Promise<void>;

/** Read something a program made, which may throw or lie: a failure becomes the fallback. */
function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

/** Where in the learner's files an error was thrown: the innermost frame in a playground file. */
export function locateError(error: unknown): { file: string; line: number } | undefined {
  const stack = safely(() => (error instanceof Error ? String(error.stack ?? "") : ""), "");
  const frame = new RegExp(`${sourcePrefix}([^\\s:()]+):(\\d+):\\d+`).exec(stack);
  return frame ? { file: frame[1]!, line: Number(frame[2]) } : undefined;
}

/** An error (or anything thrown) as one line, without trusting the thrown value. */
export function describeThrown(error: unknown): string {
  return safely(
    () =>
      error instanceof Error ? inspect(error) : `Uncaught ${typeof error === "string" ? `'${error}'` : inspect(error)}`,
    "Uncaught exception (a value that cannot be shown)",
  );
}

/** What a run that ended on a value with no line says after it, so the learner can find it next time. */
const noLineHint = "line unknown: only an Error records where it was made, so throw or reject with new Error(...)";

/**
 * An error as the run reports it, at the innermost line of the learner's files in its stack;
 * a value with no stack that a learner's `throw` statement threw (`throw "boom"`), at that
 * statement's line. A value with neither (`Promise.reject("boom")`) says how to get one.
 */
export function describeError(error: unknown, lastThrow?: ThrowSite): RunError {
  // Written out as printed output is, so a thrown message cannot recolour or rub out the terminal either.
  const message = visibleText(describeThrown(error));
  const located = whereThrown(error, lastThrow);
  if (located) return { message, ...located };
  return safely(() => error instanceof Error, true) ? { message } : { message: `${message} (${noLineHint})` };
}

/**
 * Where in the learner's files a thrown value came from: the innermost frame of its stack, or
 * the `throw` statement that threw it last (a value with no stack, `throw "boom"`).
 */
function whereThrown(error: unknown, lastThrow?: ThrowSite): { file: string; line: number } | undefined {
  const located = locateError(error);
  if (located) return located;
  if (lastThrow && Object.is(lastThrow.value, error)) return { file: lastThrow.file, line: lastThrow.line };
  return undefined;
}

function missingExport(from: string, target: string, name: string, line: number): RunError {
  return {
    message: `SyntaxError: ${target} does not export ${name}, which ${from} imports: is \`export\` missing before its declaration, or is it spelt differently?`,
    file: from,
    line,
  };
}

/** A name a library module does not export, with the export it most likely meant. */
function missingLibraryExport(from: string, library: string, name: string, exports: object, line: number): RunError {
  const [near] = closeNames(name, Object.keys(exports), 1);
  return {
    message: `SyntaxError: "${library}" does not export ${name}, which ${from} imports${near ? `: did you mean ${near}?` : ""}`,
    file: from,
    line,
  };
}

export async function runCompiled(run: CompiledRun, host: RuntimeHost): Promise<void> {
  const { key } = run;
  const post = (message: Posted) => host.post({ ...message, key } as WorkerMessage);
  let finished = false;
  const fits = outputBudget();
  let truncated = false;

  const finish = (status: "ok" | "error", error?: RunError) => {
    if (finished) return;
    finished = true;
    host.library.connect(null);
    post({ type: "done", status, error, truncated });
  };
  // The last value a learner's `throw` statement threw, and where: a string has no stack to say so.
  let lastThrow: ThrowSite | undefined;
  const throwSiteOf = (file: string) => (line: number) =>
    Object.freeze({
      set value(value: unknown) {
        lastThrow = { value, file, line: Number(line) };
      },
    }) as { value: unknown };
  const fail = (error: unknown) => finish("error", describeError(error, lastThrow));

  // ---- output, capped ----
  let groupIndent = "";
  const send = (event: RunEvent) => {
    if (finished || truncated) return;
    if ("text" in event) {
      if (groupIndent && event.kind !== "plot") event = { ...event, text: event.text.replace(/^/gm, groupIndent) };
      const text = fits(event.text);
      if (text === null || text !== event.text) {
        if (text !== null && event.kind !== "plot") post({ type: "event", event: { ...event, text } as RunEvent });
        truncated = true;
        post({ type: "truncated" });
        return;
      }
    }
    post({ type: "event", event });
  };
  host.library.connect((event) => send(event));

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
    time: (label = "default") => void timers.set(label, host.now()),
    timeLog: (label = "default", ...args: unknown[]) => {
      const start = timers.get(label);
      const text =
        start === undefined ? `Timer '${label}' does not exist` : `${label}: ${timerMillis(host.now() - start)}`;
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
  let finishing = false;
  const maybeFinish = () => {
    if (!topLevelSettled || pending.size > 0 || finished || finishing) return;
    finishing = true;
    // Two host macrotasks later every queued promise reaction has run and the host has
    // reported any promise rejected without a handler; check again then.
    host.setTimeout(() => {
      host.setTimeout(() => {
        finishing = false;
        if (topLevelSettled && pending.size === 0) finish("ok");
      }, 0);
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
  const globals: Record<(typeof runtimeGlobals)[number], unknown> = {
    console,
    setTimeout: setTimeoutShim,
    setInterval: setIntervalShim,
    clearTimeout: clearShim,
    clearInterval: clearShim,
    setImmediate: (callback: unknown, ...args: unknown[]) => setTimeoutShim(callback, 0, ...args),
    clearImmediate: clearShim,
  };
  Object.freeze(console);
  for (const [name, value] of Object.entries(globals)) {
    // Read-only: a program cannot swap the console or the timers the checks use.
    Object.defineProperty(globalThis, name, { value, writable: false, configurable: false, enumerable: false });
  }
  host.onUnhandledRejection((reason) => fail(reason));

  // ---- who may import what ----
  const learnerFiles = new Set(run.learner?.files ?? Object.keys(run.modules));
  const isLearner = (path: string) => learnerFiles.has(path);
  // Check results reach the host only through this reporter, which learner files cannot import.
  const reporter = Object.freeze({
    report(check: { name: string; passed: boolean; message?: string; thrown?: unknown }) {
      const event: RunEvent = { kind: "check", name: String(check.name), passed: check.passed === true };
      if (check.message !== undefined) event.message = String(check.message);
      // A check that failed on what the learner's code threw says where, in the learner's files only.
      if ("thrown" in check && !event.passed) {
        const where = whereThrown(check.thrown, lastThrow);
        if (where && isLearner(where.file)) Object.assign(event, where);
      }
      send(event);
    },
    describe: (value: unknown) => safely(() => inspect(value), "(a value that cannot be shown)"),
  });
  const trusted: Record<string, object> = run.learner ? { [reporterModule]: Object.freeze({ reporter }) } : {};

  // ---- modules ----
  const factories = new Map<string, Factory>();
  try {
    for (const [path, js] of Object.entries(run.modules)) {
      // The file must be a whole body, so no text of it can close the wrapper and run now.
      assertWholeBody(["exports", "require", "module", throwSiteName], `${js}\n`);
      // Indirect eval in the global scope; the wrapper shares line 1 with the code, so lines match the source.
      const wrapped = `(async function (exports, require, module, ${throwSiteName}) {${js}\n})\n//# sourceURL=${sourcePrefix}${path}`;
      // biome-ignore lint/security/noGlobalEval: the confined worker compiles the learner's transpiled code, then refuses eval
      factories.set(path, (0, eval)(wrapped) as Factory);
    }
  } catch (error) {
    finish("error", { message: `could not load the program: ${describeThrown(error)}` });
    return;
  }
  lockCodeGeneration();

  const files = Object.keys(run.modules);
  const visibleFrom = (path: string) => {
    if (!isLearner(path)) return { files, libraries: [...Object.keys(host.library.modules), ...Object.keys(trusted)] };
    if (run.learner) return { files: files.filter(isLearner), libraries: [] };
    return { files, libraries: Object.keys(host.library.modules) };
  };
  const resolveFrom = (from: string, specifier: string) => {
    const visible = visibleFrom(from);
    const target = resolveImport(from, specifier, visible.files, visible.libraries);
    if (target.kind === "refused" && run.learner && isLearner(from)) {
      return {
        kind: "refused" as const,
        message: `${from} cannot import "${specifier}": ${run.learner.closed}`,
      };
    }
    return target;
  };
  const records = new Map<string, ModuleRecord>();
  const requireFrom = (from: string) => (specifier: string) => {
    const target = resolveFrom(from, String(specifier));
    if (target.kind === "refused") throw new Error(target.message);
    if (target.kind === "library") return host.library.modules[target.name] ?? trusted[target.name];
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
      const required = requiredSpecifiers(run.modules[path]!);
      for (const specifier of required) {
        const target = resolveFrom(path, specifier);
        if (target.kind === "file" && target.path !== path) await load(target.path);
      }
      // A name imported from a file that does not export it is an error before this file runs,
      // as in ES modules. (Imports only used as types are gone from the JavaScript: skip them.)
      for (const { specifier, names, line } of run.imports[path] ?? []) {
        if (!required.includes(specifier)) continue;
        const target = resolveFrom(path, specifier);
        if (target.kind === "library") {
          const library = host.library.modules[target.name] ?? trusted[target.name] ?? {};
          const missing = names.find((name) => !(name in library));
          if (missing) throw new MissingExport(missingLibraryExport(path, target.name, missing, library, line));
          continue;
        }
        if (target.kind !== "file" || target.path === path) continue;
        const exports = records.get(target.path)?.exports ?? {};
        const missing = names.find((name) => !safely(() => name in exports, true));
        if (missing) throw new MissingExport(missingExport(path, target.path, missing, line));
      }
      const module = { exports: record.exports as object };
      await factories.get(path)!(record.exports, requireFrom(path), module, throwSiteOf(path));
      record.exports = module.exports as Record<string, unknown>;
    })();
    return record.loading;
  };

  // A program that waits for something nothing can settle (no timer pending) would wait
  // forever: say so as soon as the thread is idle.
  const watch = () => {
    if (finished) return;
    if (!topLevelSettled && pending.size === 0) finish("error", { message: stalledMessage });
    else host.setTimeout(watch, 25);
  };

  post({ type: "started" });
  host.setTimeout(watch, 0);
  try {
    await load(run.entry);
  } catch (error) {
    if (error instanceof MissingExport) finish("error", error.detail);
    else fail(error);
    return;
  }
  topLevelSettled = true;
  maybeFinish();
}

class MissingExport extends Error {
  constructor(readonly detail: RunError) {
    super(detail.message);
  }
}
