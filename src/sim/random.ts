/**
 * Seeded pseudo-random numbers. Every simulation in the course draws from these, so the
 * same seed prints the same bytes in Node, in a worker and in the page.
 */

import { grouped } from "../format/number.ts";

/** A source of uniform numbers in [0, 1). */
export type Random = () => number;

/**
 * The seeds every simulation accepts: mulberry32 keeps 32 bits, so 0..2^32 - 1 names every
 * stream once (a seed outside it would repeat one inside: -1 is 4294967295).
 */
export const seedRange = { min: 0, max: 2 ** 32 - 1 } as const;

/** Whether `value` is a seed: a whole number in `seedRange`. The one seed rule of the course. */
export function isSeed(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= seedRange.min && value <= seedRange.max;
}

/** What a seed may be, in words, for error messages. */
export const seedRule = `a whole number from ${grouped(seedRange.min)} to ${grouped(seedRange.max)}, written in digits only`;

/**
 * A seed typed in a field, a link or a command's `--seed`: digits only (spaces around them
 * aside), so "1e3", "1_000", "+7" and "7.0" are refused rather than read as some other seed;
 * undefined when it breaks the rule. Every seed field (an exercise's variant, the mock
 * interview's draw, a game day, the replay's link) and every `--seed` reads through this.
 */
export function readSeed(text: string): number | undefined {
  const digits = text.trim();
  if (!/^\d+$/.test(digits)) return undefined;
  const value = Number(digits);
  return isSeed(value) ? value : undefined;
}

/**
 * mulberry32: a 32-bit generator, small enough to read in one sitting and good enough
 * for teaching simulations (not for cryptography).
 */
export function mulberry32(seed: number): Random {
  let state = seed | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * FNV-1a hash of a string, used to give each named stream its own seed (and game-day result codes
 * their check digits). The 32-bit FNV-1a of "The FNV Non-Cryptographic Hash Algorithm" (Fowler,
 * Noll, Vo, Eastlake and Hansen; IETF draft-eastlake-fnv, published as RFC 9923:
 * https://www.rfc-editor.org/info/rfc9923): start from the offset basis 2166136261 (0x811c9dc5),
 * then for each unit xor it in and multiply by the FNV prime 16777619 (0x01000193) mod 2^32. The
 * units are the string's UTF-16 code units, so for ASCII names this is the standard's octet hash;
 * random.test.ts checks it against the FNV reference test suite's vectors.
 */
export function hashName(name: string): number {
  let h = 0x811c9dc5; // 32-bit FNV offset basis, 2166136261
  for (let i = 0; i < name.length; i++) {
    h ^= name.charCodeAt(i);
    h = Math.imul(h, 0x01000193); // 32-bit FNV prime, 2^24 + 2^8 + 0x93 = 16777619
  }
  return h >>> 0;
}

/**
 * Independent named streams from one seed: `stream("arrivals:search")` always yields the
 * same sequence for the same seed, however many draws other streams make. This keeps one
 * change (say, turning a defence on) from reshuffling unrelated randomness.
 */
export function randomStreams(seed: number): (name: string) => Random {
  return (name) => mulberry32((Math.imul(seed | 0, 0x9e3779b1) ^ hashName(name)) | 0);
}

/** An integer in [0, n). */
export function randomInt(rand: Random, n: number): number {
  return Math.floor(rand() * n);
}

/** An exponentially distributed value with the given mean (inter-arrival times of a Poisson process). */
export function exponential(rand: Random, mean: number): number {
  return -Math.log(1 - rand()) * mean;
}
