/**
 * A due review rated while another command works on the same review, in-process and without a
 * clock: the command keeps its files through node:fs, passed through a seam that tells the test
 * of each file read and each file created (a lock is), so the test acts at an exact step. The
 * rating changes progress.json (the schedule), then review-session.json (the review's record,
 * rated): it must be one change to every other command, progress.json's lock held across both.
 */
import * as nodeFs from "node:fs";
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { dueCellsReview } from "../../tests/support/due-cells-review.ts";
import { run } from "./exercises.ts";
import type { FileSystem } from "./json-file.ts";
import { runCaptured } from "./run-captured.test-helper.ts";

/** node:fs, telling `read` of each file once it is read, and `open` of each file before it is created. */
function tellingFs(tell: { read?: (file: string) => void; open?: (file: string) => void }): FileSystem {
  return {
    ...nodeFs,
    readFileSync: ((...args: Parameters<typeof nodeFs.readFileSync>) => {
      const text = nodeFs.readFileSync(...args);
      tell.read?.(String(args[0]));
      return text;
    }) as typeof nodeFs.readFileSync,
    openSync: ((...args: Parameters<typeof nodeFs.openSync>) => {
      tell.open?.(String(args[0]));
      return nodeFs.openSync(...args);
    }) as typeof nodeFs.openSync,
  };
}

const repo = new URL("../../", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "blast-radius-review-race-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const t0 = "2026-12-01T09:00:00.000Z";
const id = "cells-blast-radius";

const cli = (argv: string[], now: string, dir: string, fs?: FileSystem) =>
  runCaptured((args, io) => run(args, io, fs ? { fs } : {}), argv, {
    env: { BLAST_RADIUS_HOME: dir, BLAST_RADIUS_NOW: now },
    cwd: repo,
  });

/**
 * cells-blast-radius solved at t0, its first review due and begun, one part answered right: the
 * folder, the day, the review's seed, and the answer that rates it (its last part, right).
 */
async function reviewOnePartLeft(name: string) {
  const { dir, now, seed, expected } = await dueCellsReview(home, name, t0);
  expect((await cli(["review"], now, dir)).out).toContain(`New numbers (variant ${seed})`);
  expect((await cli(["review", id, "--part", "untouched", String(expected.untouched)], now, dir)).out).toMatch(
    /^RIGHT \[untouched\]/,
  );
  return { dir, now, seed, last: ["review", id, "--part", "canary", String(expected.canary)] };
}

const sessions = (dir: string) => JSON.parse(readFileSync(join(dir, "review-session.json"), "utf8")).reviews;

test("a review rated holds progress.json's lock until its record is written too: no command sees it half done", async () => {
  const { dir, now, last } = await reviewOnePartLeft("one-change");
  const progressLock = join(dir, "progress.json.lock");
  const sessionLock = join(dir, "review-session.json.lock");
  // Each time the rating command takes review-session.json's lock: whether it holds progress.json's.
  const held: boolean[] = [];
  const fs = tellingFs({
    open: (file) => {
      if (file === sessionLock) held.push(existsSync(progressLock));
    },
  });
  const rated = await cli(last, now, dir, fs);
  expect(rated.out).toContain("Re-derived first time. Rated ");
  expect(sessions(dir)[id].rated).toBeDefined();
  expect(held.length).toBeGreaterThan(0);
  expect(held).toEqual(held.map(() => true));
  // Let go afterwards.
  expect(existsSync(progressLock)).toBe(false);
  expect(existsSync(sessionLock)).toBe(false);
});

/**
 * `argv` run on the review of reviewOnePartLeft as another command rates it: just after `argv`
 * reads progress.json (the review due), the files become what the rating leaves (the same last
 * answer, given in a copy of the folder). Returns what `argv` said and the rated record.
 */
async function ratedMeanwhile(name: string, argv: (review: { seed: number; last: string[] }) => string[]) {
  const review = await reviewOnePartLeft(name);
  const { dir, now, last } = review;
  const copy = mkdtempSync(join(home, "rated-"));
  for (const file of readdirSync(dir)) copyFileSync(join(dir, file), join(copy, file));
  expect((await cli(last, now, copy)).out).toContain("Re-derived first time. Rated ");
  const ratedFiles = readdirSync(copy).map((file) => [file, readFileSync(join(copy, file), "utf8")] as const);
  let rating = true;
  const fs = tellingFs({
    read: (file) => {
      if (!rating || file !== join(dir, "progress.json")) return;
      rating = false;
      for (const [name, text] of ratedFiles) writeFileSync(join(dir, name), text);
    },
  });
  const said = await cli(argv(review), now, dir, fs);
  expect(rating).toBe(false);
  return { ...review, said, record: sessions(copy)[id] };
}

test("a hint asked as the review is rated finds it rated: its record is kept, and the hint counts nothing", async () => {
  const { dir, now, seed, said, record } = await ratedMeanwhile("hint-meanwhile", ({ seed }) => [
    "hint",
    id,
    "--seed",
    String(seed),
  ]);
  expect(said.code).toBe(0);
  expect(said.out).toContain(
    `Every part of your review of ${id} is answered right: a hint helps with nothing now, and none is counted.`,
  );
  expect(said.out).not.toContain("counts against the review");
  // The rated record as the rating left it: nothing counted on it, nothing dropped.
  expect(sessions(dir)[id]).toEqual(record);
  expect(record).toMatchObject({ seed, wrong: 0, rated: { outcome: expect.any(String) } });
  // So the review can still be rated otherwise.
  const other = record.rated.allowed.find((grade: string) => grade !== record.rated.outcome);
  expect((await cli(["review", id, "--rate", other], now, dir)).out).toContain(`Rated ${other}: ${id} comes back`);
});

test("an answer given as the review is rated (by the same answer in another terminal) counts nothing more: the rating is kept", async () => {
  const { dir, said, record } = await ratedMeanwhile("answer-meanwhile", ({ last }) => last);
  expect(said.out).toMatch(/^RIGHT \[canary\]/);
  expect(said.out).toContain(
    `Another command rated this review of ${id} meanwhile, so this answer counts nothing in it.`,
  );
  expect(said.out).not.toContain("Parts left");
  expect(sessions(dir)[id]).toEqual(record);
  expect(JSON.parse(readFileSync(join(dir, "progress.json"), "utf8")).review[id]).toEqual(record.rated.after);
});
