/**
 * Forms of answer a QA pass found refused or misdirected:
 * each is read as the learner meant it, and a wrong value written that way is still wrong.
 * The wider tables of accepted, wrong and invalid answers are in grade.test.ts.
 */
import { describe, expect, test } from "vitest";
import { choose } from "../sim/combinatorics.ts";
import { exactFigure, grouped } from "../format/number.ts";
import { numericPartSchema } from "./exercise-schema.ts";
import { gradeNumeric } from "./grade.ts";
import { editDistance } from "../format/edit-distance.ts";
import { units } from "../format/units.ts";
import { listExerciseIds } from "./exercise-files.ts";
import { readExerciseMeta } from "./load-exercises.ts";
import { maxAnswerLength, maxQuoted, maxSuggested, parseAnswer, plainNumber, sentenceWords } from "./parse-answer.ts";

const oneIn1820 = 1 / Number(choose(16, 4));
const sharePart = numericPartSchema.parse({
  id: "shuffle",
  prompt: "share",
  type: "share",
  feedback: [{ answer: "1/4", message: "fixed groups" }],
});
const countPart = numericPartSchema.parse({ id: "c", prompt: "how many", type: "count" });
const numberPart = numericPartSchema.parse({ id: "n", prompt: "how many", type: "number" });
const secondsPart = numericPartSchema.parse({ id: "s", prompt: "how long", type: "number", unit: "seconds" });
// The parts of diagnose-zone-loss, static-stability-preprovision and drill-error-budget-burn.
const peakPart = numericPartSchema.parse({ id: "headroom", prompt: "multiple", type: "number", unit: "× peak" });
const burnPart = numericPartSchema.parse({
  id: "rate",
  prompt: "burn rate",
  type: "number",
  unit: "× the budgeted rate",
  tolerance: 0.02,
});

const message = (input: string) => {
  const parsed = parseAnswer(input);
  return parsed.ok ? `read as ${parsed.value}` : parsed.message;
};

describe("thousands separators with a decimal part (D5)", () => {
  test.each([
    ["2,400.0", 2400],
    ["1,820.5", 1820.5],
    ["12,000.25", 12000.25],
    ["1,000,000.5", 1000000.5],
    ["2 400.0", 2400],
    ["1_820.5", 1820.5],
    ["-1,820.5", -1820.5],
    ["1 in 1,820.0", 1 / 1820],
  ])("%s reads as %d", (input, value) => {
    expect(parseAnswer(input)).toMatchObject({ ok: true, value });
  });

  test("the decimal part counts towards the significant figures", () => {
    expect(parseAnswer("2,400.0")).toMatchObject({ figures: { min: 5, max: 5 } });
    expect(parseAnswer("1,820.5")).toMatchObject({ figures: { min: 5, max: 5 } });
  });

  test.each([
    "0,25", // a decimal comma
    "1,82", // two digits after the comma: not a group of three
    "1,82.5",
    "12,00.5",
    "1,8200.5", // four digits after the comma
    "1.820,5", // points for thousands and a comma for decimals
    "1,820.5.3",
    "1,820,5",
    "0,055%",
  ])("%s is still refused", (input) => {
    expect(parseAnswer(input).ok).toBe(false);
  });

  test("a grouped number with a decimal part is graded by its value", () => {
    expect(gradeNumeric(countPart, "2,400.0", 2400).status).toBe("right");
    expect(gradeNumeric(countPart, "2,401.0", 2400).status).toBe("wrong");
    expect(gradeNumeric(countPart, "2,400.5", 2400).status).toBe("wrong");
    expect(gradeNumeric(numberPart, "1,820.5", 1820.5).status).toBe("right");
    expect(gradeNumeric(numberPart, "1,820.4", 1820.5).status).toBe("wrong");
    // Five figures written: 1,820.0 is not a rounding of 1,820.5.
    expect(gradeNumeric(numberPart, "1,820.0", 1820.5).status).toBe("wrong");
  });
});

describe('"leave out the unit" names an answer that is right when typed (P1)', () => {
  /** The answer a message suggests, in its brackets. */
  const suggested = (text: string) => /\(([^()]+)\)/.exec(text)?.[1];

  test("the suggestion keeps everything but the unit", () => {
    expect(message("1 in 1,820 customers")).toMatch(
      /leave out the unit "customers" and type the answer without it \(1 in 1,820\)/i,
    );
    expect(message("1 customer in 1820")).toMatch(/\(1 in 1,820\)/);
    for (const input of ["1 in 1,820 customers", "1 customer in 1820", "1/1820 customers"]) {
      const suggestion = suggested(message(input));
      expect(suggestion, input).toBeDefined();
      expect(gradeNumeric(sharePart, suggestion!, oneIn1820).status, input).toBe("right");
    }
  });

  test("a number with a unit still asks for just the number", () => {
    expect(message("25s")).toMatch(/leave out the unit "s" and type just the number \(25\)/i);
    expect(message("25 ms")).toMatch(/leave out the unit "ms" and type just the number \(25\)/i);
  });

  test("no suggestion when taking the word out would join two numbers", () => {
    // Taking "s/" out of 25s/2 would leave 252, and taking "s" out of 1 s 820 would leave 1 820 (1820).
    expect(message("25s/2")).not.toMatch(/252/);
    expect(message("1 s 820")).not.toMatch(/1820|1 820/);
  });

  // QA: "0.99 a day", typed for a part in "disks a day", was told to leave out the unit "a", with
  // no suggestion (taking "a" out left "0.99 day"); the words after a number are its unit together.
  test("a unit of several words is named whole, and the number without it suggested", () => {
    expect(message("0.99 a day")).toBe(
      'Leave out the unit "a day" and type just the number (0.99): the question says which unit it means.',
    );
    expect(message("0.99 disks a day")).toMatch(/unit "disks a day" and type just the number \(0\.99\)/);
    expect(message("1820 customers total")).toMatch(/unit "customers total" and type just the number \(1,820\)/);
    // A word the answer reads ("in", "of") ends the unit: the rest is the answer's own.
    expect(message("1 customer in 1820")).toMatch(/unit "customer" and type the answer without it \(1 in 1,820\)/);
    expect(message("3 disks of 4")).toMatch(/unit "disks"/);
  });

  test('"pct" is a percent sign, as "percent" is', () => {
    expect(parseAnswer("25 pct")).toMatchObject({ ok: true, value: 0.25, percent: true });
    expect(parseAnswer("0.055 pct")).toMatchObject({ ok: true, value: 0.00055, percent: true });
    expect(parseAnswer("0.055PCT")).toMatchObject({ ok: true, value: 0.00055, percent: true });
    expect(parseAnswer("0.055 pct.")).toMatchObject({ ok: true, value: 0.00055, percent: true });
    expect(gradeNumeric(sharePart, "0.055 pct", oneIn1820).status).toBe("right");
    expect(gradeNumeric(sharePart, "0.06 pct", oneIn1820).status).toBe("wrong");
    expect(gradeNumeric(sharePart, "25 pct", oneIn1820).message).toBe("fixed groups");
    expect(gradeNumeric(numberPart, "25 pct", 25).message).toMatch(/not a share/);
    expect(parseAnswer("pct").ok).toBe(false);
    expect(parseAnswer("1 in 1820 pct").ok).toBe(false);
  });
});

