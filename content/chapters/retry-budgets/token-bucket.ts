/**
 * Questions about the gRPC-style retry throttle, answered by running it (RetryThrottle in
 * src/sim/backoff.ts). Shared by the chapter's numbers and its exercise solution.
 */
import { RetryThrottle } from "../../../src/sim/backoff.ts";

/** Failures in a row, from a full bucket, until retries stop. */
export function failuresUntilThrottled(maxTokens: number, tokenRatio: number): number {
  const bucket = new RetryThrottle(maxTokens, tokenRatio);
  let failures = 0;
  while (bucket.retryAllowed()) {
    bucket.recordFailure();
    failures++;
  }
  return failures;
}

/** Successes in a row, from an empty bucket, until retries are allowed again. */
export function successesUntilRetrying(maxTokens: number, tokenRatio: number): number {
  const bucket = new RetryThrottle(maxTokens, tokenRatio);
  while (bucket.tokens > 0) bucket.recordFailure();
  let successes = 0;
  while (!bucket.retryAllowed()) {
    bucket.recordSuccess();
    successes++;
  }
  return successes;
}

/** The failure share at which successes refill exactly what failures drain: ratio (1 - f) = f. */
export function balancingFailureShare(tokenRatio: number): number {
  return tokenRatio / (1 + tokenRatio);
}
