/**
 * The course's one check that a quantity of thousands is written with its separator ("10,237",
 * not "10237"), as src/format/number.ts's `grouped` writes it: the built pages' running text
 * (tests/site/visible-text.test.ts), the playgrounds' golden output
 * (tests/content/playgrounds.test.ts) and every terminal command's output
 * (src/cli/grouped-output.test.ts) use it.
 */

/** A whole number of four or more digits with no separator, not part of a decimal, a word, a path or a range. */
const ungrouped = /(?<![\p{L}\p{N}_.,:/-])(\d{4,})(?![\p{N}_]|[.,]\d)/gu;

/** What follows a number that makes it a quantity even where it could be a year: 2000 machines, 1950 ms. */
const quantityAfter =
  /^(?:\s*(?:workers?|machines?|hosts?|customers?|requests?|connections?|calls?|cells?|tenants?|servers?|shards?|nodes?|disks?|drives?|ms|s|seconds?|minutes?|hours?|days?|%)\b|\s*%)/u;

/**
 * Where `text` writes a whole number of four or more digits without its thousands separator.
 * A year ("OSDI 2022", 1900 to 2099) is a name, not a quantity, and is left alone, unless what
 * follows makes it one ("2000 machines", "1950 ms"); a formula's operand (2048!, C(2048, 4)) is
 * written ungrouped, as mathematics writes it.
 */
export function ungroupedThousands(text: string): number[] {
  return [...text.matchAll(ungrouped)]
    .filter((m) => {
      const n = Number(m[1]);
      if (m[1]!.length !== 4 || n < 1900 || n >= 2100) return true;
      return quantityAfter.test(text.slice(m.index + m[1]!.length));
    })
    .map((m) => m.index);
}
