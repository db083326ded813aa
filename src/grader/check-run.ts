/**
 * Running a code exercise's checks through the playground runner, and deciding what counts
 * as a pass: the run finished normally, its output was not cut off, at least one check ran,
 * and every check passed (a skipped check reports as failed). Errors and time-outs fail.
 */
import type { RunEvent, RunRequest, RunResult } from "../playground/protocol.ts";

export const checksEntry = "run-checks.ts";

const entrySource = `import suite from "./checks.ts";
import { runChecks } from "course/checks";
await runChecks(suite);
`;

/** The run request for a learner's code (or the reference solution) against the checks. */
export function checkRequest(code: string, checks: string, timeoutMs: number): RunRequest {
  return {
    files: { "starter.ts": code, "checks.ts": checks, [checksEntry]: entrySource },
    entry: checksEntry,
    timeoutMs,
  };
}

export interface CheckResult {
  name: string;
  passed: boolean;
  message?: string;
}

export interface CheckOutcome {
  passed: boolean;
  checks: CheckResult[];
  /** One line for people: "5 of 6 checks pass" or why the run did not count. */
  summary: string;
}

export function checkOutcome(events: RunEvent[], result: RunResult): CheckOutcome {
  const checks = events
    .filter((e): e is Extract<RunEvent, { kind: "check" }> => e.kind === "check")
    .map(({ name, passed, message }) => ({ name, passed, message }));
  const passing = checks.filter((c) => c.passed).length;
  const counted = `${passing} of ${checks.length} check${checks.length === 1 ? "" : "s"} pass`;
  const fail = (why: string): CheckOutcome => ({
    passed: false,
    checks,
    summary: checks.length ? `${why} (${counted} before that)` : why,
  });
  if (result.status === "timeout")
    return fail(`The checks did not finish within the time limit (${result.error?.message ?? "an endless loop?"})`);
  if (result.status === "syntax-error") return fail(`Your code does not compile: ${describe(result)}`);
  if (result.status === "error") return fail(`The run stopped with an error: ${describe(result)}`);
  if (result.truncated) return fail("Too much output: the check results were cut off. Print less and check again");
  if (checks.length === 0) return fail("No checks ran, so nothing is proven yet");
  if (passing < checks.length) return { passed: false, checks, summary: `${counted}.` };
  return { passed: true, checks, summary: `All ${checks.length} checks pass.` };
}

function describe(result: RunResult): string {
  const e = result.error;
  if (!e) return "no details";
  const where = e.file ? ` (${e.file}${e.line ? `:${e.line}` : ""})` : "";
  return `${e.message}${where}`;
}
