/**
 * Confining a run's realm before the learner's code exists in it, the same in the page's Web
 * Worker and in Node's child process (docs/ARCHITECTURE.md, "What learner code cannot do"):
 *
 * 1. `lockdown()` from the `ses` package (Hardened JavaScript) freezes every intrinsic:
 *    `Object.is`, `Array.prototype[Symbol.iterator]`, `Promise.prototype.then`, `JSON`... are
 *    the same for the checks as they were before the learner's code ran.
 * 2. The global bindings of those intrinsics become read-only, so `globalThis.Object = fake`
 *    cannot swap what checks and the runner name.
 * 3. Every other global (the host's: `fetch`, `process`, `postMessage`, storage, workers...)
 *    is replaced by a stand-in that throws a message saying what was refused (a host function
 *    by a function that refuses when called, so `typeof fetch` still works). What stays is an
 *    allow-list: plain JavaScript, the run's console and timers, and a few pure helpers.
 * 4. After the learner's files are compiled, `eval` and `Function` throw: no code from strings
 *    (which could reach `import()` and the host's module loader).
 *
 * The caller captures what it needs from the host (its message channel, timers) first.
 */
import "ses/lockdown-shim.js";

declare const lockdown: (options?: Record<string, string>) => void;

/** SES's harden, taken when lockdown defines it (its global name is then refused like the rest). */
let harden: (<T>(value: T) => T) | null = null;

/** Deep-freeze an object graph (the library modules a run's code can reach); after confineRealm. */
export function hardenValue<T>(value: T): T {
  if (!harden) throw new Error("hardenValue needs confineRealm first");
  return harden(value);
}

/** The globals of plain JavaScript (ECMAScript and ECMA-402), kept and made read-only. */
const standardGlobals = [
  "globalThis",
  "Infinity",
  "NaN",
  "undefined",
  "isFinite",
  "isNaN",
  "parseFloat",
  "parseInt",
  "decodeURI",
  "decodeURIComponent",
  "encodeURI",
  "encodeURIComponent",
  "escape",
  "unescape",
  "Object",
  "Array",
  "Number",
  "Boolean",
  "String",
  "Symbol",
  "BigInt",
  "Math",
  "JSON",
  "Reflect",
  "Proxy",
  "Date",
  "RegExp",
  "Promise",
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "WeakRef",
  "FinalizationRegistry",
  "Error",
  "EvalError",
  "RangeError",
  "ReferenceError",
  "SyntaxError",
  "TypeError",
  "URIError",
  "AggregateError",
  "ArrayBuffer",
  "SharedArrayBuffer",
  "DataView",
  "Atomics",
  "Int8Array",
  "Uint8Array",
  "Uint8ClampedArray",
  "Int16Array",
  "Uint16Array",
  "Int32Array",
  "Uint32Array",
  "Float32Array",
  "Float64Array",
  "BigInt64Array",
  "BigUint64Array",
  "Intl",
  "Iterator",
];

/** Host helpers that compute and nothing else; frozen so a program cannot change them for others. */
export const pureHostGlobals = [
  "queueMicrotask",
  "structuredClone",
  "TextEncoder",
  "TextDecoder",
  "URL",
  "URLSearchParams",
  "atob",
  "btoa",
];

const network = "the playground has no network: programs run sandboxed and can only compute, print and plot";
const storage = (what: string) => `the playground has no storage (${what}): keep state in variables`;
const node = "playground programs have no file system, environment, child processes or network";

