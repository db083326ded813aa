/**
 * Web Workers for the page's runs, one per run, with the next one started in advance. Kept
 * apart from the transpiler so a worker can start booting before sucrase has even loaded.
 */
import type { WorkerPort } from "./host.ts";
import type { ReadyMessage, WorkerMessage } from "./protocol.ts";

function browserWorker(): WorkerPort {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module", name: "playground" });
  let ready!: () => void;
  const readyPromise = new Promise<void>((resolve) => (ready = resolve));
  const handlers: ((message: WorkerMessage) => void)[] = [];
  const failures: ((message: string) => void)[] = [];
  worker.addEventListener("message", (event: MessageEvent<WorkerMessage | ReadyMessage>) => {
    if (event.data?.type === "ready") ready();
    else for (const handler of handlers) handler(event.data as WorkerMessage);
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

/** Start a worker now so the next run finds it booted. */
export function prewarm(): void {
  spare ??= browserWorker();
}

/** The spare worker if there is one (a new one otherwise); the caller starts the next spare. */
export function takeWorker(): WorkerPort {
  const worker = spare ?? browserWorker();
  spare = null;
  return worker;
}
