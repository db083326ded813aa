/**
 * The page's type-checker: TypeScript in a Web Worker of its own, started the first time a reader
 * runs code they edited (typecheck-client.ts) and kept for the next checks, which reuse what it
 * parsed. It never runs code; it answers each request with the run's type errors.
 *
 * TypeScript itself (a 3.6 MB module) is a file of its own beside this worker's chunk, never
 * part of the bundle (src/integrations/typescript-prebundle.ts): the worker imports it when it
 * starts. The listener is added first, so a request sent while it loads waits for it.
 */
/// <reference lib="webworker" />
import typescriptUrl from "virtual:blast-radius/typescript-url";
import type TS from "typescript";
import { typeCheckerNotLoaded } from "./protocol.ts";
import type { TypeCheckReply, TypeCheckRequest } from "./typecheck-client.ts";
import { type TypeCheckSources, typeCheck } from "./typecheck.ts";
import { bundledSources } from "./typecheck-bundled.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
const sources: Promise<TypeCheckSources> = import(/* @vite-ignore */ typescriptUrl).then(
  (module: { default: typeof TS }) => ({ ...bundledSources, ts: module.default }),
  // Offline before its first use, as when this worker's own chunk cannot load.
  () => Promise.reject(new Error(typeCheckerNotLoaded)),
);
// Not yet awaited: a failed load is reported to each request, not as an unhandled rejection.
sources.catch(() => {});

scope.addEventListener("message", async (event: MessageEvent<TypeCheckRequest>) => {
  const { id, files } = event.data;
  let reply: TypeCheckReply;
  try {
    reply = { id, diagnostics: typeCheck({ files }, await sources) };
  } catch (error) {
    reply = { id, failed: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
});
