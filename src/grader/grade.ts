/**
 * Grading one part of an exercise against its expected answer. Pure and total: every input
 * yields a verdict with a message; nothing throws.
 */
import type {
  ChoiceAnswer,
  ChoiceGrading as ChoicePart,
  GradingPart as Part,
  MatchAnswer,
  MatchGrading as MatchPart,
  NumericGrading as NumericPart,
  Params,
} from "./exercise-schema.ts";
import { fillParams, fillParamsForReading } from "./fill-params.ts";
import { type Figures, parseAnswer, plainNumber, shareScale } from "./parse-answer.ts";
import type { Expected } from "./solution.ts";
import {
  countOf,
  grouped,
  oneIn,
  oneInWhole,
  percentAndOneIn,
  percentAnySize,
  percentFigures,
  percentToFigures,
  powerOfTen,
  raisedPowers,
  rounded,
  roundToFigures,
  scientific,
} from "../format/number.ts";
import { listNames, unitAfter } from "../format/words.ts";

export type VerdictStatus = "right" | "wrong" | "invalid";

export interface Verdict {
  status: VerdictStatus;
  message: string;
  /** Numeric parts: the value the answer was read as (a share as a fraction). */
  value?: number;
  /**
   * Match parts that mark their wrong items (pairings, see marksWrongItems): the items matched
   * wrongly. Left out for a sorting into classes, whose marks would give the answer away.
   */
  wrongItems?: string[];
}

/**
 * Equal but for the rounding noise of floating point, in the answer's calculation and in the
 * solution's. The noise is relative to the size of the target, so an expected 0 takes exactly 0:
 * the ways people write nothing (0, 0%, 0/3, 1-1, 5*0) come to exactly 0 in floating point (only
 * inexact decimals that cancel, 0.1+0.2-0.3, do not), while any absolute allowance is a value
 * someone can type (1e-13 was "Right: 0%").
 */
function nearlyEqual(value: number, target: number): boolean {
  return Math.abs(value - target) <= 1e-9 * Math.abs(target);
}

/** Within a relative tolerance of the expected value; as in nearlyEqual, 0 is only close to 0. */
export function isClose(value: number, expected: number, tolerance: number): boolean {
  return Math.abs(value - expected) <= tolerance * Math.abs(expected);
}

/**
 * How far, relative to its size, a calculation may round away from the whole number it works
 * out exactly. Each step of floating-point arithmetic rounds by at most 1.1e-16 of its result, so
 * the few dozen steps a 200-character answer holds stay below 1e-14 (18.2*100 comes to
 * 1819.9999999999998, 2e-16 off); 1e-12 leaves a margin of a hundred, and a decimal typed into a
 * calculation must have 13 significant figures to come that close to a whole number it is not.
 */
const calculationNoise = 1e-12;

/**
 * The whole number an answer stands for, if any. A number typed as one decimal is taken as typed,
 * so 2399.9999999 is no whole number; a calculation (C(16,4), 16!/(4!*12!), 18.2*100) is the
 * whole number it comes within calculationNoise of. `expression` is left out for values the
 * grader works out itself, which are calculations.
 */
export function wholeNumber(answer: { value: number; expression?: string }): number | undefined {
  const { value, expression } = answer;
  if (Number.isInteger(value)) return value;
  if (expression !== undefined && plainNumber.test(expression)) return undefined;
  const nearest = Math.round(value);
  return Math.abs(value - nearest) <= calculationNoise * Math.abs(nearest) ? nearest : undefined;
}

/**
 * How close a numeric answer must be, one rule per part:
 *   whole    counts: a whole number, equal to the expected one (see wholeNumber), in any form
 *   exact    parts with tolerance 0: the exact value, in any form
 *   rounded  the default: exact, or a decimal the exact answer rounds to, with at least
 *            `figures` significant figures (1.875: 1.9 and 1.88 are right, 1.87 and 1.49 are
 *            not); fractions, "1 in N" and calculations are taken as exact, so 1/1819 is not 1/1820
 *   within   parts whose answer is an estimate by nature: within a relative tolerance
 */
export type NumericRule =
  | { kind: "whole" }
  | { kind: "exact" }
  | { kind: "rounded"; figures: number }
  | { kind: "within"; tolerance: number };