/** Why a known host global is refused; anything else gets the general message. */
export const refusals: Record<string, string> = {
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
  MessageChannel: "the playground cannot open message channels: print with console.log",
  postMessage: "the playground reports through console.log and plot; it cannot post messages",
  close: "a program ends when its code finishes; it cannot close the runner",
  indexedDB: storage("indexedDB"),
  caches: storage("caches"),
  localStorage: storage("localStorage"),
  sessionStorage: storage("sessionStorage"),
  cookieStore: "the playground cannot read cookies",
  webkitRequestFileSystem: storage("file system"),
  webkitRequestFileSystemSync: storage("file system"),
  webkitResolveLocalFileSystemURL: storage("file system"),
  webkitResolveLocalFileSystemSyncURL: storage("file system"),
  navigator: "the playground has no navigator (no storage, network or devices)",
  document: "the playground runs in a worker: there is no page (document) to change; print with console.log",
  window: "the playground runs in a worker: there is no window; print with console.log",
  Buffer: `Node's Buffer is not available: ${node}; use Uint8Array`,
  require: `require is not available: ${node}; import "course" or a file of this playground`,
  module: `module is not available: ${node}`,
  global: "use globalThis (Node's global is not available)",
  WebAssembly: "the playground does not run WebAssembly",
  crypto: 'the playground has no crypto: use mulberry32 from "course" for seeded random numbers',
  // Its own stand-in (processStandIn) says more for each property; this is for the type checker.
  process: node,
};

/** `process` for programs: any use says what is refused (Node's `process` is not reachable). */
function processStandIn(): object {
  const why = (key: string): string => {
    if (key === "exit" || key === "abort" || key === "kill" || key === "reallyExit")
      return `process.${key}() is not available: a program ends when its code finishes, and cannot end the run early`;
    if (key === "env") return `process.env is not available: ${node}`;
    if (key === "getBuiltinModule" || key === "binding" || key === "dlopen" || key === "mainModule")
      return `process.${key} is not available: playground programs cannot load Node modules (${node})`;
    if (key === "stdout" || key === "stderr") return `process.${key} is not available: print with console.log`;
    return `process.${key} is not available: ${node}`;
  };
  return new Proxy(Object.freeze({}), {
    get(_target, key) {
      if (typeof key === "symbol") return undefined;
      throw new Error(why(key));
    },
    set(_target, key) {
      throw new Error(why(String(key)));
    },
  });
}

function define(name: string, descriptor: PropertyDescriptor): void {
  try {
    Object.defineProperty(globalThis, name, { configurable: false, enumerable: false, ...descriptor });
  } catch {
    // A non-configurable host property stays as the host made it (such as `undefined`, `NaN`).
  }
}

function refuser(name: string, message: string): PropertyDescriptor {
  const refuse = () => {
    throw new Error(`${name}: ${message}`);
  };
  return { get: refuse, set: refuse };
}

/**
 * The refused globals that are functions on the web: their stand-ins are functions too, in
 * both hosts alike, so `typeof fetch` says "function" (`typeof` of a global never throws) and a
 * call or `new` is what refuses. Every other refused global throws when read, as before. The
 * type checker declares these (and `process`) as `unknown`: naming one is no error, using one is.
 */
export const refusedFunctions = new Set([
  "fetch",
  "XMLHttpRequest",
  "WebSocket",
  "WebSocketStream",
  "WebTransport",
  "EventSource",
  "importScripts",
  "Worker",
  "SharedWorker",
  "BroadcastChannel",
  "MessageChannel",
  "postMessage",
  "close",
  "webkitRequestFileSystem",
  "webkitRequestFileSystemSync",
  "webkitResolveLocalFileSystemURL",
  "webkitResolveLocalFileSystemSyncURL",
]);

/**
 * A refused host function's stand-in: calling or constructing it refuses with the message,
 * `fetch` by a rejected promise, as the host's fetch answers a request that cannot be made.
 * Hardened: it holds nothing and shares nothing a program could change.
 */
function refusingFunction(name: string, message: string): PropertyDescriptor {
  const standIn = function (this: unknown) {
    const error = new Error(`${name}: ${message}`);
    if (name === "fetch" && new.target === undefined) return Promise.reject(error);
    throw error;
  };
  Object.defineProperty(standIn, "name", { value: name });
  return { value: hardenValue(standIn), writable: false };
}

let lockedDown = false;

