/** gRFC A6 retry throttling: a token bucket that starts full; retries only while it is more than half full. */
export class RetryThrottle {
  constructor(
    readonly maxTokens = 10,
    readonly tokenRatio = 0.1,
  ) {
    // TODO: validate, and start with a full bucket.
  }

  get tokens(): number {
    // TODO
    throw new Error("RetryThrottle is not written yet");
  }

  recordFailure(): void {
    // TODO: one token less, never below 0.
    throw new Error("RetryThrottle is not written yet");
  }

  recordSuccess(): void {
    // TODO: tokenRatio more, never above maxTokens.
    throw new Error("RetryThrottle is not written yet");
  }

  retryAllowed(): boolean {
    // TODO: tokens > maxTokens / 2
    throw new Error("RetryThrottle is not written yet");
  }
}
