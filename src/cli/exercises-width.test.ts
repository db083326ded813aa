/**
 * `npm run exercises` on terminals of 80, 60 and 40 columns, in-process through `run(argv, io)`
 * with an io that is a terminal that wide: every line fits, an id is never broken, and no word is
 * lost. In a pipe (not a terminal), the output is what it always was, whatever width is said.
 * The prompts, hints and worked solutions at 40 columns are src/cli/exercise-text.test.ts's.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import * as disks from "../../solutions/daily-disk-failures/solution.ts";
import { titleOf } from "../grader/exercise-meta.ts";
import type { Io } from "./args.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { exerciseIndex } from "./exercise-index.ts";
import { run } from "./exercises.ts";
import { displayWidth } from "./terminal-width.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-width-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const t0 = "2026-12-01T09:00:00.000Z";

async function cli(
  argv: string[],
  { home, columns, isTTY = true, env = {} }: { home: string; columns?: number; isTTY?: boolean; env?: Io["env"] },
) {
  return runCaptured(run, argv, {
    // Bold and italic off, so the words compare as text (widths leave the escapes out anyway).
    env: { BLAST_RADIUS_HOME: home, BLAST_RADIUS_NOW: t0, NO_COLOR: "1", ...env },
    cwd: repo,
    isTTY,
    columns,
  });
}

/** Every exercise, in the list's order (the course's). */
const exercises = await exerciseIndex(repo).all();
const ids = new Set(exercises.map((e) => e.id));
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Whether `wanted` appears in `found` in order, other words between allowed (a status beside a title). */
function inOrder(wanted: string[], found: string[]): boolean {
  let at = 0;
  for (const word of found) if (word === wanted[at]) at++;
  return at === wanted.length;
}

/** A learner part of the way through: statuses of every length, so the status column wraps too. */
async function learnerHome(): Promise<string> {
  const home = mkdtempSync(join(scratch, "home-"));
  await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/1820"], { home, isTTY: false });
  // A wrong answer unlocks the worked solution, as on the page; --yes shows it.
  await cli(["answer", "daily-disk-failures", "--part", "per-day", "1000"], { home, isTTY: false });
  await cli(["solution", "daily-disk-failures", "--yes"], { home, isTTY: false });
  await cli(["answer", "retry-expected-attempts", "--part", "flaky", "1"], { home, isTTY: false });
  await cli(["solution", "retry-expected-attempts", "--yes"], { home, isTTY: false });
  await cli(["answer", "retry-expected-attempts", "--part", "flaky", "1.875"], { home, isTTY: false });
  await cli(["answer", "redundancy-or-compartments", "--part", "third-replica", "power-supply,disk"], {
    home,
    isTTY: false,
  });
  return home;
}

