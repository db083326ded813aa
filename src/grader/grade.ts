/**
 * Grading one part of an exercise against its expected answer. Pure and total: every input
 * yields a verdict with a message; nothing throws.
 */
import type { ChoiceAnswer, ChoicePart, MatchAnswer, MatchPart, NumericPart, Params } from "./exercise-schema.ts";
import { parseAnswer } from "./parse-answer.ts";

export type VerdictStatus = "right" | "wrong" | "invalid";

export interface Verdict {
  status: VerdictStatus;
  message: string;
  /** Numeric parts: the value the answer was read as (a share as a fraction). */
  value?: number;
  /** Match parts: the items matched wrongly. */
  wrongItems?: string[];
}

/** Replace {param} placeholders with the variant's values. */
export function fillParams(text: string, params: Params): string {
  return text.replace(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/** Within a relative tolerance of the expected value (an absolute one around zero). */
export function isClose(value: number, expected: number, tolerance: number): boolean {
  return Math.abs(value - expected) <= tolerance * Math.abs(expected) + 1e-12;
}

/** A share for people: "0.0549% (about 1 in 1,820)". */
export function formatShare(share: number): string {
  const shown = Number((share * 100).toPrecision(3)).toString();
  const oneIn = share > 0 && share < 0.5 ? ` (about 1 in ${Math.round(1 / share).toLocaleString("en")})` : "";
  return `${shown}%${oneIn}`;
}

export function formatNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e15) return value.toLocaleString("en");
  const abs = Math.abs(value);
  if (abs !== 0 && (abs < 1e-4 || abs >= 1e15)) return value.toExponential(3);
  return Number(value.toPrecision(4)).toLocaleString("en", { maximumSignificantDigits: 4 });
}

function describeExpected(part: NumericPart, expected: number): string {
  return part.type === "share" ? formatShare(expected) : formatNumber(expected) + (part.unit ? ` ${part.unit}` : "");
}

/** Grade a numeric part. `params` fills placeholders in feedback answers and messages. */
export function gradeNumeric(part: NumericPart, input: string, expected: number, params: Params = {}): Verdict {
  const parsed = parseAnswer(input);
  if (!parsed.ok) return { status: "invalid", message: parsed.message };
  if (parsed.percent && part.type !== "share") {
    return {
      status: "invalid",
      message: `This asks for a ${part.type === "count" ? "count" : "number"}, not a share: leave out the % sign.`,
    };
  }
  const value = parsed.value;
  const tolerance = part.tolerance;
  if (isClose(value, expected, tolerance)) {
    if (part.type === "count" && !Number.isInteger(Math.round(value * 1e9) / 1e9) && Number.isInteger(expected)) {
      return { status: "wrong", value, message: "Close, but a count is a whole number." };
    }
    return { status: "right", value, message: `Right: ${describeExpected(part, expected)}.` };
  }
  for (const entry of part.feedback) {
    const known = parseAnswer(fillParams(entry.answer, params));
    if (known.ok && isClose(value, known.value, tolerance)) {
      return { status: "wrong", value, message: fillParams(entry.message, params) };
    }
  }
  if (part.type === "share") {
    if (!parsed.percent && isClose(value, expected * 100, tolerance)) {
      return {
        status: "wrong",
        value,
        message: "That number reads as a fraction of 1. If you meant a percentage, add the % sign.",
      };
    }
    if (parsed.percent && isClose(value, expected / 100, tolerance)) {
      return {
        status: "wrong",
        value,
        message: "With the % sign that is a hundredth of your number: drop the % sign, or multiply by 100.",
      };
    }
    if (value < 0 || value > 1) {
      return { status: "wrong", value, message: "A share lies between 0 and 1 (0% and 100%)." };
    }
  }
  if (part.type === "count" && !Number.isInteger(value)) {
    return { status: "wrong", value, message: "A count is a whole number." };
  }
  const ratio = value / expected;
  const size = Number.isFinite(ratio) && ratio > 0 ? (ratio > 1 ? "too high" : "too low") : "not right";
  return { status: "wrong", value, message: `Not yet: that is ${size}. A hint may help.` };
}

/** Grade a choice part; `selected` holds the ticked choice ids. */
export function gradeChoice(part: ChoicePart, selected: string[], expected: ChoiceAnswer): Verdict {
  const valid = new Set(part.choices.map((c) => c.id));
  const picked = [...new Set(selected.filter((s) => valid.has(s)))];
  if (picked.length === 0)
    return { status: "invalid", message: part.multiple ? "Tick at least one choice first." : "Pick a choice first." };
  const right = new Set(Array.isArray(expected) ? expected : [expected]);
  const wrongPicks = picked.filter((p) => !right.has(p));
  const missed = [...right].filter((r) => !picked.includes(r));
  const feedbackFor = (ids: string[]) => ids.map((id) => part.feedback[id]).filter((t): t is string => !!t);
  if (wrongPicks.length === 0 && missed.length === 0) {
    const why = feedbackFor(picked);
    // Authors often start a right choice's feedback with "Right"; don't say it twice.
    const lead = why.length > 0 && /^(right|correct|yes)\b/i.test(why[0]!) ? [] : ["Right."];
    return { status: "right", message: [...lead, ...why].join(" ") };
  }
  if (!part.multiple) return { status: "wrong", message: ["Not this one.", ...feedbackFor(wrongPicks)].join(" ") };
  const summary =
    wrongPicks.length > 0 && missed.length > 0
      ? `${wrongPicks.length} of your ticks ${wrongPicks.length === 1 ? "does" : "do"} not apply, and ${missed.length} that ${missed.length === 1 ? "applies is" : "apply are"} not ticked.`
      : wrongPicks.length > 0
        ? `${wrongPicks.length} of your ticks ${wrongPicks.length === 1 ? "does" : "do"} not apply.`
        : `Not all: ${missed.length} more ${missed.length === 1 ? "applies" : "apply"}.`;
  return { status: "wrong", message: [summary, ...feedbackFor(wrongPicks)].join(" ") };
}

/** Grade a match part; `chosen` maps item ids to option ids ("" or missing: not chosen). */
export function gradeMatch(part: MatchPart, chosen: Record<string, string>, expected: MatchAnswer): Verdict {
  const options = new Set(part.options.map((o) => o.id));
  const unanswered = part.items.filter((item) => !options.has(chosen[item.id] ?? ""));
  if (unanswered.length === part.items.length)
    return { status: "invalid", message: "Choose a match for each item first." };
  if (unanswered.length > 0) {
    return {
      status: "invalid",
      message: `Choose a match for every item: ${unanswered.length} still ${unanswered.length === 1 ? "has" : "have"} none.`,
    };
  }
  const wrongItems = part.items.filter((item) => chosen[item.id] !== expected[item.id]).map((item) => item.id);
  if (wrongItems.length === 0) return { status: "right", message: "Right: every item is matched.", wrongItems };
  const notes = wrongItems.map((id) => part.feedback[id]).filter((t): t is string => !!t);
  const right = part.items.length - wrongItems.length;
  return {
    status: "wrong",
    wrongItems,
    message: [`${right} of ${part.items.length} matched rightly.`, ...notes].join(" "),
  };
}

/**
 * Pay mathjs's one-time setup (its typed functions compile lazily on first use, about 60 ms)
 * when the grader loads, rather than on the learner's first Check.
 */
export function warmUpGrader(): void {
  parseAnswer("1/C(16,4) + sqrt(4) * log(8, 2) - exp(0) + factorial(3) / max(1, 2) - min(1, 2) ^ 2");
  formatShare(0.5);
  formatNumber(1820.5);
}
