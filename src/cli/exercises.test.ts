/**
 * `npm run exercises`: exit codes and what a learner sees, through `run(argv, io)` in-process
 * (one process for the whole file, not a tsx start per case).
 */
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Io } from "./args.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { readExerciseMeta } from "../grader/load-exercises.ts";
import { partsOf } from "../grader/exercise-meta.ts";
import {
  emptyProgress,
  exerciseStatus,
  isSolved,
  markSolved,
  maxProgressFileLength,
  type Progress,
  recordAttempt,
} from "../course/progress.ts";
import {
  lockedNote,
  revealQuestion,
  seenQuestion,
  solutionOffer,
  solvedIfSeen,
  solvedNote,
  statusLine,
} from "../course/solution-offer.ts";
import { allAnsweredOnShow } from "../course/on-show.ts";
import { mulberry32 } from "../sim/random.ts";
import { enrol, whenText } from "../course/review.ts";
import { run } from "./exercises.ts";
import { displayWidth } from "./terminal-width.ts";
import { grouped } from "../format/number.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-cli-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let homes = 0;
/** A fresh progress folder, so each test starts from nothing. */
const freshHome = () => join(scratch, `home-${++homes}`);

async function cli(
  argv: string[],
  {
    home = freshHome(),
    cwd = repo,
    env = {},
    isTTY = false,
    columns,
  }: { home?: string; cwd?: string; env?: Io["env"]; isTTY?: boolean; columns?: number } = {},
) {
  return {
    ...(await runCaptured(run, argv, { env: { BLAST_RADIUS_HOME: home, ...env }, cwd, isTTY, columns })),
    home,
  };
}

const noStack = (text: string) => expect(text).not.toMatch(/\n\s+at .+:\d+:\d+/);

/**
 * A fresh home where a wrong answer to the first part of `id` was checked, which unlocks its
 * worked solution (the page's rule, solutionUnlocked): `solution <id> --yes` shows it.
 */
async function triedHome(id: string): Promise<string> {
  const home = freshHome();
  const part = partsOf(readExerciseMeta(id, repo))[0]!.id;
  const tried = await cli(["answer", id, "--part", part, "123456789"], { home });
  expect(tried.out, id).toMatch(/^WRONG /);
  return home;
}

