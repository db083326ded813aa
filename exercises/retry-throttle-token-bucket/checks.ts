import type { Checks } from "course/checks";
import { mulberry32, RetryThrottle as CourseBucket } from "course";
import { RetryThrottle } from "./starter.ts";

function repeat(times: number, action: () => void) {
  for (let i = 0; i < times; i++) action();
}

export default function (t: Checks) {
  t.check("a new throttle is full and allows retries", () => {
    const throttle = new RetryThrottle();
    t.equal(throttle.tokens, 10);
    t.equal(throttle.retryAllowed(), true);
  });
  t.check("each failure costs one token", () => {
    const throttle = new RetryThrottle();
    repeat(3, () => throttle.recordFailure());
    t.equal(throttle.tokens, 7);
  });
  t.check("4 failures leave 6 tokens: retries still allowed", () => {
    const throttle = new RetryThrottle();
    repeat(4, () => throttle.recordFailure());
    t.equal(throttle.retryAllowed(), true);
  });
  t.check("5 failures leave exactly half: retries stop (the test is strictly greater)", () => {
    const throttle = new RetryThrottle();
    repeat(5, () => throttle.recordFailure());
    t.equal(throttle.tokens, 5);
    t.equal(throttle.retryAllowed(), false);
  });
  t.check("tokens never go below 0", () => {
    const throttle = new RetryThrottle();
    repeat(50, () => throttle.recordFailure());
    t.equal(throttle.tokens, 0);
  });
  t.check("successes earn tokenRatio each, and the sums are exact", () => {
    const throttle = new RetryThrottle();
    repeat(6, () => throttle.recordFailure());
    repeat(10, () => throttle.recordSuccess());
    t.equal(throttle.tokens, 5);
    t.equal(throttle.retryAllowed(), false);
    throttle.recordSuccess();
    t.equal(throttle.tokens, 5.1);
    t.equal(throttle.retryAllowed(), true);
  });
  t.check("tokens never exceed maxTokens", () => {
    const throttle = new RetryThrottle();
    repeat(100, () => throttle.recordSuccess());
    t.equal(throttle.tokens, 10);
  });
  t.check("other settings: maxTokens 100, tokenRatio 0.5", () => {
    const throttle = new RetryThrottle(100, 0.5);
    repeat(50, () => throttle.recordFailure());
    t.equal(throttle.retryAllowed(), false);
    repeat(2, () => throttle.recordSuccess());
    t.equal(throttle.tokens, 51);
    t.equal(throttle.retryAllowed(), true);
  });
  t.check("during a full outage, a client stops retrying after a handful of failures", () => {
    // Every call fails. Count how many retries the throttle lets through for 1,000 requests.
    const throttle = new RetryThrottle();
    let retries = 0;
    for (let request = 0; request < 1000; request++) {
      throttle.recordFailure(); // the first attempt fails
      if (throttle.retryAllowed()) {
        retries++;
        throttle.recordFailure(); // and so does the retry
      }
    }
    t.equal(retries, 2, "from 10 tokens: attempt (9) retry (8), attempt (7) retry (6), attempt (5): stop");
  });
  t.check("from empty at maxTokens 100, tokenRatio 0.1: 500 successes make exactly 50, so it takes 501", () => {
    const throttle = new RetryThrottle(100, 0.1);
    repeat(100, () => throttle.recordFailure());
    repeat(500, () => throttle.recordSuccess());
    t.equal(throttle.tokens, 50);
    t.equal(throttle.retryAllowed(), false);
    throttle.recordSuccess();
    t.equal(throttle.retryAllowed(), true);
  });
  t.check("decides like the course's own bucket on 100,000 random calls near the threshold", () => {
    // Failing about one call in eleven keeps the bucket hovering at half full, where ties happen.
    const rand = mulberry32(11);
    const yours = new RetryThrottle(20, 0.1);
    const course = new CourseBucket(20, 0.1);
    for (let call = 0; call < 100_000; call++) {
      if (yours.retryAllowed() !== course.retryAllowed() || yours.tokens !== course.tokens) {
        t.fail(
          `call ${call}: your bucket has ${yours.tokens} tokens and says ${yours.retryAllowed()}; the course's has ${course.tokens} and says ${course.retryAllowed()}`,
        );
      }
      if (rand() < 1 / 11) {
        yours.recordFailure();
        course.recordFailure();
      } else {
        yours.recordSuccess();
        course.recordSuccess();
      }
    }
    t.equal(yours.tokens, course.tokens);
  });
  t.check("invalid settings throw a RangeError", () => {
    for (const [max, ratio] of [
      [0, 0.1],
      [10, 0],
      [-1, 0.1],
      [10, -0.5],
    ]) {
      t.throws(
        () => new RetryThrottle(max, ratio),
        RangeError,
        `new RetryThrottle(${max}, ${ratio}) should throw a RangeError`,
      );
    }
  });
}
