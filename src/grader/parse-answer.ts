/**
 * Turning what a person types into a number: fractions, percentages, per mille (5‰), "1 in N",
 * scientific notation, thousands separators (1,820, 1 820 and 1_820, also before a decimal part:
 * 2,400.5), typographic minus/times/divide signs, superscript exponents (10⁻⁴), vulgar fractions
 * (½, 1½), full-width forms, multiples (1.5x, 1.5 times) and calculations such as 1/C(16,4).
 * Never throws: every input gets a value or a message, and the message says what form is expected
 * ("about", units and "2.4k" each get their own). Two signs in a row ("--5", "5 - -3") are refused
 * as a slip; with brackets ("-(-5)") they read. A message quotes at most maxQuoted characters of
 * what was typed, and any answer it offers instead is one this parser reads, has the value the
 * learner meant (its sign too: "-1.5k" is offered -1,500) and has its whole numbers grouped as the
 * course writes them ("type just the number (1,820)"). A comma that may be a decimal one is
 * refused, naming the number it is in ('In "1,5k", use a point for decimals').
 */
import { countOf, exactFigure, grouped, groupedDigits } from "../format/number.ts";
import { superscripts } from "../format/scripts.ts";
import { units } from "../format/units.ts";
import { allowedFunctions, evaluateExpression, InputError } from "./math.ts";

/** Longest answer accepted, in characters (after trimming). Bounds parse time. */
export const maxAnswerLength = 200;

/**
 * Longest piece of an answer a message quotes whole, in characters ("disks a day"); a longer one
 * is quoted by its start and "…" (see quoted), so a message stays a line or two whatever was typed.
 */
export const maxQuoted = 24;

/**
 * Longest answer a message offers to type instead, in characters ("type just the number (0.99)").
 * A longer one (a 60-digit number, a long calculation) is not echoed back: the message says what to
 * leave out and names no answer. Every answer a message does offer is one parseAnswer reads.
 */
export const maxSuggested = 32;

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
      /** Written with a % sign, or a ‰ sign (see perMille): a share, its value the number over 100 or 1000. */
      percent: boolean;
      /** Written with a ‰ sign ("5‰", "5 per mille"): the value is the number over 1000, 5‰ = 0.5%. */
      perMille: boolean;
      /**
       * Written as a multiple, one number with an x or × before or after it, or "times" after it
       * ("1.5x", "×1.5", "1.5 times"). The grader takes it only on parts whose unit is a multiple
       * ("× peak"), as it takes % only on shares.
       */
      times: boolean;
      expression: string;
      /**
       * Set when the answer is one decimal number (0.055%, 1.9, 5.49e-4, 2,400): it may be a
       * rounding. Left out for fractions, "1 in N" and calculations, which are taken as exact.
       */
      figures?: Figures;
    }
  | { ok: false; message: string };

/** A superscript digit or sign as the plain character it stands for (the minus as ASCII's). */
const plainOfSuperscript = new Map(
  Object.entries(superscripts)
    .filter(([plain]) => /^[0-9+−]$/.test(plain))
    .map(([plain, raised]) => [raised, plain === "−" ? "-" : plain]),
);

/**
 * Full-width forms (an East Asian keyboard's digits, point, comma, signs and letters) are the ASCII
 * ones shifted by 0xFEE0, so one rule covers all of them, not only % ( ) * - /. Applied before
 * anything else reads the answer, so "１.５ｘ" is a multiple as "1.5x" is.
 */
function narrow(text: string): string {
  return text.replace(/[\uFF01-\uFF5E]/g, (ch) => String.fromCharCode(ch.charCodeAt(0) - 0xfee0));
}

/**
 * A run of superscripts is one exponent (10⁻⁴ is 10^(-4), 10¹² is 10^(12)), not one per
 * character; the brackets keep its sign with it. A lone sign is left, and refused below.
 */
function superscriptExponents(text: string): string {
  return text.replace(
    /[\u207A\u207B]?[\u2070\u00B9\u00B2\u00B3\u2074-\u2079]+/g,
    (run) => `^(${[...run].map((ch) => plainOfSuperscript.get(ch)).join("")})`,
  );
}