describe("npm run exercises", { timeout: 60_000 }, () => {
  test("answer: 1 for a wrong answer with its feedback, 0 for a right one, 2 for unreadable input", async () => {
    const home = freshHome();
    const wrong = await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/28"], { home });
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/8-worker case/);
    const right = await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1", "in", "1820"], { home });
    expect(right.code).toBe(0);
    expect(right.out).toMatch(/RIGHT/);
    const unreadable = await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/"], { home });
    expect(unreadable.code).toBe(2);
    expect(unreadable.err).toMatch(/ends too early/);
    const progress = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    // Solved after a wrong answer: not at its first attempt (markSolved records it, as on the page).
    expect(progress.exercises["shuffle-shard-16-workers"].parts.shuffle).toEqual({
      attempts: 2,
      solved: true,
      firstTry: false,
      last: expect.any(String),
    });
  });

  test("answer: the same answer again gets the same verdict but is not another attempt; another answer is", async () => {
    const home = freshHome();
    const attempts = () =>
      JSON.parse(readFileSync(join(home, "progress.json"), "utf8")).exercises["shuffle-shard-16-workers"].parts.shuffle
        .attempts;
    const answer = (...argv: string[]) =>
      cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", ...argv], { home });
    const first = await answer("1/28");
    expect(first.out).not.toMatch(/not counted/);
    const again = await answer("1/28 ");
    expect(again.code).toBe(1);
    expect(again.out).toContain(first.out.split("\n")[0]!);
    expect(again.out).toMatch(/^The same answer as your last check of this part: not counted as another attempt\.$/m);
    expect(attempts()).toBe(1);
    expect((await answer("1/27")).out).not.toMatch(/not counted/);
    expect(attempts()).toBe(2);
    // The same words for other numbers are another answer.
    expect((await answer("1/27", "--seed", "2")).out).not.toMatch(/not counted/);
    expect(attempts()).toBe(3);
  });

  test("the answers that used to hang the grader are answered at once", async () => {
    for (const input of ["1/C(1e16,4)", "C(1e300,1)", "1/C(9007199254740993,2)"]) {
      const started = performance.now();
      const result = await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", input]);
      expect(performance.now() - started).toBeLessThan(2000);
      expect(result.code, input).toBe(2);
      expect(result.err).toMatch(/C\(n, k\) takes whole numbers up to 9,007,199,254,740,991/);
    }
  });

  test("a 1% neighbour of the exact answer is wrong; a decimal rounded from it is right", async () => {
    expect((await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/1819"])).code).toBe(1);
    expect((await cli(["answer", "retry-expected-attempts", "--part", "flaky", "1.9"])).code).toBe(0);
    expect((await cli(["answer", "static-stability-preprovision", "--part", "factor", "1.49"])).code).toBe(1);
  });

  test("unknown choice and match ids are input errors naming the valid ids", async () => {
    const choice = await cli([
      "answer",
      "redundancy-or-compartments",
      "--part",
      "third-replica",
      "power-supply,disk,bogus",
    ]);
    expect(choice.code).toBe(2);
    expect(choice.err).toMatch(/"bogus" is not a choice of this question; its choices are .*power-supply/);
    // What was typed is quoted with its control characters written out, never sent to the terminal.
    const escaped = await cli(["answer", "redundancy-or-compartments", "--part", "third-replica", "z\x1b[2J"]);
    expect(escaped.code).toBe(2);
    expect(escaped.err).toContain("\\x1b[2J");
    expect(escaped.err).not.toContain("\x1b");
    const typo = await cli(["answer", "redundancy-or-compartments", "--part", "third-replica", "power-suply,disk"]);
    expect(typo.code).toBe(2);
    const match = await cli(["answer", "failure-modes-match", "--part", "kind", "waiting=crsh"]);
    expect(match.code).toBe(2);
    expect(match.err).toMatch(/"crsh" is not an option of this question; its options are/);
    // Spaces around "=", typed as separate words, still make one pair.
    const spaced = await cli(["answer", "failure-modes-match", "--part", "kind", "waiting", "=", "crsh"]);
    expect(spaced.err).toMatch(/"crsh" is not an option of this question/);
    const right = await cli(["answer", "redundancy-or-compartments", "--part", "third-replica", "power-supply,disk"]);
    expect(right.code).toBe(0);
  });

  test("a malformed match answer gets one message, whichever step finds it: what is wrong, how to write it, exit 2", async () => {
    const shape =
      "    answer with item=option for every item: waiting=...,flood=...,flag=...,upload=...,location=...,blank=...,midnight=...";
    for (const [typed, wrong] of [
      // Found reading the text: an item named twice, a pair not written item=option.
      ["waiting=crash,waiting=slow", '"waiting" is matched twice; match each item once.'],
      ["waiting", 'Match answers look like item=option,item=option; got "waiting".'],
      // Found grading it: items left without an option, or none given at all.
      [
        "waiting=crash",
        "Choose a match for every item: 6 still have none (flood, flag, upload, location, blank and midnight).",
      ],
      [",", "Choose a match for each item first."],
    ]) {
      const result = await cli(["answer", "failure-modes-match", "--part", "kind", typed!]);
      expect({ typed, code: result.code, out: result.out, err: result.err }).toEqual({
        typed,
        code: 2,
        out: "",
        err: `CAN'T READ THAT [kind] ${wrong}\n${shape}\n`,
      });
    }
  });

  test("-- ends the options, so an answer may start with a minus sign", async () => {
    const result = await cli(["answer", "retry-expected-attempts", "--part", "flaky", "--", "-1.875"]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/WRONG \[flaky\]/);
  });

  test("usage errors exit 2: a missing --part on a two-part exercise", async () => {
    const result = await cli(["answer", "shuffle-shard-16-workers", "25%"]);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--part shuffle\|fixed/);
  });

  test("a path instead of an id is an input error, not a stack trace", async () => {
    for (const argv of [
      ["show", "../solutions/choose-exact"],
      ["solution", "../../etc/passwd"],
      ["hint", "Choose-Exact"],
      ["show", "choose-exat"],
    ]) {
      const result = await cli(argv);
      expect(result.code, argv.join(" ")).toBe(2);
      expect(result.err).toMatch(/^error: /);
      noStack(result.err);
    }
    expect((await cli(["show", "choose-exat"])).err).toMatch(/did you mean choose-exact\?/);
  });

  test("check: the untouched starter fails (exit 1) and lists its checks", async () => {
    const result = await cli(["check", "choose-exact"]);
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/✗ C\(8, 2\) is 28n/);
    expect(result.out).toMatch(/FAIL choose-exact: 0 of \d+ checks pass/);
    // The same starter checked again fails again, and is not counted as another attempt.
    const again = await cli(["check", "choose-exact"], { home: result.home });
    expect(again.code).toBe(1);
    expect(again.out).toMatch(/^The same code as your last check: not counted as another attempt\.$/m);
    const progress = JSON.parse(readFileSync(join(result.home, "progress.json"), "utf8"));
    expect(progress.exercises["choose-exact"].parts.code.attempts).toBe(1);
  });

  test("check with no id records no attempt on a starter that fails: it does not unlock every code exercise's solution", async () => {
    // A course of two code exercises, as shipped: a check of each runs in a process of its own.
    const course = join(scratch, "two-code-exercises");
    for (const id of ["cell-router", "choose-exact"])
      for (const dir of ["exercises", "solutions"])
        cpSync(join(repo, dir, id), join(course, dir, id), { recursive: true });
    writeFileSync(join(course, "package.json"), "{}\n");
    for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(course, shared));
    const home = freshHome();
    const at = { home, cwd: course };
    const all = await cli(["check"], at);
    expect(all.code).toBe(1);
    // Every starter as shipped fails its checks; none is recorded as tried.
    expect(all.out).toMatch(/^0 of 2 code exercises pass\.$/m);
    const stored = existsSync(join(home, "progress.json"))
      ? (JSON.parse(readFileSync(join(home, "progress.json"), "utf8")) as { exercises: Record<string, unknown> })
      : { exercises: {} };
    expect(stored.exercises).toEqual({});
    const locked = await cli(["solution", "cell-router"], at);
    expect(locked.code).toBe(2);
    expect(locked.err).toMatch(/the worked solution of cell-router is locked/);
    // (Checked by its id, as the page's Run checks is, the run is a try: the test above.)
  });

  test("check on an exercise that is not code says how to answer it, naming its parts", async () => {
    const twoParts = await cli(["check", "shuffle-shard-16-workers"]);
    expect(twoParts.code).toBe(2);
    expect(twoParts.err).toMatch(/grade it with `answer shuffle-shard-16-workers --part shuffle\|fixed <answer>`/);
    noStack(twoParts.err);
  });

  test("list shows the exercises with the status saved above, and titles with their numbers", async () => {
    const home = freshHome();
    await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/1820"], { home });
    // A wrong answer unlocks the worked solution, as on the page; --yes shows it.
    await cli(["answer", "thread-starvation", "--part", "demanded", "123456"], { home });
    await cli(["solution", "thread-starvation", "--yes"], { home });
    const list = await cli(["list"], { home });
    expect(list.out).toMatch(/thread-starvation\s.*Solution seen\s+Starved by a hanging dependency/);
    expect(list.code).toBe(0);
    // In the words of the page's /progress/ (exerciseStatus), as every status below.
    expect(list.out).toMatch(/shuffle-shard-16-workers\s.*1 of 2 parts\s+The 16-worker problem/);
    expect(list.out).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  test("solution keeps the page's lock and asks the page's question: locked until an answer is checked, then shown with --yes", async () => {
    const home = freshHome();
    const id = "cells-blast-radius";
    const parts = ["untouched", "canary"];
    const { hints } = readExerciseMeta(id, repo);
    const file = join(home, "progress.json");
    const read = () => JSON.parse(readFileSync(file, "utf8")) as Progress;
    const status = async () => (await cli(["list"], { home })).out.split("\n").find((l) => l.startsWith(`${id} `));
    // Nothing checked: locked, as Show solution is on the page, --yes or not; nothing shown, nothing written.
    for (const argv of [
      ["solution", id],
      ["solution", id, "--yes"],
    ]) {
      const locked = await cli(argv, { home });
      expect(locked).toMatchObject({ code: 2, out: "" });
      expect(locked.err).toBe(
        `error: the worked solution of ${id} is locked, as on its page. ${lockedNote} A wrong answer unlocks it too: npm run exercises -- answer ${id} --part <part> <answer>\n(run with --help for usage)\n`,
      );
    }
    expect(existsSync(file)).toBe(false);
    // Each lock names what opens it: a code exercise's check, new numbers' answer with their seed.
    expect((await cli(["solution", "choose-exact"], { home })).err).toContain(
      `${lockedNote} A wrong answer unlocks it too: npm run exercises -- check choose-exact\n`,
    );
    expect((await cli(["solution", "daily-disk-failures", "--seed", "2"], { home })).err).toContain(
      "npm run exercises -- answer daily-disk-failures --part <part> --seed 2 <answer>\n",
    );
    // Hints do not unlock it, and the last one says what does; nor does an empty answer, which is no answer.
    let last = "";
    for (const _ of hints) last = (await cli(["hint", id], { home })).out;
    expect(last).toContain(
      `That was the last hint. The worked solution (check an answer first to unlock it): npm run exercises -- solution ${id}\n`,
    );
    const empty = await cli(["answer", id, "--part", "canary", ""], { home });
    expect(empty).toMatchObject({ code: 2, out: "" });
    expect(empty.err).toMatch(/^error: the answer to \[canary\] is empty: give a number or a calculation\n/);
    expect((await cli(["solution", id], { home })).code).toBe(2);
    expect(read().exercises[id]?.parts).toEqual({});

    // A wrong answer unlocks it. Asked for, it says what the page's confirmation asks, which says
    // what seeing it changes, and the command that says yes: nothing shown, nothing marked.
    expect((await cli(["answer", id, "--part", "canary", "1"], { home })).code).toBe(1);
    const before = read();
    const asked = await cli(["solution", id], { home });
    // A question, not misuse: exit 0, on stdout, nothing shown (audit, session 55: exit 2 read as an error).
    expect(asked).toEqual({
      code: 0,
      out: `${revealQuestion}\nTo show it: npm run exercises -- solution ${id} --yes\n`,
      err: "",
      home,
    });
    expect(solutionOffer(before, id, parts, false).question).toBe(revealQuestion);
    expect(read()).toEqual(before);
    expect(await status()).not.toContain("Solution seen");
    expect((await cli(["hint", id], { home })).out).toContain(
      `That was the last hint. The worked solution: npm run exercises -- solution ${id}\n`,
    );
    // With --yes: shown, and marked seen, as Show it does on the page.
    const shown = await cli(["solution", id, "--yes"], { home });
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^Worked solution: One bad cell\n/);
    expect(shown.out).toContain("\n[canary] 500\n");
    expect(read().exercises[id]).toEqual({ ...before.exercises[id], revealed: true });
    expect(await status()).toMatch(/ Solution seen /);
  });

  test("answered after `solution`, an exercise is recorded as such and not counted as solved", async () => {
    const home = freshHome();
    await cli(["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/1820"], { home });
    expect((await cli(["solution", "shuffle-shard-16-workers", "--yes"], { home })).code).toBe(0);
    const last = await cli(["answer", "shuffle-shard-16-workers", "--part", "fixed", "25%"], { home });
    expect(last.code).toBe(0);
    expect(last.out).toMatch(
      /^shuffle-shard-16-workers: Answered after seeing the solution \(not counted as solved\)$/m,
    );
    const parts = JSON.parse(readFileSync(join(home, "progress.json"), "utf8")).exercises["shuffle-shard-16-workers"]
      .parts;
    // The part solved before the solution was shown stays solved; the one after is marked.
    expect(parts.shuffle).toEqual({ attempts: 1, solved: true, firstTry: true, last: expect.any(String) });
    expect(parts.fixed).toEqual({ attempts: 1, solved: true, afterReveal: true, last: expect.any(String) });
    expect((await cli(["list"], { home })).out).toMatch(
      /shuffle-shard-16-workers\s.*Answered after seeing the solution\s+The 16-worker/,
    );
    // Every part answered: a hint is no longer counted, and the solution, seen already, changes nothing.
    const record = readFileSync(join(home, "progress.json"), "utf8");
    const hinted = await cli(["hint", "shuffle-shard-16-workers"], { home });
    expect(hinted.out).toMatch(
      /^shuffle-shard-16-workers is answered \(after seeing its solution\): a hint helps with nothing now, and none is counted\./,
    );
    const seen = hinted.out.trimEnd().split("\n").at(-1)!;
    expect(seenQuestion.endsWith(` ${seen}`)).toBe(true);
    expect(readFileSync(join(home, "progress.json"), "utf8")).toBe(record);
  });

  test("hint on a solved exercise: every hint, none counted, and the worked solution to compare with, in the page's words", async () => {
    const home = freshHome();
    const id = "cells-blast-radius";
    const { hints } = readExerciseMeta(id, repo);
    const read = () => JSON.parse(readFileSync(join(home, "progress.json"), "utf8")) as Progress;
    const hintLines = (out: string) => out.match(/^Hint \d+ of \d+: /gm);
    // One hint opened while solving it: counted, as always.
    expect(hintLines((await cli(["hint", id], { home })).out)).toEqual([`Hint 1 of ${hints.length}: `]);
    await cli(["answer", id, "--part", "untouched", "90%"], { home });
    await cli(["answer", id, "--part", "canary", "500"], { home });
    const solved = read();
    expect(solved.exercises[id]?.hints).toBe(1);

    // Solved: the page offers no more hints. Asked for here, all of them, and none is counted.
    const hinted = await cli(["hint", id], { home });
    expect(hinted.code).toBe(0);
    const lines = hinted.out.trimEnd().split("\n");
    expect(lines[0]).toBe(
      `${id} is solved: a hint helps with nothing now, and none is counted. Its ${hints.length} hints, to learn from:`,
    );
    expect(hintLines(hinted.out)).toEqual(hints.map((_, i) => `Hint ${i + 1} of ${hints.length}: `));
    expect(lines.at(-2)).toBe(
      `The worked solution, to compare with your own: npm run exercises -- solution ${id} --yes`,
    );
    expect(hinted.out).not.toContain("That was the last hint");
    expect(read()).toEqual(solved);
    // What it says seeing the solution would change, said as what would follow: nothing is seen
    // yet (audit, session 54: the page's "it stays solved; its status only adds" read as done).
    const change = lines.at(-1)!;
    expect(change).toBe(solvedIfSeen);
    expect(change).toMatch(/^You solved this exercise first, so if you see its solution, /);
    expect(exerciseStatus(read(), id, ["untouched", "canary"])).toBe("✓ Solved");
    // Without --yes, `solution` asks what the page's confirmation asks (solutionOffer), and shows nothing.
    const asked = await cli(["solution", id], { home });
    expect(asked).toMatchObject({
      code: 0,
      out: `${solutionOffer(solved, id, ["untouched", "canary"], true).question}\nTo show it: npm run exercises -- solution ${id} --yes\n`,
      err: "",
    });
    expect(asked.out).toContain(solvedNote);
    expect(read()).toEqual(solved);
    // With it, what was said follows: it stays solved, and its status adds "solution seen".
    expect((await cli(["solution", id, "--yes"], { home })).code).toBe(0);
    const seen = read();
    expect(isSolved(seen, id, ["untouched", "canary"])).toBe(true);
    const added = /"(.+)"/.exec(change)![1];
    expect(exerciseStatus(seen, id, ["untouched", "canary"])).toBe(`✓ Solved · ${added}`);
    expect(seen.exercises[id]).toEqual({ ...solved.exercises[id], revealed: true });

    // Seen: it says so, and seeing the solution again changes nothing, so it needs no --yes.
    const again = (await cli(["hint", id], { home })).out.trimEnd().split("\n");
    expect(seenQuestion.endsWith(` ${again.at(-1)!}`)).toBe(true);
    expect(again.at(-2)).toBe(`The worked solution, to compare with your own: npm run exercises -- solution ${id}`);
    const shown = await cli(["solution", id], { home });
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/^Worked solution: /);
    expect(read()).toEqual(seen);

    // New numbers bring hints back, counted, as on the page: the next one.
    const variant = await cli(["hint", id, "--seed", "2"], { home });
    expect(hintLines(variant.out)).toEqual([1, 2].map((i) => `Hint ${i} of ${hints.length}: `));
    expect(variant.out).not.toContain("none is counted");
    expect(read().exercises[id]?.hints).toBe(2);
  });

  /** A fresh home, and cells-blast-radius's parts with their right answers on its numbers for --seed 42. */
  const cellsOnSeed42 = async () => {
    const solution = await import("../../solutions/cells-blast-radius/solution.ts");
    return {
      home: freshHome(),
      id: "cells-blast-radius",
      parts: ["untouched", "canary"],
      right: solution.answers(solution.variant(mulberry32(42))),
    };
  };

  // Before: `hint --seed 42` on numbers whose every part was answered right opened and counted a
  // hint, where the page takes Show a hint away once every part on show is answered.
  test("hint on new numbers all answered right: every hint shown with those numbers, to learn from, none counted", async () => {
    const { home, id, parts, right } = await cellsOnSeed42();
    const record = () => readFileSync(join(home, "progress.json"), "utf8");
    const answer = (part: string, text: string) => cli(["answer", id, "--part", part, "--seed", "42", text], { home });
    for (const part of parts) expect((await answer(part, String(right[part]))).code).toBe(0);
    // The page's rule says so of these numbers (both parts answered right on them).
    const kept = JSON.parse(readFileSync(join(home, "variants.json"), "utf8")).variants[id];
    expect(allAnsweredOnShow(JSON.parse(record()), id, parts, { answered: kept.right })).toBe(true);
    const before = record();
    const learn = await cli(["hint", id, "--seed", "42"], { home });
    expect(learn.code).toBe(0);
    const hintCount = [...learn.out.matchAll(/^Hint \d+ of (\d+): /gm)];
    expect(
      learn.out.startsWith(
        `Every part of ${id} is answered right with --seed 42: a hint helps with nothing now, and none is counted.`,
      ),
    ).toBe(true);
    expect(hintCount.length).toBeGreaterThan(0);
    expect(hintCount.length).toBe(Number(hintCount[0]![1]));
    expect(learn.out).toContain(`npm run exercises -- solution ${id} --seed 42\n`);
    expect(record()).toBe(before);
    // A part no longer answered right on them (a wrong answer takes it away, as on the page): the
    // hints come back, counted, as Show a hint does.
    expect((await answer("untouched", String(right.untouched! / 2))).code).toBe(1);
    const back = await cli(["hint", id, "--seed", "42"], { home });
    expect(back.code).toBe(0);
    expect(back.out).toMatch(/^Hint 1 of \d+: /);
    expect((JSON.parse(record()) as Progress).exercises[id]?.hints).toBe(1);
  });

  // Before: `show --seed 42` said nothing of how those numbers stood, where `answer --seed 42` did.
  test("show on new numbers: under the title, the status line the page shows with them on show", async () => {
    const { home, id, parts, right } = await cellsOnSeed42();
    const read = () => JSON.parse(readFileSync(join(home, "progress.json"), "utf8")) as Progress;
    const statusOf = async (seed: number) => {
      const shown = await cli(["show", id, "--seed", String(seed)], { home });
      expect(shown.code).toBe(0);
      expect(shown.out.split("\n")[0]).toMatch(new RegExp(`\\(${id}, chapter \\S+, variant ${seed}\\)$`));
      return shown.out.split("\n")[1];
    };
    // Not answered yet: as the page has them once dealt, none answered, nothing in the record before.
    expect(await statusOf(42)).toBe(
      statusLine(emptyProgress(), id, parts, { seed: 42, answered: [], before: [] }).text,
    );
    expect(await statusOf(42)).toBe("These numbers (variant 42): 0 of 2 parts answered right so far");
    // Answered on them: what `answer` says after a right answer, word for word.
    const answered = await cli(["answer", id, "--part", "untouched", "--seed", "42", String(right.untouched)], {
      home,
    });
    expect(answered.out.trimEnd().split("\n").at(-1)).toBe(`${id}: ${await statusOf(42)}`);
    expect(await statusOf(42)).toBe("These numbers (variant 42): 1 of 2 parts answered right so far, 1 newly solved");
    // Other numbers: none answered on them, and the record as it is now before them, as the page
    // takes it when it deals them.
    expect(await statusOf(7)).toBe(
      statusLine(read(), id, parts, { seed: 7, answered: [], before: ["untouched"] }).text,
    );
    expect(await statusOf(7)).toBe(
      "1 of 2 parts solved before · these numbers (variant 7): 0 of 2 parts answered right so far",
    );
  });

  // Before: `answer --seed 42` on an exercise solved before said "cells-blast-radius solved." from
  // its record, of numbers not yet answered right.
  test("answer on new numbers says the record and these numbers apart, in the chapter page's words", async () => {
    const home = freshHome();
    const id = "cells-blast-radius";
    const parts = ["untouched", "canary"];
    const read = () => JSON.parse(readFileSync(join(home, "progress.json"), "utf8")) as Progress;
    const answer = (part: string, text: string, seed?: number) =>
      cli(["answer", id, "--part", part, ...(seed === undefined ? [] : ["--seed", String(seed)]), text], { home });
    const lastLine = (out: string) => out.trimEnd().split("\n").at(-1);
    const solution = await import("../../solutions/cells-blast-radius/solution.ts");
    const rightFor = (seed: number) => solution.answers(solution.variant(mulberry32(seed)));

    await answer("untouched", "90%");
    const solved = await answer("canary", "500");
    // The status, then, newly solved, the next exercise to do (src/cli/next-steps.test.ts).
    const status = lastLine(solved.out.slice(0, solved.out.indexOf("\nNext: ")));
    expect(status).toBe(`${id}: ${statusLine(read(), id, parts).text}`);
    expect(status).toBe(`${id}: ✓ Solved`);

    const seed = 42;
    const right = rightFor(seed);
    const one = await answer("untouched", String(right.untouched), seed);
    expect(one.code).toBe(0);
    expect(one.out).not.toMatch(/solved\./);
    expect(one.out).toContain("Parts left: canary\n");
    expect(lastLine(one.out)).toBe(
      `${id}: ${statusLine(read(), id, parts, { seed, answered: ["untouched"], before: parts }).text}`,
    );
    expect(lastLine(one.out)).toBe(
      `${id}: ✓ Solved before · these numbers (variant 42): 1 of 2 parts answered right so far`,
    );
    // A wrong answer takes its part away for these numbers, as on the page; a right one brings it back.
    expect((await answer("untouched", String(right.untouched! / 2), seed)).code).toBe(1);
    expect(lastLine((await answer("canary", String(right.canary), seed)).out)).toBe(
      `${id}: ✓ Solved before · these numbers (variant 42): 1 of 2 parts answered right so far`,
    );
    const both = await answer("untouched", String(right.untouched), seed);
    expect(both.out).not.toContain("Parts left");
    expect(lastLine(both.out)).toBe(`${id}: ✓ Solved before · these numbers (variant 42): 2 of 2 parts answered right`);
    // Other numbers start afresh, as New numbers does on the page.
    const other = rightFor(7);
    expect(lastLine((await answer("canary", String(other.canary), 7)).out)).toBe(
      `${id}: ✓ Solved before · these numbers (variant 7): 1 of 2 parts answered right so far`,
    );
    // The solution seen: one wording, the page's.
    await cli(["solution", id, "--yes"], { home });
    expect(lastLine((await answer("untouched", String(other.untouched), 7)).out)).toBe(
      `${id}: ✓ Solved before · solution seen · these numbers (variant 7): 2 of 2 parts answered right`,
    );
    expect((await cli(["list"], { home })).out).toMatch(new RegExp(`${id}\\s.*  ✓ Solved · solution seen  `));
  });

  test("answer on new numbers with an unreadable record of them: kept aside, said once, and they start afresh", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "variants.json"), "{ not json");
    const id = "cells-blast-radius";
    const solution = await import("../../solutions/cells-blast-radius/solution.ts");
    const right = solution.answers(solution.variant(mulberry32(3)));
    const result = await cli(["answer", id, "--part", "canary", "--seed", "3", String(right.canary)], { home });
    expect(result.code).toBe(0);
    expect(result.err).toMatch(/^warning: .*variants\.json could not be read: it is not valid JSON\.\n/);
    const copies = readdirSync(home).filter((name) => name.startsWith("variants.unreadable-"));
    expect(copies).toHaveLength(1);
    expect(readFileSync(join(home, copies[0]!), "utf8")).toBe("{ not json");
    // The record counts the right answer too (the page's rule): solved on these numbers, never
    // "solved before" (session 52: it said "1 of 2 parts solved before" of a part solved just then).
    const record = JSON.parse(readFileSync(join(home, "progress.json"), "utf8")) as Progress;
    const line = statusLine(record, id, ["untouched", "canary"], { seed: 3, answered: ["canary"], before: [] }).text;
    expect(line).toBe("These numbers (variant 3): 1 of 2 parts answered right so far, 1 newly solved");
    expect(result.out).toContain(`${id}: ${line}\n`);
    const again = await cli(["answer", id, "--part", "untouched", "--seed", "3", String(right.untouched)], { home });
    expect(again.err).toBe("");
    expect(again.out).toContain(`${id}: These numbers (variant 3): 2 of 2 parts answered right, 2 newly solved\n`);
    // Answered again later, these numbers still tell what was solved on them.
    const later = await cli(["answer", id, "--part", "canary", "--seed", "3", String(right.canary)], { home });
    expect(later.out).toContain(`${id}: These numbers (variant 3): 2 of 2 parts answered right, 2 newly solved\n`);
  });

  test("answer on new numbers kept by an older terminal (no record of before): nothing is said to be before", async () => {
    const home = freshHome();
    const id = "cells-blast-radius";
    const solution = await import("../../solutions/cells-blast-radius/solution.ts");
    const right = solution.answers(solution.variant(mulberry32(3)));
    await cli(["answer", id, "--part", "untouched", "--seed", "3", String(right.untouched)], { home });
    // The file as the terminal wrote it before it kept the record's parts with the numbers.
    writeFileSync(
      join(home, "variants.json"),
      JSON.stringify({ version: 1, variants: { [id]: { seed: 3, right: ["untouched"] } } }),
    );
    const result = await cli(["answer", id, "--part", "canary", "--seed", "3", String(right.canary)], { home });
    expect(result.err).toBe("");
    expect(result.out).toContain(`${id}: ✓ Solved · these numbers (variant 3): 2 of 2 parts answered right\n`);
  });

  test("show states the rule for how close is right, and the ids to answer with", async () => {
    const numeric = await cli(["show", "retry-expected-attempts"]);
    expect(numeric.out).toMatch(/at least 2 significant figures \(for 1.875: 1.9 or 1.88, not 1.87\)/);
    const match = await cli(["show", "failure-modes-match"]);
    expect(match.out).toMatch(/answer with item=option for every item: refused=\.\.\./);
    // A choice part with several right choices shows its own ids as the example, not "a,b".
    const choice = await cli(["show", "redundancy-or-compartments"]);
    expect(choice.out).toContain(
      "answer with the id of every choice that applies, separated by commas (for example power-supply,config)",
    );
    expect(choice.out).not.toContain("a,b");
  });

  test("show lists a match part's items and options one a line, as a choice part's choices", async () => {
    const { code, out } = await cli(["show", "failure-modes-match"]);
    expect(code).toBe(0);
    const meta = readExerciseMeta("failure-modes-match", repo);
    if (meta.kind !== "match") throw new Error("failure-modes-match is a match exercise");
    for (const part of meta.parts) {
      if (part.kind !== "match") continue;
      const lines = (list: { id: string; text: string }[]) => list.map((x) => `      ${x.id}: ${x.text}`).join("\n");
      expect(out).toContain(`    items:\n${lines(part.items)}\n    options:\n${lines(part.options)}\n`);
    }
    expect(out).not.toMatch(/^ {4}(items|options): \S/m);
    expect(Math.max(...out.split("\n").map((line) => line.length))).toBeLessThan(200);
  });

  test("a diagnosis shows its situation, drawn for the chapter's numbers, and grades each kind of part", async () => {
    const shown = await cli(["show", "diagnose-poison-shard"]);
    expect(shown.out).toContain("== The worker fleet, last ten minutes ==");
    expect(shown.out).toMatch(/w1 .* c-805 ×11/);
    expect(shown.out).toContain("[lost-all] While this lasts");
    const what = await cli(["answer", "diagnose-poison-shard", "--part", "what", "bad-host"]);
    expect(what.out).toMatch(
      /^WRONG \[what\] Not this one. Misconception: Crashes in one place are one sick machine. A sick machine shows as one worker/,
    );
    const lost = await cli(["answer", "diagnose-poison-shard", "--part", "lost-all", "1/28"]);
    expect(lost.out).toMatch(/^RIGHT \[lost-all\]/);
  });

  test("a worked solution is shown with the exercise's numbers, never a raw {placeholder}", async () => {
    for (const id of ["daily-disk-failures", "thread-starvation", "retry-storm-connection-hold"]) {
      const result = await cli(["solution", id, "--yes"], { home: await triedHome(id) });
      expect(result.code).toBe(0);
      expect(result.out, id).not.toMatch(/\{[a-zA-Z][a-zA-Z0-9]*\}/);
      if (id === "daily-disk-failures") expect(result.out).toMatch(/2,000 × 12 = 24,000 disks/);
    }
  });

  test("--seed N deals variant N: its prompt, its grading and its worked solution, with that variant's numbers", async () => {
    // Variant 2 of daily-disk-failures: 5,000 machines of 4 disks at 1% a year (the page deals the same).
    const shown = await cli(["show", "daily-disk-failures", "--seed", "2"]);
    expect(shown.code).toBe(0);
    expect(shown.out).toMatch(/variant 2/);
    expect(shown.out).toMatch(/5,000 machines, each with 4 disks/);
    expect(shown.out).toMatch(/answer daily-disk-failures --part <part> --seed 2 <answer>/);
    const home = freshHome();
    const right = await cli(["answer", "daily-disk-failures", "--part", "per-day", "--seed", "2", "0.55"], { home });
    expect(right.out).toMatch(/^RIGHT/);
    const chapters = await cli(["answer", "daily-disk-failures", "--part", "per-day", "--seed", "2", "0.99"], {
      home,
    });
    expect(chapters.code).toBe(1);
    expect(chapters.out).toMatch(/hint daily-disk-failures --seed 2/);
    // Answers on new numbers unlock the worked solution too, as on the page.
    const worked = await cli(["solution", "daily-disk-failures", "--seed", "2", "--yes"], { home });
    expect(worked.out).toMatch(/5,000 × 4 = 20,000 disks/);
    expect(worked.out).toMatch(/≈ 0\.55:/);
    expect(worked.out).not.toMatch(/24,000|0\.99/);
    const noVariants = await cli(["show", "choose-exact", "--seed", "1"]);
    expect(noVariants.code).toBe(2);
    expect(noVariants.err).toMatch(/no variants/);
    const badSeed = await cli(["solution", "daily-disk-failures", "--seed", "0x10"]);
    expect(badSeed.code).toBe(2);
    expect(badSeed.err).toMatch(
      /--seed must be a whole number from 0 to 4,294,967,295, written in digits only, got "0x10"/,
    );
  });
});

