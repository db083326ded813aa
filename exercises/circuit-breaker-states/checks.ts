import type { Checks } from "course/checks";
import { CircuitBreaker } from "./starter.ts";

function setup(failureThreshold = 3, cooldownMs = 1000) {
  const clock = { now: 0 };
  const breaker = new CircuitBreaker({ failureThreshold, cooldownMs, now: () => clock.now });
  return { clock, breaker };
}

function fail(breaker: CircuitBreaker, times: number) {
  for (let i = 0; i < times; i++) breaker.recordFailure();
}

export default function (t: Checks) {
  t.check("a new breaker is closed and lets calls through", () => {
    const { breaker } = setup();
    t.equal(breaker.state, "closed");
    t.equal(breaker.allowRequest(), true);
    t.equal(breaker.allowRequest(), true);
  });
  t.check("failures below the threshold keep it closed", () => {
    const { breaker } = setup(3);
    fail(breaker, 2);
    t.equal(breaker.state, "closed");
  });
  t.check("the threshold-th consecutive failure opens it, and it fails fast", () => {
    const { breaker } = setup(3);
    fail(breaker, 3);
    t.equal(breaker.state, "open");
    t.equal(breaker.allowRequest(), false);
  });
  t.check("a success resets the count: failures must be consecutive", () => {
    const { breaker } = setup(3);
    fail(breaker, 2);
    breaker.recordSuccess();
    fail(breaker, 2);
    t.equal(breaker.state, "closed");
    breaker.recordFailure();
    t.equal(breaker.state, "open");
  });
  t.check("it stays open for the whole cooldown", () => {
    const { clock, breaker } = setup(1, 1000);
    clock.now = 5000;
    breaker.recordFailure();
    clock.now = 5999;
    t.equal(breaker.state, "open");
    t.equal(breaker.allowRequest(), false);
  });
  t.check("after the cooldown it is half-open and allows exactly one probe", () => {
    const { clock, breaker } = setup(1, 1000);
    breaker.recordFailure();
    clock.now = 1000;
    t.equal(breaker.state, "half-open");
    t.equal(breaker.allowRequest(), true, "the probe");
    t.equal(breaker.allowRequest(), false, "a second call while the probe is out");
    t.equal(breaker.allowRequest(), false, "and a third");
  });
  t.check("a successful probe closes it, with a fresh count", () => {
    const { clock, breaker } = setup(2, 1000);
    fail(breaker, 2);
    clock.now = 1500;
    t.equal(breaker.allowRequest(), true);
    breaker.recordSuccess();
    t.equal(breaker.state, "closed");
    t.equal(breaker.allowRequest(), true);
    breaker.recordFailure();
    t.equal(breaker.state, "closed", "one failure after closing is below the threshold of 2");
  });
  t.check("a failed probe opens it again, with a new cooldown from that moment", () => {
    const { clock, breaker } = setup(1, 1000);
    breaker.recordFailure();
    clock.now = 1000;
    t.equal(breaker.allowRequest(), true);
    clock.now = 1200;
    breaker.recordFailure();
    t.equal(breaker.state, "open");
    clock.now = 2100;
    t.equal(breaker.allowRequest(), false, "1,000 ms have not passed since the probe failed");
    clock.now = 2200;
    t.equal(breaker.state, "half-open");
    t.equal(breaker.allowRequest(), true);
  });
  t.check("late results reported while open change nothing", () => {
    const { clock, breaker } = setup(1, 1000);
    breaker.recordFailure();
    clock.now = 10;
    breaker.recordSuccess();
    t.equal(breaker.state, "open");
    clock.now = 500;
    breaker.recordFailure();
    clock.now = 1000;
    t.equal(breaker.state, "half-open", "the cooldown still runs from the moment it opened");
  });
  t.check("against a dependency that always fails, it lets one probe through per cooldown", () => {
    const { clock, breaker } = setup(3, 100);
    const allowed: boolean[] = [];
    for (let step = 0; step < 12; step++) {
      clock.now = step * 50;
      const ok = breaker.allowRequest();
      allowed.push(ok);
      if (ok) breaker.recordFailure();
    }
    // Three failures open it at 100 ms; from then on, a probe at 200, 300, ... each failing again.
    const expected = [true, true, true, false, true, false, true, false, true, false, true, false];
    t.deepEqual(allowed, expected, "calls allowed at 0, 50, 100, ... ms");
  });
  t.check("invalid options throw a RangeError", () => {
    for (const options of [
      { failureThreshold: 0, cooldownMs: 10 },
      { failureThreshold: 1.5, cooldownMs: 10 },
      { failureThreshold: 3, cooldownMs: -1 },
    ]) {
      t.throws(
        () => new CircuitBreaker({ ...options, now: () => 0 }),
        RangeError,
        `${JSON.stringify(options)} should throw a RangeError`,
      );
    }
  });
}
