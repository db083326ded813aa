/** Run a code exercise's checks in a Node worker thread (the CLI and the content tests). Node only. */
import { runInNode } from "../playground/node-host.ts";
import type { RunEvent } from "../playground/protocol.ts";
import { checkOutcome, checkRequest, type CheckOutcome } from "./check-run.ts";

export async function runChecksInNode(
  code: string,
  checks: string,
  timeoutMs: number,
  onEvent?: (event: RunEvent) => void,
): Promise<CheckOutcome & { millis: number }> {
  const events: RunEvent[] = [];
  const result = await runInNode(checkRequest(code, checks, timeoutMs), (event) => {
    events.push(event);
    onEvent?.(event);
  });
  return { ...checkOutcome(events, result), millis: result.millis };
}