describe("exercises list fitted to the terminal", { timeout: 60_000 }, () => {
  test.each([80, 60, 40])(
    "%i columns: every line fits; each exercise's id whole, its title and status in full",
    async (width) => {
      const home = await learnerHome();
      const piped = (await cli(["list"], { home, isTTY: false })).out;
      const { code, out } = await cli(["list"], { home, columns: width });
      expect(code).toBe(0);
      const lines = out.split("\n");
      for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(width);
      // The chapters, in course order, each named once above its exercises.
      const chapters = [...new Set(exercises.map((e) => e.meta.chapter))];
      expect(lines.filter((l) => l.startsWith("chapter: "))).toEqual(chapters.map((c) => `chapter: ${c}`));
      const first = (line: string) => line.trim().split(/\s+/)[0] ?? "";
      const statuses = Object.fromEntries(
        piped
          .split("\n")
          .filter((l) => ids.has(first(l)))
          .map((l) => [first(l), l]),
      );
      for (const e of exercises) {
        // Its lines: from the one its id opens (whole, never broken) to the next exercise's or a blank line.
        const start = lines.findIndex((l) => first(l) === e.id);
        expect(start, e.id).toBeGreaterThan(-1);
        let end = start + 1;
        while (end < lines.length && lines[end]!.trim() !== "" && !ids.has(first(lines[end]!))) end++;
        const entry = words(lines.slice(start, end).join(" "));
        expect(inOrder(words(titleOf(e.meta)), entry), `${e.id}'s title in ${entry.join(" ")}`).toBe(true);
        // Its kind, level and status as the piped table has them (the chapter is its heading).
        const [, , kind, level, ...rest] = words(statuses[e.id]!);
        const status = rest.slice(0, rest.length - words(titleOf(e.meta)).length);
        expect(inOrder([kind!, level!, ...status], entry), `${e.id}: ${entry.join(" ")}`).toBe(true);
      }
      expect(words(out).join(" ")).toContain(words(piped.slice(piped.lastIndexOf("\n\n"))).join(" "));
    },
  );

  test("at 80 columns it is a table by chapter with the titles wrapped in their column; at 40, one exercise after another", async () => {
    const home = await learnerHome();
    const wide = (await cli(["list"], { home, columns: 80 })).out.split("\n");
    expect(wide[0]).toMatch(/^id\s+kind\s+level\s+status\s+title$/);
    const titleColumn = wide[0]!.indexOf("title");
    // Each title in its column, going on below it with nothing to its left but another cell's rest.
    for (const e of exercises) {
      const at = wide.findIndex((l) => l.startsWith(`${e.id} `));
      let end = at + 1;
      while (wide[end]!.startsWith(" ")) end++;
      const column = wide.slice(at, end).map((l) => l.slice(titleColumn));
      expect(column.join(" ").trim(), e.id).toBe(titleOf(e.meta));
    }
    const narrow = (await cli(["list"], { home, columns: 40 })).out.split("\n");
    const row = narrow.indexOf("  blast-radius-reachability  code  ★★★");
    expect(narrow.slice(row + 1, row + 3)).toEqual(["    Who fails when a shared resource", "    saturates?"]);
    const started = narrow.findIndex((l) => l.startsWith("  shuffle-shard-16-workers"));
    expect(narrow.slice(started, started + 2)).toEqual(["  shuffle-shard-16-workers", "    numeric  ★★  1 of 2 parts"]);
  });

  test("in a pipe it is the one table it always was, whatever width the io or COLUMNS says", async () => {
    const home = await learnerHome();
    const piped = (await cli(["list"], { home, isTTY: false })).out;
    expect((await cli(["list"], { home, isTTY: false, columns: 40, env: { COLUMNS: "40" } })).out).toBe(piped);
    const lines = piped.split("\n");
    expect(lines[0]).toMatch(/^id\s+chapter\s+kind\s+level\s+status\s+title$/);
    // One line an exercise, none wrapped, wider than any terminal it was not fitted to.
    expect(lines.slice(2, 2 + exercises.length).map((l) => l.split(/\s+/)[0])).toEqual(exercises.map((e) => e.id));
    expect(Math.max(...lines.map(displayWidth))).toBeGreaterThan(120);
    // A terminal wide enough for it gets it as it is.
    expect((await cli(["list"], { home, columns: 200 })).out).toBe(piped);
  });

  test("COLUMNS, when a whole number, is the width on a terminal rather than the terminal's own", async () => {
    const home = await learnerHome();
    const fitted = (await cli(["list"], { home, columns: 60 })).out;
    expect(Math.max(...fitted.split("\n").map(displayWidth))).toBeLessThanOrEqual(60);
    expect((await cli(["list"], { home, columns: 200, env: { COLUMNS: "60" } })).out).toBe(fitted);
    expect((await cli(["list"], { home, env: { COLUMNS: "60" } })).out).toBe(fitted);
    // Not a width: the terminal's own is used.
    expect((await cli(["list"], { home, columns: 60, env: { COLUMNS: "wide" } })).out).toBe(fitted);
  });
});

