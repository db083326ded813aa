/**
 * The runner in Node: the same transpile, runtime and formatting as the page, in a child
 * process per run. `npm run play`, `npm run exercises` and tests call this.
 *
 * The child is locked down twice over (docs/ARCHITECTURE.md, "What learner code cannot do"):
 * inside, node-child.ts confines the realm as the page's worker does (no `process`, no
 * `require`, frozen intrinsics); outside, Node's permission model lets the process read only
 * its own code file and write nothing, start no process or worker, and its environment is
 * empty. The child's code is node-child.ts bundled with esbuild (no TypeScript loader to boot,
 * so a run starts in about a tenth of the time tsx took), kept in the system's temp folder
 * while its sources are unchanged.
 */
import { type ChildProcess, fork, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { constants, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildSync } from "esbuild";
import { runOnWorker, type WorkerPort } from "./host.ts";
import type { RunEvent, RunRequest, RunResult, WorkerMessage } from "./protocol.ts";

const childEntry = fileURLToPath(new URL("./node-child.ts", import.meta.url));
const projectRoot = fileURLToPath(new URL("../../", import.meta.url));
/** Heap of one run: a memory bomb ends the run, not the machine's patience. */
export const runHeapMb = 512;

interface Stamp {
  inputs: Record<string, [number, number]>;
}

let bundlePath: string | null = null;

/** The child's code as one ES module file, rebuilt only when one of its sources changed. */
export function runnerBundle(): string {
  if (bundlePath) return bundlePath;
  const dir = join(
    tmpdir(),
    `blast-radius-runner-${createHash("sha256").update(projectRoot).digest("hex").slice(0, 12)}`,
  );
  const file = join(dir, "runner.mjs");
  const stampFile = join(dir, "inputs.json");
  const fresh = (() => {
    try {
      const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Stamp;
      statSync(file);
      return Object.entries(stamp.inputs).every(([path, [mtime, size]]) => {
        const stat = statSync(join(projectRoot, path));
        return stat.mtimeMs === mtime && stat.size === size;
      });
    } catch {
      return false;
    }
  })();
  if (!fresh) {
    const result = buildSync({
      entryPoints: [childEntry],
      absWorkingDir: projectRoot,
      bundle: true,
      format: "esm",
      platform: "node",
      target: "node20",
      write: false,
      metafile: true,
      logLevel: "silent",
    });
    const inputs: Stamp["inputs"] = {};
    for (const path of Object.keys(result.metafile.inputs)) {
      const stat = statSync(join(projectRoot, path));
      inputs[path] = [stat.mtimeMs, stat.size];
    }
    mkdirSync(dir, { recursive: true });
    // Write then rename: runs in other processes never read half a file.
    const unique = `${process.pid}-${Date.now()}`;
    writeFileSync(`${file}.${unique}`, result.outputFiles[0]!.text);
    renameSync(`${file}.${unique}`, file);
    writeFileSync(`${stampFile}.${unique}`, JSON.stringify({ inputs } satisfies Stamp));
    renameSync(`${stampFile}.${unique}`, stampFile);
  }
  bundlePath = file;
  return file;
}

/** Node's permission flag: `--permission` where Node knows it (22.13+), `--experimental-permission` before. */
const permissionFlag = process.allowedNodeEnvironmentFlags.has("--permission")
  ? "--permission"
  : "--experimental-permission";

/** Node's flags for a run's process: read its own code file and nothing else; no processes or workers (the permission model's default); a heap cap. */
export function childFlags(bundle: string): string[] {
  return [permissionFlag, `--allow-fs-read=${bundle}`, `--max-old-space-size=${runHeapMb}`, "--no-warnings"];
}

/**
 * The runs' processes that are still alive, each with its watchdog. None outlives this process,
 * however it ends: a program stuck in a synchronous loop never sees its channel close
 * (node-child.ts leaves on "disconnect", which waits for the loop to give its thread back), and
 * with this process gone no time limit ends it, so it would run at full speed for ever. So this
 * process kills them (SIGKILL) when it exits (an exit code, an uncaught error: Node emits "exit"
 * for each) and when a signal that ends it arrives: `kill <pid>`, an editor's stop button or a
 * closed terminal reach this process only, where a terminal's Ctrl+C reaches its whole process
 * group. A SIGKILL to this process cannot be caught: for that, each run has a watchdog (below).
 */
const live = new Map<ChildProcess, ChildProcess | undefined>();
/** The signals whose default action ends the process, listened to while a run is alive. */
const endingSignals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

function killLive(): void {
  for (const [child, watchdog] of live) {
    child.kill("SIGKILL");
    watchdog?.kill("SIGKILL");
  }
  live.clear();
  unlisten();
}

/**
 * Kill the runs, then let the signal end this process as it would have without this listener:
 * raised again with its default action, so the shell sees the signal (exit status 128 + its
 * number). A command with its own listener for the signal decides for itself, and is left to.
 */
function onEndingSignal(signal: NodeJS.Signals): void {
  killLive();
  if (process.listenerCount(signal) > 0) return;
  try {
    process.kill(process.pid, signal);
  } catch {
    // A platform that cannot raise it (Windows has no SIGHUP): exit as a shell reports the signal.
  }
  // Still here (the signal is blocked, or was not raised): exit as a shell reports it.
  process.exit(128 + constants.signals[signal]);
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  process.on("exit", killLive);
  for (const signal of endingSignals) process.on(signal, onEndingSignal);
}
/** With no run alive, this process's signals have their default actions again. */
function unlisten(): void {
  if (!listening) return;
  listening = false;
  process.off("exit", killLive);
  for (const signal of endingSignals) process.off(signal, onEndingSignal);
}

/**
 * What a run's watchdog runs: wait for its standard input to end, then kill the run. Its input is
 * a pipe whose other end only this process holds, and the kernel closes that end when this
 * process ends, however it ends (a SIGKILL too). A second process, because the run's own thread
 * may be held by the learner's loop; a shell, because it is small and quick to start, and
 * every POSIX system has one (`read` and `kill` are built in, so it needs no PATH).
 */
const watchdogScript = 'read _; kill -9 "$1" 2>/dev/null';

/** A shell that kills `pid` when this process is gone; none on Windows, which has no /bin/sh. */
function watchdogFor(pid: number | undefined): ChildProcess | undefined {
  if (pid === undefined || process.platform === "win32") return undefined;
  const watchdog = spawn("/bin/sh", ["-c", watchdogScript, "watchdog", String(pid)], {
    env: {},
    stdio: ["pipe", "ignore", "ignore"],
  });
  // Nothing is ever written to it, and neither it nor its pipe keeps this process alive.
  watchdog.on("error", () => {});
  watchdog.stdin?.on("error", () => {});
  (watchdog.stdin as (NodeJS.WritableStream & { unref?: () => void }) | null)?.unref?.();
  watchdog.unref();
  return watchdog;
}

function track(child: ChildProcess): void {
  const watchdog = watchdogFor(child.pid);
  live.set(child, watchdog);
  listen();
  const forget = () => {
    watchdog?.kill("SIGKILL");
    live.delete(child);
    if (live.size === 0) unlisten();
  };
  child.once("exit", forget);
  // Never started: there is no process to kill, and no "exit" comes.
  child.once("error", () => child.pid === undefined && forget());
}

function nodeChild(): WorkerPort {
  const bundle = runnerBundle();
  const child = fork(bundle, [], {
    execArgv: childFlags(bundle),
    env: {},
    stdio: ["ignore", "ignore", "pipe", "ipc"],
    serialization: "advanced",
  });
  track(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8");
  child.stderr?.on("data", (chunk: string) => {
    if (stderr.length < 4000) stderr += chunk;
  });
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const handlers: ((message: WorkerMessage) => void)[] = [];
  child.on("message", (message: WorkerMessage | { type: "ready" }) => {
    if (message?.type === "ready") ready();
    else for (const handler of handlers) handler(message as WorkerMessage);
  });
  return {
    whenReady: () => readyPromise,
    send: (message) => child.send(message as object),
    onMessage: (handler) => void handlers.push(handler),
    onFailure: (handler) => {
      child.on("error", (error) => handler(`the runner could not start: ${error.message}`));
      child.on("exit", (code, signal) => {
        if (/heap limit|out of memory/i.test(stderr))
          handler(`the program ran out of memory (a run may use ${runHeapMb} MB)`);
        else handler(`the runner stopped unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`})`);
      });
    },
    terminate: () => void child.kill("SIGKILL"),
  };
}

/** Run a program in a fresh child process; events arrive as the program prints. */
export function runInNode(request: RunRequest, onEvent: (event: RunEvent) => void = () => {}): Promise<RunResult> {
  return runOnWorker(request, nodeChild, onEvent).result;
}
