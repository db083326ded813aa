/**
 * How the course writes a small number in words, for the sentences that say one ("four cells",
 * "retry once", "the 95th percentile"), so the word is computed from the number it stands for and
 * changes with it. Pure: no DOM, no Node.
 *
 *   inWords(4)                 "four"          whole numbers from zero to twelve; others throw
 *   timesInWords(1)            "once"          "once", "twice", then "three times"
 *   ordinal(5)                 "5th"           a whole number as an ordinal in figures
 *   percentileOrdinal(0.95)    "95th"          a percentile, given as a share, as an ordinal
 *   percentileName(0.95)       "p95"           the same percentile as engineers write it
 *   listNames(["a", "b", "c"])  "a, b and c"    a list as a sentence writes it ("a, b or c" with "or")
 *   listJoints(3)              ["", ", ", " and "]   what goes before each item of such a list, for
 *                                              lists whose items are markup (keys in <kbd>)
 *   unitAfter("1", "calls per second")  "call per second"   a unit after a number as written, in
 *                                              the singular after exactly "1"
 */

import { grouped } from "./number.ts";

const countWords = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
];

/** A small count in words: 4 -> "four". Beyond twelve, or not whole, it throws: write it as a figure. */
export function inWords(n: number): string {
  const word = Number.isInteger(n) ? countWords[n] : undefined;
  if (word === undefined) throw new RangeError(`no word for ${n}: write it as a figure`);
  return word;
}

/** How many times, in words: 1 -> "once", 2 -> "twice", 3 -> "three times". */
export function timesInWords(n: number): string {
  return n === 1 ? "once" : n === 2 ? "twice" : `${inWords(n)} times`;
}

/** A percentile, given as a share, as engineers name it: 0.95 -> "p95", 0.999 -> "p99.9". */
export function percentileName(share: number): string {
  return `p${Math.round(share * 1000) / 10}`;
}

/** A whole number as an ordinal in figures: 1 -> "1st", 5 -> "5th", 12 -> "12th", 22 -> "22nd". Not whole, it throws. */
export function ordinal(n: number): string {
  if (!Number.isInteger(n)) throw new RangeError(`no ordinal for ${n}: it is not a whole number`);
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${grouped(n)}${suffix}`;
}

/** A percentile, given as a share, as an ordinal: 0.95 -> "95th", 0.91 -> "91st", 0.11 -> "11th". */
export function percentileOrdinal(share: number): string {
  return ordinal(Math.round(share * 100));
}

/**
 * What goes before each of `count` items of a list as a sentence writes it: nothing before the
 * first, ", " before the middle ones and " and " (or " or ") before the last. The rule
 * `listNames` follows, for a page whose items are markup rather than strings.
 */
export function listJoints(count: number, conjunction: "and" | "or" = "and"): string[] {
  return Array.from({ length: count }, (_, i) => (i === 0 ? "" : i === count - 1 ? ` ${conjunction} ` : ", "));
}

/** A list as a sentence writes it: "a, b and c", or "a, b or c"; one item alone, and none as "". */
export function listNames(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  const joints = listJoints(items.length, conjunction);
  return items.map((item, i) => `${joints[i]}${item}`).join("");
}

/**
 * A list of names a message may not have room for, as a sentence writes it: the first `shown`
 * named, the rest counted, thousands grouped as every count the course prints ("a, b, c, d, e
 * and 3 more", "... and 199,995 more").
 */
export function listFirstNames(items: readonly string[], shown = 5): string {
  return listNames(items.length > shown ? [...items.slice(0, shown), `${grouped(items.length - shown)} more`] : items);
}

/**
 * A unit after a number as written (`figure`, the text before it, or the number), in the singular
 * when the number reads exactly 1: the thing it counts, its first word, loses its plural ("1 call
 * per second", "1 query per second", "1 disk a day", "1 second"), and reads as given after any
 * other number ("2 calls per second", "1.5 seconds", "0 calls"). A symbol, an abbreviation or a
 * multiple ("%", "ms", "× peak") and a word already singular stay as they are.
 */
export function unitAfter(figure: number | string, unit: string): string {
  if (String(figure) !== "1") return unit;
  return unit.replace(/^([a-z]{2,}?)(ies|s)\b(?<!ss\b)/, (_, stem: string, ending: string) =>
    ending === "ies" ? `${stem}y` : stem,
  );
}
