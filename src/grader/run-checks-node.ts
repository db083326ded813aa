/** Run a code exercise's checks in the Node runner's child process (the CLI and the content tests). Node only. */
import { runInNode } from "../playground/node-host.ts";
import type { RunEvent, RunRequest } from "../playground/protocol.ts";
import { checkOutcome, checkRequest, type CheckOutcome } from "./check-run.ts";

export function runChecksInNode(
  code: string,
  checks: string,
  timeoutMs: number,
  onEvent?: (event: RunEvent) => void,
): Promise<CheckOutcome & { millis: number }> {
  return runCheckRequestInNode(checkRequest(code, checks, timeoutMs), onEvent);
}

/** The same, for a request already built by `checkRequest` (the CLI type-checks the same request's files). */
export async function runCheckRequestInNode(
  request: RunRequest,
  onEvent?: (event: RunEvent) => void,
): Promise<CheckOutcome & { millis: number }> {
  const events: RunEvent[] = [];
  const result = await runInNode(request, (event) => {
    events.push(event);
    onEvent?.(event);
  });
  return { ...checkOutcome(events, result), millis: result.millis };
}