export function numericRule(part: NumericPart): NumericRule {
  if (part.type === "count") return { kind: "whole" };
  if (part.tolerance === 0) return { kind: "exact" };
  if (part.tolerance !== undefined) return { kind: "within", tolerance: part.tolerance };
  return { kind: "rounded", figures: part.figures };
}

/** The rule in one sentence, shown with the question in the page and the terminal. */
export function describeRule(part: NumericPart): string {
  const rule = numericRule(part);
  switch (rule.kind) {
    case "whole":
      return "A whole number, exactly (a calculation such as 40*60 is fine).";
    case "exact":
      return "The exact value: a decimal, a fraction or a calculation.";
    case "within":
      return `Within ${percentFigures(rule.tolerance, 3)} of the exact value (it is an estimate).`;
    case "rounded": {
      const { right, wrong } = roundingExample(rule.figures);
      return `Exact (a fraction such as 15/8, or a calculation), or a decimal rounded from it to at least ${countOf(rule.figures, "significant figure")} (for ${roundingExampleValue}: ${right.join(" or ")}, not ${wrong.join(" or ")}).`;
    }
  }
}

/** The value the rounding rule's sentence is shown on: 15/8, exact in binary and four figures long. */
export const roundingExampleValue = 1.875;

/**
 * What the rounding rule's sentence gives as right and not right for `figures` (grade.test.ts
 * grades each): the value rounded to those figures and to one more (up to its own four), against
 * a wrong rounding (1.87) and, where the rule asks for 3 or more, the value rounded one figure too
 * few ("1.9" at 3 figures is too rough).
 */
export function roundingExample(figures: number): { right: string[]; wrong: string[] } {
  const to = (f: number) => String(roundToFigures(roundingExampleValue, Math.min(f, 4)));
  const right = [...new Set([to(figures), to(figures + 1)])];
  const wrong = ["1.87", ...(figures >= 3 ? [to(figures - 1)] : [])].filter((w) => !right.includes(w));
  return { right, wrong };
}

type Agreement = "yes" | "no" | "too-rough";

/**
 * Whether the exact value `target`, rounded to p significant figures (a half rounds away from
 * zero, as on paper), reads as `value`.
 */
function roundsTo(target: number, figures: number, value: number): boolean {
  // A tie such as 2.675 may sit a hair below the half in binary: nudge it outwards too.
  return [target, target * (1 + 1e-12)].some((t) => nearlyEqual(value, roundToFigures(t, figures)));
}

/** Does an answer agree with `target` under `rule`? */
function agrees(
  answer: { value: number; figures?: Figures; expression?: string },
  target: number,
  rule: NumericRule,
): Agreement {
  const { value, figures } = answer;
  if (rule.kind === "whole") {
    const whole = wholeNumber({ value: target });
    // A count its solution works out as no whole number (a variant's 187.5 connections) would
    // have no right answer at all: it is graded by its exact value instead.
    if (whole === undefined) return nearlyEqual(value, target) ? "yes" : "no";
    return wholeNumber(answer) === whole ? "yes" : "no";
  }
  if (nearlyEqual(value, target)) return "yes";
  if (rule.kind === "exact") return "no";
  if (rule.kind === "within") return isClose(value, target, rule.tolerance) ? "yes" : "no";
  if (!figures) return "no"; // fractions and calculations are exact
  let rough = false;
  for (let p = figures.max; p >= figures.min; p--) {
    if (!roundsTo(target, p, value)) continue;
    if (p >= rule.figures) return "yes";
    rough = true;
  }
  return rough ? "too-rough" : "no";
}

/**
 * An expected number (not a share) as the page and the terminal write it in a verdict and the
 * answer key: a whole number grouped ("1,820"), any other to four significant figures ("0.3333"),
 * and below 10^-4 or from 10^15 a power of ten with its exponent raised, as the grader writes a
 * tiny share's (describeShare): 1.23456e-5 -> "1.235 × 10⁻⁵", never JavaScript's "1.235e-5". Its
 * mantissa's zeros are dropped only where the number is exactly that ("1 × 10⁻⁵", but "1.000 ×
 * 10⁻⁵" for 1.00004e-5), and the answer box reads it back.
 */
export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return grouped(value);
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e15)) {
    // Zeros dropped only where the four figures are the number itself.
    const exact = Number(scientific(value, 3).text) === value;
    return raisedPowers(powerOfTen(value, 3, { trim: exact }).text);
  }
  return rounded(value, 4);
}

