import { describe, expect, test } from "vitest";
import { type Attempt, parseHistory } from "./history.ts";
import {
  aimText,
  defaultAim,
  missSentence,
  overSentence,
  parseAim,
  pointsReport,
  type RubricOf,
} from "./history-points.ts";

const rubrics: Record<string, RubricOf> = {
  "partition-key": { title: "Choosing the partition key", points: ["Key chosen", "Cross-cell requests"] },
  "gray-failure": { title: "Gray failure", points: ["Names it", "Slicing", "Defence"] },
};
const lookup = (id: string) => rubrics[id];

/** A levelled attempt at `questionId`, started on day `day` of March 2026, with these levels per point. */
function levelled(questionId: string, day: number, claimed: number[], backed: number[]): Attempt {
  return {
    questionId,
    title: rubrics[questionId]?.title ?? "A question the course no longer has",
    startedAt: new Date(Date.UTC(2026, 2, day, 9)).toISOString(),
    seed: null,
    durationSeconds: 600,
    usedSeconds: 500,
    hit: backed.flatMap((b, i) => (b > 0 ? [i] : [])),
    points: claimed.length,
    notes: "notes",
    debrief: {
      claimed,
      backed,
      weights: claimed.map(() => 1),
      redFlags: [],
      selfScore: 0.5,
      backedScore: 0.25,
      level: null,
      phases: [],
      asked: 0,
      pushedBack: 0,
    },
  };
}

/** An attempt as saved before rubrics had levels (no debrief). */
const older: Attempt = {
  questionId: "partition-key",
  title: "Choosing the partition key",
  startedAt: "2026-02-20T09:00:00.000Z",
  seed: 7,
  durationSeconds: 600,
  usedSeconds: 600,
  hit: [0],
  points: 2,
  notes: "tenant id",
};