// QA: "1.2.3" was told 'Unexpected ".3" in "1.2.3"', the parser's words, not what is wrong with it.
describe("a number with two decimal points says so", () => {
  test.each([
    ["1.2.3", '"1.2.3" has 2 points'],
    ["1..2", '"1..2" has 2 points'],
    ["0.9.9%", '"0.9.9" has 2 points'],
    ["2 * 1.2.3.4", '"1.2.3.4" has 3 points'],
  ])("%s", (input, says) => {
    expect(message(input)).toBe(`A number has one decimal point at most, and ${says}.`);
  });

  test("a calculation with one point in each number still reads", () => {
    expect(parseAnswer("0.5*0.5")).toMatchObject({ ok: true, value: 0.25 });
    expect(parseAnswer("1.5e2.")).toMatchObject({ ok: false });
    expect(message("1.2.3.4.5.6.7.8.9.10.11.12.13.14")).toMatch(/has 13 points\.$/);
  });
});

describe("a multiple written with x or × (P2)", () => {
  test.each(["1.5x", "1.5X", "1.5 x", "1.5×", "1.5 ×", "×1.5", "x1.5", "× 1.5", " 1.5x "])(
    "%s reads as 1.5 times",
    (input) => {
      expect(parseAnswer(input)).toMatchObject({ ok: true, value: 1.5, times: true, percent: false });
    },
  );

  test("a plain number is not a multiple", () => {
    expect(parseAnswer("1.5")).toMatchObject({ ok: true, value: 1.5, times: false });
  });

  test("a multiple keeps its significant figures and its thousands separators", () => {
    expect(parseAnswer("1.50x")).toMatchObject({ value: 1.5, figures: { min: 3, max: 3 } });
    expect(parseAnswer("1,000x")).toMatchObject({ value: 1000, times: true });
  });

  test("is right on a part whose unit is a multiple, and only for the right value", () => {
    for (const input of ["1.5x", "1.5×", "x1.5", "1.50x"])
      expect(gradeNumeric(peakPart, input, 1.5).status).toBe("right");
    for (const input of ["1.33x", "2x", "1.4x", "1.49×", "1.51x", "15x", "0.15x", "-1.5x"])
      expect(gradeNumeric(peakPart, input, 1.5).status, input).toBe("wrong");
    expect(gradeNumeric(burnPart, "20x", 20).status).toBe("right");
    expect(gradeNumeric(burnPart, "20.3x", 20).status).toBe("right"); // within its 2%
    expect(gradeNumeric(burnPart, "21x", 20).status).toBe("wrong");
    expect(gradeNumeric(burnPart, "2x", 20).status).toBe("wrong");
  });

  test("is refused, saying why, on a part that does not ask for a multiple", () => {
    const onSeconds = gradeNumeric(secondsPart, "25x", 25);
    expect(onSeconds.status).toBe("invalid");
    expect(onSeconds.message).toMatch(/in seconds, not a multiple: leave out the ×/);
    expect(gradeNumeric(numberPart, "1820x", 1820)).toMatchObject({ status: "invalid", message: /not a multiple/ });
    expect(gradeNumeric(countPart, "28x", 28).status).toBe("invalid");
    expect(gradeNumeric(sharePart, "0.000549x", oneIn1820).status).toBe("invalid");
  });

  test("anything more than one number with an × gets a message, not a value", () => {
    expect(message("3/2x")).toMatch(/leave out the "x" and type the answer without it \(3\/2\)/i);
    expect(message("3/2 ×")).toMatch(/leave out the "×"/i);
    expect(message("1 in 4x")).toMatch(/leave out the "x"/i);
    expect(message("x1.5x")).toMatch(/leave out the "x"/i);
    for (const input of ["1.5xx", "1.5x%", "25%x", "x", "×", "1.5x2x", "1.5.3x", "x = 1.5"])
      expect(parseAnswer(input).ok, input).toBe(false);
    // Too long is too long, with or without the sign.
    expect(message(`${"1".repeat(250)}x`)).toMatch(/251 characters long/);
    // A trailing * is a calculation cut short, not a multiple.
    expect(message("1.5*")).toMatch(/ends too early/);
  });

  test("x between numbers still multiplies, and hexadecimal is still refused", () => {
    expect(parseAnswer("5.49 x 10^-4")).toMatchObject({ ok: true, value: 5.49e-4, times: false });
    expect(parseAnswer("2x3")).toMatchObject({ ok: true, value: 6, times: false });
    expect(parseAnswer("0x10").ok).toBe(false);
  });
});

