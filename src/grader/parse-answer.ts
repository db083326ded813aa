/**
 * Turning what a person types into a number: fractions, percentages, "1 in N", scientific
 * notation, thousands separators (1,820, 1 820 and 1_820), typographic minus/times/divide signs,
 * and calculations such as 1/C(16,4). Never throws: every input gets a value or a message, and
 * the message says what form is expected ("about", units and "2.4k" each get their own).
 */
import { grouped, plainFigures } from "../format/number.ts";
import { allowedFunctions, evaluateExpression, InputError } from "./math.ts";

/** Longest answer accepted, in characters (after trimming). Bounds parse time. */
export const maxAnswerLength = 200;

/**
 * The significant figures a plain decimal was written with. Trailing zeros of a whole number are
 * ambiguous ("50" may be one figure or two), so it is a range: "50" is { min: 1, max: 2 },
 * "0.50" is { min: 2, max: 2 }.
 */
export interface Figures {
  min: number;
  max: number;
}

export type ParsedAnswer =
  | {
      ok: true;
      value: number;
      /** Written with a % sign. */
      percent: boolean;
      expression: string;
      /**
       * Set when the answer is one decimal number (0.055%, 1.9, 5.49e-4, 2,400): it may be a
       * rounding. Left out for fractions, "1 in N" and calculations, which are taken as exact.
       */
      figures?: Figures;
    }
  | { ok: false; message: string };

const typographic: [RegExp, string][] = [
  [/[\u2212\u2012\u2013\u2014\u2010\u2011\uFE63\uFF0D]/g, "-"],
  [/[\u00D7\u22C5\u00B7\u2217\u2715\u2716\uFF0A]/g, "*"],
  [/[\u00F7\u2215\u2044\uFF0F]/g, "/"],
  [/[\uFF05\u066A]/g, "%"],
  [/\u00B2/g, "^2"],
  [/\u00B3/g, "^3"],
  [/\*\*/g, "^"],
  [/[\t\u00A0\u202F\u2009\u2007\u200A\u2002\u2003\u3000]/g, " "],
  [/[\uFF08]/g, "("],
  [/[\uFF09]/g, ")"],
];

/** Remove thousands separators (1,820 / 1 820 / 1_820) except between a function's arguments. */
function stripThousands(text: string): string {
  let out = "";
  const stack: ("call" | "group")[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    if (ch === "(") {
      stack.push(/[A-Za-z0-9_]\s*$/.test(out) ? "call" : "group");
    } else if (ch === ")") {
      stack.pop();
    } else if (/\d/.test(ch) && !/[\d.]$/.test(out) && stack.at(-1) !== "call") {
      const group = /^[1-9]\d{0,2}(?:[, _]\d{3})+(?![\d.])/.exec(text.slice(i, i + 64));
      if (group) {
        out += group[0].replace(/[, _]/g, "");
        i += group[0].length;
        continue;
      }
    }
    out += ch;
    i++;
  }
  return out;
}

/** A comma that is neither a thousands separator (already removed) nor between a function's arguments. */
function hasStrayComma(text: string): boolean {
  const stack: boolean[] = [];
  let before = "";
  for (const ch of text) {
    if (ch === "(") stack.push(/[A-Za-z0-9_]\s*$/.test(before));
    else if (ch === ")") stack.pop();
    else if (ch === "," && stack.at(-1) !== true) return true;
    before += ch;
  }
  return false;
}

function describeCharacter(text: string): string | undefined {
  for (const ch of text) {
    if (!/[0-9A-Za-z.+\-*/^()!, _]/.test(ch)) {
      const code = ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
      return /\p{L}|\p{N}|\p{P}|\p{S}/u.test(ch)
        ? `the character ${ch} cannot be part of an answer`
        : `the character U+${code} cannot be part of an answer`;
    }
  }
  return undefined;
}

