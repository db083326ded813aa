/**
 * review-session.json's format, read without the command: each due review's record by exercise
 * id, the old one-review file read as that review's, anything else refused with the reason.
 * (The command's use of it: exercises-review.test.ts.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { emptyProgress } from "../course/progress.ts";
import { enrol, recordReview } from "../course/review.ts";
import { ReportedError } from "./args.ts";
import { readSessionsText, reviewSessionStore, stillCurrent } from "./review-session.ts";
import { reviewSeedOf } from "../../tests/support/review-seeds.ts";

const id = "cells-blast-radius";
const t0 = new Date("2026-12-01T09:00:00.000Z");
const solved = {
  ...emptyProgress(),
  exercises: { [id]: { parts: { a: { attempts: 1, solved: true } }, hints: 0, revealed: false } },
};
const enrolled = enrol(solved, [{ id, chapter: "cells", parts: ["a"] }], t0);
const card = enrolled.review![id]!;
const rated = recordReview(enrolled, id, "hard", new Date("2026-12-04T09:00:00.000Z")).review![id]!;

describe("readSessionsText", () => {
  test("the current format: every record by exercise id", () => {
    const text = JSON.stringify({
      version: 2,
      reviews: {
        [id]: {
          seed: 7,
          wrong: 2,
          hints: 1,
          right: ["canary"],
          lastWrong: { canary: "0badf00d:7" },
          toldAnswer: true,
        },
        other: {
          seed: 8,
          wrong: 0,
          right: [],
          rated: { outcome: "good", allowed: ["again", "good"], at: t0.toISOString(), before: card, after: rated },
        },
      },
    });
    const result = readSessionsText(text);
    expect(result.ok && [...result.sessions.keys()]).toEqual([id, "other"]);
    expect(result.ok && result.sessions.get(id)).toEqual({
      seed: 7,
      wrong: 2,
      hints: 1,
      right: ["canary"],
      lastWrong: { canary: "0badf00d:7" },
      toldAnswer: true,
    });
    expect(result.ok && result.lossy).toEqual([]);
  });

  test("the old format (one review, no version) is that review's record", () => {
    const result = readSessionsText(JSON.stringify({ id, seed: 7, wrong: 1, right: [] }));
    expect(result.ok && Object.fromEntries(result.sessions)).toEqual({ [id]: { seed: 7, wrong: 1, right: [] } });
  });

  test("a review given up is read as given up once rated; given up and not rated, as under way; not a boolean, as damaged", () => {
    const given = {
      seed: 8,
      wrong: 0,
      right: [],
      rated: { outcome: "again", allowed: ["again"], at: t0.toISOString(), before: card, after: rated },
    };
    const result = readSessionsText(
      JSON.stringify({
        version: 2,
        reviews: {
          [id]: { ...given, gaveUp: true },
          other: { seed: 9, wrong: 1, right: [], gaveUp: true },
          broken: { ...given, gaveUp: "yes" },
        },
      }),
    );
    expect(result.ok && Object.fromEntries(result.sessions)).toEqual({
      [id]: { ...given, gaveUp: true },
      other: { seed: 9, wrong: 1, right: [] },
    });
    expect(result.ok && result.lossy).toEqual(["broken"]);
  });

  test("a record with a field of the wrong kind is dropped alone and named", () => {
    const text = JSON.stringify({
      version: 2,
      reviews: {
        [id]: { seed: 7, wrong: 0, right: [] },
        broken: { seed: 7, wrong: 0, right: [], rated: { outcome: "easy", allowed: ["again"], at: "x" } },
      },
    });
    const result = readSessionsText(text);
    expect(result.ok && [...result.sessions.keys()]).toEqual([id]);
    expect(result.ok && result.lossy).toEqual(["broken"]);
    // A key that is no exercise id is dropped too (JSON.parse makes "__proto__" an own key, not the prototype).
    const proto = readSessionsText(`{"version":2,"reviews":{"__proto__":{"seed":7,"wrong":0,"right":[]}}}`);
    expect(proto.ok && [...proto.sessions.keys()]).toEqual([]);
    expect(proto.ok && proto.lossy).toEqual(["__proto__"]);
    const told = readSessionsText(
      JSON.stringify({ version: 2, reviews: { [id]: { seed: 7, wrong: 1, right: [], toldAnswer: "yes" } } }),
    );
    expect(told.ok && told.lossy).toEqual([id]);
    // The hints a review opened are among its wrong answers and hints: more of them is no record.
    const hints = (count: unknown) =>
      readSessionsText(
        JSON.stringify({ version: 2, reviews: { [id]: { seed: 7, wrong: 1, hints: count, right: [] } } }),
      );
    expect(
      [1, 2, -1, "1"].map((count) => {
        const r = hints(count);
        return r.ok && r.lossy;
      }),
    ).toEqual([[], [id], [id], [id]]);
    const old = readSessionsText(JSON.stringify({ id, seed: "7", wrong: 0, right: [] }));
    expect(old.ok && old.lossy).toEqual([id]);
  });

  test("anything else is refused, with the reason", () => {
    expect(readSessionsText("{")).toEqual({ ok: false, message: "it is not valid JSON" });
    expect(readSessionsText(JSON.stringify({ version: 3, reviews: {} }))).toMatchObject({
      ok: false,
      message: expect.stringContaining("saved by a newer version of the course (version 3"),
    });
    expect(readSessionsText("[]")).toMatchObject({
      ok: false,
      message: "it is JSON, but not the reviews under way in the terminal",
    });
  });
});

test("a record lasts while it is its card's: under way while the card deals its seed, rated until the card moves on", () => {
  const underWay = { seed: reviewSeedOf(id, card.reps), wrong: 1, right: [] };
  expect(stillCurrent(id, underWay, card)).toBe(true);
  // Rated elsewhere (the page): the card deals another seed now.
  expect(stillCurrent(id, underWay, rated)).toBe(false);
  // No card (the schedule lost it): kept, for the card may come back with the same review.
  expect(stillCurrent(id, underWay, undefined)).toBe(true);
  const done = {
    ...underWay,
    rated: {
      outcome: "hard" as const,
      allowed: ["again" as const, "hard" as const],
      at: t0.toISOString(),
      before: card,
      after: rated,
    },
  };
  expect(stillCurrent(id, done, rated)).toBe(true);
  expect(
    stillCurrent(
      id,
      done,
      recordReview({ ...enrolled, review: { [id]: rated } }, id, "good", new Date("2027-01-01")).review![id],
    ),
  ).toBe(false);
});

/**
 * What the learner reads when review-session.json cannot be read, opened, copied aside or saved,
 * word for word. Real file-system failures, which root meets too: a folder where the file should
 * be; a copy name taken by a link to nowhere (the copy is made only if its name is free, so it
 * fails); a name so long that the temporary file beside it cannot be named.
 */