/**
 * The whole number a share is exactly one in (1/28 -> 28, 2/8 -> 4), if any, below one half (as
 * percentAndOneIn gives odds): its reciprocal within calculationNoise of a whole number, as
 * wholeNumber reads a calculation, and no larger than a double counts exactly.
 */
function oneInExactly(share: number): bigint | undefined {
  if (!(share > 0 && share < 0.5)) return undefined;
  const whole = wholeNumber({ value: 1 / share });
  return whole !== undefined && whole <= Number.MAX_SAFE_INTEGER ? BigInt(whole) : undefined;
}

/**
 * A share's expected value as the learner reads it. A chance of exactly one in a whole number
 * (1/28, 1/1,820, 2/8) reads as the chapters, the explorer and the terminal write it (oneInWhole:
 * "1 in 28 = 3.6%"); any other share is its percentage to three significant figures and its
 * odds, rounded (5/28 is "17.9% (about 1 in 6)"). The percentage carries more figures only where
 * the part's rule needs them, so the figure shown is always one the grader would take as right
 * (the answer key prints it). It never depends on how the learner wrote the answer: "37%" and
 * "0.373" are both answered "37% (about 1 in 3)", where 0.373 was answered "37.0%" for its three
 * figures; a number part's expected value reads the same however it was typed too (formatNumber).
 */
function describeShare(part: NumericPart, expected: number): string {
  const whole = oneInExactly(expected);
  // Below a millionth, where a page writes the share in a power of ten (percentAnySize), so does
  // this: percentFigures would write "2.5e-7%".
  const usual =
    whole !== undefined
      ? oneInWhole(whole).share.text
      : Math.abs(expected) < 1e-6 && expected !== 0
        ? percentToFigures(expected, 3, percentAnySize(expected))
        : percentFigures(expected, 3);
  const rule = numericRule(part);
  const taken = (text: string) => {
    const read = parseAnswer(text);
    return rule.kind === "exact" || (read.ok && agrees(read, expected, rule) === "yes");
  };
  let percentage = usual;
  if (!taken(usual)) {
    let figures = 3;
    // Seventeen figures tell any two doubles apart: past them there is nothing more to show.
    while (figures < 17 && !taken(percentToFigures(expected, figures, usual))) figures++;
    percentage = percentToFigures(expected, figures, usual);
  }
  // A power of ten with its exponent raised, as the terminal and the page write it ("1.3282 ×
  // 10⁻⁶%", which the answer box reads back), never powerOfTen's plain "10^-6".
  percentage = raisedPowers(percentage);
  if (whole !== undefined) return `1 in ${grouped(whole)} = ${percentage}`;
  return expected > 0 && expected < 0.5 ? `${percentage} (about ${oneIn(expected)})` : percentage;
}

function describeExpected(part: NumericPart, expected: number): string {
  if (part.type === "share") return describeShare(part, expected);
  // The unit after the number as written, in the singular after 1 ("1 call per second"; unitAfter).
  const figure = formatNumber(expected);
  return part.unit ? `${figure} ${unitAfter(figure, part.unit)}` : figure;
}

/** The expected answer of a part as a learner reads it: "1 in 1,820 = 0.055%", "disk, power-supply", "a=x, b=y". */
export function describeAnswer(part: Part, expected: Expected): string {
  switch (part.kind) {
    case "numeric":
      return describeExpected(part, expected as number);
    case "choice":
      return (Array.isArray(expected) ? expected : [expected as string]).join(", ");
    case "match":
      return Object.entries(expected as MatchAnswer)
        .map(([item, option]) => `${item}=${option}`)
        .join(", ");
  }
}

/**
 * Whether a part's unit is a multiple ("× peak", "× the budgeted rate"): only there is "1.5x"
 * the answer 1.5. Elsewhere an x says the learner reads the question as asking for something else.
 */
function asksForMultiple(part: NumericPart): boolean {
  return /^(?:[×✕]|x\s|times\b)/i.test(part.unit?.trim() ?? "");
}