describe("superscripts and full-width forms (P5)", () => {
  test.each([
    ["5.49×10⁻⁴", 5.49e-4],
    ["2⁻¹", 0.5],
    ["10⁴", 1e4],
    ["10¹²", 1e12],
    ["10⁺³", 1e3],
    ["2²", 4],
    ["2³", 8],
    ["1820⁻¹", 1 / 1820],
    ["１２", 12],
    ["12．5", 12.5],
    ["１，８２０", 1820],
    ["１ ｉｎ １８２０", 1 / 1820],
    ["０.０５５％", 0.00055],
    ["Ｃ（１６，４）", 1820],
    ["１.５ｘ", 1.5],
  ])("%s reads as %d", (input, value) => {
    expect(parseAnswer(input)).toMatchObject({ ok: true, value });
  });

  test("a superscript exponent is scientific notation, with its figures", () => {
    expect(parseAnswer("5.49×10⁻⁴")).toMatchObject({ figures: { min: 3, max: 3 } });
    expect(gradeNumeric(sharePart, "5.49×10⁻⁴", oneIn1820).status).toBe("right");
    expect(gradeNumeric(sharePart, "5.48×10⁻⁴", oneIn1820).status).toBe("wrong");
    expect(gradeNumeric(sharePart, "5.49×10⁻³", oneIn1820).status).toBe("wrong");
    expect(gradeNumeric(sharePart, "5.49×10⁴", oneIn1820).status).toBe("wrong");
  });

  test("a superscript with nothing to raise, or a lone sign, is still refused", () => {
    for (const input of ["⁻⁴", "²", "10⁻", "1/1820 ⁻"]) expect(parseAnswer(input).ok, input).toBe(false);
  });
});

describe("vulgar fractions (½, ¾, ⅛ …) and mixed numbers", () => {
  test.each([
    ["½", 1 / 2],
    ["¼", 1 / 4],
    ["¾", 3 / 4],
    ["⅐", 1 / 7],
    ["⅑", 1 / 9],
    ["⅒", 1 / 10],
    ["⅓", 1 / 3],
    ["⅔", 2 / 3],
    ["⅕", 1 / 5],
    ["⅘", 4 / 5],
    ["⅙", 1 / 6],
    ["⅚", 5 / 6],
    ["⅛", 1 / 8],
    ["⅜", 3 / 8],
    ["⅞", 7 / 8],
    ["↉", 0],
    // A whole number before one is a mixed number, as on paper, with or without a space.
    ["1½", 1.5],
    ["1 ½", 1.5],
    ["12¾", 12.75],
    ["-1½", -1.5],
    ["−2¼", -2.25],
    ["１½", 1.5],
    // In a calculation it is one number: 2^½ is the square root of 2, 3/1½ is 2.
    ["2^½", Math.SQRT2],
    ["3/1½", 2],
    ["2*½", 1],
    ["1 in 2½", 0.4],
    ["½%", 0.005],
  ])("%s reads as %d", (input, value) => {
    const parsed = parseAnswer(input);
    expect(parsed.ok, message(input)).toBe(true);
    if (parsed.ok) expect(parsed.value).toBeCloseTo(value, 15);
  });

  test("a vulgar fraction is exact, as a fraction typed with a slash is", () => {
    expect(parseAnswer("⅓")).not.toHaveProperty("figures");
    const third = numericPartSchema.parse({ id: "t", prompt: "share", type: "share" });
    expect(gradeNumeric(third, "⅓", 1 / 3).status).toBe("right");
    expect(gradeNumeric(third, "⅔", 1 / 3).status).toBe("wrong");
    expect(gradeNumeric(third, "¼", 1 / 3).status).toBe("wrong");
    expect(gradeNumeric(sharePart, "¼", oneIn1820).message).toBe("fixed groups");
    // Exact: ⅓ is not 0.33, and 1½ is not 1.49.
    expect(gradeNumeric(numberPart, "⅓", 0.33).status).toBe("wrong");
    expect(gradeNumeric(peakPart, "1½", 1.5).status).toBe("right");
    expect(gradeNumeric(peakPart, "1⅓", 1.5).status).toBe("wrong");
    expect(gradeNumeric(peakPart, "½", 1.5).status).toBe("wrong");
    expect(gradeNumeric(peakPart, "11/2", 1.5).status).toBe("wrong");
  });

  test("a vulgar fraction takes an x as one number does, on a multiple's part only", () => {
    for (const input of ["1½x", "1½ ×", "×1½", "1 ½x"])
      expect(parseAnswer(input), input).toMatchObject({ ok: true, value: 1.5, times: true });
    expect(gradeNumeric(peakPart, "1½x", 1.5).status).toBe("right");
    expect(gradeNumeric(peakPart, "1¼x", 1.5).status).toBe("wrong");
    expect(gradeNumeric(secondsPart, "1½x", 1.5)).toMatchObject({ status: "invalid", message: /not a multiple/ });
    expect(message("3/1½x")).toMatch(/leave out the "x" and type the answer without it \(3\/1½\)/i);
  });

  test("a fraction run into a decimal or a thousands group is refused, not read as a mixed number", () => {
    for (const input of ["1.5½", "1,000½", "½½", "½1", "⅟4", "½/"]) expect(parseAnswer(input).ok, input).toBe(false);
    expect(message("1.5½")).toMatch(/put an operator/i);
  });
});

