/**
 * The runner in Node: the same transpile, runtime and formatting as the page, in a
 * `worker_threads` Worker per run. `npm run play`, the exercise checker and tests call this.
 */
import { Worker } from "node:worker_threads";
import { runOnWorker, type WorkerPort } from "./host.ts";
import type { RunEvent, RunRequest, RunResult, WorkerMessage } from "./protocol.ts";

const boot = new URL("./node-boot.mjs", import.meta.url);
const runtime = new URL("./node-worker.ts", import.meta.url).href;

function nodeWorker(): WorkerPort {
  // A memory bomb ends the run (ERR_WORKER_OUT_OF_MEMORY) instead of the machine's patience.
  const worker = new Worker(boot, {
    workerData: { runtime },
    stdout: true,
    stderr: true,
    resourceLimits: { maxOldGenerationSizeMb: 512 },
  });
  let ready: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const handlers: ((message: WorkerMessage) => void)[] = [];
  worker.on("message", (message: WorkerMessage) => {
    if (message.type === "ready") ready();
    else for (const handler of handlers) handler(message);
  });
  return {
    whenReady: () => readyPromise,
    send: (message) => worker.postMessage(message),
    onMessage: (handler) => void handlers.push(handler),
    onFailure: (handler) => {
      worker.on("error", (error) => handler(`the runner failed: ${error.message}`));
      worker.on("exit", (code) => handler(`the runner exited (code ${code})`));
    },
    terminate: () => void worker.terminate(),
  };
}

/** Run a program in a fresh worker thread; events arrive as the program prints. */
export function runInNode(request: RunRequest, onEvent: (event: RunEvent) => void = () => {}): Promise<RunResult> {
  return runOnWorker(request, nodeWorker, onEvent).result;
}
