/** Expected answers for "What does a retry cost?", computed by src/sim/backoff.ts. */
import { rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { expectedAttempts } from "../../src/sim/backoff.ts";

export interface Params {
  retries: number;
  failurePercent: number;
}

export function answers({ retries, failurePercent }: Params): Record<string, number> {
  return {
    flaky: expectedAttempts(retries, failurePercent / 100),
    down: expectedAttempts(retries, 1),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { retries, failurePercent } = params;
  const p = failurePercent / 100;
  const a = answers(params);
  const terms = Array.from({ length: retries + 1 }, (_, k) => rounded(p ** k, 6));
  return {
    p: rounded(p, 6),
    attemptsMost: String(retries + 1),
    terms: terms.join(" + "),
    pPower: rounded(p ** (retries + 1), 6),
    oneMinusP: rounded(1 - p, 6),
    flakyAttempts: rounded(a.flaky!, 6),
    downAttempts: String(a.down),
  };
}

export function variant(rand: Random): Params {
  return { retries: 1 + Math.floor(rand() * 5), failurePercent: 10 * (1 + Math.floor(rand() * 8)) }; // 1..5 retries, 10..80%
}
