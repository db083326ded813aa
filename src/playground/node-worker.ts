/** The Node side of a run: a worker thread executing one program with the shared runtime. */
import { parentPort } from "node:worker_threads";
import { runCompiled } from "./runtime.ts";
import type { CompiledRun, WorkerMessage } from "./protocol.ts";

const port = parentPort!;
const nativeSetTimeout = setTimeout;
const nativeClearTimeout = clearTimeout;

port.once("message", (run: CompiledRun) => {
  void runCompiled(run, {
    post: (message: WorkerMessage) => port.postMessage(message),
    setTimeout: (callback, ms) => nativeSetTimeout(callback, ms),
    clearTimeout: (handle) => nativeClearTimeout(handle as ReturnType<typeof setTimeout>),
    onUnhandledRejection: (handler) => process.on("unhandledRejection", handler),
  });
});
port.postMessage({ type: "ready" } satisfies WorkerMessage);
