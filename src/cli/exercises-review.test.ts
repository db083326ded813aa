/**
 * `npm run exercises -- review`: the page's spaced-review schedule in the terminal, in-process,
 * on a fixed clock (BLAST_RADIUS_NOW), so every date below is exact.
 */
import * as nodeFs from "node:fs";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { answers, variant } from "../../solutions/cells-blast-radius/solution.ts";
import * as disks from "../../solutions/daily-disk-failures/solution.ts";
import * as outage from "../../solutions/diagnose-map-outage/solution.ts";
import { defaultParams } from "../grader/exercise-meta.ts";
import { readExerciseMeta } from "../grader/load-exercises.ts";
import type { Progress } from "../course/progress.ts";
import { giveUpQuestion, type ReviewOutcome, ratingsAllowed, recordReview, whenText } from "../course/review.ts";
import { mulberry32, type Random } from "../sim/random.ts";
import { paramText } from "../grader/fill-params.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import type { FileSystem } from "./json-file.ts";
import { nothingToReview, run } from "./exercises.ts";
import { reviewNumbersOf, reviewSeedOf, sameAnswersOf } from "../../tests/support/review-seeds.ts";
import { dealsReviewNumbers, reviewDraw } from "../course/review-seed.ts";
import { cellsChapterAnswers, dueCellsReview as dueCellsReviewIn } from "../../tests/support/due-cells-review.ts";