describe("the course's Markdown and math read as text in a terminal", { timeout: 60_000 }, () => {
  const id = "shuffle-shard-16-workers";

  test("solution: the formula in plain text, emphasis as the bare words in a pipe", async () => {
    const { code, out } = await cli(["solution", id, "--yes"], { home: await triedHome(id) });
    expect(code).toBe(0);
    expect(out).toContain("There are\nC(n, k) = n! / (k! (n − k)!) combinations of k workers out of n");
    expect(out).toContain("\nShuffle sharding. The poison customer crashes exactly the 4 workers");
    expect(out).toContain("all of its workers are among those");
    expect(out).toContain("1/1,820, about 0.055%:");
    for (const raw of ["$", "\\frac", "**", "*its*"]) expect(out).not.toContain(raw);
  });

  test("show and solution print a title once: a README's or an explanation's own leading heading is left out, as on the page", async () => {
    // Its README opens with "# How often does a disk die?", its explanation with "# Worked solution".
    const shown = await cli(["show", "daily-disk-failures"]);
    expect(shown.out.match(/How often does a disk die\?/g)).toHaveLength(1);
    const solved = await cli(["solution", "daily-disk-failures", "--yes"], {
      home: await triedHome("daily-disk-failures"),
    });
    expect(solved.out.match(/Worked solution/g)).toHaveLength(1);
  });

  test("show: bold and italic as ANSI escapes on a terminal; the bare words with NO_COLOR or in a pipe", async () => {
    const bold = "\x1b[1mShuffle sharding.\x1b[22m";
    const tty = await cli(["show", id], { isTTY: true });
    expect(tty.out).toContain(
      `[shuffle] ${bold} Every customer gets its own random combination of 4 of the 16 workers.`,
    );
    expect(tty.out).toContain("sending a \x1b[3mpoison request\x1b[23m:");
    for (const plain of [await cli(["show", id], { isTTY: true, env: { NO_COLOR: "1" } }), await cli(["show", id])]) {
      expect(plain.out).toContain("[shuffle] Shuffle sharding. Every customer");
      expect(plain.out).toContain("[fixed] Fixed groups. Instead, the 16 workers");
      expect(plain.out).not.toContain("\x1b");
      expect(plain.out).not.toContain("**");
    }
    // An empty NO_COLOR is unset (https://no-color.org/).
    expect((await cli(["show", id], { isTTY: true, env: { NO_COLOR: "" } })).out).toContain(bold);
  });

  test("hint and review print their text the same way", async () => {
    const copy = join(scratch, "course-markdown-hint");
    for (const dir of ["exercises", "solutions"]) cpSync(join(repo, dir, id), join(copy, dir, id), { recursive: true });
    writeFileSync(join(copy, "package.json"), "{}\n");
    for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(copy, shared));
    const yaml = join(copy, "exercises", id, "exercise.yaml");
    writeFileSync(
      yaml,
      readFileSync(yaml, "utf8").replace(
        /^hints:\n/m,
        'hints:\n  - "**Count** them: $C({workers}, {shard}) = \\\\frac{{workers}!}{{shard}!\\\\,({workers}-{shard})!}$."\n',
      ),
    );
    const home = freshHome();
    const hint = await cli(["hint", id], { home, cwd: copy });
    expect(hint.err).toBe("");
    expect(hint.out).toMatch(/^Hint 1 of 4: Count them: C\(16, 4\) = 16! \/ \(4! \(16 − 4\)!\)\.$/m);

    // Solved, it joins the review; a year later it is due, and review shows its prompt as show does.
    await cli(["answer", id, "--part", "shuffle", "1/1820"], { home });
    await cli(["answer", id, "--part", "fixed", "25%"], { home });
    await cli(["review"], { home, env: { BLAST_RADIUS_NOW: "2026-01-01T00:00:00Z" } });
    const review = await cli(["review"], { home, env: { BLAST_RADIUS_NOW: "2027-06-01T00:00:00Z" } });
    expect(review.out).toMatch(/^\[shuffle\] Shuffle sharding\. Every customer gets its own random combination/m);
    expect(review.out).not.toContain("**");
  });
});

