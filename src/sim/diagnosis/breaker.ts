/**
 * A circuit breaker's last window of calls, for a diagnosis: a count-based window of `window`
 * calls, opening when the failure rate among completed calls reaches `thresholdPct`%. Three
 * situations:
 *   down        the dependency fails fast: the window fills with errors and the breaker opens
 *   hanging     the dependency hangs and the calls have no timeout: they never complete, so the
 *               window sees almost no failures and the breaker stays closed while the callers'
 *               workers are held
 *   partial     a share of calls fail, below the threshold: the breaker stays closed, as it should
 * Pure and seeded: the seed picks the counts within each situation's bounds.
 */
import { mulberry32, randomInt } from "../random.ts";

export const breakerCases = ["down", "hanging", "partial"] as const;
export type BreakerCase = (typeof breakerCases)[number];

export interface BreakerParams {
  incident: number;
  window: number;
  thresholdPct: number;
  seed: number;
}

export function breakerCase(p: BreakerParams): BreakerCase {
  const c = breakerCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${breakerCases.length - 1}`);
  return c;
}

export interface BreakerWindow {
  /** Calls started in the window's span. */
  started: number;
  succeeded: number;
  failed: number;
  /** Started but not answered yet. */
  waiting: number;
  /** Whether the calls have a timeout. */
  timeout: boolean;
  state: "open" | "closed";
}

export function breakerWindow(p: BreakerParams): BreakerWindow {
  const kind = breakerCase(p);
  const rand = mulberry32(p.seed);
  const threshold = p.thresholdPct / 100;
  if (kind === "hanging") {
    // A few calls answered before the hang began; the rest wait with no timeout.
    const succeeded = 1 + randomInt(rand, 3);
    return { started: p.window, succeeded, failed: 0, waiting: p.window - succeeded, timeout: false, state: "closed" };
  }
  // Down: at least the threshold fail; partial: between a tenth and just under the threshold.
  const min = kind === "down" ? Math.ceil(threshold * p.window) : Math.ceil(0.1 * p.window);
  const max = kind === "down" ? p.window : Math.ceil(threshold * p.window) - 1;
  const failed = min + randomInt(rand, max - min + 1);
  return {
    started: p.window,
    succeeded: p.window - failed,
    failed,
    waiting: 0,
    timeout: true,
    state: failed / p.window >= threshold ? "open" : "closed",
  };
}

/** The failure rate the breaker sees: failures over completed calls in its window (0 when none completed). */
export function seenFailureRate(p: BreakerParams): number {
  const w = breakerWindow(p);
  const completed = w.succeeded + w.failed;
  return completed === 0 ? 0 : w.failed / completed;
}
