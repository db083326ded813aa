/**
 * What `npm run exercises` says to do next, at the ends the audit found silent: a failing `check`
 * offers a hint as a wrong `answer` does; a solving answer names the next exercise, as the start
 * screen does; once an exercise is solved, a wrong answer offers a hint without pushing it. And an
 * entry that holds nothing done lists as not started, as the page's import reads it.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import * as disks from "../../solutions/daily-disk-failures/solution.ts";
import { defaultParams, titleOf } from "../grader/exercise-meta.ts";
import { mulberry32 } from "../sim/random.ts";
import { exerciseIndex } from "./exercise-index.ts";
import { run } from "./exercises.ts";
import { runCaptured } from "./run-captured.test-helper.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-next-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cli = (argv: string[], home: string) =>
  runCaptured(run, argv, { env: { BLAST_RADIUS_HOME: home, NO_COLOR: "1" }, cwd: repo });
const newHome = () => mkdtempSync(join(scratch, "home-"));

const exercises = await exerciseIndex(repo).all();
const id = "daily-disk-failures";
const meta = exercises.find((e) => e.id === id)!.meta;

/** Answer every part of daily-disk-failures right, on the chapter's numbers; what the last answer printed. */
async function solveDisks(home: string): Promise<string> {
  let out = "";
  for (const [part, value] of Object.entries(disks.answers(defaultParams(meta) as unknown as disks.Params)))
    out = (await cli(["answer", id, "--part", part, String(value)], home)).out;
  return out;
}

describe("what to do next", { timeout: 60_000 }, () => {
  test("a wrong answer offers a hint, in the words a failing check offers it (src/cli/exercises-width.test.ts runs one)", async () => {
    const answered = await cli(["answer", id, "--part", "per-day", "1000"], newHome());
    expect(answered.out).toMatch(/\nStuck\? npm run exercises -- hint daily-disk-failures\n$/);
  });

  test("an answer that solves the exercise names the next one, as the start screen names it", async () => {
    const home = newHome();
    // The course's first exercise: solved, the next is the first in course order not solved.
    expect(exercises[0]!.id).toBe(id);
    const next = exercises[1]!;
    const named = `Next: ${titleOf(next.meta)}  (${next.id}, chapter ${next.meta.chapter})\n  npm run exercises -- show ${next.id}\n`;
    const out = await solveDisks(home);
    expect(out).toMatch(/✓ Solved\n/);
    expect(out.endsWith(`✓ Solved\n${named}`)).toBe(true);
    expect((await cli([], home)).out).toContain(named);
    // Answered right again, it was solved already: nothing new to name.
    const again = await cli(
      [
        "answer",
        id,
        "--part",
        "per-day",
        String(disks.answers(defaultParams(meta) as unknown as disks.Params)["per-day"]),
      ],
      home,
    );
    expect(again.out).not.toContain("Next:");
  });

  test("once solved, a wrong answer offers the hint without the push to it: with new numbers, or every hint to learn from", async () => {
    const home = newHome();
    await solveDisks(home);
    const chapter = await cli(["answer", id, "--part", "per-day", "1000"], home);
    expect(chapter.code).toBe(1);
    expect(chapter.out).not.toContain("Stuck?");
    expect(chapter.out).toMatch(
      /\nIts hints, to learn from \(none is counted now\): npm run exercises -- hint daily-disk-failures\n$/,
    );
    // What that command then gives: every hint, none counted.
    expect((await cli(["hint", id], home)).out).toMatch(/a hint helps with nothing now, and none is counted/);
    const practice = await cli(["answer", id, "--part", "per-day", "1000", "--seed", "7"], home);
    expect(practice.out).not.toContain("Stuck?");
    expect(practice.out).toMatch(
      /\nA hint with these numbers: npm run exercises -- hint daily-disk-failures --seed 7\n$/,
    );
    // The numbers are another's: a right answer on them is right by the variant's answers.
    const dealt = disks.answers(disks.variant(mulberry32(7)));
    expect((await cli(["answer", id, "--part", "per-day", String(dealt["per-day"]), "--seed", "7"], home)).code).toBe(
      0,
    );
  });

  test("an entry that holds nothing done lists as not started, as the page's import leaves it out", async () => {
    const home = newHome();
    const none = (await cli(["list"], home)).out;
    writeFileSync(
      join(home, "progress.json"),
      JSON.stringify({ version: 1, exercises: { "backoff-full-jitter": { solved: true } } }),
    );
    const line = (out: string) => out.split("\n").find((l) => l.startsWith("backoff-full-jitter "));
    const listed = (await cli(["list"], home)).out;
    expect(line(listed)).not.toMatch(/Started/);
    expect(line(listed)).toBe(line(none));
  });
});
