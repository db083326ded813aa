/** gRFC A6 retry throttling, counted in thousandths of a token so repeated 0.1s add up exactly. */
export class RetryThrottle {
  private milliTokens: number;
  private readonly milliMax: number;
  private readonly milliRatio: number;

  constructor(
    readonly maxTokens = 10,
    readonly tokenRatio = 0.1,
  ) {
    if (!(maxTokens > 0) || !(tokenRatio > 0))
      throw new RangeError(`maxTokens and tokenRatio must be > 0, got ${maxTokens} and ${tokenRatio}`);
    this.milliMax = Math.round(maxTokens * 1000);
    this.milliRatio = Math.round(tokenRatio * 1000);
    this.milliTokens = this.milliMax;
  }

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