describe("progress is never lost", { timeout: 60_000 }, () => {
  const solved = {
    version: 1,
    exercises: { "choose-exact": { parts: { code: { attempts: 3, solved: true } }, hints: 1, revealed: false } },
  };

  test("a progress file with a trailing comma is kept, named, and can be brought back", async () => {
    const home = freshHome();
    const broken = JSON.stringify(solved, null, 2).replace(/\n}$/, ",\n}");
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "progress.json"), broken);
    const answered = await cli(["answer", "shuffle-shard-16-workers", "--part", "fixed", "25%"], { home });
    expect(answered.code).toBe(0);
    expect(answered.err).toMatch(
      /progress\.json could not be read: it is not valid JSON \(the first problem is at line \d+/,
    );
    expect(answered.err).toMatch(/npm run exercises -- import .*progress\.unreadable-\d{8}-\d{6}\.json/);
    const copies = readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"));
    expect(copies).toHaveLength(1);
    expect(readFileSync(join(home, copies[0]!), "utf8")).toBe(broken);

    // The learner repairs the copy and imports it: both the old and the new progress are there.
    writeFileSync(join(home, copies[0]!), JSON.stringify(solved));
    const imported = await cli(["import", join(home, copies[0]!)], { home });
    expect(imported.code).toBe(0);
    expect(imported.out).toMatch(/Imported progress for 1 exercise/);
    const progress = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    expect(progress.exercises["choose-exact"].parts.code.solved).toBe(true);
    expect(progress.exercises["shuffle-shard-16-workers"].parts.fixed.solved).toBe(true);
    // No temporary files are left behind by the atomic writes.
    expect(readdirSync(home).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  test("a file from a newer version is kept too, and reading it twice keeps one copy", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "progress.json"), JSON.stringify({ version: 2, exercises: {} }));
    const first = await cli(["list"], { home });
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/saved by a newer version of the course/);
    await cli(["hint", "choose-exact"], { home });
    expect(readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"))).toHaveLength(1);
  });

  test("a file read only in part is kept aside before it is written back without the damage, and the learner is told", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    // The QA's file: one part's "solved" is a string, which reads as not solved.
    const damaged = JSON.stringify({
      version: 1,
      exercises: {
        "daily-disk-failures": {
          parts: { "per-day": { attempts: 1, solved: true }, "quiet-day": { attempts: 1, solved: "true" } },
          hints: 0,
          revealed: false,
        },
      },
    });
    writeFileSync(join(home, "progress.json"), damaged);
    const hinted = await cli(["hint", "choose-exact"], { home });
    expect(hinted.code).toBe(0);
    expect(hinted.err).toMatch(/progress\.json could not be read whole: .* of daily-disk-failures had/);
    expect(hinted.err).toMatch(/npm run exercises -- import .*progress\.unreadable-\d{8}-\d{6}\.json/);
    const copies = () => readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"));
    expect(copies()).toHaveLength(1);
    expect(readFileSync(join(home, copies()[0]!), "utf8")).toBe(damaged);
    // The file written back reads whole: the next command neither warns nor keeps another copy.
    const again = await cli(["hint", "choose-exact"], { home });
    expect(again.err).toBe("");
    expect(copies()).toHaveLength(1);
  });

  test("a review card with one field of the wrong kind is kept aside too, not dropped in silence", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    const card = {
      due: "2026-12-01T09:00:00.000Z",
      stability: 3,
      difficulty: 5,
      elapsed_days: 1,
      scheduled_days: 3,
      learning_steps: 0,
      reps: "4",
      lapses: 0,
      state: 2,
      last_review: "2026-11-28T09:00:00.000Z",
    };
    const damaged = JSON.stringify({ version: 1, exercises: {}, review: { "daily-disk-failures": card } });
    writeFileSync(join(home, "progress.json"), damaged);
    const hinted = await cli(["hint", "choose-exact"], { home });
    expect(hinted.code).toBe(0);
    expect(hinted.err).toMatch(/could not be read whole: the progress or review schedule of daily-disk-failures had/);
    const copies = readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"));
    expect(copies.map((f) => readFileSync(join(home, f), "utf8"))).toEqual([damaged]);
  });

  test("a progress folder that is a file is a clear usage error naming it (exit 2), not a bug", async () => {
    const home = join(scratch, "home-is-a-file");
    writeFileSync(home, "");
    for (const command of [["hint", "choose-exact"], ["list"]]) {
      const result = await cli(command, { home });
      expect(result.code, command.join(" ")).toBe(2);
      expect(result.err).toContain(home);
      expect(result.err).toMatch(/is a file where a folder is needed \((EEXIST|ENOTDIR)\)/);
      expect(result.err).not.toMatch(/bug/);
    }
  });

  test("import reads a relative file from the folder npm was run in (INIT_CWD)", async () => {
    const home = freshHome();
    const folder = join(scratch, "downloads");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "exported.json"), JSON.stringify(solved));
    // npm runs the command in the course's root; INIT_CWD is where the learner typed it.
    const result = await cli(["import", "exported.json"], { home, env: { INIT_CWD: folder } });
    expect(result.err).toBe("");
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/Imported progress for 1 exercise/);
    const missing = await cli(["import", "nowhere.json"], { home, env: { INIT_CWD: folder } });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain(`no such file: nowhere.json (looked for ${join(folder, "nowhere.json")})`);
  });

  test("import refuses a file that is not progress, and changes nothing", async () => {
    const home = freshHome();
    const file = join(scratch, "not-progress.json");
    writeFileSync(file, '{"hello": 1}');
    const result = await cli(["import", file], { home });
    expect(result.code).toBe(2);
    // The file is named, and what is wrong with it.
    expect(result.err).toContain(
      `${file}: That file is JSON, but not Blast Radius progress (it has no "version": progress is { "version": 1, "exercises": { ... } }). Nothing was changed.`,
    );
    expect(existsSync(join(home, "progress.json"))).toBe(false);
  });

  test("import names the terminal's own other files, in the terminal's words, and changes nothing", async () => {
    const home = freshHome();
    // A variants.json the terminal wrote: a part of new numbers answered right.
    const disks = "daily-disk-failures";
    const { answers, variant } = await import("../../solutions/daily-disk-failures/solution.ts");
    const perDay = String(answers(variant(mulberry32(2)))["per-day"]);
    expect((await cli(["answer", disks, "--seed", "2", "--part", "per-day", perDay], { home })).code).toBe(0);
    expect(existsSync(join(home, "variants.json"))).toBe(true);
    const before = readdirSync(home).sort();
    const result = await cli(["import", join(home, "variants.json")], { home });
    expect(result.code).toBe(2);
    expect(result.err).toContain(
      "That file is the terminal's variants.json (the parts answered right in the terminal on new numbers dealt with --seed), which holds no progress: yours is in progress.json. Import an export from the page's /progress/, or a kept copy of an unreadable progress file. Nothing was changed.",
    );
    expect(result.err).not.toMatch(/newer version|this site/);
    expect(readdirSync(home).sort()).toEqual(before);
  });

  test("fields the terminal does not know stay in progress.json through a write, with no warning and no copy", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    // The audit's file (session 55): a note of the learner's at the top, in an entry and in a part.
    const file = {
      version: 1,
      notes: "mine",
      exercises: {
        "daily-disk-failures": {
          parts: { "per-day": { attempts: 1, solved: false, extra: 1 } },
          hints: 0,
          revealed: false,
          mynote: "x",
        },
      },
    };
    writeFileSync(join(home, "progress.json"), JSON.stringify(file));
    const hinted = await cli(["hint", "daily-disk-failures"], { home });
    expect(hinted).toMatchObject({ code: 0, err: "" });
    const written = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    expect(written).toEqual({
      ...file,
      exercises: { "daily-disk-failures": { ...file.exercises["daily-disk-failures"], hints: 1 } },
    });
    expect(readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"))).toEqual([]);
  });

  test("a progress.json too large to be progress is kept aside, not written back on every command", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    const huge = JSON.stringify({ version: 1, exercises: {}, junk: "x".repeat(maxProgressFileLength) });
    writeFileSync(join(home, "progress.json"), huge);
    const hinted = await cli(["hint", "daily-disk-failures"], { home });
    expect(hinted.code).toBe(0);
    expect(hinted.err).toContain(
      `could not be read: it is too large to be course progress: it is ${grouped(huge.length)} characters long, more than progress ever is (${grouped(maxProgressFileLength)} at most).`,
    );
    const copies = readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"));
    expect(copies).toHaveLength(1);
    expect(readFileSync(join(home, copies[0]!), "utf8")).toBe(huge);
    expect(JSON.parse(readFileSync(join(home, "progress.json"), "utf8")).exercises["daily-disk-failures"].hints).toBe(
      1,
    );
  });

  test("a progress file of another shape says what is wrong with it and how to repair it", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "progress.json"), JSON.stringify({ exercises: {} }));
    const listed = await cli(["list"], { home });
    expect(listed.code).toBe(0);
    expect(listed.err).toContain(
      `warning: ${join(home, "progress.json")} could not be read: it is JSON, but not Blast Radius progress (it has no "version": progress is { "version": 1, "exercises": { ... } }).`,
    );
    expect(listed.err).toContain(
      "Repair that copy (an export from the page's /progress/ shows the shape), then bring it back with",
    );
  });

  test("a hand edit read only in part is said, and a copy kept, as soon as a command reads it (list writes nothing)", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    // A name that is no exercise id, and a field of the wrong kind: before, list said nothing, and
    // the next command that wrote dropped "Choose Exact" with no copy kept.
    const edited = JSON.stringify({
      version: 1,
      exercises: {
        "Choose Exact": { parts: { code: { attempts: 1, solved: true } }, hints: 0, revealed: false },
        "daily-disk-failures": { parts: { "per-day": { attempts: 1, solved: "true" } }, hints: 0, revealed: false },
      },
    });
    writeFileSync(join(home, "progress.json"), edited);
    const listed = await cli(["list"], { home });
    expect(listed.code).toBe(0);
    const copies = () => readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"));
    expect(copies()).toHaveLength(1);
    expect(listed.err).toBe(
      [
        `warning: ${join(home, "progress.json")} could not be read whole: the progress or review schedule of daily-disk-failures had a field of the wrong kind, and was read as far as it could be (what could not be read counts as nothing done, or not scheduled); and the entry under "Choose Exact" is not under an exercise id, so it was left out.`,
        `The file as it was is kept, unchanged, as ${join(home, copies()[0]!)}; your progress from now on is saved in ${join(home, "progress.json")}.`,
        'Repair that copy (each field as the page writes it: true or false, not "true"; whole numbers for counts; each entry under its exercise\'s id as list shows it: use lower-case letters, digits and single hyphens (like fixed-groups)), then bring it back with',
        `  npm run exercises -- import ${join(home, copies()[0]!)}`,
        "which merges it with your new progress.",
        "",
      ].join("\n"),
    );
    expect(readFileSync(join(home, copies()[0]!), "utf8")).toBe(edited);
    // Until a command writes, each one says it again, naming the same copy; the file written reads whole.
    const hinted = await cli(["hint", "choose-exact"], { home });
    expect(hinted.err).toBe(listed.err);
    expect(copies()).toHaveLength(1);
    expect((await cli(["list"], { home })).err).toBe("");
    // The page's import of the kept copy names the entry it leaves out, quoted.
    const imported = await cli(["import", join(home, copies()[0]!)], { home });
    expect(imported.out).toContain('Left out 1 entry for exercises this course does not have ("Choose Exact").');
  });

  test("progress for exercises this course does not have is named, not counted, and kept in the file", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    const solvedPart = { parts: { code: { attempts: 2, solved: true } }, hints: 0, revealed: false };
    writeFileSync(
      join(home, "progress.json"),
      JSON.stringify({ version: 1, exercises: { "renamed-since": solvedPart, "never-here": solvedPart } }),
    );
    const note = `${join(home, "progress.json")} also has progress for 2 exercises this course does not have (renamed-since and never-here): not counted, and kept in the file as it is.`;
    const listed = await cli(["list"], { home });
    expect(listed.err).toBe("");
    expect(listed.out).toMatch(/^0 of \d+ solved\./m);
    expect(listed.out).toContain(note);
    const started = await cli([], { home });
    expect(started.out).toMatch(/^0 of \d+ exercises solved\.$/m);
    expect(started.out).toContain(note);
    // A command that writes keeps them: nothing the learner wrote is lost.
    await cli(["hint", "choose-exact"], { home });
    const kept = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    expect(Object.keys(kept.exercises).sort()).toEqual(["choose-exact", "never-here", "renamed-since"]);
    expect(readdirSync(home).filter((f) => f.startsWith("progress.unreadable-"))).toEqual([]);
  });

  test("the file carries no proof of grading: a solved part typed in counts, as on the page; a wrong kind or a part the exercise lacks does not", async () => {
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    writeFileSync(
      join(home, "progress.json"),
      JSON.stringify({
        version: 1,
        exercises: {
          // Typed in, never graded: no attempts, no fingerprint of an answer.
          "choose-exact": { parts: { code: { solved: true } } },
          "daily-disk-failures": { parts: { "per-day": { solved: true }, "quiet-day": { solved: "true" } } },
          "shuffle-shard-16-workers": { parts: { "not-a-part": { attempts: 1, solved: true } } },
        },
      }),
    );
    const listed = await cli(["list"], { home });
    const row = (id: string) => listed.out.split("\n").find((line) => line.startsWith(`${id} `)) ?? "";
    expect(row("choose-exact")).toContain("✓ Solved");
    expect(row("daily-disk-failures")).not.toContain("✓");
    expect(row("shuffle-shard-16-workers")).not.toContain("✓");
    expect(listed.out).toMatch(/^1 of \d+ solved\./m);
  });
});

