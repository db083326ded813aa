/**
 * One token bucket: the course's RetryThrottle (src/sim/token-bucket.ts) is the one the chapter,
 * the playgrounds and the retry-storm simulation use. The worked solution of the exercise that
 * asks learners to write it is necessarily a second text of the same rule, so it is held to the
 * first here: fed the same seeded calls, the two agree on every decision and every count.
 */
import { describe, expect, test } from "vitest";
import { RetryThrottle as Solution } from "../../solutions/retry-throttle-token-bucket/solution.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import { RetryThrottle as Library } from "../../src/sim/token-bucket.ts";

describe("the worked solution and the course's token bucket", () => {
  const settings: [number, number][] = [
    [10, 0.1],
    [3, 0.5],
    [100, 0.001],
    [1, 1],
    [7.5, 0.25],
  ];
  for (const [maxTokens, tokenRatio] of settings)
    test(`agree through drains and refills (maxTokens ${maxTokens}, tokenRatio ${tokenRatio})`, () => {
      const rand = mulberry32(Math.round(maxTokens * 1000 + tokenRatio * 1000));
      const solution = new Solution(maxTokens, tokenRatio);
      const library = new Library(maxTokens, tokenRatio);
      // Draining: mostly failures. Refilling: failures rare enough that the bucket still gains
      // (a success puts back tokenRatio, a failure takes 1). Switch each time the decision flips.
      const refillFailure = tokenRatio / (2 * (1 + tokenRatio));
      let crossings = 0;
      for (let call = 0; call < 400_000 && crossings < 6; call++) {
        const before = library.retryAllowed();
        const fail = rand() < (before ? 0.8 : refillFailure);
        if (fail) {
          solution.recordFailure();
          library.recordFailure();
        } else {
          solution.recordSuccess();
          library.recordSuccess();
        }
        expect(solution.tokens).toBe(library.tokens);
        expect(solution.retryAllowed()).toBe(library.retryAllowed());
        if (library.retryAllowed() !== before) crossings++;
      }
      // Three drains past the threshold and three refills back over it were compared.
      expect(crossings).toBe(6);
    });

  test("refuse the same settings", () => {
    for (const [maxTokens, tokenRatio] of [
      [0, 0.1],
      [10, 0],
      [-1, 0.1],
      [Number.NaN, 0.1],
    ] as const) {
      expect(() => new Solution(maxTokens, tokenRatio)).toThrow(RangeError);
      expect(() => new Library(maxTokens, tokenRatio)).toThrow(RangeError);
    }
  });
});