const repo = new URL("../../", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "blast-radius-review-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const t0 = "2026-12-01T09:00:00.000Z";
const at = (days: number) => new Date(Date.parse(t0) + days * 86_400_000).toISOString();

async function cli(argv: string[], now: string, dir = home) {
  return runCaptured(run, argv, { env: { BLAST_RADIUS_HOME: dir, BLAST_RADIUS_NOW: now }, cwd: repo });
}

/** The progress the terminal keeps in folder `dir`, as written. */
const progressIn = (dir: string) => JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress;

/**
 * What `solution <id> --seed <shown>` says while `id`'s review, dealt by `seed`, is due: the
 * page's question, and the command that answers yes; first, when `shown` is another seed, why its
 * numbers are the review's.
 */
const giveUpAsked = (id: string, seed: number, shown = seed) =>
  `${shown === seed ? "" : `Variant ${shown} has the answers of your due review of ${id} (variant ${seed}).\n`}These are the numbers of your due review of ${id}.\n${giveUpQuestion}\nTo give it up and see it: npm run exercises -- solution ${id} --seed ${shown} --yes\n`;

/** The chapter's answers to the two exercises these tests review, as a learner types them (t0's numbers). */
const chapterAnswers: Record<string, Record<string, string>> = {
  "cells-blast-radius": cellsChapterAnswers,
  "daily-disk-failures": Object.fromEntries(
    Object.entries(disks.answers({ machines: 2000, disks: 12, afr: 1.5 })).map(([part, value]) => [
      part,
      String(value),
    ]),
  ),
};

/**
 * The first seed above `seed` whose numbers are not those of `id`'s review dealt by `seed`: neither
 * the same numbers nor a worked solution that answers it (dealsReviewNumbers). Seed + 1 may be
 * one: daily-disk-failures's first review (24 disks a machine at 0.5%) is answered by the next
 * seed's (12 at 1%).
 */
function notTheReviews(id: string, seed: number): number {
  const isReview = dealsReviewNumbers(reviewNumbersOf(id).variant, seed, sameAnswersOf(id));
  let other = seed + 1;
  while (isReview(other)) other++;
  return other;
}

/** diagnose-map-outage's chapter numbers (its exercise.yaml's params). */
const outageChapter = defaultParams(readExerciseMeta("diagnose-map-outage"));

/** The first seed from 1 up, other than `seed`, whose variant has the same numbers as `seed`'s: found, not typed. */
function sameNumbersAs<P>(deal: (rand: Random) => P, seed: number): number {
  const numbers = JSON.stringify(deal(mulberry32(seed)));
  for (let other = 1; ; other++)
    if (other !== seed && JSON.stringify(deal(mulberry32(other))) === numbers) return other;
}

/** Solve each of `ids` with the chapter's numbers at t0, then read the schedule, which enters them (due days later). */
async function solveAndEnrol(dir: string, ...ids: string[]) {
  for (const id of ids)
    for (const [part, answer] of Object.entries(chapterAnswers[id]!))
      await cli(["answer", id, "--part", part, answer], t0, dir);
  await cli(["review"], t0, dir);
}

/**
 * cells-blast-radius solved and enrolled in a fresh folder named `name`, on its first review's day
 * (tests/support/due-cells-review.ts), with another seed that deals the review's numbers.
 */
async function dueCellsReview(name: string) {
  const due = await dueCellsReviewIn(home, name, t0);
  return { ...due, twin: sameNumbersAs(variant, due.seed) };
}

describe("npm run exercises -- review", { timeout: 60_000 }, () => {
  test("nothing in review yet: how to tell the exercises that join it, what it says is what show says, and a solve comes back when it says", async () => {
    const dir = mkdtempSync(join(home, "nothing-"));
    expect(await cli(["review"], t0, dir)).toMatchObject({ code: 0, out: nothingToReview, err: "" });
    // The sentence's test: an exercise with new numbers deals them, one with none says so in those words.
    expect(nothingToReview).toContain("show <id> --seed 2 tells: one that deals none says it has no variants");
    expect((await cli(["show", "cells-blast-radius", "--seed", "2"], t0, dir)).code).toBe(0);
    for (const none of ["redundancy-or-compartments", "choose-exact"]) {
      const shown = await cli(["show", none, "--seed", "2"], t0, dir);
      expect(shown.code).toBe(2);
      expect(shown.err).toContain(`${none} has no variants`);
    }
    // Solved after a wrong answer, or after a hint: back in 2 days, as the sentence says, not 3.
    expect(nothingToReview).toContain("in 3 days, or in 2 days if you answered a part wrong or took a hint");
    expect((await cli(["answer", "cells-blast-radius", "--part", "canary", "400"], t0, dir)).code).toBe(1);
    expect((await cli(["hint", "daily-disk-failures"], t0, dir)).code).toBe(0);
    for (const id of ["cells-blast-radius", "daily-disk-failures"])
      for (const [part, answer] of Object.entries(chapterAnswers[id]!))
        expect((await cli(["answer", id, "--part", part, answer], t0, dir)).code).toBe(0);
    expect((await cli([], t0, dir)).out).toContain("No review is due. The next review is in 2 days (2026-12-03).");
    expect((await cli(["review"], t0, dir)).out).toContain(
      "Nothing is due. The next review is in 2 days (2026-12-03).",
    );
    const review = progressIn(dir).review!;
    expect(Object.keys(review).sort()).toEqual(["cells-blast-radius", "daily-disk-failures"]);
    for (const card of Object.values(review)) expect(card).toMatchObject({ due: at(2), reps: 1, lapses: 0 });
  });

  test("importing the review-session.json the terminal wrote says what it is, not that the course is out of date", async () => {
    const { dir, now } = await dueCellsReview("import-session");
    await cli(["review"], now, dir);
    const sessions = join(dir, "review-session.json");
    expect(JSON.parse(readFileSync(sessions, "utf8")).version).toBe(2);
    const before = readFileSync(join(dir, "progress.json"), "utf8");
    const result = await cli(["import", sessions], now, dir);
    expect(result.code).toBe(2);
    expect(result.err).toBe(
      `error: ${sessions}: That file is the terminal's review-session.json (the reviews under way in the terminal), which holds no progress: yours is in progress.json. Import an export from the page's /progress/, or a kept copy of an unreadable progress file. Nothing was changed.\n(run with --help for usage)\n`,
    );
    expect(readFileSync(join(dir, "progress.json"), "utf8")).toBe(before);
  });

  test("a progress folder that cannot be written: review still shows what is due, then says nothing was saved (exit 2)", async () => {
    const dir = mkdtempSync(join(home, "read-only-"));
    const id = "cells-blast-radius";
    for (const [part, answer] of Object.entries(chapterAnswers[id]!))
      await cli(["answer", id, "--part", part, answer], t0, dir);
    const before = readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]);
    // A home the learner cannot write (a read-only mount): no lock can be made.
    const readOnly: FileSystem = {
      ...nodeFs,
      openSync(path, flags, mode) {
        if (String(path).endsWith(".lock"))
          throw Object.assign(new Error("EACCES: permission denied"), { code: "EACCES" });
        return nodeFs.openSync(path, flags, mode);
      },
    };
    // Never entered in the schedule (that write failed too): on its first review's day it is due all the same.
    const due = await runCaptured((argv, io) => run(argv, io, { fs: readOnly }), ["review"], {
      env: { BLAST_RADIUS_HOME: dir, BLAST_RADIUS_NOW: at(3) },
      cwd: repo,
    });
    expect(due.code).toBe(2);
    expect(due.out).toContain(`1 review due. New numbers (variant ${reviewSeedOf(id, 1)})`);
    expect(due.err).toMatch(
      /^error: your progress could not be saved: .*progress\.json\.lock could not be created: permission denied \(EACCES\); nothing was changed\n/,
    );
    expect(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")])).toEqual(before);
    // Nothing due yet: the table and the next review, then the same error.
    const early = await runCaptured((argv, io) => run(argv, io, { fs: readOnly }), ["review"], {
      env: { BLAST_RADIUS_HOME: dir, BLAST_RADIUS_NOW: t0 },
      cwd: repo,
    });
    expect(early.code).toBe(2);
    expect(early.out).toContain("Nothing is due. The next review is in 3 days (2026-12-04).");
    expect(early.err).toMatch(/^error: your progress could not be saved: /);
  });

  test("a solved exercise joins, comes back on its day with new numbers, and is rescheduled by how it went", async () => {
    const id = "cells-blast-radius";
    expect((await cli(["review"], t0)).out).toBe(nothingToReview);
    await cli(["answer", id, "--part", "untouched", "90%"], t0);
    await cli(["answer", id, "--part", "canary", "500"], t0);

    // Solving counts as the first review: due three days later (FSRS's first interval).
    const joined = await cli(["review"], t0);
    expect(joined.code).toBe(0);
    expect(joined.out).toMatch(/cells\s+1\s+0\s+100%/);
    expect(joined.out).toContain("Nothing is due. The next review is in 3 days (2026-12-04).");
    const early = await cli(["review", id, "--part", "canary", "500"], at(1));
    expect(early.code).toBe(2);
    expect(early.err).toContain("is not due for review: it comes back in 2 days (2026-12-04)");

    // On the day: the exercise with the numbers of its review variant, not the chapter's.
    const params = variant(mulberry32(reviewSeedOf(id, 1)));
    const expected = answers(params);
    const due = await cli(["review"], at(3));
    expect(due.out).toContain(`1 review due. New numbers (variant ${reviewSeedOf(id, 1)})`);
    expect(due.out).toContain(
      `A service runs as ${params.cells} cells with its ${paramText(params.customers!)} customers`,
    );
    expect(due.out).toContain(`Answer with: npm run exercises -- review ${id} --part <part> <answer>`);

    // The chapter's answer is wrong for these numbers; one wrong answer makes the review "hard".
    const stale = await cli(["review", id, "--part", "canary", "500"], at(3));
    expect(stale.code).toBe(1);
    expect(stale.out).toMatch(/^WRONG \[canary\]/);
    const canary = await cli(["review", id, "--part", "canary", String(expected.canary)], at(3));
    expect(canary.out).toContain("Parts left: untouched");
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3));
    expect(last.code).toBe(0);
    expect(last.out).toContain(
      "Right in the end, after 1 wrong answer or hint. Rated hard (what your attempts earned): cells-blast-radius comes back in 9 days (2026-12-13).",
    );

    const progress = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    expect(progress.review[id]).toMatchObject({ reps: 2, lapses: 0, due: at(12) });

    // Giving up shows this review's answers and brings it back the next day.
    const next = variant(mulberry32(reviewSeedOf(id, 2)));
    const gaveUp = await cli(["review", id, "--give-up"], at(12));
    expect(gaveUp.code).toBe(0);
    expect(gaveUp.out).toContain(`The answers for variant ${reviewSeedOf(id, 2)}:`);
    expect(gaveUp.out).toContain(`[canary] ${answers(next).canary!.toLocaleString("en")}`);
    expect(gaveUp.out).toContain("comes back tomorrow (2026-12-14).");
  });

  test("an exercise solved a month before review is first run is due then, not three days later", async () => {
    const id = "cells-blast-radius";
    const dir = mkdtempSync(join(tmpdir(), "blast-radius-solved-early-"));
    try {
      for (const [part, answer] of Object.entries(chapterAnswers[id]!))
        await cli(["answer", id, "--part", part, answer], t0, dir);
      const solvedAt = JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")).exercises[id].solvedAt;
      expect(solvedAt).toBe(t0);
      // Thirty days on, never reviewed: the start screen (which writes nothing) and review both say it is due.
      const start = await cli([], at(30), dir);
      expect(start.out).toContain(`\n1 review due: ${id}.\n  npm run exercises -- review\n`);
      const due = await cli(["review"], at(30), dir);
      expect(due.code).toBe(0);
      expect(due.out).toContain(`1 review due. New numbers (variant ${reviewSeedOf(id, 1)})`);
      // Entered as reviewed when it was solved, and due since FSRS's first interval after that.
      const card = (JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress).review![id]!;
      expect(card).toMatchObject({ reps: 1, last_review: t0, due: at(3) });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("the learner rates a review among the grades the attempts earned, the page's rule; by default what they earned", async () => {
    const id = "cells-blast-radius";
    const dir = mkdtempSync(join(tmpdir(), "blast-radius-rate-"));
    try {
      const read = () => progressIn(dir);
      await cli(["answer", id, "--part", "untouched", "90%"], t0, dir);
      await cli(["answer", id, "--part", "canary", "500"], t0, dir);
      await cli(["review"], t0, dir);
      expect((await cli(["review", id, "--rate", "good"], at(3), dir)).err).toContain(
        "nothing to rate for cells-blast-radius",
      );
      expect((await cli(["review", id, "--rate", "superb", "1"], at(3), dir)).err).toContain(
        '--rate takes again, hard, good or easy (got "superb")',
      );

      // Right first time, no grade named: "good" is recorded, and every grade is offered with its day.
      const expected = answers(variant(mulberry32(reviewSeedOf(id, 1))));
      await cli(["review"], at(3), dir);
      await cli(["review", id, "--part", "canary", String(expected.canary)], at(3), dir);
      const before = read();
      const half = await cli(["review", id, "--rate", "easy"], at(3), dir);
      expect(half.code).toBe(2);
      expect(half.err).toContain("answer every part of cells-blast-radius first (left: untouched)");
      const done = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
      expect(done.code).toBe(0);
      const dueAfter = (o: ReviewOutcome) => new Date(recordReview(before, id, o, new Date(at(3))).review![id]!.due);
      const day = (o: ReviewOutcome) => whenText(dueAfter(o), new Date(at(3)));
      expect(done.out).toContain(
        `Re-derived first time. Rated good (what your attempts earned): ${id} comes back ${day("good")}.`,
      );
      expect(ratingsAllowed({ wrong: 0, gaveUp: false })).toEqual(["again", "hard", "good", "easy"]);
      expect(done.out).toContain(
        `  again  back ${day("again")}\n  hard   back ${day("hard")}\n  good   back ${day("good")}  (recorded)\n  easy   back ${day("easy")}`,
      );
      expect(read().review![id]!.due).toBe(dueAfter("good").toISOString());

      // Rated otherwise: from the card as it was, at the moment it was answered (a later clock changes nothing).
      const easy = await cli(["review", id, "--rate", "easy"], at(3.5), dir);
      expect(easy.code).toBe(0);
      expect(easy.out).toMatch(new RegExp(`^Rated easy: ${id} comes back in \\d+ days`));
      expect(read().review![id]).toEqual(recordReview(before, id, "easy", new Date(at(3))).review![id]);
      expect(dueAfter("easy").getTime()).toBeGreaterThan(dueAfter("good").getTime());
      await cli(["review", id, "--rate", "hard"], at(3), dir);
      expect(read().review![id]).toEqual(recordReview(before, id, "hard", new Date(at(3))).review![id]);

      // After a wrong answer, a grade above "hard" is not earned: the default is recorded and said so.
      const reps = read().review![id]!.reps;
      const dueOn = read().review![id]!.due;
      const next = answers(variant(mulberry32(reviewSeedOf(id, reps))));
      await cli(["review"], dueOn, dir);
      await cli(["review", id, "--part", "canary", String(Number(next.canary) + 1)], dueOn, dir);
      await cli(["review", id, "--part", "canary", String(next.canary)], dueOn, dir);
      const beforeHard = read();
      const greedy = await cli(
        ["review", id, "--rate", "easy", "--part", "untouched", String(next.untouched)],
        dueOn,
        dir,
      );
      expect(greedy.code).toBe(0);
      expect(greedy.out).toContain(
        "easy is not among the grades these attempts earned (again or hard). Rated hard (what your attempts earned):",
      );
      expect(greedy.out).not.toContain("  good ");
      const refused = await cli(["review", id, "--rate", "good"], dueOn, dir);
      expect(refused.code).toBe(2);
      // As the refusal above writes the grades on offer: one of them is to be chosen.
      expect(refused.err).toContain("good is not among the grades this review's attempts earned (again or hard)");
      const again = await cli(["review", id, "--rate", "again"], dueOn, dir);
      expect(again.out).toContain(`Rated again: ${id} comes back`);
      expect(read().review![id]).toEqual(recordReview(beforeHard, id, "again", new Date(dueOn)).review![id]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a hint in a review has the review's numbers and counts against it, as a wrong answer does", async () => {
    const dir = mkdtempSync(join(home, "hint-"));
    const id = "cells-blast-radius";
    // Solving enters the schedule when the schedule is next read (due three days later).
    await solveAndEnrol(dir, id);
    const seed = reviewSeedOf(id, 1);
    const params = variant(mulberry32(seed));
    const expected = answers(params);
    const due = await cli(["review"], at(3), dir);
    const hintCommand = `npm run exercises -- hint ${id} --seed ${seed}`;
    expect(due.out).toContain(`A hint with these numbers: ${hintCommand}  (it counts against the review)`);
    // A wrong answer pointed at "a hint", whose plain command shows the chapter's numbers.
    const wrong = await cli(["review", id, "--part", "canary", "500"], at(3), dir);
    expect(wrong.out).toContain(`A hint with these numbers: ${hintCommand}  (it counts against the review)\n`);
    const first = await cli(["hint", id, "--seed", String(seed)], at(3), dir);
    expect(first.out).toContain("This hint counts against the review under way, as a wrong answer does.");
    const second = await cli(["hint", id, "--seed", String(seed)], at(3), dir);
    expect(second.out).toContain(`${paramText(params.customers!)} / ${params.cells} of them`);
    // The chapter's numbers' hint (no seed) is not this review's: it does not count.
    const chapter = await cli(["hint", id], at(3), dir);
    expect(chapter.out).not.toContain("counts against");
    await cli(["review", id, "--part", "canary", String(expected.canary)], at(3), dir);
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
    expect(last.out).toContain("Right in the end, after 3 wrong answers or hints.");
  });

  test("the same wrong answer given again is not counted against the review again; another is", async () => {
    const dir = mkdtempSync(join(home, "again-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const expected = answers(variant(mulberry32(reviewSeedOf(id, 1))));
    const wrongOnce = String(expected.canary! + 1);
    const first = await cli(["review", id, "--part", "canary", wrongOnce], at(3), dir);
    expect(first.out).toMatch(/^WRONG \[canary\]/);
    expect(first.out).not.toContain("not counted");
    // Pressed again, spaces aside: the same verdict, said not to count.
    const again = await cli(["review", id, "--part", "canary", ` ${wrongOnce} `], at(3), dir);
    expect(again.out).toMatch(/^WRONG \[canary\]/);
    expect(again.out).toContain("The same answer as your last check of this part: not counted as another attempt.");
    // An empty answer is said to be empty (exit 2), and counts nothing, as on the page.
    const empty = await cli(["review", id, "--part", "canary", ""], at(3), dir);
    expect(empty.code).toBe(2);
    expect(empty.err).toMatch(/^error: the answer to \[canary\] is empty: give a number or a calculation\n/);
    // Another wrong answer counts; then the first again counts too (it is not the last one counted).
    await cli(["review", id, "--part", "canary", String(expected.canary! + 2)], at(3), dir);
    const back = await cli(["review", id, "--part", "canary", wrongOnce], at(3), dir);
    expect(back.out).not.toContain("not counted");
    await cli(["review", id, "--part", "canary", String(expected.canary)], at(3), dir);
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
    expect(last.out).toContain("Right in the end, after 3 wrong answers or hints.");
  });

  test("two reviews due keep a record each: answering one does not reset the other's wrong answers and hints", async () => {
    const dir = mkdtempSync(join(home, "two-"));
    const cells = "cells-blast-radius";
    const disk = "daily-disk-failures";
    const read = () => progressIn(dir);
    // Both solved with the chapter's numbers and enrolled at t0; a month later both are due.
    await solveAndEnrol(dir, cells, disk);
    const now = at(30);
    expect((await cli(["review"], now, dir)).out).toContain("2 reviews due.");
    const cellsSeed = reviewSeedOf(cells, 1);
    const diskSeed = reviewSeedOf(disk, 1);
    const cellsAnswers = answers(variant(mulberry32(cellsSeed)));
    const diskAnswers = disks.answers(disks.variant(mulberry32(diskSeed)));

    // The reviewer's steps: a wrong answer and a hint in cells' review, then a wrong answer in the disks' one.
    expect((await cli(["review", cells, "--part", "canary", "1"], now, dir)).code).toBe(1);
    const hinted = await cli(["hint", cells, "--seed", String(cellsSeed)], now, dir);
    expect(hinted.out).toContain("This hint counts against the review under way");
    expect((await cli(["review", disk, "--part", "per-day", "1000000"], now, dir)).code).toBe(1);
    await cli(["review", cells, "--part", "untouched", String(cellsAnswers.untouched)], now, dir);
    const cellsDone = await cli(["review", cells, "--part", "canary", String(cellsAnswers.canary)], now, dir);
    expect(cellsDone.out).toContain("Right in the end, after 2 wrong answers or hints. Rated hard");
    expect(cellsDone.out).not.toContain("easy");
    expect(read().review![cells]!.reps).toBe(2);

    // The disks' review kept its own wrong answer, and its hint counts against it, not against cells'.
    const diskHint = await cli(["hint", disk, "--seed", String(diskSeed)], now, dir);
    expect(diskHint.out).toContain("This hint counts against the review under way");
    // --rate acts on cells' review, answered; --give-up on the disks', under way.
    const rerated = await cli(["review", cells, "--rate", "again"], now, dir);
    expect(rerated.code).toBe(0);
    expect(rerated.out).toContain(`Rated again: ${cells} comes back`);
    const half = await cli(["review", disk, "--rate", "again"], now, dir);
    expect(half.err).toContain(`answer every part of ${disk} first (left: per-day and quiet-day)`);
    await cli(["review", disk, "--part", "per-day", String(diskAnswers["per-day"])], now, dir);
    const diskDone = await cli(["review", disk, "--part", "quiet-day", String(diskAnswers["quiet-day"])], now, dir);
    expect(diskDone.out).toContain("Right in the end, after 2 wrong answers or hints. Rated hard");
    // Cells' grade can still be changed after the disks' review was answered: each keeps its own.
    expect((await cli(["review", cells, "--rate", "hard"], now, dir)).out).toContain(`Rated hard: ${cells}`);
    expect((await cli(["review", disk, "--rate", "again"], now, dir)).out).toContain(`Rated again: ${disk}`);
  });

  test("the due review's worked solution, shown with its --seed, asks the page's question first, then with --yes gives the review up as --give-up does", async () => {
    const dir = mkdtempSync(join(home, "solution-"));
    const id = "daily-disk-failures";
    const read = () => progressIn(dir);
    await solveAndEnrol(dir, id);
    const now = at(30);
    const seed = reviewSeedOf(id, 1);
    const expected = disks.answers(disks.variant(mulberry32(seed)));
    // The chapter's numbers, and another variant's, are not the review's: their solutions count
    // nothing there (they mark the chapter's record, so they are shown only with --yes).
    for (const argv of [
      ["solution", id, "--yes"],
      ["solution", id, "--seed", String(notTheReviews(id, seed)), "--yes"],
    ]) {
      const other = await cli(argv, now, dir);
      expect(other.code).toBe(0);
      expect(other.out).not.toContain("due review");
    }
    expect(read().review![id]!.reps).toBe(1);

    const before = read();
    const files = () => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
    const untouched = files();
    // As the exercise's Show solution on /review/: the page's question first (giveUpQuestion), and
    // the command that answers yes. Nothing is shown, counted or written.
    const asked = await cli(["solution", id, "--seed", String(seed)], now, dir);
    expect(asked).toMatchObject({
      code: 0,
      out: giveUpAsked(id, seed),
      err: "",
    });
    expect(files()).toEqual(untouched);
    const shown = await cli(["solution", id, "--seed", String(seed), "--yes"], now, dir);
    expect(shown.code).toBe(0);
    // Worked with the review's numbers.
    const worked = disks.worked(disks.variant(mulberry32(seed)));
    expect(shown.out).toContain(`(1 − p)^${worked.totalDisks} ≈ ${worked.quietDay}`);
    const back = recordReview(before, id, "again", new Date(now)).review![id]!;
    expect(shown.out).toContain(
      `These are the numbers of your due review: seeing their solution counts as giving up that review. Rated again (what your attempts earned): ${id} comes back ${whenText(new Date(back.due), new Date(now))}.`,
    );
    expect(read().review![id]).toEqual(back);
    // The answers just read off no longer re-derive it: the review is over until it comes back.
    const typed = await cli(["review", id, "--part", "per-day", String(expected["per-day"])], now, dir);
    expect(typed.code).toBe(2);
    expect(typed.err).toContain(
      `${id} is not due for review: it comes back ${whenText(new Date(back.due), new Date(now))}`,
    );
    expect(typed.out).not.toContain("Re-derived first time");
  });

  test("the due review's worked solution leaves the exercise's record in its chapter as it was, as on the page", async () => {
    const dir = mkdtempSync(join(home, "solution-chapter-"));
    const id = "daily-disk-failures";
    const read = () => progressIn(dir);
    await solveAndEnrol(dir, id);
    const chapter = read().exercises[id];
    expect(chapter?.revealed).toBeFalsy();
    const shown = await cli(["solution", id, "--seed", String(reviewSeedOf(id, 1)), "--yes"], at(30), dir);
    expect(shown.out).toContain("seeing their solution counts as giving up that review");
    // Given up in the review (rated again), and the chapter's record untouched: not "solution seen".
    expect(read().review![id]!.reps).toBe(2);
    expect(read().exercises[id]).toEqual(chapter);
    // Another variant's solution is practice on the chapter's exercise: it is marked seen there,
    // so, as in the chapter, it is shown once the learner says yes.
    const asked = await cli(["solution", id, "--seed", String(notTheReviews(id, reviewSeedOf(id, 1)))], at(30), dir);
    expect(asked).toMatchObject({ code: 0, err: "" });
    expect(asked.out).toMatch(/\nTo show it: npm run exercises -- solution .* --yes\n$/);
    expect(asked.out).not.toContain("Worked solution");
    expect(read().exercises[id]).toEqual(chapter);
    await cli(["solution", id, "--seed", String(notTheReviews(id, reviewSeedOf(id, 1))), "--yes"], at(30), dir);
    expect(read().exercises[id]?.revealed).toBe(true);
  });

  test("a due review's hints and answers with its --seed count in the review alone: the chapter's record stays as it was", async () => {
    const dir = mkdtempSync(join(home, "answer-chapter-"));
    const id = "cells-blast-radius";
    const read = () => progressIn(dir);
    // One of the chapter's hints opened while solving it with the chapter's numbers: the chapter's,
    // not the review's (once solved, a hint there is no longer counted).
    await cli(["hint", id], t0, dir);
    await solveAndEnrol(dir, id);
    const now = at(3);
    const chapter = read().exercises[id];
    expect(chapter?.hints).toBe(1);
    const seed = reviewSeedOf(id, 1);
    const expected = answers(variant(mulberry32(seed)));
    const hint = () => cli(["hint", id, "--seed", String(seed)], now, dir);

    // The review opens its own hints from the first, each counted once; one more opens none and counts nothing.
    const first = await hint();
    expect(first.out).toContain("Hint 1 of 2: ");
    expect(first.out).not.toContain("Hint 2 of 2");
    expect(first.out).toContain("This hint counts against the review under way");
    const second = await hint();
    expect(second.out).toContain("Hint 2 of 2: ");
    expect(second.out).toContain("This hint counts against the review under way");
    const third = await hint();
    expect(third.out).toContain("Hint 2 of 2: ");
    expect(third.out).toContain("Every hint is shown already: nothing more counts against the review.");
    expect(third.out).not.toContain("This hint counts");
    expect(read().exercises[id]).toEqual(chapter);

    // Answers checked on the review's numbers, wrong then right: no attempt, no part solved in the chapter.
    const answer = (part: string, value: number) =>
      cli(["answer", id, "--part", part, "--seed", String(seed), String(value)], now, dir);
    expect((await answer("canary", expected.canary! + 1)).out).toMatch(/^WRONG \[canary\]/);
    expect(read().exercises[id]).toEqual(chapter);
    await answer("canary", expected.canary!);
    const last = await answer("untouched", expected.untouched!);
    expect(last.out).toContain("Right in the end, after 3 wrong answers or hints.");
    expect(read().exercises[id]).toEqual(chapter);
    expect(read().review![id]!.reps).toBe(2);
  });

  test("a record kept under another seed the card may deal is this review's: its wrong answers count, its answers do not", async () => {
    const dir = mkdtempSync(join(home, "other-draw-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const seed = reviewSeedOf(id, 1);
    const other = [1, 2, 3].map((draw) => reviewDraw(id, 1, draw)).find((s) => s !== seed)!;
    // As a review begun before reviews skipped the chapter's numbers left it: two wrong, one part right.
    writeFileSync(
      join(dir, "review-session.json"),
      JSON.stringify({ version: 2, reviews: { [id]: { seed: other, wrong: 2, right: ["canary"] } } }),
    );
    const expected = answers(variant(mulberry32(seed)));
    const first = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
    expect(first.err).toBe("");
    // The part right on the other numbers is not right on these: the review is not over.
    expect(first.out).not.toContain("Rated");
    const last = await cli(["review", id, "--part", "canary", String(expected.canary)], at(3), dir);
    expect(last.out).toContain("Right in the end, after 2 wrong answers or hints.");
    expect(last.out).not.toContain("Rated good");
  });

  test("wrong answers checked with answer --seed on the due review's numbers count against it; it says so in full once", async () => {
    const dir = mkdtempSync(join(home, "answer-"));
    const id = "daily-disk-failures";
    await solveAndEnrol(dir, id);
    const now = at(30);
    const seed = reviewSeedOf(id, 1);
    const expected = disks.answers(disks.variant(mulberry32(seed)));
    const perDay = expected["per-day"]!;
    const note = `These are the numbers of your due review of ${id}: an answer checked here counts in it, right or wrong`;
    const answer = (value: number, more: string[] = ["--seed", String(seed)]) =>
      cli(["answer", id, "--part", "per-day", ...more, String(value)], now, dir);

    // The chapter's numbers are not the review's: a wrong answer there counts nothing against it.
    expect((await answer(perDay * 10, [])).out).not.toContain(note);
    // Homing in on the review's numbers through answer: each wrong answer counts, said the first time.
    const high = await answer(perDay * 10);
    expect(high.code).toBe(1);
    expect(high.out).toMatch(/^WRONG \[per-day\]/);
    expect(high.out).toContain(note);
    expect(high.out).toContain(`hint ${id} --seed ${seed}  (it counts against the review)`);
    const low = await answer(perDay / 10);
    expect(low.code).toBe(1);
    expect(low.out).not.toContain(note);
    // The same wrong answer again is not counted again, in answer as in review.
    expect((await answer(perDay / 10)).out).toContain("not counted as another attempt");
    // The right one counts too: its part is answered in the review, which is not asked again.
    const right = await answer(perDay);
    expect(right.out).toMatch(/^RIGHT \[per-day\]/);
    expect(right.out).toContain(`Counted in your due review of ${id}.\nParts left: quiet-day\n`);
    const last = await cli(["review", id, "--part", "quiet-day", String(expected["quiet-day"])], now, dir);
    expect(last.code).toBe(0);
    expect(last.out).toContain(
      "Right in the end, after 2 wrong answers or hints. Rated hard (what your attempts earned)",
    );
    expect(last.out).not.toContain("easy");
  });

  test("right answers checked with answer --seed count in the due review as through review: one path, the same rating", async () => {
    const id = "daily-disk-failures";
    const seed = reviewSeedOf(id, 1);
    const expected = disks.answers(disks.variant(mulberry32(seed)));
    const now = at(30);
    // The same answers, one learner giving them through review, another through answer --seed:
    // a wrong one, then each part right.
    const steps: [string, number][] = [
      ["per-day", expected["per-day"]! * 10],
      ["per-day", expected["per-day"]!],
      ["quiet-day", expected["quiet-day"]!],
    ];
    const ways = {
      review: (part: string, value: number) => ["review", id, "--part", part, String(value)],
      answer: (part: string, value: number) => ["answer", id, "--part", part, "--seed", String(seed), String(value)],
    };
    const run = async (way: keyof typeof ways) => {
      const dir = mkdtempSync(join(home, `right-${way}-`));
      await solveAndEnrol(dir, id);
      const results = [];
      for (const [part, value] of steps) results.push(await cli(ways[way](part, value), now, dir));
      const progress = JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress;
      const sessions = JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8"));
      const again = await cli(["review", id, "--part", "quiet-day", String(expected["quiet-day"])], now, dir);
      return { results, card: progress.review![id], rated: sessions.reviews[id].rated, again };
    };
    const review = await run("review");
    const answer = await run("answer");
    expect(answer.results.map((r) => r.code)).toEqual([1, 0, 0]);
    expect(answer.results.map((r) => r.code)).toEqual(review.results.map((r) => r.code));
    // Said where it counted, then the review's own words from the rating on, to the byte.
    const [first, second, last] = answer.results.map((r) => r.out);
    expect(first).toContain(`These are the numbers of your due review of ${id}: an answer checked here counts in it`);
    expect(second).toContain(`Counted in your due review of ${id}.\nParts left: quiet-day\n`);
    expect(last).toContain(`Counted in your due review of ${id}.\n`);
    const rating = (out: string) => out.slice(out.indexOf("Right in the end"));
    expect(rating(review.results[2]!.out)).toMatch(/^Right in the end, after 1 wrong answer or hint\. Rated hard \(/);
    expect(rating(last!)).toBe(rating(review.results[2]!.out));
    // The same schedule, and the same record for --rate; the review is over, not asked again.
    expect(answer.card).toEqual(review.card);
    expect(answer.card!.reps).toBe(2);
    expect(answer.rated).toEqual(review.rated);
    expect(answer.again.code).toBe(2);
    expect(answer.again.err).toContain(`${id} is not due for review`);
  });

  test("answered right first time through answer --seed, a review is rated good, as through review", async () => {
    const dir = mkdtempSync(join(home, "first-time-answer-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const seed = String(reviewSeedOf(id, 1));
    const expected = answers(variant(mulberry32(reviewSeedOf(id, 1))));
    const before = JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress;
    const now = at(3);
    await cli(["answer", id, "--part", "canary", "--seed", seed, String(expected.canary)], now, dir);
    const last = await cli(["answer", id, "--part", "untouched", "--seed", seed, String(expected.untouched)], now, dir);
    expect(last.code).toBe(0);
    const back = recordReview(before, id, "good", new Date(now)).review![id]!;
    expect(last.out).toContain(
      `Re-derived first time. Rated good (what your attempts earned): ${id} comes back ${whenText(new Date(back.due), new Date(now))}.`,
    );
    expect(JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")).review[id]).toEqual(back);
    // Rated otherwise as any review is, until its next one starts.
    expect((await cli(["review", id, "--rate", "easy"], now, dir)).out).toContain(`Rated easy: ${id} comes back`);
  });

  test("another seed that deals the due review's numbers is the review's: its hint and wrong answer count in it, once each", async () => {
    const { dir, id, now, seed, twin, expected } = await dueCellsReview("same-numbers");
    const why = `Variant ${twin} has the answers of your due review of ${id} (variant ${seed}).\n`;
    // A hint on them, by the other seed: it counts against the review, and says why.
    const hinted = await cli(["hint", id, "--seed", String(twin)], now, dir);
    expect(hinted.out).toContain(`${why}This hint counts against the review under way, as a wrong answer does.\n`);
    // A wrong answer by the other seed counts; the same answer through review is the same attempt.
    const wrong = String(expected.canary! + 1);
    const checked = await cli(["answer", id, "--part", "canary", "--seed", String(twin), wrong], now, dir);
    expect(checked.code).toBe(1);
    expect(checked.out).toContain(
      `${why}These are the numbers of your due review of ${id}: an answer checked here counts in it`,
    );
    const again = await cli(["review", id, "--part", "canary", wrong], now, dir);
    expect(again.out).toContain("not counted as another attempt");
    // Right by the other seed, then the last part through review: two wrong answers or hints, rated hard.
    const right = await cli(
      ["answer", id, "--part", "canary", "--seed", String(twin), String(expected.canary)],
      now,
      dir,
    );
    expect(right.out).toContain(`Counted in your due review of ${id}.\nParts left: untouched\n`);
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], now, dir);
    expect(last.code).toBe(0);
    expect(last.out).toContain(
      "Right in the end, after 2 wrong answers or hints. Rated hard (what your attempts earned)",
    );
  });

  test("show with a seed that deals a due review's numbers says that a hint, an answer or the solution on them counts in it", async () => {
    const dir = mkdtempSync(join(home, "show-review-numbers-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const seed = reviewSeedOf(id, 1);
    const twin = sameNumbersAs(variant, seed);
    let other = 1;
    while (other === seed || JSON.stringify(variant(mulberry32(other))) === JSON.stringify(variant(mulberry32(seed))))
      other++;
    const show = async (s: number, now: string) => (await cli(["show", id, "--seed", String(s)], now, dir)).out;
    const files = () => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
    const before = files();
    // Due: the review's own seed, and another with its numbers, each say so once, first.
    const own = await show(seed, at(3));
    expect(own.split("\n")[0]).toBe(
      `These are the numbers of your due review of ${id}: a hint, an answer or the solution on them counts in that review.`,
    );
    const byTwin = await show(twin, at(3));
    expect(byTwin.split("\n")[0]).toBe(
      `Variant ${twin} has the answers of your due review of ${id} (variant ${seed}): a hint, an answer or the solution on them counts in that review.`,
    );
    for (const out of [own, byTwin]) expect(out.match(/counts in that review/g)).toHaveLength(1);
    // They are the review's, not new numbers of the chapter's: no status line of new numbers under the title.
    for (const out of [own, byTwin]) expect(out.split("\n")[2]).toBe("");
    // Other numbers, or the review's before it is due: not a word of it, and the status of new numbers.
    const others = await show(other, at(3));
    expect(others).not.toContain("due review");
    expect(others.split("\n")[1]).toMatch(
      new RegExp(`these numbers \\(variant ${other}\\): 0 of 2 parts answered right so far$`),
    );
    expect(await show(seed, at(2))).not.toContain("due review");
    // Showing them counts nothing and writes nothing.
    expect(files()).toEqual(before);
    // What it says holds: a hint on them then counts against the review.
    const hinted = await cli(["hint", id, "--seed", String(seed)], at(3), dir);
    expect(hinted.out).toContain("This hint counts against the review under way, as a wrong answer does.\n");
  });

  test("the worked solution by another seed that deals the due review's numbers gives the review up", async () => {
    const dir = mkdtempSync(join(home, "same-numbers-solution-"));
    const id = "daily-disk-failures";
    const read = () => progressIn(dir);
    await solveAndEnrol(dir, id);
    const now = at(30);
    const seed = reviewSeedOf(id, 1);
    const twin = sameNumbersAs(disks.variant, seed);
    const before = read();
    // Asked first, as by the review's own seed, saying why these numbers are the review's.
    const asked = await cli(["solution", id, "--seed", String(twin)], now, dir);
    expect(asked).toMatchObject({ code: 0, err: "" });
    expect(asked.out).toBe(giveUpAsked(id, seed, twin));
    expect(read()).toEqual(before);
    const shown = await cli(["solution", id, "--seed", String(twin), "--yes"], now, dir);
    expect(shown.code).toBe(0);
    const back = recordReview(before, id, "again", new Date(now)).review![id]!;
    expect(shown.out).toContain(
      `\nVariant ${twin} has the answers of your due review of ${id} (variant ${seed}).\nThese are the numbers of your due review: seeing their solution counts as giving up that review. Rated again (what your attempts earned)`,
    );
    expect(read().review![id]).toEqual(back);
  });

  test("the worked solution by a seed with other numbers but the due review's answers asks the give-up question, and gives the review up", async () => {
    // The audit's steps: diagnose-map-outage solved on 1 November, its review due on the 5th; seed
    // 1's solution (another outage of the same resource, other status figures) had its answers.
    const dir = mkdtempSync(join(home, "same-answers-solution-"));
    const id = "diagnose-map-outage";
    const read = () => progressIn(dir);
    const solvedAt = "2026-11-01T10:00:00.000Z";
    const now = "2026-11-05T10:00:00.000Z";
    for (const [part, answer] of Object.entries(outage.answers(outageChapter)))
      expect((await cli(["answer", id, "--part", part, String(answer)], solvedAt, dir)).out).toMatch(/^RIGHT/);
    expect((await cli(["review"], now, dir)).out).toContain(`variant ${reviewSeedOf(id, 1)}`);
    const seed = reviewSeedOf(id, 1);
    const answersOf = (s: number) => outage.answers(outage.variant(mulberry32(s)));
    // Found, not typed: the first seed with other numbers and the review's answers.
    let twin = 1;
    while (
      JSON.stringify(outage.variant(mulberry32(twin))) === JSON.stringify(outage.variant(mulberry32(seed))) ||
      JSON.stringify(answersOf(twin)) !== JSON.stringify(answersOf(seed))
    )
      twin++;
    const before = read();
    const asked = await cli(["solution", id, "--seed", String(twin)], now, dir);
    expect(asked).toMatchObject({ code: 0, err: "" });
    expect(asked.out).toBe(giveUpAsked(id, seed, twin));
    expect(read()).toEqual(before);
    const shown = await cli(["solution", id, "--seed", String(twin), "--yes"], now, dir);
    expect(shown.out).toContain("seeing their solution counts as giving up that review. Rated again");
    expect(read().review![id]).toEqual(recordReview(before, id, "again", new Date(now)).review![id]);
  });

  test("a review-session.json in the old format (one review, no version) is read as that review's record", async () => {
    const dir = mkdtempSync(join(home, "old-format-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const seed = reviewSeedOf(id, 1);
    const expected = answers(variant(mulberry32(seed)));
    // As the terminal wrote it before: one wrong answer and one part right in cells' review.
    writeFileSync(join(dir, "review-session.json"), JSON.stringify({ id, seed, wrong: 1, right: ["canary"] }));
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
    expect(last.err).toBe("");
    expect(last.out).toContain("Right in the end, after 1 wrong answer or hint. Rated hard");
    // Written back in the new format, with the rated review for --rate; no copy kept (nothing was lost).
    const file = JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8"));
    expect(file.version).toBe(2);
    expect(file.reviews[id]).toMatchObject({
      seed,
      wrong: 1,
      right: ["canary", "untouched"],
      rated: { outcome: "hard" },
    });
    expect(readdirSync(dir).filter((f) => f.includes("unreadable"))).toEqual([]);
    expect((await cli(["review", id, "--rate", "again"], at(3), dir)).out).toContain(`Rated again: ${id}`);
  });

  test("a review-session.json that cannot be read is kept aside and said, and the reviews under way start afresh", async () => {
    const dir = mkdtempSync(join(home, "unreadable-session-"));
    const id = "cells-blast-radius";
    await solveAndEnrol(dir, id);
    const expected = answers(variant(mulberry32(reviewSeedOf(id, 1))));
    const copies = () => readdirSync(dir).filter((f) => f.startsWith("review-session.unreadable-"));
    const broken = '{"version": 2, "reviews": {';
    writeFileSync(join(dir, "review-session.json"), broken);
    const first = await cli(["review", id, "--part", "canary", String(expected.canary)], at(3), dir);
    expect(first.code).toBe(0);
    expect(first.err).toMatch(/^warning: .*review-session\.json could not be read: it is not valid JSON\./);
    expect(first.err).toMatch(/kept, unchanged, as .*review-session\.unreadable-\d{8}-\d{6}\.json/);
    expect(copies().map((f) => readFileSync(join(dir, f), "utf8"))).toEqual([broken]);
    // Written afresh: the next command reads it without a word, and the review goes on.
    const last = await cli(["review", id, "--part", "untouched", String(expected.untouched)], at(3), dir);
    expect(last.err).toBe("");
    expect(last.out).toContain("Re-derived first time.");
    expect(copies()).toHaveLength(1);

    // One from a newer version of the course is kept too; a damaged record is dropped alone, and
    // said (read when the review comes round again).
    writeFileSync(join(dir, "review-session.json"), JSON.stringify({ version: 3, reviews: {} }));
    expect((await cli(["review"], at(400), dir)).err).toMatch(/saved by a newer version of the course/);
    expect(copies()).toHaveLength(2);
    writeFileSync(
      join(dir, "review-session.json"),
      JSON.stringify({ version: 2, reviews: { [id]: { seed: 1, wrong: "2", right: [] } } }),
    );
    expect((await cli(["review"], at(400), dir)).err).toContain(
      `could not be read whole: the review under way of ${id} had a field of the wrong kind, and starts afresh.`,
    );
    expect(copies()).toHaveLength(3);
  });

  test("hints and answers on the same due review at once each count: none is lost, and the last part right rates it", async () => {
    const { dir, id, now, seed, expected } = await dueCellsReview("at-once");
    const record = () => JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8")).reviews[id];
    const reps = () => (JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress).review![id]!.reps;
    await cli(["review"], now, dir);
    // Started together, in one process: each reads the review while the others wait on the
    // exercise's solution, before any of them has written its count.
    const hint = () => cli(["hint", id, "--seed", String(seed)], now, dir);
    const wrong = (by: number) => String(expected.canary! + by);
    const counted = await Promise.all([
      hint(),
      hint(),
      cli(["answer", id, "--part", "canary", "--seed", String(seed), wrong(1)], now, dir),
      cli(["review", id, "--part", "canary", wrong(2)], now, dir),
    ]);
    expect(counted.map((c) => c.err)).toEqual(["", "", "", ""]);
    // Two hints (the first and the second, each opened once) and two different wrong answers.
    expect(counted.filter((c) => c.out.includes("This hint counts against the review under way")).length).toBe(2);
    expect(counted.filter((c) => c.out.startsWith("WRONG [canary]")).length).toBe(2);
    expect(record()).toMatchObject({ seed, wrong: 4, hints: 2, right: [] });
    // Each part answered right at once: the one that finds the other's part right rates the review.
    const right = await Promise.all([
      cli(["answer", id, "--part", "canary", "--seed", String(seed), String(expected.canary)], now, dir),
      cli(["review", id, "--part", "untouched", String(expected.untouched)], now, dir),
    ]);
    const rated = right.filter((r) => r.out.includes("Right in the end, after 4 wrong answers or hints. Rated again"));
    expect(rated.length).toBe(1);
    expect(reps()).toBe(2);
  });

  test("a hint on a due review's numbers once every part is answered right counts nothing: the /review/ page's rule", async () => {
    const { dir, id, now, seed, twin, expected } = await dueCellsReview("answered-hint");
    const read = () => progressIn(dir);
    const chapter = read().exercises[id];
    const hint = (s = seed) => cli(["hint", id, "--seed", String(s)], now, dir);
    // One hint opened and counted, then every part answered right: rated hard, on one wrong answer or hint.
    expect((await hint()).out).toContain("This hint counts against the review under way");
    const answer = (part: string, value: number) =>
      cli(["answer", id, "--part", part, "--seed", String(seed), String(value)], now, dir);
    await answer("canary", expected.canary!);
    expect((await answer("untouched", expected.untouched!)).out).toContain(
      "Right in the end, after 1 wrong answer or hint. Rated hard",
    );
    const card = read().review![id];
    const record = JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8"));

    // Asked again, by its seed or another that deals its numbers: the one hint it opened, shown
    // again, and none more opened or counted (the page takes Show a hint away and keeps that one open).
    const again = await hint();
    const same = await hint(twin);
    // Nothing counted anywhere: not in the review (its record and rating as they were), not in the chapter's record.
    expect(read().exercises[id]).toEqual(chapter);
    expect(JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8"))).toEqual(record);
    expect(read().review![id]).toEqual(card);
    for (const asked of [again, same]) {
      expect(asked.code).toBe(0);
      expect(asked.out).toContain(
        `Every part of your review of ${id} is answered right: a hint helps with nothing now, and none is counted. The 1 hint it opened:\nHint 1 of 2: `,
      );
      expect(asked.out).not.toContain("Hint 2 of 2");
      expect(asked.out).not.toContain("counts against the review");
    }
    expect(same.out).toMatch(
      new RegExp(`^Variant ${twin} has the answers of your review of ${id} \\(variant ${seed}\\)\\.\n`),
    );
    // Its worked solution, offered to compare with, counts nothing either, as on the page.
    expect(again.out).toContain(
      `The worked solution, to compare with your own (seeing it counts nothing now): npm run exercises -- solution ${id} --seed ${seed}\n`,
    );
    const solution = await cli(["solution", id, "--seed", String(seed)], now, dir);
    expect(solution.out).toContain(
      `These are the numbers of your review of ${id}, whose every part is answered right (variant ${seed}): seeing their solution counts nothing, in the review or in the exercise's record in its chapter.`,
    );
    expect(read().exercises[id]).toEqual(chapter);
    expect(read().review![id]).toEqual(card);
    // Rating it otherwise still works from the record kept.
    expect((await cli(["review", id, "--rate", "again"], now, dir)).out).toContain(`Rated again: ${id} comes back`);
  });

  test("an answer on a review's numbers once every part is answered right counts nothing: not in the review, the chapter or variants.json", async () => {
    const { dir, id, now, seed, twin, expected } = await dueCellsReview("answered-answer");
    const answer = (part: string, value: number, s = seed) =>
      cli(["answer", id, "--part", part, "--seed", String(s), String(value)], now, dir);
    await answer("canary", expected.canary!);
    expect((await answer("untouched", expected.untouched!)).out).toContain("Re-derived first time. Rated good");
    const files = () => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
    const before = files();
    expect(Object.keys(before)).not.toContain("variants.json");

    // show says so first, in place of the status line of new numbers (none of its answers would count).
    const shown = await cli(["show", id, "--seed", String(seed)], now, dir);
    expect(shown.out.split("\n").slice(0, 3)).toEqual([
      `Every part of your review of ${id} is answered right: a hint, an answer or the solution on its numbers counts nothing now.`,
      expect.stringContaining(`(${id}, chapter cells, variant ${seed})`),
      "",
    ]);
    // Right or wrong, by its seed or another that deals its numbers: graded, and nothing counts.
    const over = `Every part of your review of ${id} is answered right: an answer on its numbers counts nothing now, in the review or in the exercise's record in its chapter.\n`;
    const right = await answer("canary", expected.canary!);
    expect(right).toMatchObject({ code: 0, err: "" });
    expect(right.out).toBe(`${right.out.split("\n")[0]}\n${over}`);
    expect(right.out).toMatch(/^RIGHT \[canary\]/);
    const wrong = await answer("untouched", expected.untouched! + 1, twin);
    expect(wrong).toMatchObject({ code: 1, err: "" });
    expect(wrong.out).toMatch(/^WRONG \[untouched\]/);
    expect(wrong.out).toContain(
      `\nVariant ${twin} has the answers of your review of ${id} (variant ${seed}).\n${over}`,
    );
    expect(wrong.out).not.toContain("Stuck?");
    // The chapter's record, the schedule, the review's record: as they were; no numbers kept as new ones.
    expect(files()).toEqual(before);
    // And the review can still be rated otherwise, on the attempts it had.
    expect((await cli(["review", id, "--rate", "easy"], now, dir)).out).toContain(`Rated easy: ${id} comes back`);
  });

  test("a review given up keeps its record until the next starts: a hint, an answer or the solution on its numbers counts nothing, and --rate offers only again", async () => {
    const dir = mkdtempSync(join(home, "given-up-"));
    const cells = "cells-blast-radius";
    const disk = "daily-disk-failures";
    const read = () => progressIn(dir);
    const files = () => Object.fromEntries(readdirSync(dir).map((f) => [f, readFileSync(join(dir, f), "utf8")]));
    await solveAndEnrol(dir, cells, disk);
    const now = at(30);
    // Given up both ways: cells through review --give-up, the disks through their solution (--yes).
    const cellsSeed = reviewSeedOf(cells, 1);
    const diskSeed = reviewSeedOf(disk, 1);
    const gaveUp = await cli(["review", cells, "--give-up"], now, dir);
    expect(gaveUp.out).toContain("Rated again (what your attempts earned)");
    // "again" is all it earned: no other grade is offered.
    expect(gaveUp.out).not.toContain("--rate");
    const seen = await cli(["solution", disk, "--seed", String(diskSeed), "--yes"], now, dir);
    expect(seen.out).toContain("seeing their solution counts as giving up that review. Rated again");
    expect(seen.out).not.toContain("--rate");
    const before = files();

    // On its numbers (by another seed that deals them too), nothing counts, as on /review/ once it is given up.
    const cellsTwin = sameNumbersAs(variant, cellsSeed);
    for (const s of [cellsSeed, cellsTwin]) {
      const hint = await cli(["hint", cells, "--seed", String(s)], now, dir);
      expect(hint.code).toBe(0);
      expect(hint.out).toContain(
        `You gave up your review of ${cells}: a hint helps with nothing now, and none is counted. It opened no hint.\nThe worked solution (seeing it counts nothing now): npm run exercises -- solution ${cells} --seed ${s}\n`,
      );
      expect(hint.out).not.toContain("Hint 1 of");
    }
    const shown = await cli(["show", cells, "--seed", String(cellsTwin)], now, dir);
    expect(shown.out).toMatch(
      new RegExp(
        `^Variant ${cellsTwin} has the answers of your review of ${cells} \\(variant ${cellsSeed}\\)\\.\nYou gave up your review of ${cells}: a hint, an answer or the solution on its numbers counts nothing now\\.\n`,
      ),
    );
    const expected = answers(variant(mulberry32(cellsSeed)));
    const answered = await cli(
      ["answer", cells, "--part", "canary", "--seed", String(cellsSeed), String(expected.canary)],
      now,
      dir,
    );
    expect(answered.code).toBe(0);
    expect(answered.out).toMatch(
      new RegExp(
        `^RIGHT \\[canary\\] .*\nYou gave up your review of ${cells}: an answer on its numbers counts nothing now, in the review or in the exercise's record in its chapter\\.\n$`,
      ),
    );
    // Its solution: shown at once (the review is over), counting nothing, with no question.
    const solution = await cli(["solution", cells, "--seed", String(cellsSeed)], now, dir);
    expect(solution).toMatchObject({ code: 0, err: "" });
    expect(solution.out).toContain(
      `These are the numbers of your review of ${cells}, given up (variant ${cellsSeed}): seeing their solution counts nothing, in the review or in the exercise's record in its chapter.`,
    );
    expect((await cli(["hint", disk, "--seed", String(diskSeed)], now, dir)).out).toContain(
      `You gave up your review of ${disk}: a hint helps with nothing now`,
    );
    expect(files()).toEqual(before);
    // Each kept, marked given up, with the one grade it earned.
    const sessions = JSON.parse(before["review-session.json"]!).reviews;
    for (const [id, seed] of [
      [cells, cellsSeed],
      [disk, diskSeed],
    ] as const)
      expect(sessions[id]).toMatchObject({ seed, gaveUp: true, rated: { outcome: "again", allowed: ["again"] } });

    // --rate: "again" alone, as the page offers only Again for a review given up.
    const good = await cli(["review", cells, "--rate", "good"], now, dir);
    expect(good.code).toBe(2);
    expect(good.err).toContain(`good is not among the grades this review's attempts earned (again: you gave it up)`);
    expect(files()).toEqual(before);
    const again = await cli(["review", disk, "--rate", "again"], now, dir);
    expect(again.out).toContain(`Rated again: ${disk} comes back`);
    expect(read().review).toEqual(JSON.parse(before["progress.json"]!).review);

    // The next review starts (due again): its record replaces the one given up, and its hint counts.
    const next = read().review![cells]!.due;
    const nextSeed = reviewSeedOf(cells, 2);
    await cli(["review"], next, dir);
    expect(JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8")).reviews[cells]).toEqual({
      seed: nextSeed,
      wrong: 0,
      right: [],
    });
    expect((await cli(["hint", cells, "--seed", String(nextSeed)], next, dir)).out).toContain(
      "This hint counts against the review under way",
    );
  });

  test("a record whose card was rated elsewhere (an import from the page) is dropped; the other review's is kept", async () => {
    const dir = mkdtempSync(join(home, "dropped-"));
    const cells = "cells-blast-radius";
    const disk = "daily-disk-failures";
    await solveAndEnrol(dir, cells, disk);
    const now = at(30);
    await cli(["review", cells, "--part", "canary", "1"], now, dir);
    await cli(["review", disk, "--part", "per-day", "1000000"], now, dir);
    const session = () => JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8"));
    expect(Object.keys(session().reviews).sort()).toEqual([cells, disk]);
    // The page reviewed cells (its export imported here): that review is over, its record goes.
    const progress = JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")) as Progress;
    writeFileSync(join(dir, "progress.json"), JSON.stringify(recordReview(progress, cells, "good", new Date(now))));
    const seed = reviewSeedOf(disk, 1);
    expect((await cli(["hint", disk, "--seed", String(seed)], now, dir)).out).toContain("counts against the review");
    expect(session().reviews).toEqual({ [disk]: expect.objectContaining({ seed, wrong: 2 }) });
  });
});
