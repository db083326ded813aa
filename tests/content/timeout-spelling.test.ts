/**
 * One spelling of the noun: "timeout", as the chapter "Timeouts, retries, backoff and jitter" and
 * the tools it cites (gRPC, Envoy, resilience4j) write it. The built pages mixed about 20
 * "time-out(s)" with about 360 "timeout(s)": the interview sheet's "Time-outs and a deadline"
 * beside that chapter's title. So no source file under src/, content/, exercises/ or solutions/
 * (which write the pages, the exercises' feedback and worked solutions, and the terminal's
 * messages) spells "time-out". The verb stays two words ("requests time out", "a timed-out
 * call"), which this does not match. No cited source's own title spells it "time-out"; one that
 * did would be listed here, by file and title, and kept as its author wrote it.
 */
import { expect, test } from "vitest";
import { linesMatching, sourceFiles } from "../support/source-files.ts";

const hyphenated = /\btime-outs?\b/i;

const files = ["src", "content", "exercises", "solutions"].flatMap((dir) =>
  sourceFiles(dir, /\.(ts|mts|astro|mdx|md|ya?ml)$/).filter((f) => !f.endsWith(".test.ts")),
);

test('no source file spells the noun "time-out": the course writes "timeout", in the page, the exercises and the terminal', () => {
  expect(files.length).toBeGreaterThan(300);
  expect(linesMatching(files, hyphenated)).toEqual([]);
});

test('the check finds the noun and leaves the verb: "a time-out", "Time-outs" but not "requests time out"', () => {
  expect(["a 2 s time-out", "Time-outs and a deadline", "capacity × time-out."].every((s) => hyphenated.test(s))).toBe(
    true,
  );
  expect(
    ["requests time out", "a timed-out call", "timeouts", "tcp_syn_linear_timeouts"].some((s) => hyphenated.test(s)),
  ).toBe(false);
});
