import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { fillParams } from "../../../src/grader/fill-params.ts";
import { workedFigures } from "../../../src/grader/solution.ts";
import { adaptiveRejectProbability } from "../../../src/sim/backoff.ts";
import { parameterDefaults } from "../../../src/sim/retry-storm/index.ts";
import { adaptive, bucket, fade, grpc, loadCurve, ratio, raw, rawAllowed, replay, stability } from "./numbers.ts";
import {
  balancingFailureShare,
  failuresUntilThrottled,
  successesUntilRetrying,
} from "../../../src/sim/token-bucket.ts";

test("gRFC A6 token bucket, maxTokens 10, tokenRatio 0.1", () => {
  expect(bucket.failuresToStop).toBe(5); // 10 -> 5 tokens, and retries need > 5
  expect(bucket.successesToRestart).toBe(51); // 0 -> 5.1 tokens
  expect(bucket.balancePercent).toBe("9.1%"); // 0.1 / 1.1
  expect(bucket.balanceOneIn).toBe("1 in 11");
  // gRFC A6: "throttles retry attempts ... when the client's ratio of failures to successes exceeds ~10%".
  expect(bucket.balanceFailuresToSuccesses).toBe("10%");
  // Closed forms, as an independent check: ceil(max/2) failures; floor(max/2 / ratio) + 1 successes.
  for (const [max, r] of [
    [10, 0.1],
    [4, 0.5],
    [20, 0.25],
    [6, 0.2],
  ] as const) {
    expect(failuresUntilThrottled(max, r)).toBe(Math.ceil(max / 2));
    expect(successesUntilRetrying(max, r)).toBe(Math.floor(Math.round((max / 2 / r) * 1e6) / 1e6) + 1);
  }
  expect(balancingFailureShare(0.5)).toBeCloseTo(1 / 3, 12);
  // Below the balance point retries stay on; above it they switch off.
  expect(rawAllowed.low).toBeGreaterThan(0.95);
  expect(rawAllowed.high).toBeLessThan(0.01);
});

test("ratio budgets and library defaults (SRE, Finagle, Envoy)", () => {
  expect(ratio.sreAttempts).toBe(3);
  expect(ratio.perRequestLoad).toBe(3);
  expect(ratio.budgetPercent).toBe("10%");
  expect(ratio.budgetLoad).toBe("1.1");
  expect(ratio.budgetLoadOfAll).toBe("1.11"); // 1 / 0.9
  expect([ratio.finagleTtlSeconds, ratio.finagleMinPerSecond, ratio.finaglePercent]).toEqual([10, 10, "20%"]);
  expect([ratio.envoyPercent, ratio.envoyMinConcurrency]).toEqual(["20%", 3]);
  expect(ratio.envoyAtBusy).toBe(20); // 20% of 100
  expect(ratio.envoyAtQuiet).toBe(3); // the floor beats 20% of 5
});

test("the load curve: per-request attempts 1 + p + p^2, the budget capped at 1.1", () => {
  expect(loadCurve[0]).toEqual({ p: 0, perRequest: 1, budget: 1 });
  expect(loadCurve.at(-1)).toEqual({ p: 1, perRequest: 3, budget: 1.1 });
  for (const point of loadCurve) expect(point.perRequest).toBeCloseTo(1 + point.p + point.p ** 2, 12);
});

test("stability bound capacity / (r + 1) (HotOS 2021, OSDI 2022)", () => {
  expect(stability.capacity).toBe(300);
  expect(stability.retryOnce).toBe(150);
  expect(stability.threeAttempts).toBe(100);
  expect(stability.withBudget).toBe("273");
  expect(stability.threeAttemptsPercent).toBe("33%");
  expect(stability.withBudgetPercent).toBe("91%");
  // The SRE book's definition (retries under 10% of all requests sent): 300 x 0.9 = 270.
  expect(stability.withSreBudget).toBe("270");
  expect(stability.withSreBudgetPercent).toBe("90%");
});

test("SRE adaptive throttling with K = 2", () => {
  expect(adaptive.rejectPercent).toBe("49.9%"); // (400 - 200) / 401
  expect(adaptive.sent).toBe(200); // about K x accepts reach the backend
  // SRE book, "Handling Overload": each client keeps "the last two minutes of its history"; K = 2 preferred.
  expect([adaptive.windowMinutes, adaptive.k]).toEqual([2, 2]);
});

test("adaptive throttling's sentences: zero while the backend accepts nearly everything, in proportion, never everything", () => {
  const k = adaptive.k;
  // "While the backend accepts nearly everything, this is zero": accepting 99% (or as little as 1/K) rejects nothing.
  expect(adaptiveRejectProbability(adaptive.wanted, 0.99 * adaptive.wanted, k)).toBe(0);
  expect(adaptiveRejectProbability(adaptive.wanted, adaptive.wanted / k, k)).toBe(0);
  // "in proportion to the trouble": the fewer the backend accepts, the more are rejected locally.
  const shares = [0.4, 0.3, 0.2, 0.1, 0].map((a) => adaptiveRejectProbability(adaptive.wanted, a * adaptive.wanted, k));
  for (let i = 1; i < shares.length; i++) expect(shares[i]!).toBeGreaterThan(shares[i - 1]!);
  // "never everything": even when the backend accepts nothing, some requests are still sent.
  expect(shares.at(-1)!).toBeLessThan(1);
});