describe("the history point by point", () => {
  const attempts = [
    levelled("partition-key", 1, [3, 2], [2, 2]),
    levelled("gray-failure", 2, [3, 3, 1], [3, 1, 1]),
    levelled("partition-key", 3, [3, 3], [3, 1]),
    levelled("partition-key", 4, [2, 2], [2, 2]),
  ];

  test("counts, per point of each question, the attempts backed at the aim, most recent shortfall first", () => {
    const report = pointsReport(attempts, lookup, 3);
    expect(report).toMatchObject({ levelled: 4, unlevelled: 0, unmatched: 0 });
    expect(
      report.missed.map((r) => [
        r.questionId,
        r.point,
        r.met,
        r.attempts,
        r.lastMiss!.at.slice(0, 10),
        r.lastMiss!.backed,
      ]),
    ).toEqual([
      // Day 4 missed both points of the partition key (rubric order for a tie), day 2 two of gray failure's.
      ["partition-key", "Key chosen", 1, 3, "2026-03-04", 2],
      ["partition-key", "Cross-cell requests", 0, 3, "2026-03-04", 2],
      ["gray-failure", "Slicing", 0, 1, "2026-03-02", 1],
      ["gray-failure", "Defence", 0, 1, "2026-03-02", 1],
    ]);
    expect(missSentence(report.missed[0]!, 3)).toBe(
      "Key chosen (Choosing the partition key): backed at staff in 1 of 3 attempts; the latest shortfall backed senior.",
    );
  });

  test("a lower aim counts fewer shortfalls, and says 'or above'", () => {
    const report = pointsReport(attempts, lookup, 2);
    expect(report.missed.map((r) => [r.point, r.met, r.attempts])).toEqual([
      ["Cross-cell requests", 2, 3],
      ["Slicing", 0, 1],
      ["Defence", 0, 1],
    ]);
    expect(missSentence(report.missed[0]!, 2)).toBe(
      "Cross-cell requests (Choosing the partition key): backed at senior or above in 2 of 3 attempts; the latest shortfall backed mid.",
    );
    expect(aimText(1)).toBe("mid or above");
    expect(pointsReport(attempts, lookup, 1).missed.map((r) => r.point)).toEqual([]);
  });

  test("over-claims: claimed above the evidence, point by point, the most recent first", () => {
    const report = pointsReport(attempts, lookup, 3);
    expect(report.overClaimed.map((r) => [r.point, r.overClaimed, r.attempts, r.lastOver])).toEqual([
      ["Cross-cell requests", 1, 3, { at: "2026-03-03T09:00:00.000Z", claimed: 3, backed: 1 }],
      ["Slicing", 1, 1, { at: "2026-03-02T09:00:00.000Z", claimed: 3, backed: 1 }],
      ["Key chosen", 1, 3, { at: "2026-03-01T09:00:00.000Z", claimed: 3, backed: 2 }],
    ]);
    expect(overSentence(report.overClaimed[0]!)).toBe(
      "Cross-cell requests (Choosing the partition key): claimed above the evidence in 1 of 3 attempts; the latest: claimed staff, the evidence backed mid.",
    );
    // Evidence that backed nothing is said as such, not as "not shown".
    const none = pointsReport([levelled("gray-failure", 5, [2, 0, 0], [0, 0, 0])], lookup, 3);
    expect(overSentence(none.overClaimed[0]!)).toBe(
      "Names it (Gray failure): claimed above the evidence in 1 of 1 attempt; the latest: claimed senior, the evidence backed no level.",
    );
  });

  test("the order is by time, not by the order attempts were stored in", () => {
    const shuffled = [attempts[3]!, attempts[0]!, attempts[2]!, attempts[1]!];
    expect(pointsReport(shuffled, lookup, 3)).toEqual(pointsReport(attempts, lookup, 3));
  });

  test("no attempts, or none levelled, leave both lists empty", () => {
    expect(pointsReport([], lookup, 3)).toEqual({
      missed: [],
      overClaimed: [],
      levelled: 0,
      unlevelled: 0,
      unmatched: 0,
    });
    expect(pointsReport([older], lookup, 3)).toMatchObject({ missed: [], overClaimed: [], levelled: 0, unlevelled: 1 });
  });

  test("an attempt whose question is gone, or whose rubric changed, is counted apart, never misnamed", () => {
    const gone = levelled("retired-question", 5, [3], [0]);
    const changed = levelled("gray-failure", 6, [3, 3], [0, 0]);
    const report = pointsReport([attempts[0]!, gone, changed], lookup, 3);
    expect(report).toMatchObject({ levelled: 1, unmatched: 2 });
    expect(report.missed.map((r) => r.questionId)).toEqual(["partition-key", "partition-key"]);
  });

  test("history stored before levelled rubrics still loads, and is counted beside the levelled attempts", () => {
    // The stored text as an older page wrote it: attempts without a debrief.
    const raw = JSON.stringify({ attempts: [older, attempts[0], { ...older, startedAt: "2026-02-21T09:00:00Z" }] });
    const loaded = parseHistory(raw);
    expect(loaded.recovered).toBe(false);
    expect(loaded.attempts).toHaveLength(3);
    const report = pointsReport(loaded.attempts, lookup, 3);
    expect(report).toMatchObject({ levelled: 1, unlevelled: 2, unmatched: 0 });
    expect(report.missed.map((r) => [r.point, r.met, r.attempts])).toEqual([
      ["Key chosen", 0, 1],
      ["Cross-cell requests", 0, 1],
    ]);
  });
});

describe("the level aimed for, as kept on this device", () => {
  test("a kept level reads back as that level", () => {
    expect([parseAim("1"), parseAim("2"), parseAim("3")]).toEqual([1, 2, 3]);
  });

  test("nothing kept, or a bad or foreign value, reads as the default (staff) and never throws", () => {
    expect(defaultAim).toBe(3);
    for (const raw of [null, "", "0", "4", "2.0", " 2", "02", "senior", '{"aim":2}', "NaN", "Infinity", "-1"])
      expect(parseAim(raw), String(raw)).toBe(defaultAim);
  });
});
