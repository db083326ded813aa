/**
 * The course's one rule for a letter x used as a multiplication sign, where prose writes ×: right
 * after a number ("3x", "1.5X", "1280x900", not the hexadecimal "0x1f"), or a lower-case x
 * standing alone between two terms ("2 x 4", "(x normal)", "{n} x {k}"). The built pages
 * (tests/site/times-sign.test.ts) and the exercises' own text (tests/content/exercises.test.ts)
 * are held to it.
 */
const letterTimes = /(?<![\p{L}\p{N}_.])(?!0[xX][\da-fA-F])\d+(?:[.,]\d+)*[xX](?![\p{L}_])|(?<=^|[\s(])x(?=\s+\S)/gu;

/** Each letter x a text uses as a multiplication sign, with some context. */
export function lettersAsTimes(text: string): string[] {
  return [...text.matchAll(letterTimes)].map(
    (m) => `"…${text.slice(Math.max(0, m.index - 30), m.index + 20).replace(/\s+/g, " ")}…"`,
  );
}