/**
 * Freeze the intrinsics and replace the host's globals. `keep` lists globals the runner
 * defines for programs afterwards (console, timers); they are left to the runner.
 */
export function confineRealm(keep: readonly string[]): void {
  if (lockedDown) return;
  lockedDown = true;
  lockdown({
    // Keep V8's stacks: errors are mapped to the learner's line from them.
    errorTaming: "unsafe",
    stackFiltering: "verbose",
    // Keep toLocaleString and friends: programs format numbers with them.
    localeTaming: "unsafe",
    // The runtime compiles the learner's files with the native eval (no rewriting of their
    // text: SES's safe eval would refuse strings that merely mention "import(" or "-->"),
    // then refuses eval itself (lockCodeGeneration).
    evalTaming: "unsafe-eval",
    // The runner replaces console itself.
    consoleTaming: "unsafe",
    // Assigning to an inherited frozen property (err.name = ..., obj.toString = ...) still works.
    overrideTaming: "severe",
    errorTrapping: "none",
    unhandledRejectionTrapping: "none",
    reporting: "none",
  });
  harden = (globalThis as unknown as { harden: <T>(value: T) => T }).harden;
  // eval and Function stay until the learner's files are compiled (lockCodeGeneration).
  const kept = new Set([...standardGlobals, ...pureHostGlobals, ...keep, "eval", "Function"]);
  const names = new Set<string>();
  for (let o: object | null = globalThis; o && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    for (const name of Object.getOwnPropertyNames(o)) names.add(name);
  }
  for (const name of standardGlobals) {
    if (name in globalThis) define(name, { value: (globalThis as Record<string, unknown>)[name], writable: false });
  }
  for (const name of pureHostGlobals) {
    if (!(name in globalThis)) continue;
    const value = hardenValue((globalThis as Record<string, unknown>)[name]);
    define(name, { value, writable: false });
  }
  define("process", { value: processStandIn(), writable: false });
  // The clock, and nothing else of the host's performance object (no marks, no resource timings).
  const now = performance.now.bind(performance);
  const timeOrigin = performance.timeOrigin;
  define("performance", { value: Object.freeze({ now: () => now(), timeOrigin }), writable: false });
  for (const name of [...names, ...Object.keys(refusals)]) {
    if (kept.has(name) || name === "process" || name === "performance") continue;
    if (/^on[a-z]+$/.test(name) || name === "constructor") {
      define(name, { value: undefined, writable: false });
      continue;
    }
    const message =
      refusals[name] ?? "not available in the playground: programs can compute, print and plot, and nothing else";
    define(name, refusedFunctions.has(name) ? refusingFunction(name, message) : refuser(name, message));
  }
}

/**
 * The async function constructor, taken before lockdown() makes the function constructors
 * inert. It parses a body on its own, so text in it cannot close the function around it.
 */
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (...source: string[]) => unknown;

/**
 * Throw a SyntaxError unless `body` is one whole function body. The runtime compiles each file
 * inside a function wrapper with the script parser, which reads `<!--` as a comment where
 * sucrase reads code: without this, a file could close the wrapper and run code while the
 * files are compiled (eval still open, the other files not yet compiled). Parsed, never run.
 */
export function assertWholeBody(parameters: readonly string[], body: string): void {
  try {
    new AsyncFunction(...parameters, body);
  } catch (error) {
    // V8's words for a body that ends the function early ("Single function literal required").
    if (!(error instanceof SyntaxError) || !/single function literal/i.test(error.message)) throw error;
    throw new SyntaxError(
      "the file ends the function it is compiled in: outside a module, `<!--` and a line's `-->` start a comment; write `a < !--b` or `a-- > b`",
    );
  }
}

/** After compiling: code from strings is refused (`eval`, `Function`; SES already made the function constructors inert). */
export function lockCodeGeneration(): void {
  const refuse = function () {
    throw new EvalError("the playground does not run code from strings (eval, new Function)");
  };
  define("eval", { value: refuse, writable: false });
  define("Function", { value: refuse, writable: false });
}