/** Unicode's vulgar fractions, as a character class's body: ¼ ½ ¾, ⅐ to ⅞, and ↉ (zero thirds). */
const vulgarCharacters = "\\u00BC-\\u00BE\\u2150-\\u215E\\u2189";

/**
 * A vulgar fraction with the whole number written before it, if any. The whole number starts
 * after no digit, point or separator, so 1.5½ and 1,000½ are not read as mixed numbers (they are
 * refused below, as two numbers side by side).
 */
const vulgarFraction = new RegExp(`(?:(?<![\\d.,_])(\\d+)\\s*)?([${vulgarCharacters}])`, "g");
/** One number written with a vulgar fraction, as a multiple takes one: "½", "1½", "-1 ½". */
const vulgarNumber = new RegExp(`^[+-]?${vulgarFraction.source}$`);

/**
 * A vulgar fraction is the fraction Unicode spells it as (⅜ is 3⁄8, and the table reads the
 * fraction slash ⁄ as /), so no list of values is kept here. It is bracketed, so 2^½ is a square
 * root; a whole number before it makes a mixed number, as on paper: 1½ and 1 ½ are 1 + 1/2, and
 * -1½ is -(1 + 1/2), not -1 + 1/2.
 */
function vulgarFractions(text: string): string {
  return text.replace(
    vulgarFraction,
    (_, whole: string | undefined, fraction: string) =>
      `(${whole === undefined ? "" : `${whole}+`}${fraction.normalize("NFKC")})`,
  );
}

const typographic: [RegExp, string][] = [
  [/[\u2212\u2012\u2013\u2014\u2010\u2011\uFE63]/g, "-"],
  [/[\u00D7\u22C5\u00B7\u2217\u2715\u2716]/g, "*"],
  [/[\u00F7\u2215\u2044]/g, "/"],
  [/[\u066A]/g, "%"],
  [/[\u0609]/g, "‰"],
  [/\*\*/g, "^"],
  [/[\t\u00A0\u202F\u2009\u2007\u200A\u2002\u2003\u3000]/g, " "],
];

/** An answer with its thousands separators removed, and where each of its characters was typed. */
interface Stripped {
  text: string;
  /** The index in the text before stripping of each character of `text`. */
  from: number[];
}

/**
 * Remove thousands separators (1,820 / 1 820 / 1_820) except between a function's arguments.
 * A group may be followed by a decimal part (2,400.5): a comma before a point can only separate
 * thousands. What stays refused is a comma that could be a decimal comma (0,25, 1,82, 1.820,5).
 * Where each character came from is kept, so a message can quote a number as it was typed (1,500k).
 */
function stripThousands(text: string): Stripped {
  let out = "";
  const from: number[] = [];
  const stack: ("call" | "group")[] = [];
  for (let i = 0; i < text.length; ) {
    const ch = text[i]!;
    if (ch === "(") {
      stack.push(/[A-Za-z0-9_]\s*$/.test(out) ? "call" : "group");
    } else if (ch === ")") {
      stack.pop();
    } else if (/\d/.test(ch) && !/[\d.]$/.test(out) && stack.at(-1) !== "call") {
      const group = /^[1-9]\d{0,2}(?:[, _]\d{3})+(?!\d)/.exec(text.slice(i, i + 64));
      if (group) {
        for (const [k, digit] of [...group[0]].entries()) {
          if (/\d/.test(digit)) {
            out += digit;
            from.push(i + k);
          }
        }
        i += group[0].length;
        continue;
      }
    }
    out += ch;
    from.push(i);
    i++;
  }
  return { text: out, from };
}

/**
 * What an answer's characters from `start` to `end` were before its separators were removed
 * ("1,500k" for "1500k"). Typographic forms are already plain there: a typed − is quoted as -.
 */
function asTyped({ from }: Stripped, source: string, start: number, end: number): string {
  return end > start ? source.slice(from[start], from[end - 1]! + 1) : "";
}

/**
 * Where the first comma is that is neither a thousands separator (already removed) nor between a
 * function's arguments, or -1. With `betweenDigits`, only such a comma with a digit either side,
 * which may be a decimal comma ("1,5").
 */
