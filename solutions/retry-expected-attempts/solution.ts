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

/**
 * 1 to 5 retries at 10% to 80% failing, drawn again until both the retries after the first and
 * the limit matter, each by at least a tenth of an attempt: the average is then apart, to the
 * part's two figures, from 1 + p (the first retry only; with one retry, the average itself) and
 * from 1 / (1 - p) (no limit).
 */
export function variant(rand: Random): Params {
  for (;;) {
    const params = { retries: 1 + Math.floor(rand() * 5), failurePercent: 10 * (1 + Math.floor(rand() * 8)) };
    const p = params.failurePercent / 100;
    const average = expectedAttempts(params.retries, p);
    if (average - (1 + p) >= 0.1 - 1e-9 && 1 / (1 - p) - average >= 0.1 - 1e-9) return params;
  }
}