describe("the words when review-session.json cannot be read, opened, kept or saved", () => {
  const scratch = mkdtempSync(join(tmpdir(), "blast-radius-sessions-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));
  const at = new Date("2026-11-30T07:45:12.000Z");
  const session = { seed: 7, wrong: 0, right: [] };
  let homes = 0;
  const fresh = (name = "review-session.json") => {
    const dir = join(scratch, `home-${++homes}`);
    mkdirSync(dir, { recursive: true });
    const warned: string[] = [];
    const store = reviewSessionStore(join(dir, name), {
      cwd: dir,
      warn: (text) => void warned.push(text),
      now: () => at,
    });
    return { dir, file: join(dir, name), store, warned };
  };

  test("unreadable: kept aside, said once, and the reviews start afresh; the last record gone, the file goes", () => {
    const { dir, file, store, warned } = fresh();
    writeFileSync(file, "{ not json");
    expect(store.get(emptyProgress(), id)).toBeUndefined();
    store.set(emptyProgress(), id, session);
    expect(warned).toEqual([
      [
        "warning: review-session.json could not be read: it is not valid JSON.",
        "It holds only the reviews under way in the terminal (their wrong answers and hints so far), not your progress or schedule: those reviews start afresh. The file is kept, unchanged, as review-session.unreadable-20261130-074512.json.",
        "",
      ].join("\n"),
    ]);
    expect(readFileSync(join(dir, "review-session.unreadable-20261130-074512.json"), "utf8")).toBe("{ not json");
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({ version: 2, reviews: { [id]: session } });
    store.set(emptyProgress(), id, undefined);
    expect(readdirSync(dir)).toEqual(["review-session.unreadable-20261130-074512.json"]);
  });

  test("a folder where the file should be is named", () => {
    const { file, store } = fresh();
    mkdirSync(file);
    expect(() => store.get(emptyProgress(), id)).toThrow(
      new ReportedError("review-session.json could not be opened (EISDIR: illegal operation on a directory, read)"),
    );
  });

  test("a copy that cannot be made: nothing is written, in the same words whether it could be read at all or in part", () => {
    for (const text of ["{ not json", JSON.stringify({ version: 2, reviews: { [id]: { seed: "7" } } })]) {
      const { dir, file, store, warned } = fresh();
      writeFileSync(file, text);
      const copy = join(dir, "review-session.unreadable-20261130-074512.json");
      symlinkSync(join(dir, "nowhere", "copy.json"), copy);
      expect(() => store.set(emptyProgress(), id, session)).toThrow(
        new ReportedError(
          `review-session.json could not be read, and a copy of it could not be saved (EEXIST: file already exists, open '${copy}'), so nothing was written. Repair or move it, then try again.`,
        ),
      );
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(warned).toEqual([]);
    }
  });

  test("a file that cannot be written: the sentence names it, and no temporary file is left", () => {
    const name = `${"r".repeat(240)}.json`;
    const { dir, store } = fresh(name);
    expect(() => store.set(emptyProgress(), id, session)).toThrow(
      new RegExp(
        `^the reviews under way could not be saved to ${name} \\(ENAMETOOLONG: [^)]*\\); the file is as it was$`,
      ),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
