import { expect, test } from "vitest";
import { compareScores, scoreRun, type ScoreInput } from "./score.ts";
import type { Slo } from "./slo.ts";

const slo: Slo = { target: 0.999, latencyMs: 500, periodDays: 30 };

/** `tenants` tenants, `seconds` long, 10 requests a second each; `bad(t, s)` of them bad. */
function input(tenants: number, seconds: number, bad: (t: number, s: number) => number, faultAt = 0): ScoreInput {
  const arrived = new Int32Array(tenants * seconds).fill(10);
  const badCounts = new Int32Array(tenants * seconds);
  for (let t = 0; t < tenants; t++) for (let s = 0; s < seconds; s++) badCounts[t * seconds + s] = bad(t, s);
  return { tenants, seconds, arrived, bad: badCounts, slo, baselineRate: 10 * tenants, faultAt };
}

test("a tenant whose every request failed for a minute costs one tenant-minute", () => {
  const score = scoreRun(input(4, 600, (t, s) => (t === 0 && s >= 60 && s < 120 ? 10 : 0)));
  expect(score.tenantMinutes).toBe(1);
  expect(score.tenantsAffected).toBe(1);
  expect(score.badRequests).toBe(600);
  expect(score.requests).toBe(4 * 600 * 10);
});

test("one request in ten bad for ten minutes also costs one tenant-minute", () => {
  const score = scoreRun(input(4, 700, (t, s) => (t === 1 && s >= 60 && s < 660 ? 1 : 0)));
  expect(score.tenantMinutes).toBe(1);
});

test("tenants affected: more than 5% of a tenant's requests bad in some whole minute", () => {
  // 30 bad of 600 in a minute is exactly 5%: not affected; 31 is.
  const score = scoreRun(
    input(3, 600, (t, s) => {
      if (s < 60 || s >= 120) return 0;
      if (t === 0) return s < 90 ? 1 : 0; // 30 of 600
      if (t === 1) return s < 91 ? 1 : 0; // 31 of 600
      return 0;
    }),
  );
  expect(score.tenantsAffected).toBe(1);
});

test("error budget consumed: bad requests over a month's allowance at the baseline rate", () => {
  const score = scoreRun(input(1, 600, (_, s) => (s < 100 ? 10 : 0)));
  expect(score.budgetConsumed).toBeCloseTo(1000 / (0.001 * 10 * 30 * 86400), 5);
});

test("time to mitigate: from the fault to the end of the last bad 10-second window, proven by a clean last minute", () => {
  const mitigated = scoreRun(input(2, 600, (_, s) => (s >= 60 && s < 200 ? 10 : 0), 60));
  expect(mitigated).toMatchObject({ mitigation: "mitigated", mitigatedAt: 209, timeToMitigate: 149 });
  // Bad until 560: back with less than a minute left to show it.
  const late = scoreRun(input(2, 600, (_, s) => (s >= 60 && s < 560 ? 10 : 0), 60));
  expect(late).toMatchObject({ mitigation: "not mitigated", mitigatedAt: null, timeToMitigate: null });
  const never = scoreRun(input(2, 600, () => 0, 60));
  expect(never).toMatchObject({ mitigation: "never over the line", timeToMitigate: 0 });
});

test("ranking: fewer tenant-minutes first, then less budget, then faster mitigation", () => {
  const a = scoreRun(input(2, 600, (_, s) => (s >= 60 && s < 70 ? 10 : 0), 60));
  const b = scoreRun(input(2, 600, (_, s) => (s >= 60 && s < 80 ? 10 : 0), 60));
  expect(compareScores(a, b)).toBeLessThan(0);
  expect(compareScores(b, a)).toBeGreaterThan(0);
  expect(compareScores(a, a)).toBe(0);
});