/** Grade a numeric part. `params` fills placeholders in feedback answers and messages. */
export function gradeNumeric(part: NumericPart, input: string, expected: number, params: Params = {}): Verdict {
  const parsed = parseAnswer(input);
  if (!parsed.ok) return { status: "invalid", message: parsed.message };
  // The sign a share was written with, and what it divides the number by.
  const sign = parsed.perMille ? "‰" : "%";
  const scale = shareScale[sign];
  if (parsed.percent && part.type !== "share") {
    return {
      status: "invalid",
      message: `This asks for a ${part.type === "count" ? "count" : "number"}, not a share: leave out the ${sign} sign.`,
    };
  }
  if (parsed.times && !asksForMultiple(part)) {
    return {
      status: "invalid",
      message: part.unit
        ? `The answer is in ${part.unit}, not a multiple: leave out the ×.`
        : `This asks for a ${part.type}, not a multiple: leave out the ×.`,
    };
  }
  const value = parsed.value;
  const rule = numericRule(part);
  const agreement = agrees(parsed, expected, rule);
  // The expected value as describeAnswer writes it, the same whatever the learner typed.
  if (agreement === "yes") return { status: "right", value, message: `Right: ${describeExpected(part, expected)}.` };
  for (const entry of part.feedback) {
    const known = parseAnswer(fillParams(entry.answer, params));
    if (known.ok && agrees(parsed, known.value, rule) === "yes") {
      return { status: "wrong", value, message: fillParamsForReading(entry.message, params) };
    }
  }
  if (agreement === "too-rough" && rule.kind === "rounded") {
    return {
      status: "wrong",
      value,
      message: `Give at least ${rule.figures} significant figures: ${input.trim()} is too rough to tell right from wrong.`,
    };
  }
  if (part.type === "share") {
    if (!parsed.percent && agrees(parsed, expected * 100, rule) === "yes") {
      return {
        status: "wrong",
        value,
        message: "That number reads as a fraction of 1. If you meant a percentage, add the % sign.",
      };
    }
    if (parsed.percent && agrees({ value: value * scale, figures: parsed.figures }, expected, rule) === "yes") {
      return {
        status: "wrong",
        value,
        message: `With the ${sign} sign that is a ${parsed.perMille ? "thousandth" : "hundredth"} of your number: drop the ${sign} sign, or multiply by ${grouped(scale)}.`,
      };
    }
    if (parsed.perMille && agrees({ value: value * 10, figures: parsed.figures }, expected, rule) === "yes") {
      return {
        status: "wrong",
        value,
        message: "The ‰ sign is per mille, thousandths: 5‰ is 0.5%. For a percentage, use the % sign.",
      };
    }
    if (value < 0 || value > 1) {
      return { status: "wrong", value, message: "A share lies between 0 and 1 (0% and 100%)." };
    }
  }
  if (part.type === "count" && wholeNumber(parsed) === undefined) {
    return { status: "wrong", value, message: `A count is a whole number, and ${input.trim()} is not one.` };
  }
  // As a share lies between 0 and 1, a count is never below 0: "-5" is no count at all, not
  // only a lower one than "4" (which was "too low" while "-5" was "not right").
  if (part.type === "count" && value < 0) {
    return { status: "wrong", value, message: "A count cannot be negative." };
  }
  // A typed decimal a hair off (25.0000001 for 25, 0.3333333 for 1/3 on an exact part) is wrong
  // by the rule, which allows only floating point's noise, but "too high" sends the reader
  // looking for a larger number: it is told what it is, a hair off the value asked for.
  if (parsed.figures && (rule.kind === "exact" || rule.kind === "rounded") && isClose(value, expected, hair)) {
    return { status: "wrong", value, message: hairOffText(input.trim(), rule) };
  }
  if (!parsed.figures && rule.kind !== "within" && isClose(value, expected, 0.01)) {
    return {
      status: "wrong",
      value,
      message:
        rule.kind === "rounded"
          ? "Close, but not exact: a fraction or a calculation must be exact (a decimal may be rounded). Check your working."
          : "Close, but not exact: check your working.",
    };
  }
  // "1,875" is read as a thousand and more, as the course writes numbers; a reader who writes a
  // decimal comma meant 1.875, and is told how it was read instead of only "too high".
  const commaGroup = /^\s*\d{1,3},\d{3}\s*$/.test(input);
  if (commaGroup && agrees({ value: value / 1000, figures: parsed.figures }, expected, rule) === "yes") {
    return {
      status: "wrong",
      value,
      // Trailing zeros dropped: "1,880" meant 1.88 (right to three figures), and 1.880 would claim four.
      message: `That reads as ${input.trim()}, a comma separating thousands. For a decimal, use a point: ${input
        .trim()
        .replace(",", ".")
        .replace(/\.?0+$/, "")}.`,
    };
  }
  // No opening words of its own ("Not yet:" was one): the page opens every wrong verdict alike
  // (src/widgets/exercise/feedback-text.ts), and the terminal with WRONG.
  return { status: "wrong", value, message: `That is ${whichWay(value, expected)}. A hint may help.` };
}

