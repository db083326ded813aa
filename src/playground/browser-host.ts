/**
 * The runner in the page: transpile on the main thread (sucrase, a few milliseconds), run in
 * a fresh Web Worker per run, terminate it at the time limit. One worker is always started
 * in advance, so a run does not wait for a worker to boot.
 */
import { runOnWorker, type RunHandle, type WorkerPort } from "./host.ts";
import type { RunEvent, RunRequest, WorkerMessage } from "./protocol.ts";

function browserWorker(): WorkerPort {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "playground" });
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const handlers: ((message: WorkerMessage) => void)[] = [];
  const failures: ((message: string) => void)[] = [];
  worker.addEventListener("message", (event: MessageEvent<WorkerMessage>) => {
    if (event.data?.type === "ready") ready();
    else for (const handler of handlers) handler(event.data);
  });
  worker.addEventListener("error", (event) => {
    event.preventDefault();
    for (const handler of failures) handler(`the runner failed: ${event.message || "the worker could not start"}`);
  });
  return {
    whenReady: () => readyPromise,
    send: (message) => worker.postMessage(message),
    onMessage: (handler) => void handlers.push(handler),
    onFailure: (handler) => void failures.push(handler),
    terminate: () => worker.terminate(),
  };
}

let spare: WorkerPort | null = null;

/** Start a worker now so the next run finds it ready. */
export function prewarm(): void {
  spare ??= browserWorker();
}

function takeWorker(): WorkerPort {
  const worker = spare ?? browserWorker();
  spare = null;
  // The next run's worker boots while this one runs (the page has more threads than the run).
  setTimeout(prewarm, 0);
  return worker;
}

export function runInPage(request: RunRequest, onEvent: (event: RunEvent) => void): RunHandle {
  return runOnWorker(request, takeWorker, onEvent);
}