describe("per mille (‰)", () => {
  test.each([
    ["5‰", 0.005],
    ["0.5‰", 0.0005],
    ["0.549‰", 0.000549],
    ["5 ‰", 0.005],
    ["5 per mille", 0.005],
    ["5 Per Mille", 0.005],
    ["5؉", 0.005], // the Arabic per mille sign
    ["1/1820‰", 1 / 1820 / 1000],
    ["½‰", 0.0005],
  ])("%s reads as %d", (input, value) => {
    expect(parseAnswer(input)).toMatchObject({ ok: true, value, percent: true, perMille: true });
  });

  test("a % sign is not a per mille sign", () => {
    expect(parseAnswer("5%")).toMatchObject({ ok: true, value: 0.05, percent: true, perMille: false });
    expect(parseAnswer("5")).toMatchObject({ ok: true, value: 5, percent: false, perMille: false });
  });

  test("per mille keeps the figures of its number", () => {
    expect(parseAnswer("0.549‰")).toMatchObject({ figures: { min: 3, max: 3 } });
  });

  test("is graded on a share part, and only the right value is right", () => {
    // 1/1820 is 0.54945‰.
    for (const input of ["0.549‰", "0.5495‰", "0.55‰", "0.54945‰", "0.549 per mille"])
      expect(gradeNumeric(sharePart, input, oneIn1820).status, input).toBe("right");
    for (const input of ["0.548‰", "0.56‰", "5.49‰", "0.0549‰", "0.6‰", "549‰", "1/1820‰"])
      expect(gradeNumeric(sharePart, input, oneIn1820).status, input).toBe("wrong");
    expect(gradeNumeric(sharePart, "250‰", oneIn1820).message).toBe("fixed groups");
  });

  test("a number that is right without its ‰ sign, or as a percentage, is told so", () => {
    expect(gradeNumeric(sharePart, "0.000549‰", oneIn1820).message).toBe(
      "With the ‰ sign that is a thousandth of your number: drop the ‰ sign, or multiply by 1,000.",
    );
    expect(gradeNumeric(sharePart, "0.0549‰", oneIn1820).message).toMatch(/per mille, thousandths.*use the % sign/);
  });

  test("is refused where a % sign is refused, naming the ‰ sign", () => {
    expect(gradeNumeric(numberPart, "5‰", 5)).toEqual({
      status: "invalid",
      message: "This asks for a number, not a share: leave out the ‰ sign.",
    });
    expect(gradeNumeric(countPart, "28‰", 28)).toMatchObject({
      status: "invalid",
      message: /count, not a share: leave out the ‰ sign/,
    });
    expect(gradeNumeric(peakPart, "1.5‰", 1.5).status).toBe("invalid");
    expect(message("‰")).toMatch(/‰ sign needs a number before it/);
    expect(message("5‰ + 1")).toMatch(/put the ‰ sign only at the very end/i);
    expect(message("5‰%")).toMatch(/put the ‰ sign only at the very end/i);
    expect(message("1 in 5‰")).toMatch(/"1 in N" or a per mille figure, not both/);
    expect(message("5‰x")).not.toMatch(/^read as/);
    expect(message("about 5‰")).toMatch(/as in 5‰/);
  });
});

describe('a multiple written with the word "times"', () => {
  test.each(["1.5 times", "1.5times", "1.5 Times", "1.5 TIMES", " 1.5 times ", "1.50 times"])(
    "%s reads as 1.5 times",
    (input) => {
      expect(parseAnswer(input)).toMatchObject({ ok: true, value: 1.5, times: true, percent: false });
    },
  );

  test("is right on a part whose unit is a multiple, and only for the right value", () => {
    for (const input of ["1.5 times", "1.50 times", "1½ times"])
      expect(gradeNumeric(peakPart, input, 1.5).status, input).toBe("right");
    for (const input of ["1.4 times", "1.49 times", "1.51 times", "2 times", "15 times", "0.15 times", "-1.5 times"])
      expect(gradeNumeric(peakPart, input, 1.5).status, input).toBe("wrong");
    expect(gradeNumeric(burnPart, "20 times", 20).status).toBe("right");
    expect(gradeNumeric(burnPart, "21 times", 20).status).toBe("wrong");
  });

  test("is refused elsewhere with the message an x gets", () => {
    for (const [part, expected] of [
      [secondsPart, 25],
      [numberPart, 1820],
      [countPart, 28],
      [sharePart, oneIn1820],
    ] as const) {
      const byWord = gradeNumeric(part, `${expected} times`, expected);
      expect(byWord.status).toBe("invalid");
      expect(byWord.message).toBe(gradeNumeric(part, `${expected}x`, expected).message);
    }
    expect(gradeNumeric(secondsPart, "25 times", 25).message).toMatch(/in seconds, not a multiple: leave out the ×/);
  });

  test("a calculation, or a word that only starts like it, still gets a message", () => {
    expect(message("3/2 times")).toMatch(/leave out the "times" and type the answer without it \(3\/2\)/i);
    for (const input of ["times", "times 1.5", "1.5 timesx", "1.5% times", "1.5 times times", "2 times 3"])
      expect(parseAnswer(input).ok, input).toBe(false);
  });
});

// QA: "1e" was told to put an operator between two numbers (it read e, the constant, after 1).
describe("a power of ten left without its exponent says so", () => {
  const bare = "A power of ten needs its exponent after the e, as in 1e3 (1,000) or 2.5e-4 (0.00025).";
  test.each(["1e", "2.5e", "1e+", "1e-", "3E", "1e 3", "2 * 1e"])("%s", (input) => {
    expect(message(input)).toBe(bare);
  });

  test("whole powers of ten, and e the constant, still read; the message's examples are what it says", () => {
    expect(parseAnswer("1e3")).toMatchObject({ ok: true, value: 1_000 });
    expect(parseAnswer("2.5e-4")).toMatchObject({ ok: true, value: 0.00025 });
    expect(parseAnswer("1e+2")).toMatchObject({ ok: true, value: 100 });
    expect(parseAnswer("2*e")).toMatchObject({ ok: true, value: 2 * Math.E });
    expect(parseAnswer("e")).toMatchObject({ ok: true, value: Math.E });
    expect(bare).toContain(`1e3 (${grouped(1e3)})`);
    expect(bare).toContain(`2.5e-4 (${2.5e-4})`);
  });
});