describe("help and review fitted to the terminal", { timeout: 60_000 }, () => {
  test.each([80, 60, 40])(
    "--help at %i columns: the same text, each line within the width but a word longer than the room",
    async (width) => {
      const home = mkdtempSync(join(scratch, "help-"));
      const piped = (await cli(["--help"], { home, isTTY: false })).out;
      const { out } = await cli(["--help"], { home, columns: width });
      // The same text, but where lines break (a long run of item=option may break after a comma).
      expect(out.replace(/\s+/g, "")).toBe(piped.replace(/\s+/g, ""));
      for (const line of out.split("\n")) if (displayWidth(line) > width) expect(words(line), line).toHaveLength(1);
      // A description goes on under its own column, not under the commands.
      if (width === 80)
        expect(out).toContain(
          "  show <id> [--seed N]              the exercise's prompt; --seed N deals\n                                    variant N (new numbers), as",
        );
    },
  );

  test.each([80, 60, 40])("review at %i columns: the chapters' table, then the due review's prompt", async (width) => {
    const home = mkdtempSync(join(scratch, "review-"));
    const id = "daily-disk-failures";
    for (const [part, answer] of Object.entries(disks.answers({ machines: 2000, disks: 12, afr: 1.5 })))
      await cli(["answer", id, "--part", part, String(answer)], { home, isTTY: false });
    await cli(["review"], { home, isTTY: false });
    const due = { BLAST_RADIUS_NOW: "2026-12-04T09:00:00.000Z" };
    const piped = (await cli(["review"], { home, isTTY: false, env: due })).out;
    const { out } = await cli(["review"], { home, columns: width, env: due });
    // Over the width only what is not broken: a command to type, or one word.
    for (const line of out.split("\n"))
      if (displayWidth(line) > width) expect(line.trim(), line).toMatch(/^(?:npm run .*|\S+)$/);
    // The same words, but for the table's rules, and the colons after the headers of a record.
    const said = (text: string) => words(text).flatMap((w) => (/^-+$/.test(w) ? [] : [w.replace(/:$/, "")]));
    expect(said(out)).toEqual(expect.arrayContaining(said(piped)));
    // Too narrow for its columns, the table is one chapter after another, a line for each figure.
    if (width === 40)
      expect(out).toMatch(
        /^something-is-always-broken\n {2}in review: 1\n {2}due: 1\n {2}recall today: \d+%\n {2}next review: now\n/,
      );
    else expect(out).toMatch(/^chapter\s.*\n(?:.*\n)*?something-is-always-broken\s+1\s+1\s+\d+%\s+now\n/);
  });
});

test("check's results at 40 columns: each check's line fits, going on under its name; in a pipe, as it always was", {
  timeout: 60_000,
}, async () => {
  const home = mkdtempSync(join(scratch, "home-"));
  // choose-exact's starter is not written yet: every check fails, each with a long reason.
  const piped = await cli(["check", "choose-exact"], { home, isTTY: false });
  expect(piped.code).toBe(1);
  // What to do next, as a wrong answer says it (hintOffer): the checks ran and failed.
  expect(piped.out).toMatch(
    /\nFAIL choose-exact: 0 of \d+ checks pass\.\nStuck\? npm run exercises -- hint choose-exact\n$/,
  );
  const pipedChecks = piped.out.split("\n").filter((l) => /^[✓✗] /.test(l));
  expect(pipedChecks.length).toBeGreaterThan(0);
  expect(pipedChecks.some((l) => displayWidth(l) > 40)).toBe(true);
  const { code, out } = await cli(["check", "choose-exact"], { home, columns: 40 });
  expect(code).toBe(1);
  const lines = out.split("\n");
  for (const line of lines) expect(displayWidth(line), line).toBeLessThanOrEqual(40);
  // Each check starts its own line, and its words go on two in, under its name: none lost.
  expect(lines.filter((l) => /^[✓✗] /.test(l))).toHaveLength(pipedChecks.length);
  const fittedChecks = out.slice(0, out.indexOf("\nFAIL ")).split(/\n(?=[✓✗] )/);
  expect(fittedChecks.map((c) => words(c))).toEqual(pipedChecks.map((c) => words(c)));
  for (const check of fittedChecks) for (const more of check.split("\n").slice(1)) expect(more).toMatch(/^ {2}\S/);
});