describe("a learner's starter never breaks the other exercises", { timeout: 60_000 }, () => {
  const copy = join(scratch, "course");
  beforeAll(() => {
    for (const dir of ["exercises", "solutions"]) cpSync(join(repo, dir), join(copy, dir), { recursive: true });
    writeFileSync(join(copy, "package.json"), "{}\n");
    for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(copy, shared));
  });

  test("`export { choose }` in a starter: list and check still work", async () => {
    const starter = join(copy, "exercises", "choose-exact", "starter.ts");
    writeFileSync(
      starter,
      readFileSync(join(repo, "solutions", "choose-exact", "solution.ts"), "utf8").replace(
        /export function choose/,
        "function choose",
      ) + "\nexport { choose };\n",
    );
    const list = await cli(["list"], { cwd: copy });
    expect(list.code).toBe(0);
    noStack(list.err);
    const check = await cli(["check", "choose-exact"], { cwd: copy });
    expect(check.out).toMatch(/PASS choose-exact/);
    expect(check.out).not.toMatch(/type error/i);
    expect(check.code).toBe(0);
  });

  test("check lists the starter's type errors before the checks' results; the checks still decide", async () => {
    const starter = join(copy, "exercises", "choose-exact", "starter.ts");
    const solution = readFileSync(join(repo, "solutions", "choose-exact", "solution.ts"), "utf8");
    // Math.min turns the string back into a number when it runs: a type error the checks never see.
    const typed = solution.replace("Math.min(k, n - k)", "Math.min(k, String(n - k))");
    expect(typed).not.toBe(solution);
    writeFileSync(starter, typed);
    const line = typed.split("\n").findIndex((l) => l.includes("String(n - k)")) + 1;
    const column = typed.split("\n")[line - 1]!.indexOf("String") + 1;
    const check = await cli(["check", "choose-exact"], { cwd: copy });
    const lines = check.out.split("\n");
    expect(lines.slice(0, 2)).toEqual([
      "TypeScript would refuse this code: 1 type error (the checks run anyway and decide the verdict):",
      `type error: Argument of type 'string' is not assignable to parameter of type 'number'. (starter.ts, line ${line}, column ${column})`,
    ]);
    expect(lines[2]).toMatch(/^✓ /);
    expect(check.out).toMatch(/^PASS choose-exact: All \d+ checks pass\.$/m);
    expect(check.code).toBe(0);

    // Broken past running: the checks fail on it, after the same list; the course's files are not listed.
    writeFileSync(starter, "export function choose(n: number, k: number): bigint {\n  return n.toUpperCase();\n}\n");
    const broken = await cli(["check", "choose-exact"], { cwd: copy });
    expect(broken.out.split("\n").slice(0, 2)).toEqual([
      "TypeScript would refuse this code: 1 type error (the checks run anyway and decide the verdict):",
      "type error: Property 'toUpperCase' does not exist on type 'number'. (starter.ts, line 2, column 12)",
    ]);
    expect(broken.out).not.toMatch(/run-checks\.ts|checks\.ts, line/);
    expect(broken.out).toMatch(/^FAIL choose-exact: /m);
    expect(broken.code).toBe(1);

    // On a terminal 40 columns wide the type error is fitted to it, as every other line is, with no word lost.
    const narrow = await cli(["check", "choose-exact"], {
      cwd: copy,
      isTTY: true,
      columns: 40,
      env: { NO_COLOR: "1" },
    });
    const tooWide = narrow.out.split("\n").filter((line) => displayWidth(line) > 40);
    expect(tooWide).toEqual([]);
    const typeError = broken.out.split("\n")[1]!;
    expect(narrow.out.split(/\s+/).join(" ")).toContain(typeError);
  });
});