// Audit (session 48): a 60-digit number and a sentence after it were told 'Leave out the unit
// "disks per day because xxxx…" (150 characters) and type just the number (999…, 60 digits)'.
describe("words after a number: a unit only when they look like one, and quoted at a bounded length", () => {
  const nines = "9".repeat(60);
  // What the answer box holds of the audit's input: it takes 200 characters.
  const audit = `${nines} disks per day because ${"x".repeat(150)}`.slice(0, maxAnswerLength);

  test("a sentence after a number is called words, quoted by its start, and the long number is not echoed", () => {
    expect(message(audit)).toBe(
      'Leave out the words after the number ("disks per day because…") and type just the number: an answer is a number or a calculation, not a sentence.',
    );
    expect(message("5 per day because the disk fails")).toBe(
      'Leave out the words after the number ("per day because the…") and type just the number (5): an answer is a number or a calculation, not a sentence.',
    );
    expect(message("1 in 1820 customers as the table says")).toMatch(
      /words after the number \("customers as the table…"\) and type the answer without them \(1 in 1,820\)/,
    );
  });

  test("one or two words, or a rate of three, is a unit, named whole", () => {
    expect(message("0.99 disks")).toBe(
      'Leave out the unit "disks" and type just the number (0.99): the question says which unit it means.',
    );
    expect(message("40 requests per second")).toMatch(/unit "requests per second" and type just the number \(40\)/);
    expect(message("3 disks each machine")).toMatch(/unit "disks each machine"/);
    // Three words without a rate's word in the middle, four words, or more than maxQuoted characters are words.
    expect(message("5 i think so")).toMatch(/^Leave out the words after the number \("i think so"\)/);
    expect(message("5 disks per day per node")).toMatch(/words after the number \("disks per day per node"\)/);
    const long = "a".repeat(maxQuoted + 1);
    expect(message(`5 ${long}`)).toMatch(new RegExp(`words after the number \\("${"a".repeat(maxQuoted - 1)}…"\\)`));
    expect(message(`5 ${"a".repeat(maxQuoted)}`)).toMatch(/^Leave out the unit "a+" and type just the number \(5\)/);
  });

  test("a number longer than maxSuggested is not echoed back as the answer to type", () => {
    expect(message(`${nines} disks`)).toBe(
      'Leave out the unit "disks" and type just the number: the question says which unit it means.',
    );
    const longest = "1".repeat(maxSuggested);
    expect(message(`${longest} disks`)).toMatch(new RegExp(`type just the number \\(${longest}\\)`));
    expect(message(`${longest}1 disks`)).not.toMatch(/\(1+\)/);
    expect(message(`about ${nines}`)).toBe('Leave out "about" and type just the value; a rounded decimal is fine.');
    expect(message(`${"1+".repeat(20)}1x`)).toBe(
      'Leave out the "x" and type the answer without it: the question gives the unit.',
    );
    // A suffix's number is quoted by its start.
    expect(message(`${nines}k`)).toMatch(new RegExp(`^"${"9".repeat(maxQuoted - 1)}…" is not a number here`));
  });

  test('"about" with a unit names both, and offers the answer without either', () => {
    expect(message("about 5 disks")).toBe(
      'Leave out "about"; then leave out the unit "disks" and type just the number (5): the question says which unit it means.',
    );
    expect(message("about 5")).toBe('Leave out "about" and type just the value, as in 5; a rounded decimal is fine.');
  });
});

// Audit (session 48): "--5" was read as 5 (mathjs reads each sign in turn) and graded "too high".
describe("a calculation the parser cannot read is quoted around its unexpected part, at a bounded length", () => {
  test("a short calculation is quoted whole", () => {
    expect(message("2 * 3 3")).toBe('Unexpected "3" in "2 * 3 3".');
    expect(message("5 ) 3")).toBe('Unexpected ")" in "5 ) 3".');
  });

  test("a long one by the part and a few characters either side, cut at spaces", () => {
    // It quoted all of a calculation up to the answer box's 200 characters.
    const long = "20 * 30 * 40 * 50 * 60 * 70 80 * 90 * 100 * 110 * 120 * 130";
    expect(message(long)).toBe('Unexpected "80" in "…* 60 * 70 80 * 90 * 100…".');
    // The part at its place, not the same text earlier: the second "3", then the first.
    expect(message("3 * 4 * 5 * 6 * 7 * 8 * 3 3 * 4 * 5 * 6 * 7 * 8")).toBe(
      'Unexpected "3" in "…7 * 8 * 3 3 * 4 * 5 * 6…".',
    );
    expect(message("3 3 * 4 * 5 * 6 * 7 * 8 * 9 * 10 * 11 * 12")).toBe('Unexpected "3" in "3 3 * 4 * 5 * 6…".');
    const longest = `${"1 + ".repeat(20)}1 2${" + 1".repeat(29)}`;
    expect(longest.length).toBe(maxAnswerLength - 1);
    expect(message(longest)).toBe('Unexpected "2" in "…1 + 1 + 1 2 + 1 + 1 + 1…".');
  });
});

describe("two signs in a row are refused as a slip, here and in the terminal", () => {
  test.each([
    ["--5", "--"],
    ["- -5", "- -"],
    ["5--3", "--"],
    ["5 - -3", "- -"],
    ["+-5", "+-"],
    ["-+5", "-+"],
    ["++5", "++"],
    ["\u2212\u22125", "--"], // typographic minus signs
    ["--5%", "--"],
    ["--1.5x", "--"],
    ["about --5", "--"],
  ])("%s", (input, signs) => {
    expect(message(input)).toContain(
      `wo signs in a row ("${signs}") are most likely a slip: type one sign, or put a negative number in brackets, as in 5 - (-3).`,
    );
  });

  test("is invalid, not graded, on a part", () => {
    expect(gradeNumeric(numberPart, "--5", 5).status).toBe("invalid");
    expect(gradeNumeric(numberPart, "--5", 4).status).toBe("invalid");
  });

  test("a sign after an operator or an e, and a negative number in brackets, still read", () => {
    expect(parseAnswer("-(-5)")).toMatchObject({ ok: true, value: 5 });
    // The message's own example.
    expect(parseAnswer("5 - (-3)")).toMatchObject({ ok: true, value: 8 });
    expect(parseAnswer("5*-3")).toMatchObject({ ok: true, value: -15 });
    expect(parseAnswer("2^-1")).toMatchObject({ ok: true, value: 0.5 });
    expect(parseAnswer("1e-3")).toMatchObject({ ok: true, value: 0.001 });
    expect(parseAnswer("-5")).toMatchObject({ ok: true, value: -5 });
    expect(parseAnswer("5 - 3")).toMatchObject({ ok: true, value: 2 });
    expect(parseAnswer("2⁻¹")).toMatchObject({ ok: true, value: 0.5 });
  });
});

