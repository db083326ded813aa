/**
 * The course's one retry token bucket: gRPC retry throttling as gRFC A6 specifies it
 * ("gRPC Retry Design", https://github.com/grpc/proposal/blob/master/A6-client-retries.md).
 * The chapter on retry budgets, its exercises and the retry-storm simulation all use it.
 *
 * The count starts full at maxTokens; every failed call takes 1 token (down to 0), every
 * successful call puts back tokenRatio (up to maxTokens); retries are allowed only while
 * tokens > maxTokens / 2. Both settings must be greater than 0, and tokenRatio has at most
 * three decimal places.
 *
 * The count is kept in whole thousandths of a token, as grpc-java (RetriableStream.Throttle) and
 * gRPC's C core (retry_throttle.cc, "milli-tokens") do, so the arithmetic is exact (grpc-go's
 * retryThrottler keeps a float64 instead): fifty successes of 0.1 bring an empty bucket of 10 to
 * exactly 5 (not 5.000000000000002), so the 51st is the one that allows retries again. In floating
 * point the answer depends on rounding, and decisions made exactly at the threshold can flip.
 */
/**
 * The settings of gRFC A6's example service config ("retryThrottling": maxTokens 10, tokenRatio
 * 0.1): the bucket's defaults, and the "gRPC's example settings" the chapters, exercises and
 * interview bank quote.
 */
export const grpcExampleThrottling = { maxTokens: 10, tokenRatio: 0.1 } as const;

export class RetryThrottle {
  private milliTokens: number;
  private readonly milliMax: number;
  private readonly milliRatio: number;

  constructor(
    readonly maxTokens: number = grpcExampleThrottling.maxTokens,
    readonly tokenRatio: number = grpcExampleThrottling.tokenRatio,
  ) {
    if (!(maxTokens > 0) || !(tokenRatio > 0))
      throw new RangeError(`maxTokens and tokenRatio must be > 0 (gRFC A6), got ${maxTokens} and ${tokenRatio}`);
    this.milliMax = Math.round(maxTokens * 1000);
    this.milliRatio = Math.round(tokenRatio * 1000);
    if (Math.abs(this.milliRatio - tokenRatio * 1000) > 1e-6 || Math.abs(this.milliMax - maxTokens * 1000) > 1e-6)
      throw new RangeError(
        `maxTokens and tokenRatio have at most 3 decimal places (gRFC A6), got ${maxTokens} and ${tokenRatio}`,
      );
    this.milliTokens = this.milliMax;
  }

  /** The current count, in tokens. */
  get tokens(): number {
    return this.milliTokens / 1000;
  }

  recordFailure(): void {
    this.milliTokens = Math.max(0, this.milliTokens - 1000);
  }

  recordSuccess(): void {
    this.milliTokens = Math.min(this.milliMax, this.milliTokens + this.milliRatio);
  }

  retryAllowed(): boolean {
    // tokens > max / 2, compared in whole numbers.
    return this.milliTokens * 2 > this.milliMax;
  }
}

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

/**
 * The failure share at which successes refill exactly what failures drain, ratio x (1 - f) = f:
 * above it the bucket drains and retries stop (about 9.1% at tokenRatio 0.1).
 */
export function balancingFailureShare(tokenRatio: number): number {
  return tokenRatio / (1 + tokenRatio);
}
