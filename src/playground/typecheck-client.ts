/**
 * Type-checking in the page, off the main thread: one worker (typecheck-worker.ts, which loads
 * TypeScript) started on the first request and kept for the next. Nothing here
 * loads before a reader runs code they edited.
 *
 * A check has a time limit: a program whose types make TypeScript work for minutes (a recursive
 * type over a union of thousands, which also takes gigabytes) would otherwise hold the worker,
 * and every later check of every playground on the page waiting behind it. Past the limit the
 * worker is stopped, that check fails saying so, and the checks waiting behind it go to a new one.
 */
import { grouped } from "../format/number.ts";
import { type RunRequest, type TypeDiagnostic, typeCheckerNotLoaded } from "./protocol.ts";

export interface TypeCheckRequest {
  id: number;
  files: RunRequest["files"];
}
export type TypeCheckReply = { id: number; diagnostics: TypeDiagnostic[] } | { id: number; failed: string };

/** How long the check the worker is on may take, from when it is sent (a cold worker loads TypeScript first, ~3 s). */
export const checkTimeLimitMs = 20_000;

/** Why a check that ran past the limit failed, as the playground shows it. */
export function timeLimitReason(limitMs: number): string {
  return `the check took longer than ${grouped(limitMs / 1000)} s and was stopped; simpler types check faster`;
}

/** What the client needs of a worker (a Web Worker, or a stand-in in tests). */
export interface CheckerWorker {
  postMessage(request: TypeCheckRequest): void;
  addEventListener(type: "message", listener: (event: { data: TypeCheckReply }) => void): void;
  addEventListener(type: "error", listener: (event: { message?: string; preventDefault(): void }) => void): void;
  terminate(): void;
}

interface Waiting {
  files: RunRequest["files"];
  resolve: (diagnostics: TypeDiagnostic[]) => void;
  reject: (error: Error) => void;
}

/**
 * A type-checking client over workers made by `start`: checks are answered in the order sent, the
 * one the worker is on (the oldest waiting) within `limitMs`.
 */
export function typeCheckClient(start: () => CheckerWorker, limitMs = checkTimeLimitMs) {
  let worker: CheckerWorker | null = null;
  let nextId = 0;
  const waiting = new Map<number, Waiting>();
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** The limit runs for the oldest check waiting, the one the worker is on. */
  const watch = () => {
    clearTimeout(timer);
    const [oldest] = waiting.keys();
    if (oldest === undefined) return;
    timer = setTimeout(() => {
      const stuck = waiting.get(oldest);
      waiting.delete(oldest);
      stop();
      stuck?.reject(new Error(timeLimitReason(limitMs)));
      // The checks queued behind it go to a new worker, in their order.
      for (const [id, { files }] of waiting) checker().postMessage({ id, files });
      watch();
    }, limitMs);
  };
  const stop = () => {
    worker?.terminate();
    worker = null;
  };
  const checker = (): CheckerWorker => {
    if (worker) return worker;
    const started = start();
    started.addEventListener("message", (event) => {
      if (worker !== started) return;
      const reply = event.data;
      const request = waiting.get(reply.id);
      waiting.delete(reply.id);
      if ("failed" in reply) request?.reject(new Error(reply.failed));
      else request?.resolve(reply.diagnostics);
      watch();
    });
    started.addEventListener("error", (event) => {
      event.preventDefault();
      if (worker !== started) return;
      // A worker that could not load (offline before it was ever fetched) fails every check it had.
      const failed = [...waiting.values()];
      waiting.clear();
      clearTimeout(timer);
      stop();
      for (const request of failed) request.reject(new Error(event.message || typeCheckerNotLoaded));
    });
    worker = started;
    return started;
  };

  /** The type errors of a run's files (typecheck.ts), checked in the type-checker's worker. */
  return (files: RunRequest["files"]): Promise<TypeDiagnostic[]> => {
    const id = nextId++;
    const answer = new Promise<TypeDiagnostic[]>((resolve, reject) => waiting.set(id, { files, resolve, reject }));
    checker().postMessage({ id, files });
    if (waiting.size === 1) watch();
    return answer;
  };
}

/** The type errors of a run's files (typecheck.ts), checked in the page's one type-checker worker. */
export const typeCheckInPage = typeCheckClient(
  () => new Worker(new URL("./typecheck-worker.ts", import.meta.url), { type: "module", name: "typecheck" }),
);