/** The answers a message offers to type instead: "(or X)", "write X", "(X)" after "type just the number" … */
function offers(text: string): string[] {
  const patterns = [
    /\(or ([^)]+)\)/g,
    /: write (?!the number without)(.+?)(?= \(or |\.$)/g,
    /type just the number \((.+?)\):/g,
    /type the answer without (?:it|them) \((.+?)\):/g,
    /just the value, as in (.+?); a rounded/g,
    /in brackets, as in (.+?)\.$/g,
  ];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => m[1]!));
}

/** What each suffix stands for, written out here, not taken from the parser. */
const suffixFactors: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  thousand: 1e3,
  M: 1e6,
  m: 1e6,
  mn: 1e6,
  million: 1e6,
  G: 1e9,
  B: 1e9,
  bn: 1e9,
  billion: 1e9,
};

/**
 * The value a number with a suffix stands for, as a message quotes it, worked out without the
 * parser: "-1,500k" is -1,500,000, "2.4k%" is 24; undefined for a quote cut short or anything else.
 */
function meantBy(quote: string): number | undefined {
  const match = /^([+-]?)\s*(\.?\d[\d.,_ ]*?(?:e[+-]?\d+)?)\s*([A-Za-z]+)\s*(%|‰|percent)?$/.exec(quote);
  const factor = suffixFactors[match?.[3] ?? ""];
  if (!match || factor === undefined) return undefined;
  const share = match[4] === undefined ? 1 : match[4] === "‰" ? 1000 : 100;
  return (Number(`${match[1]}${match[2]!.replace(/[, _]/g, "")}`) * factor) / share;
}

/** The same number, to the last bit a calculation of a power of ten keeps (5 × 10²³ is 5e23). */
const sameValue = (a: number, b: number) => a === b || Math.abs(a / b - 1) < 1e-15;

// Audit (session 48): "5e20k" was told to write "(or 5e20e3)", which the parser refuses.
describe("every answer a message offers is one the parser reads", () => {
  test("a suffix after a number in scientific notation adds to its exponent", () => {
    expect(message("5e20k")).toBe('"5e20k" is not a number here: write 5 × 10²³ (or 5e23).');
    expect(message("1.5e3k")).toBe('"1.5e3k" is not a number here: write 1,500,000 (or 1.5e6).');
    expect(message("2.4k")).toBe('"2.4k" is not a number here: write 2,400 (or 2.4e3).');
    expect(message("2e-3k")).toBe('"2e-3k" is not a number here: write 2.');
    expect(message("1e306k")).toBe('"1e306k" is not a number here, and that many would be too large to be an answer.');
  });

  test("over a few thousand answers built from numbers, suffixes, units, hedges and signs", () => {
    const prefixes = ["", "about ", "~"];
    const numbers = [
      "5",
      "0.99",
      "2.4",
      "1,820",
      "5e20",
      "1.5e3",
      "2e-3",
      "1e306",
      "9".repeat(60),
      "1/1820",
      "1 in 1820",
      "3/2",
      "1½",
      "-5",
      "2000 * 12 * 0.015 / 365",
      "1e-300",
      // Signed, and a sign after an operator (session 50: "-1.5k" was told to write 1,500).
      "-2.4",
      "-1,820",
      "-5e20",
      "2*-1.5",
      "1 in -4",
    ];
    const tails = [
      "",
      "k",
      " k",
      "K",
      "M",
      "bn",
      " million",
      " thousand",
      " disks",
      "ms",
      " disks a day",
      " requests per second",
      " per day because the disk failed",
      ` because ${"x".repeat(150)}`,
      " s 820",
      "s/2",
    ];
    const ends = ["", "%", " x", "k"];
    // Each input's faults, gathered and checked at once: an expect per answer was a third of the test's time.
    const faults: string[] = [];
    let offered = 0;
    let suffixed = 0;
    let quotedWhole = 0;
    for (const prefix of prefixes)
      for (const number of numbers)
        for (const tail of tails)
          for (const end of ends) {
            const input = `${prefix}${number}${tail}${end}`.slice(0, maxAnswerLength);
            const parsed = parseAnswer(input);
            if (parsed.ok) continue;
            const says = `${JSON.stringify(input)}: ${parsed.message}`;
            // What a suffix's number was typed as, and so the value its suggestions must have.
            const quote = /"([^"]+)" is not a number here: write/.exec(parsed.message)?.[1];
            const meant = quote === undefined ? undefined : meantBy(quote);
            // A signed number and a suffix alone: what is quoted is the number as typed, sign and all.
            const alone = parseAnswer(number);
            const factor = suffixFactors[tail.trim()];
            if (meant !== undefined && factor !== undefined && end === "" && alone.ok && plainNumber.test(number)) {
              if (!sameValue(meant, alone.value * factor)) faults.push(`${says}: quotes ${quote}`);
              quotedWhole++;
            }
            for (const answer of offers(parsed.message)) {
              offered++;
              const read = parseAnswer(answer);
              if (!read.ok) faults.push(`${says}: offers ${JSON.stringify(answer)}, which does not read`);
              if (answer.length > maxSuggested) faults.push(`${says}: offers ${answer.length} characters`);
              if (meant === undefined || !read.ok) continue;
              suffixed++;
              if (!sameValue(read.value, meant)) faults.push(`${says}: offers ${answer} for ${meant}`);
            }
            // Nothing typed is echoed at length.
            if (parsed.message.includes("x".repeat(maxQuoted)) || parsed.message.includes("9".repeat(maxSuggested + 1)))
              faults.push(`${says}: echoes what was typed at length`);
          }
    expect(faults).toEqual([]);
    // The messages do offer answers: this is not a test of none.
    expect(offered).toBeGreaterThan(500);
    expect(suffixed).toBeGreaterThan(300);
    expect(quotedWhole).toBeGreaterThan(50);
  });
});