describe("one exercise's missing file affects only that exercise", { timeout: 60_000 }, () => {
  const copy = join(scratch, "course-without-a-starter");
  for (const dir of ["exercises", "solutions"]) cpSync(join(repo, dir), join(copy, dir), { recursive: true });
  writeFileSync(join(copy, "package.json"), "{}\n");
  for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(copy, shared));
  rmSync(join(copy, "exercises", "choose-exact", "starter.ts"));
  const restore =
    "exercises/choose-exact/starter.ts is missing: restore it with git checkout -- exercises/choose-exact/starter.ts";

  test("list, show and review still work, and list marks the exercise with how to restore its starter", async () => {
    const list = await cli(["list"], { cwd: copy });
    expect(list.err).toBe("");
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/choose-exact .*starter\.ts missing/);
    expect(list.out).toContain(restore);
    expect(list.out).toMatch(/daily-disk-failures/);
    expect((await cli(["show", "daily-disk-failures"], { cwd: copy })).code).toBe(0);
    expect((await cli(["review"], { cwd: copy })).code).toBe(0);
  });

  test("check names the fix: git checkout", async () => {
    const check = await cli(["check", "choose-exact"], { cwd: copy });
    expect(check.code).toBe(1);
    expect(check.out).toContain(`FAIL choose-exact: ${restore}`);
    noStack(check.err);
  });
});