function strayComma(text: string, betweenDigits = false): number {
  const stack: boolean[] = [];
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === "(") stack.push(/[A-Za-z0-9_]\s*$/.test(text.slice(0, i)));
    else if (ch === ")") stack.pop();
    else if (ch === "," && stack.at(-1) !== true && (!betweenDigits || /\d,\d/.test(text.slice(i - 1, i + 2))))
      return i;
  }
  return -1;
}

/**
 * Where the sign of the number that starts at `start` begins, if it has one: "-1.5k", "2*-1.5k",
 * "(-1.5k)", "1 in -2k". A sign after a number, a closing bracket or a name is an operator, not
 * the number's (5-1.5k, e-1), and `start` is returned.
 */
function signStart(text: string, start: number): number {
  const sign = /[+-]\s*$/.exec(text.slice(0, start));
  if (!sign) return start;
  const before = text.slice(0, sign.index).trimEnd();
  return before === "" || /[(*/^,]$/.test(before) || /(?:^|[^A-Za-z])(?:in|of)$/i.test(before) ? sign.index : start;
}

/**
 * The number around a comma at `comma` that may be a decimal comma, as typed, with its sign and a
 * suffix after it: "-1,5k" in "-1,5k", "1.820,5" in "2 * 1.820,5".
 */
function numberAroundComma(stripped: Stripped, source: string, comma: number): string {
  const { text } = stripped;
  let start = comma;
  while (start > 0 && /[\d.,]/.test(text[start - 1]!)) start--;
  start = signStart(text, start);
  let end = comma + /^[\d.,]*(?:e[+-]?\d+)?/i.exec(text.slice(comma))![0].length;
  end += suffixAfter.exec(text.slice(end))?.[0].length ?? 0;
  return asTyped(stripped, source, start, end);
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

/**
 * `text` as a message quotes it: whole up to maxQuoted characters, else its start, cut at a space
 * where one falls in the second half, and "…" ("disks per day because…").
 */
function quoted(text: string): string {
  const characters = [...text];
  if (characters.length <= maxQuoted) return text;
  const start = characters.slice(0, maxQuoted - 1).join("");
  const space = start.lastIndexOf(" ");
  return `${(space >= maxQuoted / 2 ? start.slice(0, space) : start).trimEnd()}…`;
}

/** `answer` if a message may offer it: short enough to show (maxSuggested) and read by the parser. */
function offered(answer: string): string | undefined {
  return answer.length <= maxSuggested && read(answer, false).ok ? answer : undefined;
}

/**
 * Whether the words after a number read as a unit, and are called one: at most maxQuoted
 * characters, and either one or two words ("ms", "disks", "a day", "customers total") or three
 * with per, a, an, each or every in the middle, a rate ("disks a day", "requests per second"),
 * and no word of a sentence among them (sentenceWords: "5 because", "12 or so"). Anything else
 * ("disks per day because the…") is words after the number, not a unit.
 */
function looksLikeUnit(words: string): boolean {
  const parts = words.split(/\s+/);
  if (words.length > maxQuoted) return false;
  if (!(parts.length <= 2 || (parts.length === 3 && rateWords.has(parts[1]!.toLowerCase())))) return false;
  // "5 because", "5 or so", "5 a day because": a word of a sentence is not part of a unit, and
  // "a" or "per" alone ("5 a") names none.
  const lower = parts.map((part) => part.toLowerCase());
  return lower.every((part) => !sentenceWords.has(part)) && lower.some((part) => !rateWords.has(part));
}

/** The words between a count and what it is counted per: "disks a day", "requests per second". */
const rateWords = new Set(["per", "a", "an", "each", "every"]);

/**
 * Common English words that are no unit and close to none (parse-answer.test.ts checks them
 * against units.ts and every exercise's unit: none is one, or one letter off one of three letters
 * or more): typed after a number ("5 because", "5 maybe", "12 or so"), they begin a sentence, not
 * a unit. Any other word is taken for a unit, whatever its spelling ("secs", "qps", "customers").
 */
export const sentenceWords: ReadonlySet<string> = new Set(
  (
    "about above after again against all also although and answer any approx are around as at be because been before " +
    "but by can could did do does done else er estimate exactly give gives guess hmm i if is it " +
    "its just like likely maybe me might more most my no not now ok okay or perhaps plus probably quite rather " +
    "really since so some sure than that there these think this those though thus to too " +
    "um uh under using very was we were what when where which while who why will with would yes yeah you"
  ).split(" "),
);

/** The units the course writes after a number (units.ts), some of them also a function's name ("min"). */
const unitNames: ReadonlySet<string> = new Set(units);

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
/** A suffix word ("k", " million") right after a number, not the start of a longer word. */
const suffixAfter = new RegExp(`^\\s*(?:${Object.keys(suffixes).join("|")})(?![A-Za-z])`);

/**
 * One plain number, as an answer's expression reads once separators are removed ("1820", "-1.5",
 * "2e3"): its value is the number as typed, with no calculation's rounding.
 */
export const plainNumber = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A word written right after a number, like "25s", "25 ms" or "2.4k": a unit or a suffix, not
 * part of a calculation. Returns the message for it. `stripped` is the answer without its
 * thousands separators, `source` the answer before they were removed; `sign` is the % or ‰ sign
 * the answer ended in ("" for none), which neither holds, and `signTyped` that sign as typed
 * (" percent"); `suggest`, whether the message may name the answer without it. Words that do not
 * look like a unit (looksLikeUnit) are called words, quoted by their start; a suffix's number is
 * written out exactly, grouped as the course writes numbers (exactFigure: "2.4k" is 2,400, never
 * rounded), and in scientific notation with the suffix's power of ten added to its exponent (5e20k
 * is 5e23), each offered only if the parser reads it. The number is quoted as typed ("1,500k",
 * not "1500k") with its sign, which both forms keep ("-1.5k" is -1,500, not 1,500); when it is the
 * whole answer, the share's sign goes with it too ("2.4k%" is 2,400%, not 2,400).
 */
function describeWord(
  stripped: Stripped,
  source: string,
  sign: string,
  signTyped: string,
  suggest: boolean,
): string | undefined {
  const { text } = stripped;
  const pattern = /(\d+(?:\.\d*)?(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?)\s*([A-Za-z][A-Za-z/]*)(?![A-Za-z]*\s*\()/g;
  for (const match of text.matchAll(pattern)) {
    const [, number, word] = match as unknown as [string, string, string];
    // A function's name without brackets is still a unit where the course writes it as one ("5 min").
    if ((knownWords.has(word) || knownWords.has(word.toLowerCase())) && !unitNames.has(word)) continue;
    const factor = suffixes[word];
    if (factor !== undefined) {
      const start = signStart(text, match.index);
      const end = match.index + match[0].length;
      // -0k is 0: no sign to keep.
      const minus = text[start] === "-" && Number(number) !== 0 ? "-" : "";
      const whole = text.slice(0, start).trim() === "" && text.slice(end).trim() === "";
      const share = whole ? sign : "";
      // The share's sign is the whole answer's, so it goes with the number only when that is all.
      const typed = quoted(asTyped(stripped, source, start, end) + (whole ? signTyped : ""));
      if (!suggest) return `"${typed}" is not a number here`;
      const [, mantissa, exponent = "0"] = /^(.*?)(?:e([+-]?\d+))?$/i.exec(number)!;
      const power = Number(exponent) + Math.log10(factor);
      const size = Number(number) * factor;
      // Both forms are the number exactly, never a rounding of it: the digits as typed, moved.
      const written = Number.isFinite(size) ? offered(`${minus}${exactFigure(mantissa!, power)}${share}`) : undefined;
      const scientific =
        power === 0 && written !== undefined ? undefined : offered(`${minus}${mantissa}e${power}${share}`);
      const forms = [...new Set([written, scientific].filter((form) => form !== undefined))];
      if (forms.length === 0)
        return Number.isFinite(size)
          ? `"${typed}" is not a number here: write the number without the "${word}"`
          : `"${typed}" is not a number here, and that many would be too large to be an answer`;
      return `"${typed}" is not a number here: write ${forms[0]}${forms[1] === undefined ? "" : ` (or ${forms[1]})`}`;
    }
    const numberEnd = match.index + number.length;
    const end = unitEnd(text, match.index + match[0].length);
    const after = text.slice(numberEnd, end).trim();
    const unit = looksLikeUnit(after);
    const without = suggest ? withoutWord(text, numberEnd, end, sign, unit ? "it" : "them") : "";
    return unit
      ? `leave out the unit "${after}"${without}: the question says which unit it means`
      : `leave out the words after the number ("${quoted(after)}")${without}: an answer is a number or a calculation, not a sentence`;
  }
  return undefined;
}

/**
 * Where a unit that starts with a word ending at `end` ends: the words after it belong to it ("a
 * day" in "0.99 a day", "disks a day"), up to a word an answer reads ("in" in "1 customer in
 * 1820"), a suffix, a function's name or anything that is not a word.
 */
function unitEnd(text: string, end: number): number {
  const next = /\s+([A-Za-z][A-Za-z/]*)(?![A-Za-z/]*\s*\()/y;
  for (;;) {
    next.lastIndex = end;
    const word = next.exec(text)?.[1];
    if (
      word === undefined ||
      knownWords.has(word) ||
      knownWords.has(word.toLowerCase()) ||
      suffixes[word] !== undefined
    )
      return end;
    end = next.lastIndex;
  }
}

/**
 * How to type the answer without a unit word that runs from `end` back to `numberEnd`: the rest
 * of what was typed, as in "and type the answer without it (1 in 1820)" for "1 in 1,820
 * customers", not just the number before the word (1820, a different answer). Empty when the rest
 * does not read as an answer, or when taking the word out would run into what follows it (25s/2
 * would become 252, 1 s 820 would become 1 820): a suggestion must mean what the learner meant.
 * A rest longer than maxSuggested is not echoed: the message asks for it without naming it.
 * `them` is how the message calls what to leave out ("it", a unit; "them", words).
 */
function withoutWord(text: string, numberEnd: number, end: number, sign: string, them: "it" | "them"): string {
  const after = text.slice(end);
  if (after !== "" && !/^\s+[A-Za-z]/.test(after)) return "";
  const rest = text.slice(0, numberEnd) + after;
  // Only whether the rest reads matters here, not its message: reading it without suggestions
  // keeps this to one more parse, where "1a in 1a in 1a…" would otherwise nest one per word.
  const parsed = read(rest + sign, false);
  if (!parsed.ok) return "";
  const answer = inCourseDigits(`${rest.trim()}${sign}`, parsed.value);
  const shown = answer.length <= maxSuggested ? ` (${answer})` : "";
  return plainNumber.test(parsed.expression) && sign === ""
    ? ` and type just the number${shown}`
    : ` and type the answer without ${them}${shown}`;
}

/**
 * An answer's whole numbers of four digits or more grouped as the course writes them ("1 in
 * 1,820" for "1 in 1820"), a decimal part's and an exponent's digits left as they are; as typed
 * if the grouped answer would read as anything but `value` (a function's arguments, C(1820, 4),
 * take no separators).
 */
function inCourseDigits(answer: string, value: number): string {
  const groupedAnswer = answer.replace(/(?<![\d.eE^])\d{4,}/g, groupedDigits);
  if (groupedAnswer === answer || groupedAnswer.length > maxSuggested) return answer;
  const reread = read(groupedAnswer, false);
  return reread.ok && reread.value === value ? groupedAnswer : answer;
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

/**
 * A multiple as people write one on a slide: a number with an x or × after it ("1.5x", "1.5 ×")
 * or before it ("×1.5"), or the word "times" after it ("1.5 times"). Matched on the answer as
 * typed, because × becomes * below and "1.5*" is a calculation cut short, not a multiple. The sign
 * must touch a digit, point or vulgar fraction on its side, so "x = 1" and a lone "x" are not
 * multiples, and "5.49 x 10^-4" and "2 times 3" (a sign between numbers) are not either.
 */
const multipleForm = new RegExp(
  `^(?:([x\\u00D7\\u2715\\u2716])\\s*(?=[\\d.${vulgarCharacters}])(.*)|(.*[\\d.${vulgarCharacters}])\\s*([x\\u00D7\\u2715\\u2716]|times))$`,
  "is",
);

/**
 * Read a multiple: only one number takes the sign, so "1.5x" is 1.5 times and "1½x" is 1½ times.
 * A calculation with one ("3/2x", which algebra reads as 3/(2x)) is refused, naming it without
 * the sign.
 */
function parseMultiple(sign: string, number: string, suggest: boolean): ParsedAnswer {
  // The number is shorter than the answer, so this recursion ends.
  const parsed = read(number, suggest);
  if (!parsed.ok) return parsed;
  const oneNumber = plainNumber.test(parsed.expression) || vulgarNumber.test(number.trim());
  if (!parsed.times && !parsed.percent && oneNumber) return { ...parsed, times: true };
  const without = parsed.times ? parsed.expression : number.trim();
  const shown = without.length <= maxSuggested ? ` (${without})` : "";
  return fail(`leave out the "${sign}" and type the answer without it${shown}: the question gives the unit`);
}

/** What a share's sign divides the number by: none, % (5% = 0.05) and ‰ (5‰ = 0.005). */
export const shareScale = { "": 1, "%": 100, "‰": 1000 };

/** What a comma that is not between thousands or a function's arguments is told. */
const commaAdvice =
  "use a point for decimals (0.25); a comma goes only between thousands (1,820) or between a function's arguments, as in C(16, 4)";

/** Parse an answer. `input` may be anything a text field can hold. */
export function parseAnswer(input: string): ParsedAnswer {
  return read(input, true);
}

/** parseAnswer, with or without naming the answer without a unit word in its message (see withoutWord). */
function read(input: string, suggest: boolean): ParsedAnswer {
  if (typeof input !== "string") return fail("type an answer");
  // Check length first, so nothing below ever scans a huge input.
  if (input.length > maxAnswerLength * 4)
    return fail(`that answer is ${grouped(input.length)} characters long; an answer fits in ${maxAnswerLength}`);
  let text = narrow(input);
  const typed = text.trim();
  // Superscripts and vulgar fractions first: no rule of the table makes or reads one, and what
  // they become ("^(-4)", "(1+1⁄2)") is plain ASCII the table leaves as it is, but for the
  // fraction slash, which it reads as /.
  text = vulgarFractions(superscriptExponents(text));
  for (const [pattern, replacement] of typographic) text = text.replace(pattern, replacement);
  text = text.trim();
  if (text === "") return fail("type an answer first");
  if (text.length > maxAnswerLength)
    return fail(`that answer is ${text.length} characters long; an answer fits in ${maxAnswerLength}`);
  const multiple = multipleForm.exec(typed);
  if (multiple) {
    const [, signBefore, after, before, signAfter] = multiple;
    return signBefore !== undefined
      ? parseMultiple(signBefore, after!, suggest)
      : parseMultiple(signAfter!, before!, suggest);
  }

  // The sign of a share written as a percentage or per mille, "" for none. "pct" is how "percent" is
  // cut short in tables; read as anything else it would be a unit, and leaving it out would turn
  // 0.055 pct (0.055%) into 0.055, a hundred times the answer.
  let sign: keyof typeof shareScale = "";
  const shareSuffix = /\s*(?:(%|per\s*cent|percent|pct\.?)|‰|per\s*mille)\s*$/i.exec(text);
  if (shareSuffix) {
    sign = shareSuffix[1] === undefined ? "‰" : "%";
    text = text.slice(0, shareSuffix.index).trim();
    if (text === "") return fail(`a ${sign} sign needs a number before it`);
  }
  const percent = sign !== "";
  const strayShare = /[%‰]/.exec(text);
  if (strayShare) return fail(`put the ${strayShare[0]} sign only at the very end, as in 0.5${strayShare[0]}`);
  if (/^=/.test(text)) text = text.slice(1).trim();
  const hedge = /^(about|approximately|approx\.?|roughly|around|circa|nearly|almost|~|≈|\u2248)\s*/i.exec(text);
  if (hedge && hedge[0].length < text.length) {
    // The value offered is the rest of the answer, if that reads; if not, the rest's own message
    // follows, so "about 5 disks" is told of both and its suggestion (5) is a whole answer.
    // The rest is shorter than the answer, so this recursion ends.
    const rest = `${text.slice(hedge[0].length)}${sign}`;
    const restRead = read(rest, suggest);
    if (!restRead.ok)
      return fail(
        `leave out "${hedge[1]}"; then ${restRead.message.charAt(0).toLowerCase()}${restRead.message.slice(1)}`,
      );
    const shown = inCourseDigits(rest.trim(), restRead.value);
    const example = shown.length <= maxSuggested ? `, as in ${shown}` : "";
    return fail(`leave out "${hedge[1]}" and type just the value${example}; a rounded decimal is fine`);
  }

  const bad = describeCharacter(text);
  if (bad) return fail(bad);
  const points = /\d*\.\d*\.[\d.]*/.exec(text)?.[0];
  if (points)
    return fail(
      `a number has one decimal point at most, and "${points}" has ${countOf(points.split(".").length - 1, "point")}`,
    );
  // "1e" or "2.5e-": a power of ten begun and left without its exponent (not e, the constant).
  const bareExponent = /\d[eE](?:[+-](?=$|\D)|(?=$|[\s*/)]))/.exec(text);
  if (bareExponent) return fail("a power of ten needs its exponent after the e, as in 1e3 (1,000) or 2.5e-4 (0.00025)");
  // "--5" and "5 - -3": mathjs reads each sign in turn (--5 is 5), but two signs with nothing but
  // a space between them are almost always a slip of the keyboard, so they are refused, here and
  // in the terminal alike. Brackets say a negative number is meant, and read: -(-5), 5 - (-3).
  const signs = /([+-])(\s*)([+-])/.exec(text);
  if (signs)
    return fail(
      `two signs in a row ("${signs[1]}${signs[2] === "" ? "" : " "}${signs[3]}") are most likely a slip: type one sign, or put a negative number in brackets, as in 5 - (-3)`,
    );
  const source = text;
  const stripped = stripThousands(text);
  text = stripped.text;
  // A comma that may be a decimal one ("1,5k") is told first: read without it, "5k" is another number.
  const decimalComma = strayComma(text, true);
  if (decimalComma >= 0)
    return fail(`in "${quoted(numberAroundComma(stripped, source, decimalComma))}", ${commaAdvice}`);
  if (text.includes("_")) return fail("an underscore goes only between groups of three digits, as in 1_820");
  const word = describeWord(stripped, source, sign, shareSuffix?.[0] ?? "", suggest);
  if (word) return fail(word);

  const oneIn = /^(.+?)\s+(?:in|out\s+of)\s+(.+)$/i.exec(text);
  if (oneIn) {
    if (percent) return fail(`use either "1 in N" or a ${sign === "%" ? "percentage" : "per mille figure"}, not both`);
    text = `(${oneIn[1]})/(${oneIn[2]})`;
  }
  if (/\b0[xbo][0-9a-f]/i.test(text)) return fail("write numbers in decimal");
  // "5.49 x 10^-4" and "16 choose 4", as people write them on paper.
  text = text.replace(/(\d|\))\s*[xX]\s*(?=[\d(])/g, "$1*").replace(/(\d+)\s+choose\s+(\d+)/gi, "C($1,$2)");
  if (strayComma(text) >= 0) return fail(commaAdvice);
  try {
    const value = evaluateExpression(text);
    const figures = decimalFigures(text);
    return {
      ok: true,
      value: value / shareScale[sign],
      percent,
      perMille: sign === "‰",
      times: false,
      expression: text,
      ...(figures ? { figures } : {}),
    };
  } catch (error) {
    if (error instanceof InputError) return fail(error.message);
    // Defence in depth: the evaluator turns every problem into an InputError; never rethrow.
    return fail("that could not be read as a number");
  }
}