/**
 * How near, relative to the expected value, a typed decimal is "a hair off" it rather than too
 * high or too low: a millionth of it, a slip in the seventh significant figure or later.
 */
const hair = 1e-6;

/**
 * What a typed decimal a hair off the expected value is told, by the part's rule. An exact part
 * takes the value itself (nearlyEqual: a billionth, floating point's noise), so a decimal rounded
 * from a value whose decimal does not end is not it; a rounded part takes a decimal the value
 * rounds to, and this one claims figures the value does not have.
 */
function hairOffText(input: string, rule: NumericRule & { kind: "exact" | "rounded" }): string {
  return rule.kind === "exact"
    ? `Not exactly the value asked for: ${input} is a hair off it, and this part takes the exact value. Give it exactly (a fraction or a calculation, where its decimal does not end).`
    : `Not the value asked for, nor a rounding of it: ${input} is a hair off it. Give it exactly, or rounded to fewer figures.`;
}

/**
 * Which way a wrong number is off. Against a positive answer (every count's and share's, most
 * numbers'), by value: 0 and any negative are too low, as 4 is for an answer of 5. Against 0, by
 * sign. Against a negative answer, by size (-10 is too high for -5), and one of the other sign is
 * on the wrong side of 0, which is neither.
 */
function whichWay(value: number, expected: number): string {
  if (expected >= 0) return value > expected ? "too high" : "too low";
  if (value >= 0) return "on the wrong side of 0";
  return value < expected ? "too high" : "too low";
}

/**
 * "a, b and c" for a list of ids: every id the list holds, as in "its choices are a, b and c",
 * "\"x\" and \"y\" are not choices" and "2 still have none (flood and midnight)". A list to
 * pick one from ("did you mean a or b?") is the other kind, with "or".
 */
const listIds = (ids: string[]) => listNames(ids);

/**
 * Grade a choice part; `selected` holds the ticked choice ids. Unknown ids are an input error.
 *
 * A wrong answer's feedback teaches without handing over the answer (docs/ARCHITECTURE.md,
 * "Refinements"), and a multi-select is where one Check could: each wrong tick's misconception
 * names that choice, so ticking every box and reading the list gave the answer to the next Check.
 * So a wrong multi-select says how many ticks do not apply and how many right ones are missing,
 * and explains at most one wrong tick (the first, in the order of the choices); everything ticked
 * is explained by none, since it is no answer at all.
 */