describe("npm run exercises with no command: where to start", { timeout: 60_000 }, () => {
  /** The exercises in course order, with their titles and how many there are, as list gives them. */
  async function courseOrder() {
    const out = (await cli(["list"])).out;
    // The table: its rows after the header and its rule, up to the blank line before the tally.
    const rows = out.slice(0, out.indexOf("\n\n")).split("\n").slice(2);
    const exercises = rows.map((row) => ({
      id: row.split(/\s+/)[0]!,
      title: row
        .split(/ {2,}/)
        .at(-1)!
        .replace(/^★+\s*/, ""),
    }));
    return exercises;
  }

  test("a newcomer: what this is, the first exercise, the commands to try; exit 0, nothing written", async () => {
    const [first, ...rest] = await courseOrder();
    const home = freshHome();
    const started = await cli([], { home });
    expect(started.code).toBe(0);
    expect(started.err).toBe("");
    expect(started.out).toMatch(/^The exercises of Blast Radius, in your terminal: /);
    expect(started.out).toContain(`Your progress is kept in ${join(home, "progress.json")} (from BLAST_RADIUS_HOME).`);
    expect(started.out).toContain(
      `\nStart with: ${first!.title}  (${first!.id}, chapter ${readExerciseMeta(first!.id, repo).chapter})\n  npm run exercises -- show ${first!.id}\n0 of ${rest.length + 1} exercises solved.\n`,
    );
    // No review yet, so none is mentioned; the commands to try, each with what it does, and where the rest are.
    expect(started.out).not.toMatch(/review is due|reviews? due/);
    for (const command of ["show <id>", "answer <id> [--part p] <answer>", "hint <id>", "list", "review"])
      expect(started.out).toMatch(new RegExp(`\n  ${command.replace(/[[\]]/g, "\\$&")} +\\S`));
    expect(started.out).toContain("\nEvery command and option: npm run exercises -- --help\n");
    expect(existsSync(join(home, "progress.json"))).toBe(false);
    // --help is still the full usage; an option with no command is still a usage error.
    expect((await cli(["--help"], { home })).out).toMatch(/^usage: npm run exercises -- <command>\n/);
    const option = await cli(["--seed", "3"], { home });
    expect(option.code).toBe(2);
    expect(option.err).toContain("error: name a command: list, show,");
  });

  test("a learner under way: the first exercise not solved, where they left it, and the reviews due", async () => {
    const [first, second, ...rest] = await courseOrder();
    const home = freshHome();
    mkdirSync(home, { recursive: true });
    // The first exercise solved a month ago (so in the schedule, and due), the second tried once.
    const solvedAt = new Date("2026-11-01T09:00:00.000Z");
    const progress = emptyProgress();
    const parts = partsOf(readExerciseMeta(first!.id, repo)).map((p) => p.id);
    for (const part of parts) markSolved(progress, first!.id, part, { parts, now: solvedAt });
    const meta = readExerciseMeta(second!.id, repo);
    recordAttempt(progress, second!.id, partsOf(meta)[0]!.id, "a wrong answer");
    const scheduled = enrol(progress, [{ id: first!.id, chapter: "any", parts }], solvedAt);
    const file = join(home, "progress.json");
    writeFileSync(file, JSON.stringify(scheduled));
    const now = new Date(solvedAt.getTime() + 30 * 86_400_000).toISOString();
    const started = await cli([], { home, env: { BLAST_RADIUS_NOW: now } });
    expect(started.code).toBe(0);
    expect(started.out).toContain(
      `\nNext: ${second!.title}  (${second!.id}, chapter ${meta.chapter}; 1 attempt)\n  npm run exercises -- show ${second!.id}\n1 of ${rest.length + 2} exercises solved.\n`,
    );
    expect(started.out).toContain(`\n1 review due: ${first!.id}.\n  npm run exercises -- review\n`);
    // Read, not written: the schedule is as it was.
    expect(readFileSync(file, "utf8")).toBe(JSON.stringify(scheduled));
    // Before the review's day, when it comes.
    const early = await cli([], { home, env: { BLAST_RADIUS_NOW: solvedAt.toISOString() } });
    const due = new Date(scheduled.review![first!.id]!.due);
    expect(early.out).toContain(`\nNo review is due. The next review is ${whenText(due, solvedAt)}.\n`);
  });
});

