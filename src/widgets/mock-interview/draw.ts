/** Drawing a question: seeded, so a seed shown on screen draws the same question again. */
import { mulberry32, randomInt } from "../../sim/random.ts";

/** The index drawn by `seed` from `count` questions. */
export function drawIndex(count: number, seed: number): number {
  if (!Number.isInteger(count) || count < 1) throw new RangeError(`nothing to draw from (${count} questions)`);
  return randomInt(mulberry32(seed), count);
}

/** A fresh seed for a new draw: any whole number from 1 to 99,999, short enough to read out. */
export function freshSeed(entropy: () => number = Math.random): number {
  return 1 + Math.floor(entropy() * 99_999);
}