// Session 49: "5 because" was told to leave out the unit "because".
describe("a word of a sentence after a number is words, not a unit", () => {
  /** Every unit an exercise asks in (exercises/<id>/exercise.yaml), as its part's metadata writes it. */
  const exerciseUnits = listExerciseIds().flatMap((id) => {
    const meta = readExerciseMeta(id);
    return meta.kind === "code"
      ? []
      : meta.parts.flatMap((part) => (part.kind === "numeric" && part.unit ? [part.unit] : []));
  });

  test.each([
    ["5 because", "because"],
    ["5 maybe", "maybe"],
    ["12 or so", "or so"],
    ["5 I think", "I think"],
    ["0.99 probably", "probably"],
    ["3 disks because", "disks because"],
    ["5 a", "a"],
  ])("%s is words after the number", (input, words) => {
    expect(message(input)).toContain(`Leave out the words after the number ("${words}")`);
    expect(message(input)).not.toMatch(/unit/);
  });

  test("every unit of units.ts and of the exercises is still called a unit", () => {
    expect(exerciseUnits.length).toBeGreaterThan(10);
    // A unit after × ("× peak") is a multiple's, read before any unit.
    const typed = [...units.filter((unit) => unit !== "%"), ...exerciseUnits.filter((unit) => !unit.startsWith("×"))];
    for (const unit of typed) {
      expect(message(`5 ${unit}`), unit).toMatch(
        new RegExp(`^Leave out the unit "${unit}" and type just the number \\(5\\)`),
      );
    }
    // Spellings that are not in either table are still units: a unit is any word not of a sentence.
    for (const unit of ["secs", "sec", "msec", "hrs", "qps", "rps", "disks each day"])
      expect(message(`5 ${unit}`), unit).toMatch(/^Leave out the unit/);
  });

  test("no sentence word is a unit, or one letter off a unit of three letters or more", () => {
    // Levenshtein, the course's one measure of a near name (src/format/edit-distance.ts).
    const distance = editDistance;
    const unitWords = new Set(
      [...units, ...exerciseUnits].flatMap((unit) => unit.toLowerCase().split(/\s+/)).filter((w) => /^[a-z]+$/.test(w)),
    );
    // The words between a count and what it counts per are parts of a unit, and in no list here.
    for (const rate of ["per", "a", "an", "each", "every"]) unitWords.delete(rate);
    expect(unitWords).toContain("seconds");
    expect(unitWords).toContain("disks");
    const clashes = [...sentenceWords].flatMap((word) =>
      [...unitWords]
        .filter((unit) => word === unit || (unit.length >= 3 && distance(word, unit) <= 1))
        .map((unit) => `${word} ~ ${unit}`),
    );
    expect(clashes).toEqual([]);
    // The check finds a clash where there is one.
    expect(distance("second", "seconds")).toBe(1);
    expect(distance("because", "seconds")).toBeGreaterThan(1);
  });
});

describe("a suggested number is grouped as the course writes numbers, and is the number exactly", () => {
  test("a suffix's number is written out exactly, however many figures it has", () => {
    // It was rounded to 12 figures: "write 1234.56789012".
    expect(message("1.23456789012345k")).toBe(
      '"1.23456789012345k" is not a number here: write 1,234.56789012345 (or 1.23456789012345e3).',
    );
    expect(message("0.1M")).toBe('"0.1M" is not a number here: write 100,000 (or 0.1e6).');
    expect(message("1.1e-10k")).toBe('"1.1e-10k" is not a number here: write 1.1 × 10⁻⁷ (or 1.1e-7).');
  });

  test("the rest of the answer is grouped too, unless grouping would change what it reads as", () => {
    expect(message("1820000 disks")).toMatch(/type just the number \(1,820,000\)/);
    expect(message("0.00012345 disks")).toMatch(/type just the number \(0\.00012345\)/);
    expect(message("2e1000 disks")).not.toMatch(/2e1,000/);
  });

  test("exactFigure is the decimal mantissa × 10^power exactly, as the parser reads it back", () => {
    const mantissas = ["1", "1.5", "2.4", "12", "0.001", "1.23456789012345", "9.99", "100", "0.5", "7"];
    let checked = 0;
    for (const mantissa of mantissas)
      for (let power = -12; power <= 24; power++) {
        const text = exactFigure(mantissa, power);
        const read = parseAnswer(text);
        expect(read.ok, text).toBe(true);
        if (!read.ok) continue;
        const value = Number(`${mantissa}e${power}`);
        // The text is the number exactly (the decimal it spells is the double's)...
        const spelled = text
          .replace(/,/g, "")
          .replace(
            / × 10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)/,
            (_, raised: string) => `e${[...raised].map((c) => "-0123456789"["⁻⁰¹²³⁴⁵⁶⁷⁸⁹".indexOf(c)]).join("")}`,
          );
        expect(Number(spelled), `${mantissa}e${power} as ${text}`).toBe(value);
        // ...and the parser reads it, to the last bit its calculation of a power of ten keeps.
        expect(Math.abs(read.value / value - 1), text).toBeLessThan(1e-15);
        // Whole parts of four digits or more are grouped; none is written in JavaScript's exponent.
        expect(text, text).not.toMatch(/(?<![\d.])\d{4}|e/);
        checked++;
      }
    expect(checked).toBe(mantissas.length * 37);
    expect(exactFigure("1.5", 6)).toBe("1,500,000");
    expect(exactFigure("2.4", -3)).toBe("0.0024");
    expect(exactFigure("5", 23)).toBe("5 × 10²³");
  });
});