test("the replay: a 10% budget keeps amplification near 1.1 or below and ends the storm", () => {
  expect(raw.budgeted.amplification).toBeLessThanOrEqual(1.1);
  expect(raw.tokens.amplification).toBeLessThanOrEqual(1.1);
  expect(raw.naive.amplification).toBeGreaterThan(2);
  expect(raw.budgeted.recovered).toBe(true);
  expect(raw.budgeted.recoverySeconds!).toBeLessThanOrEqual(10);
  expect(raw.tokens.recoverySeconds!).toBeLessThanOrEqual(10);
  expect(replay.budgetPercent).toBe("10%");
  expect(raw.naive.recoveredBy).toBe("intervention");
  // "no service gets more than 0.4% of its requests served during it; with the budget, every
  // service is served at least 99.2% of the time over the whole run": both bounds hold.
  expect(replay.naiveIncidentBest).toBe("0.4%");
  for (const s of raw.naive.services)
    expect(s.incidentSuccessRate! * 100).toBeLessThanOrEqual(Number.parseFloat(replay.naiveIncidentBest));
  expect(replay.budgetWorst).toBe("99.2%");
  for (const s of raw.budgeted.services)
    expect(s.successRate! * 100).toBeGreaterThanOrEqual(Number.parseFloat(replay.budgetWorst));
});

test("the exercises' worked solutions state the bucket's balance as the chapter computes it", async () => {
  for (const id of ["backoff-which-jitter", "retry-throttle-token-bucket"]) {
    // As a reader sees it: any {name} figure filled by the solution's own worked().
    const mod = await import(`../../../solutions/${id}/solution.ts`);
    const shown = fillParams(readFileSync(`solutions/${id}/explanation.md`, "utf8"), workedFigures(mod, {}));
    expect(shown.replace(/\s+/g, " "), id).toContain(`about ${bucket.balanceOneIn}`);
  }
});

test("the bucket's switch fades around the balance: allowed for most calls at 3/4 of it, for almost none at 1.35 times it", () => {
  // "The switch is not sharp: with failures at random, retries fade out between about 7% and 12% of calls failing."
  expect([fade.fromPercent, bucket.balancePercent, fade.toPercent]).toEqual(["7%", "9.1%", "12%"]);
  expect(rawAllowed.fadeFrom).toBeGreaterThan(0.9);
  expect(rawAllowed.atBalance).toBeGreaterThan(0.2);
  expect(rawAllowed.atBalance).toBeLessThan(0.8);
  expect(rawAllowed.fadeTo).toBeLessThan(0.05);
  // The same at the shares as printed.
  expect(rawAllowed.atFromPercent).toBeGreaterThan(0.9);
  expect(rawAllowed.atToPercent).toBeLessThan(0.05);
});

test("the replay's budget is the prose's: a ratio of requests over a window, with no floor", () => {
  // "With only a retry budget switched on (10% of requests over 10 s)": the ratio kind, nothing allowed besides it.
  expect(parameterDefaults.budgetKind).toBe("ratio");
  expect(parameterDefaults.budgetMinPerSecond).toBe(0);
});

test("the gRPC-style token bucket does about as well as the ratio budget in the replay", () => {
  // "The gRPC-style token bucket does about as well (1.00 tries per request, recovery after 2 s)":
  // against the ratio run, tries per request within 0.05 and recovery within 2 s, by itself.
  expect(Math.abs(raw.tokens.amplification! - raw.budgeted.amplification!)).toBeLessThanOrEqual(0.05);
  expect(raw.tokens.recoveredBy).toBe("self");
  expect(raw.budgeted.recoveredBy).toBe("self");
  expect(Math.abs(raw.tokens.recoverySeconds! - raw.budgeted.recoverySeconds!)).toBeLessThanOrEqual(2);
});

test("the retry-budget playground's throttle is gRFC A6's example, as its comment says, and switches at the chapter's counts", () => {
  const code = readFileSync(new URL("./retry-budget.play.ts", import.meta.url), "utf8");
  const found = (pattern: RegExp) => {
    const match = pattern.exec(code);
    expect(match, String(pattern)).not.toBeNull();
    return match!.slice(1).map(Number);
  };
  const [maxTokens, tokenRatio] = found(/new RetryThrottle\(([\d.]+), ([\d.]+)\);/) as [number, number];
  expect({ maxTokens, tokenRatio }).toEqual(grpc);
  expect(code).toContain(
    `// Part 1: a gRPC-style retry throttle (gRFC A6). The bucket holds up to ${maxTokens} tokens; a failed\n` +
      `// call takes one, a success puts back ${tokenRatio}; retries are allowed only above half full.`,
  );
  const [healthy, outage, after] = found(
    /\[\.\.\.Array\((\d+)\)\.fill\(true\), \.\.\.Array\((\d+)\)\.fill\(false\), \.\.\.Array\((\d+)\)\.fill\(true\)\]/,
  ) as [number, number, number];
  expect(code).toContain(
    `// ${healthy} healthy calls, an outage of ${outage} failed calls, then ${after} healthy calls again.`,
  );
  // The outage empties the bucket (one token a failure), and the healthy calls after it are enough
  // to turn retries back on.
  expect(outage).toBeGreaterThanOrEqual(maxTokens);
  expect(after).toBeGreaterThanOrEqual(bucket.successesToRestart);
  // Its golden switches retries off after the chapter's failures in a row, and on after its successes.
  const golden = readFileSync(new URL("./retry-budget.golden.txt", import.meta.url), "utf8").split("\n");
  const switches = golden.filter((line) => line.startsWith("after call "));
  expect(switches).toEqual([
    `after call ${healthy + bucket.failuresToStop} (failure): tokens ${bucket.half}, retries off`,
    `after call ${healthy + outage + bucket.successesToRestart} (success): tokens ${bucket.half + tokenRatio}, retries on`,
  ]);
});
