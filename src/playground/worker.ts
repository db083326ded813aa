/**
 * The page's sandbox: a dedicated Web Worker that runs one program and is then thrown away.
 * Before the learner's code runs it removes every way out of the worker (network, storage,
 * nested workers, code from strings), so a program can only print and plot.
 */
/// <reference lib="webworker" />
import { runCompiled } from "./runtime.ts";
import type { CompiledRun, WorkerMessage } from "./protocol.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope & Record<string, unknown>;
const post = scope.postMessage.bind(scope) as (message: WorkerMessage) => void;
const nativeSetTimeout = scope.setTimeout.bind(scope);
const nativeClearTimeout = scope.clearTimeout.bind(scope);
const nativeAddEventListener = scope.addEventListener.bind(scope);

/** Replace a global everywhere on the prototype chain, so `self.x` and `x` both see the stand-in. */
function replaceGlobal(name: string, descriptor: PropertyDescriptor): void {
  for (let o: object | null = scope; o; o = Object.getPrototypeOf(o)) {
    if (Object.hasOwn(o, name)) {
      try {
        delete (o as Record<string, unknown>)[name];
      } catch {
        /* non-configurable: the own property defined below shadows it */
      }
    }
  }
  Object.defineProperty(scope, name, { configurable: false, ...descriptor });
}

const network = "the playground has no network: programs run sandboxed and can only print and plot";
const refusals: Record<string, string> = {
  fetch: network,
  XMLHttpRequest: network,
  WebSocket: network,
  WebSocketStream: network,
  WebTransport: network,
  EventSource: network,
  importScripts: network,
  Worker: "the playground cannot start workers",
  SharedWorker: "the playground cannot start workers",
  BroadcastChannel: "the playground cannot talk to other pages",
  // Chromium's legacy file system API is storage too.
  webkitRequestFileSystem: "the playground has no storage (file system)",
  webkitRequestFileSystemSync: "the playground has no storage (file system)",
  webkitResolveLocalFileSystemURL: "the playground has no storage (file system)",
  webkitResolveLocalFileSystemSyncURL: "the playground has no storage (file system)",
};
const unreachable: Record<string, string> = {
  indexedDB: "the playground has no storage (indexedDB)",
  caches: "the playground has no storage (caches)",
  localStorage: "the playground has no storage (localStorage): keep state in variables",
  sessionStorage: "the playground has no storage (sessionStorage): keep state in variables",
  cookieStore: "the playground cannot read cookies",
};

function lockNetworkAndStorage(): void {
  for (const [name, message] of Object.entries(refusals)) {
    const refuse = function () {
      throw new Error(`${name}: ${message}`);
    };
    replaceGlobal(name, { value: refuse, writable: false });
  }
  for (const [name, message] of Object.entries(unreachable)) {
    replaceGlobal(name, {
      get() {
        throw new Error(`${name}: ${message}`);
      },
    });
  }
  // navigator.storage (origin private file system) and storage buckets: storage by another door.
  for (const name of ["storage", "storageBuckets"]) {
    if (name in navigator) Object.defineProperty(Object.getPrototypeOf(navigator), name, { get: () => undefined });
  }
  // The learner posts nothing to the page directly; the runtime holds its own reference.
  replaceGlobal("postMessage", { value: undefined, writable: false });
  replaceGlobal("close", { value: undefined, writable: false });
}

/** After the learner's files are compiled: no more code from strings (it could reach `import(url)`). */
function lockCodeGeneration(): void {
  const refuse = function () {
    throw new EvalError("the playground does not run code from strings (eval, new Function)");
  };
  const constructors = [
    Function,
    async function () {}.constructor,
    function* () {}.constructor,
    async function* () {}.constructor,
  ];
  for (const ctor of constructors) {
    Object.defineProperty((ctor as { prototype: object }).prototype, "constructor", {
      value: refuse,
      writable: false,
      configurable: false,
    });
  }
  (refuse as unknown as { prototype: unknown }).prototype = Function.prototype;
  replaceGlobal("Function", { value: refuse, writable: false });
  replaceGlobal("eval", { value: refuse, writable: false });
}

lockNetworkAndStorage();

let started = false;
nativeAddEventListener("message", (event: MessageEvent<CompiledRun>) => {
  if (started || event.data?.type !== "run") return;
  started = true;
  void runCompiled(event.data, {
    post,
    setTimeout: (callback, ms) => nativeSetTimeout(callback, ms),
    clearTimeout: (handle) => nativeClearTimeout(handle as number),
    onUnhandledRejection: (handler) =>
      nativeAddEventListener("unhandledrejection", (e: PromiseRejectionEvent) => {
        e.preventDefault();
        handler(e.reason);
      }),
    lockdown: lockCodeGeneration,
  });
});
post({ type: "ready" });
