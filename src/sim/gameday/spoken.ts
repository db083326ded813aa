/**
 * The game day's figures in words, where its sentences say them so ("a minute and a half per
 * wave", "a quarter of its zone's capacity", "a window a twelfth as long"). Each is written from
 * the figure it stands for (an action's delay, a zone's hosts, the alert rules' windows), so the
 * words change with it; a figure these words cannot say throws rather than being misnamed.
 */
import { inWords } from "../../format/words.ts";

/**
 * A whole number of half-minutes as a sentence says it: 30 -> "half a minute", 60 -> "a minute",
 * 90 -> "a minute and a half", 150 -> "two and a half minutes", 180 -> "three minutes".
 */
export function halfMinutesInWords(seconds: number): string {
  const halves = seconds / 30;
  if (!Number.isInteger(halves) || halves < 1 || halves > 25)
    throw new RangeError(`no words for ${seconds} s: a whole number of half-minutes up to twelve and a half minutes`);
  const minutes = Math.floor(halves / 2);
  const half = halves % 2 === 1;
  if (minutes === 0) return "half a minute";
  if (minutes === 1) return half ? "a minute and a half" : "a minute";
  return half ? `${inWords(minutes)} and a half minutes` : `${inWords(minutes)} minutes`;
}

const parts = [
  "half",
  "a third",
  "a quarter",
  "a fifth",
  "a sixth",
  "a seventh",
  "an eighth",
  "a ninth",
  "a tenth",
  "an eleventh",
  "a twelfth",
];

/** One part in `n` as a sentence says it: 2 -> "half", 4 -> "a quarter", 12 -> "a twelfth". */
export function onePartIn(n: number): string {
  const words = Number.isInteger(n) ? parts[n - 2] : undefined;
  if (words === undefined) throw new RangeError(`no words for one part in ${n}: write it as a figure`);
  return words;
}

/** The same words at the start of a sentence: "A minute", "Three minutes". */
export function capitalised(words: string): string {
  return words.charAt(0).toUpperCase() + words.slice(1);
}