// Session 50: "-1.5k" was told 'write 1,500 (or 1.5e3)', dropping the minus, and "-1,5k" was told
// '"5k" is not a number here: write 5,000', reading a piece of what was typed as the whole.
describe("a suffix's number is quoted as typed, sign and all, and what is offered is what was meant", () => {
  test("the sign is kept, in the quote and in both forms offered", () => {
    expect(message("-1.5k")).toBe('"-1.5k" is not a number here: write -1,500 (or -1.5e3).');
    expect(message("-2 million")).toBe('"-2 million" is not a number here: write -2,000,000 (or -2e6).');
    expect(message("-1.5 k")).toBe('"-1.5 k" is not a number here: write -1,500 (or -1.5e3).');
    expect(message("\u22121.5k")).toBe('"-1.5k" is not a number here: write -1,500 (or -1.5e3).');
    expect(message("-1e-10k")).toBe('"-1e-10k" is not a number here: write -1 × 10⁻⁷ (or -1e-7).');
    expect(message("about -2.4k")).toBe(
      'Leave out "about"; then "-2.4k" is not a number here: write -2,400 (or -2.4e3).',
    );
    // A sign after an operator or "in" is the number's; after a number it is an operator.
    expect(message("2*-1.5k")).toMatch(/^"-1\.5k" is not a number here: write -1,500 \(or -1\.5e3\)/);
    expect(message("1 in -2k")).toMatch(/^"-2k" is not a number here: write -2,000 /);
    expect(message("5-1.5k")).toBe('"1.5k" is not a number here: write 1,500 (or 1.5e3).');
    // A plus sign is quoted, and changes nothing; -0 is 0.
    expect(message("+1.5k")).toBe('"+1.5k" is not a number here: write 1,500 (or 1.5e3).');
    expect(message("-0k")).toBe('"-0k" is not a number here: write 0 (or 0e3).');
  });

  test("a grouped number is quoted with its separators, and a share with its sign", () => {
    expect(message("1,500k")).toBe('"1,500k" is not a number here: write 1,500,000 (or 1500e3).');
    expect(message("-1 500 k")).toMatch(/^"-1 500 k" is not a number here: write -1,500,000 /);
    expect(message("1_500k")).toMatch(/^"1_500k" is not a number here/);
    // 2.4k% is 2,400%, not 2,400: the share's sign goes with the whole answer, as typed.
    expect(message("2.4k%")).toBe('"2.4k%" is not a number here: write 2,400% (or 2.4e3%).');
    expect(message("-1.5k percent")).toBe('"-1.5k percent" is not a number here: write -1,500% (or -1.5e3%).');
    expect(message("0.5k‰")).toBe('"0.5k‰" is not a number here: write 500‰ (or 0.5e3‰).');
  });

  test("a comma that may be a decimal one is told first, about the whole number", () => {
    // "1,5" cannot be thousands, and a decimal comma is refused (0,25 and 1,82 are): read
    // without the comma, the message was about "5k", a number no one typed.
    const advice =
      "use a point for decimals (0.25); a comma goes only between thousands (1,820) or between a function's arguments, as in C(16, 4).";
    expect(message("-1,5k")).toBe(`In "-1,5k", ${advice}`);
    expect(message("1,5k")).toBe(`In "1,5k", ${advice}`);
    expect(message("-2,5 million")).toBe(`In "-2,5 million", ${advice}`);
    expect(message("2 * 1.820,5k")).toBe(`In "1.820,5k", ${advice}`);
    expect(message("1,5 disks")).toBe(`In "1,5", ${advice}`);
    expect(message("0,25")).toBe(`In "0,25", ${advice}`);
    // A comma with no digit on one side is not a decimal comma, and is not quoted.
    expect(message("1, 5")).toBe(`U${advice.slice(1)}`);
    // A function's arguments and a thousands group are still commas, not decimal ones.
    expect(message("max(1,5k)")).toMatch(/^"5k" is not a number here/);
    expect(parseAnswer("-1,500k").ok).toBe(false);
    expect(message("-1,500k")).toMatch(/^"-1,500k" is not a number here: write -1,500,000 /);
  });

  test("over a thousand signed numbers with suffixes, in and out of a calculation", () => {
    // [before, after, whether a sign before the number is its own]
    const contexts: [string, string, boolean][] = [
      ["", "", true],
      ["2*", "", true],
      ["(", ")", true],
      ["1 in ", "", true],
      ["about ", "", true],
      ["5 ", "", false],
    ];
    const signs = ["", "-", "+", "\u2212", "- "];
    const numbers = ["1.5", "1,500", "1 500", "1_500", ".5", "5e20", "1e-10", "0"];
    const suffixes = ["k", " k", " million", "bn"];
    const shares = ["", "%", " %", "‰", " percent"];
    // Each input's faults, gathered and checked at once (an expect per answer costs more than the parse).
    const faults: string[] = [];
    let checked = 0;
    for (const [before, after, own] of contexts)
      for (const sign of signs)
        for (const number of numbers)
          for (const suffix of suffixes)
            for (const share of before === "" && after === "" ? shares : [""]) {
              const input = `${before}${sign}${number}${suffix}${after}${share}`;
              const said = message(input);
              const quote = /"([^"]+)" is not a number here/.exec(said)?.[1];
              // The quote is what was typed: the sign if it is the number's, the share's sign if
              // the number is the whole answer (a typographic minus is quoted as "-").
              const typed = `${own ? sign.replace("\u2212", "-") : ""}${number}${suffix}${share}`;
              const cut = typed.length > maxQuoted && quote?.endsWith("…") && typed.startsWith(quote.slice(0, -1));
              if (quote !== typed && !cut) faults.push(`${input}: quotes ${quote} for ${typed}: ${said}`);
              const meant = meantBy(typed)!;
              const answers = offers(said);
              if (answers.length === 0) faults.push(`${input}: offers nothing: ${said}`);
              for (const answer of answers) {
                const read = parseAnswer(answer);
                if (!read.ok || !sameValue(read.value, meant)) faults.push(`${input}: offers ${answer} for ${meant}`);
                checked++;
              }
            }
    expect(faults).toEqual([]);
    expect(checked).toBeGreaterThan(2_000);
  });
});
