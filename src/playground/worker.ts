/**
 * The page's sandbox: a dedicated Web Worker that runs one program and is then thrown away.
 * At boot, before any learner code exists, it captures the little it needs from the host (its
 * channel, timers, the rejection event), then confines the realm (confine.ts): frozen
 * intrinsics, read-only global bindings, every host door (network, storage, workers,
 * postMessage, close) replaced by a refusal.
 */
/// <reference lib="webworker" />
import { courseLibrary } from "../prelude/library.ts";
import { confineRealm, hardenValue } from "./confine.ts";
import type { CompiledRun, ReadyMessage, WorkerMessage } from "./protocol.ts";
import { runCompiled, runtimeGlobals } from "./runtime.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const post = scope.postMessage.bind(scope) as (message: WorkerMessage | ReadyMessage) => void;
const nativeSetTimeout = scope.setTimeout.bind(scope);
const nativeClearTimeout = scope.clearTimeout.bind(scope);
const nativeAddEventListener = scope.addEventListener.bind(scope);
const now = performance.now.bind(performance);

let onRejection: ((reason: unknown) => void) | null = null;
nativeAddEventListener("unhandledrejection", (event: PromiseRejectionEvent) => {
  event.preventDefault();
  onRejection?.(event.reason);
});

let started = false;
nativeAddEventListener("message", (event: MessageEvent<CompiledRun>) => {
  if (started || event.data?.type !== "run") return;
  started = true;
  void runCompiled(event.data, {
    post,
    setTimeout: (callback, ms) => nativeSetTimeout(callback, ms),
    clearTimeout: (handle) => nativeClearTimeout(handle as number),
    now,
    onUnhandledRejection: (handler) => (onRejection = handler),
    library: courseLibrary,
  });
});

confineRealm(runtimeGlobals);
hardenValue(courseLibrary);
post({ type: "ready" });