describe("--help names the progress file this run uses", { timeout: 60_000 }, () => {
  test("BLAST_RADIUS_HOME's, or .blast-radius/ in the course's folder", async () => {
    const home = freshHome();
    const moved = await cli(["--help"], { home });
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(
      `\nprogress: ${join(home, "progress.json")} (from BLAST_RADIUS_HOME); import it in the browser on /progress/\n`,
    );
    expect(moved.out).not.toContain(".blast-radius/progress.json");
    for (const unset of [{ home: "" }, { home: "", env: { BLAST_RADIUS_HOME: undefined } }]) {
      const standard = await cli(["help"], unset);
      expect(standard.out).toContain(
        "\nprogress: .blast-radius/progress.json; import it in the browser on /progress/\n",
      );
    }
    // Outside the course, where no progress file would be used, it says where it would be.
    const outside = await cli(["-h"], { home: "", cwd: tmpdir() });
    expect(outside.out).toContain("\nprogress: .blast-radius/progress.json in the course's folder;");
  });
});

describe("a relative BLAST_RADIUS_HOME is read from the folder npm was run in (INIT_CWD)", { timeout: 60_000 }, () => {
  test("progress is kept there, not in the course's folder, and --help names it", async () => {
    const learner = join(scratch, "learner-folder");
    mkdirSync(learner);
    const env = { INIT_CWD: learner };
    const hinted = await cli(["hint", "choose-exact"], { home: "my-progress", env });
    expect(hinted.code).toBe(0);
    expect(JSON.parse(readFileSync(join(learner, "my-progress", "progress.json"), "utf8")).exercises).toHaveProperty(
      "choose-exact",
    );
    expect(existsSync(join(repo, "my-progress"))).toBe(false);
    const help = await cli(["--help"], { home: "my-progress", env });
    expect(help.out).toContain(
      `\nprogress: ${join(learner, "my-progress", "progress.json")} (from BLAST_RADIUS_HOME);`,
    );
    // The review session is kept beside it.
    await cli(["review"], { home: "my-progress", env });
    expect(existsSync(join(repo, "my-progress"))).toBe(false);
    // Unset, it is the course's own .blast-radius/, wherever npm was run.
    expect((await cli(["--help"], { home: "", env })).out).toContain("\nprogress: .blast-radius/progress.json;");
  });
});

describe("an empty BLAST_RADIUS_HOME is unset", { timeout: 60_000 }, () => {
  test("progress goes to the default .blast-radius/, not a bare progress.json in the working folder", async () => {
    const copy = join(scratch, "course-empty-home");
    mkdirSync(join(copy, "exercises"), { recursive: true });
    cpSync(join(repo, "exercises", "choose-exact"), join(copy, "exercises", "choose-exact"), { recursive: true });
    cpSync(join(repo, "solutions", "choose-exact"), join(copy, "solutions", "choose-exact"), { recursive: true });
    writeFileSync(join(copy, "package.json"), "{}\n");
    for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(copy, shared));
    const hinted = await cli(["hint", "choose-exact"], { home: "", cwd: copy });
    expect(hinted.code).toBe(0);
    expect(existsSync(join(copy, ".blast-radius", "progress.json"))).toBe(true);
    expect(existsSync(join(process.cwd(), "progress.json"))).toBe(false);
  });
});
