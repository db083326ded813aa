/**
 * A Predict block's settings carry the grader's words for it, so a verdict kept in a reader's
 * browser is shown again only while the grader words it so: reworded, the kept one is graded again.
 */
import { afterEach, describe, expect, test, vi } from "vitest";
import type { KeptPrediction } from "./kept.ts";

/** The grader's words, reworded where a test says so: each verdict's `from` written `to`. */
const reword = vi.hoisted(() => ({ from: "", to: "" }));
vi.mock("../../grader/prediction.ts", async (original) => {
  const grader = await original<typeof import("../../grader/prediction.ts")>();
  const said = <V extends { message: string }>(verdict: V): V =>
    reword.from ? { ...verdict, message: verdict.message.replace(reword.from, reword.to) } : verdict;
  return {
    ...grader,
    gradeNumberPrediction: (...args: Parameters<typeof grader.gradeNumberPrediction>) =>
      said(grader.gradeNumberPrediction(...args)),
    gradeClassPrediction: (...args: Parameters<typeof grader.gradeClassPrediction>) =>
      said(grader.gradeClassPrediction(...args)),
  };
});

const { predictConfigJson } = await import("./config.ts");
const { gradeNumberPrediction } = await import("../../grader/prediction.ts");
const { showKept } = await import("./shown.ts");
const { spokenPieces } = await import("../spoken-figures.ts");

const figure = {
  id: "tries",
  kind: "number" as const,
  actual: 2.73,
  actualText: "2.73",
  unit: "tries per request",
};
/** A tiny figure, so a prediction far above it is too large to put a number on. */
const tiny = { ...figure, id: "tiny", actual: 0.004, actualText: "0.004" };
const rows = {
  id: "defences",
  kind: "classes" as const,
  items: [
    { id: "budget", label: "a retry budget", actual: "removes" },
    { id: "jitter", label: "jitter", actual: "spreads" },
  ],
  classes: { removes: "removes the sustaining effect", spreads: "only spreads it out" },
};

afterEach(() => Object.assign(reword, { from: "", to: "" }));

/** The block's settings (its form's data-config) built with the grader's words reworded from `from` to `to`. */
function settingsReworded(config: Parameters<typeof predictConfigJson>[0], from: string, to: string): string {
  Object.assign(reword, { from, to });
  try {
    return predictConfigJson(config);
  } finally {
    Object.assign(reword, { from: "", to: "" });
  }
}

describe("a Predict block's settings hold the grader's words for it", () => {
  // s57: a kept verdict is its words as the grader wrote them then; the settings it was graded
  // against held the chapter's figure but not the grader's words, so a build that reworded the
  // grader still showed a returning reader the old words.
  test.each([
    ["a figure spot on", figure, "spot on", "exactly"],
    ["a figure close", figure, ": close (", ": near ("],
    ["a figure the right size", figure, "the right size", "in range"],
    ["a figure far above", figure, "times the model's figure", "times the figure"],
    ["a figure far below", figure, "times too small", "times under"],
    ["a figure too small to put a number on", figure, "too small to put a number on", "too small to count"],
    ["a figure too large to put a number on", tiny, "too large to put a number on", "too large to count"],
    ["a figure far off", figure, "Read on for why.", "Read on."],
    ["every row right", rows, "Every one as the model has it.", "All right."],
    ["a row wrong", rows, "(you said it", "(your answer:"],
  ] as const)("reworded for %s, the settings differ", (_, config, from, to) => {
    const now = predictConfigJson(config);
    const reworded = settingsReworded(config, from, to);
    expect(reworded).not.toBe(now);
    // Only the words differ: the figure, unit and rows are as they were.
    const { wording: _a, ...rest } = JSON.parse(now) as Record<string, unknown>;
    const { wording: _b, ...restReworded } = JSON.parse(reworded) as Record<string, unknown>;
    expect(restReworded).toEqual(rest);
  });

  test("the same words, the same settings: a kept verdict stays shown from build to build", () => {
    expect(predictConfigJson(figure)).toBe(predictConfigJson({ ...figure }));
    expect(predictConfigJson(rows)).toBe(predictConfigJson({ ...rows }));
    // A message the page never keeps (a refused figure) is not among the words.
    expect(settingsReworded(figure, "type one above 0", "type a positive one")).toBe(predictConfigJson(figure));
  });

  test("a verdict kept in the grader's old words is not shown again without the grader: it is graded again", () => {
    const keptWith = settingsReworded(figure, "the right size", "in range");
    Object.assign(reword, { from: "the right size", to: "in range" });
    const oldVerdict = gradeNumberPrediction("5", figure.actual, figure);
    Object.assign(reword, { from: "", to: "" });
    const stored = JSON.stringify({
      value: "5",
      verdict: { against: keptWith, status: oldVerdict.status, said: spokenPieces(oldVerdict.message) },
    } satisfies KeptPrediction);
    // The block as the page now draws it: showKept leaves it to the grader (false) without
    // filling the form with the answer, as it does for a verdict it shows.
    let filled = false;
    const form = {
      dataset: { config: predictConfigJson(figure) },
      querySelectorAll: () => {
        filled = true;
        return [];
      },
    };
    const root = { dataset: {}, querySelector: () => form } as unknown as HTMLElement;
    expect(showKept(root, stored)).toBe(false);
    expect(filled).toBe(false);
  });
});
