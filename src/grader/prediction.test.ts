import { describe, expect, test } from "vitest";
import { figuresToSay } from "../format/number.ts";
import { gradeClassPrediction, gradeNumberPrediction } from "./prediction.ts";

describe("a number prediction", () => {
  const options = { actualText: "2.5", unit: "tries per request" };

  test("within 15% is close, with how far and in which direction", () => {
    const v = gradeNumberPrediction("2.8", 2.5, options);
    expect(v).toMatchObject({ status: "close", value: 2.8 });
    expect(v.message).toBe("You predicted 2.8; the model gives 2.5 tries per request: close (12% high).");
    expect(gradeNumberPrediction("2.5", 2.5, options).message).toContain("spot on");
    expect(gradeNumberPrediction("2.2", 2.5, options).message).toContain("12% low");
  });

  test("from half to double is the right size; beyond is far, by a factor", () => {
    expect(gradeNumberPrediction("4", 2.5, options)).toMatchObject({ status: "near", ratio: 1.6 });
    expect(gradeNumberPrediction("1.25", 2.5, options).status).toBe("near");
    const far = gradeNumberPrediction("10", 2.5, options);
    expect(far.status).toBe("far");
    expect(far.message).toContain("4 times the model's figure");
    expect(gradeNumberPrediction("1", 2.5, options).message).toContain("2.5 times too small");
  });

  test("reads any form the exercises read: fractions, calculations, separators", () => {
    expect(gradeNumberPrediction("5/2", 2.5, options).status).toBe("close");
    expect(gradeNumberPrediction("1 + 1.5", 2.5, options).status).toBe("close");
    expect(gradeNumberPrediction("2,400", 2400, { actualText: "2,400", unit: "calls" }).status).toBe("close");
  });

  test("what is not a number gets the parser's message, never a grade", () => {
    const v = gradeNumberPrediction("", 2.5, options);
    expect(v.status).toBe("invalid");
    expect(v.message).toMatch(/type an answer/i);
    expect(gradeNumberPrediction("lots", 2.5, options).status).toBe("invalid");
  });

  test("zero and negative predictions are refused for the reader to correct, never graded: a prediction has one try", () => {
    // A typed -5 was graded "not even positive" and used the block's only attempt.
    for (const typed of ["0", "-5", "1 - 2"])
      expect(gradeNumberPrediction(typed, 2.5, options)).toEqual({
        status: "invalid",
        message: `The figure is a positive number of ${options.unit}: type one above 0.`,
      });
    expect(gradeNumberPrediction("0.001", 2.5, options).status).toBe("far");
  });

  // QA: a tiny or huge prediction was echoed "1 × 10^-7", a caret, where the grader writes a power
  // of ten in the page and the terminal with its exponent raised ("1.33 × 10⁻⁶%").
  test("a prediction of any size is echoed as typed, never as 0 nor as a wall of digits, its power of ten raised", () => {
    const said = (input: string) => gradeNumberPrediction(input, 2.5, options).message;
    expect(said("0.0000001")).toBe(
      "You predicted 1 × 10⁻⁷; the model gives 2.5 tries per request: 25,000,000 times too small. Read on for why.",
    );
    expect(said("1e-300")).toContain("You predicted 1 × 10⁻³⁰⁰;");
    expect(said("1e-300")).toContain(": 2.5 × 10³⁰⁰ times too small.");
    expect(said("1e21")).toBe(
      "You predicted 1 × 10²¹; the model gives 2.5 tries per request: 4 × 10²⁰ times the model's figure. Read on for why.",
    );
    expect(said("123456789012345678901234")).toContain("You predicted 1.2345679 × 10²³;");
    expect(said("99999999")).toContain("You predicted 99,999,999;");
    expect(said("1/3")).toContain("You predicted 0.33333333;");
    expect(said("0.0012")).toContain("You predicted 0.0012;");
    expect(said("120000")).toContain("You predicted 120,000;");
    // No echo may drop the figures of a prediction of any size.
    for (let exponent = -300; exponent <= 300; exponent += 7) {
      const message = said(`3e${exponent}`);
      expect(message, message).toMatch(/^You predicted (0\.0*3|30{0,2}(,000)*|3 × 10⁻?[⁰¹²³⁴⁵⁶⁷⁸⁹]+);/);
      expect(message, message).not.toMatch(/\^|\de[-+]?\d/);
      expect(message.length, message).toBeLessThan(160);
    }
  });

  // Session 49: the verdict is a live region, and "10⁻⁷" is read "10", "10 7" or "10 superscript
  // minus 7" by one screen reader or another. The page writes each power shown and said
  // (src/widgets/spoken-figures.ts, from figuresToSay): what is said has no superscript left.
  test("every power of ten in a verdict is said in words, and shown as written", () => {
    const said = (input: string) => gradeNumberPrediction(input, 2.5, options).message;
    const heard = (message: string) =>
      figuresToSay(message)
        .map((piece) => (typeof piece === "string" ? piece : piece.spoken))
        .join("");
    const shown = (message: string) =>
      figuresToSay(message)
        .map((piece) => (typeof piece === "string" ? piece : piece.shown.replace(/\u00a0/g, " ")))
        .join("");
    expect(heard(said("1e21"))).toBe(
      "You predicted 1 × 10 to the power of 21; the model gives 2.5 tries per request: 4 × 10 to the power of 20 times the model's figure. Read on for why.",
    );
    for (let exponent = -300; exponent <= 300; exponent += 7) {
      const message = said(`3e${exponent}`);
      expect(heard(message), message).not.toMatch(/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻]/);
      expect(shown(message)).toBe(message);
    }
  });

  test("a prediction so far off that the factor overflows a number is graded far, never thrown", () => {
    // 1e-320 is a number above 0, but 2.5 / 1e-320 is Infinity; so is 1e308 / 0.01.
    for (const [typed, actual] of [
      ["1e-320", 2.5],
      ["5e-324", 2.5],
      ["1e308", 0.01],
    ] as const) {
      const v = gradeNumberPrediction(typed, actual, options);
      expect(v.status, typed).toBe("far");
      expect(v.message, typed).toMatch(/too (small|large) to put a number on\. Read on for why\.$/);
      expect(v.message, typed).not.toMatch(/Infinity|NaN/);
    }
  });

  test("bad settings are the page's error, found at build time", () => {
    expect(() => gradeNumberPrediction("1", 0, options)).toThrow(/positive/);
    expect(() => gradeNumberPrediction("1", 2, { ...options, closeWithin: 1.5 })).toThrow(/closeWithin/);
    expect(() => gradeNumberPrediction("1", 2, { ...options, nearFactor: 1.1 })).toThrow(/nearFactor/);
  });
});

