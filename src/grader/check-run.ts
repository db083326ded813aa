/**
 * Running a code exercise's checks through the playground runner, and deciding what counts
 * as a pass: the run finished normally, its output was not cut off, at least one check ran,
 * and every check passed (a skipped check reports as failed). Errors and timeouts fail.
 */
import {
  checkText,
  visibleText as terminalText,
  type RunEvent,
  type RunRequest,
  type RunResult,
} from "../playground/protocol.ts";
import { countOf } from "../format/number.ts";

export const checksEntry = "run-checks.ts";

/**
 * The entry: the checks' results go to the runner's reporter, a module only the course's files
 * (this entry and checks.ts) can import; the learner's starter.ts cannot, nor the checks.
 */
const entrySource = `import suite from "./checks.ts";
import { runChecks } from "course/checks";
import { reporter } from "course/check-reporter";
await runChecks(suite, reporter);
`;

/**
 * Why the learner's file imports nothing: a code exercise asks for the learner's own code, so
 * the course library (which has the answers: choose, RetryThrottle...) is closed to it, as are
 * the checks. One rule for every code exercise, nothing to declare per exercise.
 */
export const closedToLearner =
  "a code exercise asks you to write this code yourself, so starter.ts cannot import the course library or the checks (the checks still use them); write what you need in starter.ts";

/** The run request for a learner's code (or the reference solution) against the checks. */
export function checkRequest(code: string, checks: string, timeoutMs: number): RunRequest {
  return {
    files: { "starter.ts": code, "checks.ts": checks, [checksEntry]: entrySource },
    entry: checksEntry,
    timeoutMs,
    learner: { files: ["starter.ts"], closed: closedToLearner },
  };
}

/**
 * The files a check run type-checks (typecheck.ts): the learner's alone. They import nothing
 * else (closedToLearner), so neither the checks nor the runner's entry (which imports
 * "course/check-reporter", a module only the runner has) bears on their errors, and what the
 * course's files import is never reported to the learner; nor is the course's code type-checked
 * on every check. A request without a learner: all its files.
 */
export function learnerFiles(request: Pick<RunRequest, "files" | "learner">): RunRequest["files"] {
  const files = request.learner?.files ?? Object.keys(request.files);
  return Object.fromEntries(
    files.flatMap((file) => (Object.hasOwn(request.files, file) ? [[file, request.files[file]!]] : [])),
  );
}

/**
 * What heads a check's type errors, in the page and the terminal. They do not change the verdict:
 * the runner only strips types, as the playground's does, so the checks run and decide.
 */
export function typeErrorsHeading(count: number): string {
  return `TypeScript would refuse this code: ${countOf(count, "type error")} (the checks run anyway and decide the verdict):`;
}

/**
 * One event of a check run as a terminal line: a check is "✓ name" / "✗ name: why", on one line;
 * whatever the program printed is indented behind a bar, so no printed line can pass for a
 * check's. Control characters are written out in both, so printed text cannot rub out the bar
 * or a check's line, and a value in a check's message cannot start a line of its own.
 */
export function checkRunLine(event: RunEvent): string {
  if (event.kind === "check") return terminalText(checkText(event)).replace(/\n/g, "\\n");
  return terminalText(event.text).replace(/^/gm, "  │ ");
}

/** How a line is wrapped to a terminal `width` wide, going on `hang` columns in (src/cli/terminal-width.ts's wrapLine). */
export type WrapLine = (line: string, width: number, hang: number) => string;

/**
 * An event of a check run as the terminal prints it (checkRunLine), fitted to a terminal `width`
 * wide (undefined: a pipe or a file, as it is) by the terminal's own rule, `wrap`, which src/grader
 * does not import (src/cli's, handed in): a check's line wraps at spaces and goes on under its name,
 * past the "✓ " or "✗ ". What the program printed stays as written, as `npm run play` leaves a
 * program's output: its lines are the learner's.
 */
export function fittedCheckRunLine(event: RunEvent, width: number | undefined, wrap: WrapLine): string {
  const line = checkRunLine(event);
  // Under the name: past the mark and the space after it.
  return event.kind === "check" && width !== undefined ? wrap(line, width, line.indexOf(" ") + 1) : line;
}

export interface CheckResult {
  name: string;
  passed: boolean;
  message?: string;
  /** Where in the learner's file the error the check failed on was thrown. */
  file?: string;
  line?: number;
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
    .map(({ name, passed, message, file, line }) => ({
      name,
      passed,
      message,
      ...(line !== undefined && { file, line }),
    }));
  const passing = checks.filter((c) => c.passed).length;
  const counted = `${passing} of ${countOf(checks.length, "check")} pass`;
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
  const all = checks.length === 1 ? "The one check passes." : `All ${checks.length} checks pass.`;
  return { passed: true, checks, summary: all };
}

function describe(result: RunResult): string {
  const e = result.error;
  if (!e) return "no details";
  const where = e.file ? ` (${e.file}${e.line ? `:${e.line}` : ""})` : "";
  return `${e.message}${where}`;
}
