/**
 * The Node side of a run: a child process (started by node-host.ts under Node's permission
 * model, with an empty environment) that runs one program with the shared runtime. Like the
 * page's worker, it captures its channel and timers, then confines the realm: learner code
 * finds no `process` (so no `getBuiltinModule`), no `require`, no network.
 */
import { courseLibrary } from "../prelude/library.ts";
import { confineRealm, hardenValue } from "./confine.ts";
import type { CompiledRun, ReadyMessage, WorkerMessage } from "./protocol.ts";
import { runCompiled, runtimeGlobals } from "./runtime.ts";

const host = process; // the real one: after confineRealm the global name means a stand-in
const send = host.send!.bind(host);
const post = (message: WorkerMessage | ReadyMessage) => void send(message);
const nativeSetTimeout = setTimeout;
const nativeClearTimeout = clearTimeout;
const now = performance.now.bind(performance);
const onProcess = host.on.bind(host);
const onceProcess = host.once.bind(host);

let onRejection: ((reason: unknown) => void) | null = null;
onProcess("unhandledRejection", (reason) => onRejection?.(reason));
onProcess("uncaughtException", (error) => onRejection?.(error));
// The parent going away ends the run. A program in a synchronous loop never gets here (the loop
// holds the one thread this event waits for): the parent kills such a run as it ends, and the run's
// watchdog, a second process, kills it when the parent was killed with no chance to (node-host.ts).
const exit = host.exit.bind(host);
onProcess("disconnect", () => exit(0));

onceProcess("message", (run: CompiledRun) => {
  void runCompiled(run, {
    post,
    setTimeout: (callback, ms) => nativeSetTimeout(callback, ms),
    clearTimeout: (handle) => nativeClearTimeout(handle as ReturnType<typeof setTimeout>),
    now,
    onUnhandledRejection: (handler) => (onRejection = handler),
    library: courseLibrary,
  });
});

confineRealm(runtimeGlobals);
hardenValue(courseLibrary);
post({ type: "ready" });
