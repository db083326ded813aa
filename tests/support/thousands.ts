/**
 * The course's one check that a quantity of thousands is written with its separator ("10,237",
 * not "10237"), as src/format/number.ts's `grouped` writes it: the built pages' running text
 * (tests/site/visible-text.test.ts), the playgrounds' golden output
 * (tests/content/playgrounds.test.ts) and every terminal command's output
 * (src/cli/grouped-output.test.ts) use it.
 */

/** A whole number of four or more digits with no separator, not part of a decimal, a word, a path or a range. */
const ungrouped = /(?<![\p{L}\p{N}_.,:/-])(\d{4,})(?![\p{N}_]|[.,]\d)/gu;

/**
 * Where `text` writes a whole number of four or more digits without its thousands separator.
 * A year ("OSDI 2022") is a name, not a quantity, and is left alone.
 */
export function ungroupedThousands(text: string): number[] {
  return [...text.matchAll(ungrouped)]
    .filter((m) => !(m[1]!.length === 4 && Number(m[1]) >= 1900 && Number(m[1]) < 2100))
    .map((m) => m.index);
}
