/**
 * The warning for a progress file or a review-session file read only in part names what could not
 * be read as a sentence lists it: "a and b", "a, b and c", the first five and how many more.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { emptyProgress } from "../course/progress.ts";
import { progressStore } from "./progress-file.ts";
import { reviewSessionStore } from "./review-session.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-lists-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

let homes = 0;
function home(): string {
  const dir = join(scratch, `home-${++homes}`);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** Ids that are exercise ids in form, as many as asked. */
const ids = (n: number) => Array.from({ length: n }, (_, i) => `damaged-${String.fromCharCode(97 + i)}`);

/** What the progress store warns on reading a file whose `damaged` exercises each have a field of the wrong kind. */
function progressWarning(damaged: string[]): string {
  const dir = home();
  const file = join(dir, "progress.json");
  const exercises = Object.fromEntries(
    damaged.map((id) => [id, { parts: { a: { attempts: 1, solved: "true" } }, hints: 0, revealed: false }]),
  );
  writeFileSync(file, JSON.stringify({ version: 1, exercises }));
  const warned: string[] = [];
  progressStore(file, { cwd: dir, warn: (text) => void warned.push(text) }).update(() => {});
  expect(warned).toHaveLength(1);
  return warned[0]!;
}

/** What the review-session store warns on reading a file whose `damaged` reviews each have a field of the wrong kind. */
function sessionWarning(damaged: string[]): string {
  const dir = home();
  const file = join(dir, "review-session.json");
  const reviews = Object.fromEntries(damaged.map((id) => [id, { seed: 7, wrong: "2", right: [] }]));
  writeFileSync(file, JSON.stringify({ version: 2, reviews }));
  const warned: string[] = [];
  reviewSessionStore(file, { cwd: dir, warn: (text) => void warned.push(text) }).get(emptyProgress(), "damaged-a");
  expect(warned).toHaveLength(1);
  return warned[0]!;
}

describe("a file read in part names what was lost as a sentence's list", () => {
  test("progress.json: one, two, three, and the first five of seven", () => {
    expect(progressWarning(ids(1))).toMatch(/ schedule of damaged-a had a field /);
    expect(progressWarning(ids(2))).toMatch(/ schedule of damaged-a and damaged-b had a field /);
    expect(progressWarning(ids(3))).toMatch(/ schedule of damaged-a, damaged-b and damaged-c had a field /);
    expect(progressWarning(ids(7))).toMatch(
      / schedule of damaged-a, damaged-b, damaged-c, damaged-d, damaged-e and 2 more had a field /,
    );
  });

  test("review-session.json: one, two and three reviews under way", () => {
    expect(sessionWarning(ids(1))).toMatch(/ the review under way of damaged-a had a field /);
    expect(sessionWarning(ids(2))).toMatch(/ the review under way of damaged-a and damaged-b had a field /);
    expect(sessionWarning(ids(3))).toMatch(/ the review under way of damaged-a, damaged-b and damaged-c had a field /);
  });
});