/** Words an answer may contain: function names, constants, and the ones parseAnswer rewrites. */
const knownWords = new Set([...allowedFunctions, "pi", "e", "in", "out", "of", "choose", "x"]);
/** Number suffixes people use, with what they stand for. */
const suffixes: Record<string, number> = {
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
 * A word written right after a number, like "25s", "25 ms" or "2.4k": a unit or a suffix, not
 * part of a calculation. Returns the message for it.
 */
function describeWord(text: string): string | undefined {
  const pattern = /(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z/]*)(?![A-Za-z]*\s*\()/g;
  for (const match of text.matchAll(pattern)) {
    const [, number, word] = match as unknown as [string, string, string];
    if (knownWords.has(word) || knownWords.has(word.toLowerCase())) continue;
    const factor = suffixes[word];
    if (factor !== undefined) {
      const whole = Number(number) * factor;
      return `"${number}${word}" is not a number here: write ${plainFigures(whole, 12)} (or ${number}e${Math.log10(factor)})`;
    }
    return `leave out the unit "${word}" and type just the number (${number}): the question says which unit it means`;
  }
  return undefined;
}

/** One plain decimal, possibly in scientific notation ("5.49e-4", "5.49*10^-4"). */
const decimalLiteral = /^[+-]?(?:(\d+)(\.\d*)?|(\.\d+))(?:e[+-]?\d+|\*10\^\(?[+-]?\d+\)?)?$/i;

/** The significant figures of an answer that is one decimal number; undefined for anything else. */
function decimalFigures(text: string): Figures | undefined {
  const match = decimalLiteral.exec(text.replace(/\s+/g, ""));
  if (!match) return undefined;
  const [, whole = "", fraction = "", bare = ""] = match;
  const digits = (whole + (fraction || bare).replace(".", "")).replace(/^0+/, "");
  if (digits === "" || /^0+$/.test(digits)) return undefined; // zero is exact
  if (fraction || bare) return { min: digits.length, max: digits.length };
  // A whole number: its trailing zeros may or may not be significant.
  return { min: Math.max(1, digits.replace(/0+$/, "").length), max: digits.length };
}

function fail(message: string): ParsedAnswer {
  return {
    ok: false,
    message: message.charAt(0).toUpperCase() + message.slice(1) + (/[.?!]$/.test(message) ? "" : "."),
  };
}

/** Parse an answer. `input` may be anything a text field can hold. */
export function parseAnswer(input: string): ParsedAnswer {
  if (typeof input !== "string") return fail("type an answer");
  // Check length first, so nothing below ever scans a huge input.
  if (input.length > maxAnswerLength * 4)
    return fail(`that answer is ${grouped(input.length)} characters long; an answer fits in ${maxAnswerLength}`);
  let text = input;
  for (const [pattern, replacement] of typographic) text = text.replace(pattern, replacement);
  text = text.trim();
  if (text === "") return fail("type an answer first");
  if (text.length > maxAnswerLength)
    return fail(`that answer is ${text.length} characters long; an answer fits in ${maxAnswerLength}`);

  let percent = false;
  const percentSuffix = /\s*(?:%|per\s*cent|percent)\s*$/i.exec(text);
  if (percentSuffix) {
    percent = true;
    text = text.slice(0, percentSuffix.index).trim();
    if (text === "") return fail("a % sign needs a number before it");
  }
  if (text.includes("%")) return fail("put the % sign only at the very end, as in 0.5%");
  if (/^=/.test(text)) text = text.slice(1).trim();
  const hedge = /^(about|approximately|approx\.?|roughly|around|circa|nearly|almost|~|≈|\u2248)\s*/i.exec(text);
  if (hedge && hedge[0].length < text.length) {
    const rest = text.slice(hedge[0].length);
    return fail(
      `leave out "${hedge[1]}" and type just the value, as in ${rest}${percent ? "%" : ""}; a rounded decimal is fine`,
    );
  }

  const bad = describeCharacter(text);
  if (bad) return fail(bad);
  text = stripThousands(text);
  if (text.includes("_")) return fail("an underscore goes only between groups of three digits, as in 1_820");
  const word = describeWord(text);
  if (word) return fail(word);

  const oneIn = /^(.+?)\s+(?:in|out\s+of)\s+(.+)$/i.exec(text);
  if (oneIn) {
    if (percent) return fail('use either "1 in N" or a percentage, not both');
    text = `(${oneIn[1]})/(${oneIn[2]})`;
  }
  if (/\b0[xbo][0-9a-f]/i.test(text)) return fail("write numbers in decimal");
  // "5.49 x 10^-4" and "16 choose 4", as people write them on paper.
  text = text.replace(/(\d|\))\s*[xX]\s*(?=[\d(])/g, "$1*").replace(/(\d+)\s+choose\s+(\d+)/gi, "C($1,$2)");
  if (hasStrayComma(text)) {
    return fail(
      "use a point for decimals (0.25); a comma goes only between thousands (1,820) or between a function's arguments, as in C(16, 4)",
    );
  }
  try {
    const value = evaluateExpression(text);
    const figures = decimalFigures(text);
    return {
      ok: true,
      value: percent ? value / 100 : value,
      percent,
      expression: text,
      ...(figures ? { figures } : {}),
    };
  } catch (error) {
    if (error instanceof InputError) return fail(error.message);
    // Defence in depth: the evaluator turns every problem into an InputError; never rethrow.
    return fail("that could not be read as a number");
  }
}