export function gradeChoice(part: ChoicePart, selected: string[], expected: ChoiceAnswer): Verdict {
  const ids = part.choices.map((c) => c.id);
  const valid = new Set(ids);
  const unknown = [...new Set(selected.filter((s) => !valid.has(s)))];
  if (unknown.length > 0) {
    return {
      status: "invalid",
      message: `${listIds(unknown.map((u) => `"${u}"`))} ${unknown.length === 1 ? "is not a choice" : "are not choices"} of this question; its choices are ${listIds(ids)}.`,
    };
  }
  const picked = [...new Set(selected)];
  if (picked.length === 0)
    return { status: "invalid", message: part.multiple ? "Tick at least one choice first." : "Pick a choice first." };
  if (!part.multiple && picked.length > 1)
    return { status: "invalid", message: `Pick one choice only (you gave ${picked.length}: ${picked.join(", ")}).` };
  const right = new Set(Array.isArray(expected) ? expected : [expected]);
  // In the order of the choices, whatever the order of the ticks.
  const wrongPicks = ids.filter((id) => picked.includes(id) && !right.has(id));
  const missed = [...right].filter((r) => !picked.includes(r));
  // A wrong pick's feedback opens with the misconception it comes from, by name.
  const misconception = new Map(part.choices.map((c) => [c.id, c.misconception]));
  const wrongFeedback = (id: string) => {
    const named = misconception.get(id);
    const why = part.feedback[id];
    return named ? `Misconception: ${named.replace(/[.\s]+$/, "")}. ${why ?? ""}`.trim() : why;
  };
  if (wrongPicks.length === 0 && missed.length === 0) {
    const why = picked.map((id) => part.feedback[id]).filter((t): t is string => !!t);
    // Authors often start a right choice's feedback with "Right"; don't say it twice.
    const lead = why.length > 0 && /^(right|correct|yes)\b/i.test(why[0]!) ? [] : ["Right."];
    return { status: "right", message: [...lead, ...why].join(" ") };
  }
  if (!part.multiple)
    return { status: "wrong", message: ["Not this one.", wrongFeedback(wrongPicks[0]!) ?? ""].join(" ").trim() };
  const doNotApply = (n: number) => `${n} of your ticks ${n === 1 ? "does" : "do"} not apply`;
  if (picked.length === ids.length) {
    const n = wrongPicks.length;
    return {
      status: "wrong",
      message: `Ticking every choice is not an answer: ${n} of the ${ids.length} ${n === 1 ? "does" : "do"} not apply. Weigh each choice on its own.`,
    };
  }
  const summary =
    wrongPicks.length > 0 && missed.length > 0
      ? `${doNotApply(wrongPicks.length)}, and ${missed.length} that ${missed.length === 1 ? "applies is" : "apply are"} not ticked.`
      : wrongPicks.length > 0
        ? `${doNotApply(wrongPicks.length)}.`
        : `Not all: ${missed.length} more ${missed.length === 1 ? "applies" : "apply"}.`;
  // One wrong tick explained, the first that has something to say; the others are the learner's to find.
  const explained = wrongPicks.map(wrongFeedback).find((t): t is string => !!t);
  const others = wrongPicks.length - 1;
  const rest = explained && others > 0 ? `The other ${others === 1 ? "one is" : `${others} are`} yours to find.` : "";
  return { status: "wrong", message: [summary, explained ?? "", rest].filter(Boolean).join(" ") };
}

/**
 * Whether a wrong match marks its wrong items (the page's crosses, `Verdict.wrongItems`) and
 * explains each. A pairing, with more options than items, does: a marked item still has at least
 * two options left to choose from. A sorting into classes (no more options than items, such as
 * data or control plane; the schema's exemption from "more options than items") does not: with
 * two classes, a mark on a wrong item is its answer, so one Check that put every item in one class
 * would hand over the whole answer.
 */
export function marksWrongItems(part: { items: unknown[]; options: unknown[] }): boolean {
  return part.options.length > part.items.length;
}

/**
 * Grade a match part; `chosen` maps item ids to option ids ("" or missing: not chosen).
 * Unknown item or option ids are an input error naming the valid ones. A wrong pairing names its
 * wrong items and shows each one's note; a wrong sorting (see marksWrongItems) says how many
 * items are right and shows at most one note (the first wrong item's with one, in the order of
 * the items), none when every item is put in one class.
 */