describe("a class prediction", () => {
  type Effect = "removes" | "contains" | "neither";
  const labels: Record<Effect, string> = {
    removes: "removes the sustaining effect",
    contains: "only contains it",
    neither: "does neither",
  };
  const items = [
    { id: "bulkhead", label: "a bulkhead", actual: "contains" as Effect },
    { id: "budget", label: "a retry budget", actual: "removes" as Effect },
    { id: "jitter", label: "jitter", actual: "neither" as Effect },
  ];

  test("every item right", () => {
    const v = gradeClassPrediction(items, { bulkhead: "contains", budget: "removes", jitter: "neither" }, labels);
    expect(v).toMatchObject({ status: "graded", right: 3, total: 3, wrong: [] });
    expect(v.message).toBe("3 of 3 right. Every one as the model has it.");
  });

  test("names each wrong item, what the model says and what was predicted", () => {
    const v = gradeClassPrediction(items, { bulkhead: "removes", budget: "removes", jitter: "contains" }, labels);
    expect(v.status).toBe("graded");
    if (v.status !== "graded") return;
    expect(v.right).toBe(1);
    expect(v.wrong).toEqual([
      { id: "bulkhead", predicted: "removes", actual: "contains" },
      { id: "jitter", predicted: "contains", actual: "neither" },
    ]);
    expect(v.message).toBe(
      "1 of 3 right. In the model, a bulkhead only contains it (you said it removes the sustaining effect); jitter does neither (you said it only contains it).",
    );
  });

  test("an unanswered or unknown choice is not graded: it names the rows left", () => {
    const v = gradeClassPrediction(items, { bulkhead: "contains", budget: "", jitter: "bogus" }, labels);
    expect(v).toMatchObject({ status: "invalid", missing: ["budget", "jitter"] });
    expect(v.message).toBe("Choose an answer for every row first: a retry budget and jitter have none yet.");
    // With no row answered, the message does not read the whole form back.
    expect(gradeClassPrediction(items, {}, labels).message).toBe(
      "Choose an answer for every row first: no row has one yet.",
    );
    // Inherited keys are not classes.
    expect(
      gradeClassPrediction(items, { bulkhead: "toString", budget: "removes", jitter: "neither" }, labels).status,
    ).toBe("invalid");
  });

  test("no items is the page's error", () => {
    expect(() => gradeClassPrediction([], {}, labels)).toThrow(/at least one/);
  });
});
