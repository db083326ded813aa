/**
 * A unit after a number reads in the singular after 1 and in the plural after anything else, in
 * every exercise's expected answer as the terminal's `solution`, `answer` and the answer key's
 * page write it (describeAnswer, "Right: ..."): the audit found "1 calls per second".
 */
import { expect, test } from "vitest";
import { unitAfter } from "../format/words.ts";
import { loadAllExercises } from "./load-exercises.ts";
import { describeAnswer, gradeNumeric } from "./grade.ts";
import type { Part } from "./exercise-schema.ts";

const repo = new URL("../../", import.meta.url).pathname;

type NumericPart = Extract<Part, { kind: "numeric" }>;
/** Every numeric part with a unit, of every exercise, and whose it is. */
const parts = loadAllExercises(repo).flatMap(({ id, meta }) =>
  meta.kind === "code"
    ? []
    : meta.parts.flatMap((p) =>
        p.kind === "numeric" && p.unit && p.type !== "share" ? [{ id, part: p as NumericPart }] : [],
      ),
);

/**
 * Each unit the exercises use, and how it reads after 1, written out here: a new unit fails until
 * it is added, so whoever adds it says how "1 ..." reads.
 */
const singular: Record<string, string> = {
  "× peak": "× peak",
  "× the budgeted rate": "× the budgeted rate",
  calls: "call",
  "calls a second": "call a second",
  "calls per second": "call per second",
  connections: "connection",
  "disks a day": "disk a day",
  hours: "hour",
  minutes: "minute",
  "queries per second": "query per second",
  "requests a second": "request a second",
  seconds: "second",
  threads: "thread",
};

test("every exercise's unit is known here, and there are units to read", () => {
  const units = [...new Set(parts.map(({ part }) => part.unit!))].sort();
  expect(units.length).toBeGreaterThanOrEqual(10);
  expect(units.filter((unit) => !(unit in singular))).toEqual([]);
});

test.each(parts.map(({ id, part }) => [`${id} [${part.id}]`, part] as const))(
  "%s: after 1 its unit is in the singular, after 2 in the plural",
  (_, part) => {
    expect(describeAnswer(part, 1)).toBe(`1 ${singular[part.unit!]}`);
    expect(describeAnswer(part, 2)).toBe(`2 ${part.unit}`);
    // A right answer says the expected value the same way.
    expect(gradeNumeric(part, "1", 1).message).toBe(`Right: 1 ${singular[part.unit!]}.`);
  },
);

test("the rule: the counted word loses its plural after exactly 1; symbols, abbreviations and other numbers keep the unit", () => {
  expect(unitAfter(1, "queries per second")).toBe("query per second");
  expect(unitAfter("1", "seconds")).toBe("second");
  for (const figure of [0, 2, 1.5, "1.0", "1,000", "0.5"]) expect(unitAfter(figure, "seconds")).toBe("seconds");
  for (const unit of ["ms", "s", "%", "× peak", "class", "second"]) expect(unitAfter(1, unit)).toBe(unit);
});
