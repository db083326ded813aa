/**
 * What both hosts share around a worker: transpile first (a syntax error never starts a
 * worker), start the clock when the program starts, re-check the output cap, stop at the
 * time limit, and turn the worker's messages into events and one result.
 */
import { transpileAll } from "./transpile.ts";
import {
  outputBudget,
  timeoutMessage,
  type CompiledRun,
  type RunEvent,
  type RunRequest,
  type RunResult,
  type WorkerMessage,
} from "./protocol.ts";

/** A fresh secret per run (128 bits): only the runtime, which gets it in the run message, can sign results. */
function runKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** What a run reports when a message claims to be the runner's without the run's key. */
export const forgedMessage =
  "the program sent a message that pretended to come from the runner; the run does not count";

/** The little a host needs from a worker, whatever kind it is. */
export interface WorkerPort {
  /** Called once the worker can take a run; a pre-started worker may already be ready. */
  whenReady(): Promise<void>;
  send(message: unknown): void;
  onMessage(handler: (message: WorkerMessage) => void): void;
  /** The worker died on its own (crash, out of memory). */
  onFailure(handler: (message: string) => void): void;
  terminate(): void;
}

export interface RunHandle {
  result: Promise<RunResult>;
  /** Whether the program started: false for a syntax error or a missing entry file, already settled. */
  started: boolean;
  /** Stop now (Reset, a new run); resolves the result as stopped. */
  stop(): void;
}

const now = () => performance.now();

export function runOnWorker(
  request: RunRequest,
  worker: () => WorkerPort,
  onEvent: (event: RunEvent) => void,
): RunHandle {
  const compiled = transpileAll(request.files);
  if (!compiled.ok) {
    return {
      result: Promise.resolve({ status: "syntax-error", millis: 0, error: compiled.error, truncated: false }),
      started: false,
      stop() {},
    };
  }
  if (!(request.entry in compiled.modules)) {
    return {
      result: Promise.resolve({
        status: "error",
        millis: 0,
        error: { message: `no file named ${request.entry}` },
        truncated: false,
      }),
      started: false,
      stop() {},
    };
  }
  const port = worker();
  let startedAt = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let settle!: (result: RunResult) => void;
  let settled = false;
  const fits = outputBudget();
  let truncated = false;
  const result = new Promise<RunResult>((resolve) => (settle = resolve));
  const end = (outcome: Omit<RunResult, "millis" | "truncated"> & { truncated?: boolean }) => {
    if (settled) return;
    settled = true;
    clearTimeout(timer);
    port.terminate();
    settle({ ...outcome, millis: Math.round(now() - startedAt), truncated: truncated || (outcome.truncated ?? false) });
  };

  const key = runKey();
  port.onMessage((message) => {
    if (settled) return;
    if (message?.key !== key) {
      end({ status: "error", error: { message: forgedMessage } });
      return;
    }
    switch (message.type) {
      case "started":
        startedAt = now();
        timer = setTimeout(
          () => end({ status: "timeout", error: { message: timeoutMessage(request.timeoutMs) } }),
          request.timeoutMs,
        );
        return;
      case "event": {
        // The worker caps its output; the host checks again.
        const event = message.event;
        const text = fits("text" in event ? event.text : "");
        if (text === null) truncated = true;
        else if ("text" in event && text !== event.text) {
          truncated = true;
          onEvent({ ...event, text } as RunEvent);
        } else onEvent(event);
        return;
      }
      case "truncated":
        truncated = true;
        return;
      case "done":
        end({ status: message.status, error: message.error, truncated: message.truncated });
        return;
    }
  });
  port.onFailure((message) => end({ status: "error", error: { message } }));
  void port.whenReady().then(() => {
    if (settled) return;
    const run: CompiledRun = {
      type: "run",
      modules: compiled.modules,
      imports: compiled.imports,
      entry: request.entry,
      learner: request.learner,
      key,
    };
    port.send(run);
  });
  return { result, started: true, stop: () => end({ status: "error", error: { message: "stopped" } }) };
}
