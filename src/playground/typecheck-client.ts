/**
 * Type-checking in the page, off the main thread: one worker (typecheck-worker.ts, with
 * TypeScript in its chunk) started on the first request and kept for the next. Nothing here
 * loads before a reader runs code they edited.
 */
import type { RunRequest, TypeDiagnostic } from "./protocol.ts";

export interface TypeCheckRequest {
  id: number;
  files: RunRequest["files"];
}
export type TypeCheckReply = { id: number; diagnostics: TypeDiagnostic[] } | { id: number; failed: string };

let worker: Worker | null = null;
let nextId = 0;
const waiting = new Map<number, { resolve: (d: TypeDiagnostic[]) => void; reject: (e: Error) => void }>();

function checker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL("./typecheck-worker.ts", import.meta.url), { type: "module", name: "typecheck" });
  started.addEventListener("message", (event: MessageEvent<TypeCheckReply>) => {
    const reply = event.data;
    const request = waiting.get(reply.id);
    waiting.delete(reply.id);
    if ("failed" in reply) request?.reject(new Error(reply.failed));
    else request?.resolve(reply.diagnostics);
  });
  started.addEventListener("error", (event) => {
    event.preventDefault();
    // A worker that could not load (offline before it was ever fetched) fails every check it had.
    for (const request of waiting.values())
      request.reject(new Error(event.message || "the type-checker could not load"));
    waiting.clear();
    started.terminate();
    worker = null;
  });
  worker = started;
  return started;
}

/** The type errors of a run's files (typecheck.ts), checked in the type-checker's worker. */
export function typeCheckInPage(files: RunRequest["files"]): Promise<TypeDiagnostic[]> {
  const id = nextId++;
  const answer = new Promise<TypeDiagnostic[]>((resolve, reject) => waiting.set(id, { resolve, reject }));
  checker().postMessage({ id, files } satisfies TypeCheckRequest);
  return answer;
}
