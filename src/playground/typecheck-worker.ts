/**
 * The page's type-checker: TypeScript in a Web Worker of its own, started the first time a reader
 * runs code they edited (typecheck-client.ts) and kept for the next checks, which reuse what it
 * parsed. It never runs code; it answers each request with the run's type errors.
 */
/// <reference lib="webworker" />
import type { TypeCheckReply, TypeCheckRequest } from "./typecheck-client.ts";
import { typeCheck } from "./typecheck.ts";
import { bundledSources } from "./typecheck-bundled.ts";

const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.addEventListener("message", (event: MessageEvent<TypeCheckRequest>) => {
  const { id, files } = event.data;
  let reply: TypeCheckReply;
  try {
    reply = { id, diagnostics: typeCheck({ files }, bundledSources) };
  } catch (error) {
    reply = { id, failed: error instanceof Error ? error.message : String(error) };
  }
  scope.postMessage(reply);
});
