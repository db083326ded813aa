/**
 * Wrong solutions a learner could write to a code exercise, each the reference solution with one
 * mistake in it: the exercise's checks must fail it, and at the one check that is about that
 * mistake, not by accident elsewhere (tests/content/exercises.test.ts runs them).
 */
export interface WrongSolution {
  /** The mistake, in a few words. */
  what: string;
  /** Text of the reference solution, and what it is replaced with. */
  replace: readonly [from: string, to: string];
  /** The name of the only check that fails. */
  fails: string;
}

const cellRouterLoop = "for (let i = 0; i < text.length; i++) {\n    hash ^= text.charCodeAt(i);";
const wholeUnits = "fnv1a XORs in each whole UTF-16 code unit, beyond Latin-1 too";

export const wrongSolutions: Record<string, readonly WrongSolution[]> = {
  "cell-router": [
    {
      what: "hashes only the low byte of each code unit",
      replace: ["hash ^= text.charCodeAt(i);", "hash ^= text.charCodeAt(i) & 0xff;"],
      fails: wholeUnits,
    },
    {
      what: "hashes the UTF-8 bytes, as FNV-1a over bytes would",
      replace: [cellRouterLoop, "for (const byte of new TextEncoder().encode(text)) {\n    hash ^= byte;"],
      fails: wholeUnits,
    },
    {
      what: "hashes whole code points, an emoji in one step",
      replace: [cellRouterLoop, "for (const char of text) {\n    hash ^= char.codePointAt(0)!;"],
      fails: wholeUnits,
    },
  ],
};