export function gradeMatch(part: MatchPart, chosen: Record<string, string>, expected: MatchAnswer): Verdict {
  const itemIds = part.items.map((i) => i.id);
  const optionIds = part.options.map((o) => o.id);
  const unknownItems = Object.keys(chosen).filter((k) => !itemIds.includes(k));
  if (unknownItems.length > 0) {
    return {
      status: "invalid",
      message: `${listIds(unknownItems.map((u) => `"${u}"`))} ${unknownItems.length === 1 ? "is not an item" : "are not items"} of this question; its items are ${listIds(itemIds)}.`,
    };
  }
  const unknownOptions = [...new Set(Object.values(chosen).filter((v) => v !== "" && !optionIds.includes(v)))];
  if (unknownOptions.length > 0) {
    return {
      status: "invalid",
      message: `${listIds(unknownOptions.map((u) => `"${u}"`))} ${unknownOptions.length === 1 ? "is not an option" : "are not options"} of this question; its options are ${listIds(optionIds)}.`,
    };
  }
  const unanswered = part.items.filter((item) => !chosen[item.id]);
  if (unanswered.length === part.items.length)
    return { status: "invalid", message: "Choose a match for each item first." };
  if (unanswered.length > 0) {
    return {
      status: "invalid",
      message: `Choose a match for every item: ${unanswered.length} still ${unanswered.length === 1 ? "has" : "have"} none (${listIds(unanswered.map((i) => i.id))}).`,
    };
  }
  const wrongItems = part.items.filter((item) => chosen[item.id] !== expected[item.id]).map((item) => item.id);
  if (wrongItems.length === 0) return { status: "right", message: "Right: every item is matched.", wrongItems };
  const notes = wrongItems.map((id) => part.feedback[id]).filter((t): t is string => !!t);
  const right = part.items.length - wrongItems.length;
  const count = `${right} of ${part.items.length} matched rightly`;
  if (marksWrongItems(part)) return { status: "wrong", wrongItems, message: [`${count}.`, ...notes].join(" ") };
  if (new Set(Object.values(chosen)).size === 1) {
    return {
      status: "wrong",
      message: `Putting every item in one class is not an answer: ${count}. Weigh each item on its own.`,
    };
  }
  // One note at most: the first wrong item's that has one, in the order of the items.
  const note = notes[0];
  const unnamed = wrongItems.length - (note ? 1 : 0);
  const which = note
    ? unnamed === 1
      ? "The other wrong one is"
      : `The other ${unnamed} wrong ones are`
    : unnamed === 1
      ? "The wrong one is"
      : `The ${unnamed} wrong ones are`;
  const rest =
    unnamed > 0
      ? `${which} yours to find: with ${optionIds.length} classes, naming ${unnamed === 1 ? "it" : "them"} would give the answer away.`
      : "";
  return { status: "wrong", message: [`${count}.`, note ?? "", rest].filter(Boolean).join(" ") };
}

/** A learner's answer to one part, as the page's form or the terminal's text gives it. */
export type AnswerInput =
  | { kind: "numeric"; text: string }
  | { kind: "choice"; picked: string[] }
  | { kind: "match"; chosen: Record<string, string> };

/** Grade any part: the one entry point for the page and the terminal. */
export function gradePart(part: Part, input: AnswerInput, expected: Expected, params: Params = {}): Verdict {
  if (input.kind !== part.kind)
    return { status: "invalid", message: `This part takes a ${part.kind} answer, not a ${input.kind} one.` };
  switch (part.kind) {
    case "numeric":
      return gradeNumeric(part, (input as { text: string }).text, expected as number, params);
    case "choice":
      return gradeChoice(part, (input as { picked: string[] }).picked, expected as ChoiceAnswer);
    case "match":
      return gradeMatch(part, (input as { chosen: Record<string, string> }).chosen, expected as MatchAnswer);
  }
}

/**
 * Read an answer typed as text (the terminal): a number or calculation for numeric parts,
 * choice ids ("disk,power-supply") for choice parts, item=option pairs for match parts.
 */
export function readAnswerText(part: Part, text: string): AnswerInput | { error: string } {
  if (part.kind === "numeric") return { kind: "numeric", text };
  if (part.kind === "choice") return { kind: "choice", picked: text.split(/[\s,]+/).filter(Boolean) };
  // "route = data" is one pair written with spaces, as people write it; spaces elsewhere still
  // separate pairs, as commas do.
  const pairs = text
    .replace(/\s*=\s*/g, "=")
    .split(/[\s,]+/)
    .filter(Boolean);
  const chosen: Record<string, string> = {};
  for (const pair of pairs) {
    const [item, option, extra] = pair.split("=");
    if (!item || !option || extra !== undefined)
      return { error: `match answers look like item=option,item=option; got "${pair}"` };
    if (Object.hasOwn(chosen, item)) return { error: `"${item}" is matched twice; match each item once` };
    chosen[item] = option;
  }
  return { kind: "match", chosen };
}

/**
 * Pay mathjs's one-time setup (its typed functions compile lazily on first use, about 60 ms)
 * when the grader loads, rather than on the learner's first Check.
 */
export function warmUpGrader(): void {
  parseAnswer("1/C(16,4) + sqrt(4) * log(8, 2) - exp(0) + factorial(3) / max(1, 2) - min(1, 2) ^ 2");
  percentAndOneIn(0.5);
  formatNumber(1820.5);
}
