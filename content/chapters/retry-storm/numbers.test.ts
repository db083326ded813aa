import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import {
  defaultDependencies,
  defaultScenario,
  defaultServices,
  parameterDefaults,
  rememberedRetryStorm,
  runRetryStorm,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { grouped, secondsOrMinutes, successPercent } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";
import { frameTime } from "../../../src/sim/retry-storm/pool-caption.ts";
import { unrelatedSuccess } from "../../../src/widgets/replay/view.ts";
import { defenceNames } from "../../../src/sim/retry-storm/scenario.ts";
import {
  abandonedShareOf,
  abandonedWith,
  claims,
  defendedRun,
  endlessSummary,
  exercise,
  fillTime,
  film,
  littles,
  naiveSummary,
  regions,
  setting,
  poolFill,
  predictions,
  single,
  steadyState,
  storm,
  wild,
} from "./numbers.ts";

test("the setting and Little's law give the worked numbers", () => {
  // 5 attempts with 1 s timeouts and sleeps of 200, 400, 600, 800 ms (the last after the last attempt) hold 7 s.
  expect(setting.attempts).toBe("5");
  expect(exercise.sleeps).toBe("200, 400, 600, 800");
  expect(exercise.sleepCount).toBe("4");
  // The prose: "All 4 share one pool": every service of the model draws from the one pool.
  expect(setting.services).toBe(4);
  expect(littles.holdSeconds).toBe("7");
  expect(littles.holdSecondsValue).toBeCloseTo(7, 10);
  // 40 pricing requests a second x 7 s.
  expect(littles.demandDuringTrigger).toBe("280");
  expect(littles.demandTimesPool).toBe("14");
  // OSDI 2022: r retries bound the stable region to 1/(r+1) of capacity.
  expect(littles.stableShare).toBe("20%");
  // The platform sits in the vulnerable band: above capacity / 5, below capacity.
  const n = (s: string) => Number(s.replace(/,/g, ""));
  expect(n(setting.totalRate)).toBeGreaterThan(n(littles.stableBound));
  expect(n(setting.totalRate)).toBeLessThan(n(littles.capacity));
  // "comfortably below capacity on a normal day": at most half of it.
  expect(n(setting.totalRate)).toBeLessThanOrEqual(n(littles.capacity) / 2);
  expect(Number(littles.healthyBusy)).toBeCloseTo(5.2, 1);
});

test("the stable bound, capacity ÷ 5 = 76.7 requests a second, prints as 77: the prose and the diagram's description say 'about' it, never 'below 77' as a bound", () => {
  expect(littles.stableBoundValue).toBeCloseTo(76.74, 2);
  expect(littles.stableBound).toBe("77");
  // Rounded to the nearest, which here is up: "stable below 77" would call a load of 76.9 stable.
  expect(Math.abs(Number(littles.stableBound) - littles.stableBoundValue)).toBeLessThanOrEqual(0.5);
  expect(Number(littles.stableBound)).toBeGreaterThan(littles.stableBoundValue);
  const source = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  // Every word before the figure in a sentence or a description is "about"; the axis's tick label stands alone.
  const before = [...source.matchAll(/(\S+)\s+\{littles\.stableBound\}/g)].map((m) => m[1]);
  expect(before.length).toBeGreaterThanOrEqual(2);
  for (const word of before) expect(word).toBe("about");
  expect(source).toContain("Stable below about {littles.stableBound}; vulnerable from there to the pool's capacity");
  expect(source).toContain('text-anchor="middle">{littles.stableBound}</text>');
  // The tick sits at the bound itself, not at the rounded figure.
  expect(regions.stableX).toBe(Math.round((littles.stableBoundValue / Number(regions.axisMax)) * 600));
});

test("the simulated storm tells the incident's story", () => {
  expect(setting.triggerSeconds).toBe("4");
  // The first refusal comes long after the trigger: about 83 s.
  expect(naiveSummary.firstRefusalSeconds!).toBeGreaterThan(60);
  expect(naiveSummary.firstRefusalSeconds!).toBeLessThanOrEqual(90);
  // "Eleven minutes", two orders of magnitude longer than the trigger; ended by operators.
  expect(storm.outage).toMatch(/^1[01] min/);
  expect(Number(storm.timesTrigger)).toBeGreaterThanOrEqual(100);
  expect(storm.recoveredBy).toBe("intervention");
  expect(storm.endlessRecovered).toBe(false);
  expect(parseFloat(storm.unrelatedIncidentSuccess)).toBeLessThan(1);
});

/**
 * The story the chapter tells, asserted on the model with the thresholds its sentences use
 * (`claims`), for the chapter's seed and two more: the pool is full within a second, goodput
 * is gone within three, the first refusal comes only when waits reach the acquire
 * timeout, more than a minute later; connections serve callers who left; search and accounts
 * succeed (almost) never during the incident; left alone, it does not end.
 */
describe("the model tells the chapter's story", () => {
  const runs = [1, 2, 3].map((seed) => ({
    seed,
    ...(seed === 1 ? rememberedRetryStorm(defaultScenario()) : runRetryStorm(defaultScenario({ seed }))),
  }));
  expect(runs[0]!.summary).toBe(naiveSummary);
  const acquireTimeout = parameterDefaults.acquireTimeout;

  test.each(runs)("seed $seed: saturation, goodput gone, first refusal, in that order", ({ summary }) => {
    expect(summary.poolFullSeconds!).toBeGreaterThanOrEqual(0);
    expect(summary.poolFullSeconds!).toBeLessThanOrEqual(claims.poolFullWithinSeconds);
    expect(summary.goodputZeroSeconds!).toBeGreaterThanOrEqual(0);
    // goodputZeroSeconds is the start of the first second whose arrivals are none of them served; it ends 1 s later.
    expect(summary.goodputZeroSeconds! + 1).toBeLessThanOrEqual(claims.goodputGoneWithinSeconds);
    expect(summary.firstRefusalSeconds! - summary.poolFullSeconds!).toBeGreaterThanOrEqual(
      claims.refusalAfterFullAtLeastSeconds,
    );
    // A refusal is a wait that reached the acquire timeout: the try refused first had queued
    // that long, and it joined the queue long after pricing was fast again.
    expect(summary.firstRefusalSeconds! - acquireTimeout).toBeGreaterThan(summary.triggerSeconds + 30);
  });

  test.each(runs)("seed $seed: search and accounts succeed under 1% during the incident", ({ summary }) => {
    expect(summary.recoveredBy).toBe("intervention");
    expect(summary.incidentEndSeconds).toBe(summary.interventionSeconds);
    for (const s of summary.services.filter((x) => x.dependency !== "pricing")) {
      expect(s.incidentRequests).toBeGreaterThan(10_000);
      expect(s.incidentSuccessRate!, s.name).toBeLessThan(claims.unrelatedIncidentSuccessBelow);
      // Whatever they got arrived before goodput was gone: over the run it looks far better.
      expect(s.successRate).toBeGreaterThan(5 * s.incidentSuccessRate!);
    }
  });

  test.each(runs)(
    "seed $seed: after the trigger ends, every busy connection serves a caller who already gave up (the raw share, not the printed 100%)",
    (run) => {
      // "every try that reaches a connection is one whose client has already given up": the share itself is 1.
      const share = abandonedShareOf(run);
      expect(claims.abandonedShareAtLeast).toBe(1);
      expect(share).toBeGreaterThanOrEqual(claims.abandonedShareAtLeast);
      if (run.seed === 1) {
        expect(storm.abandonedShareValue).toBe(share);
        expect(storm.abandonedShare).toBe("100%");
      }
    },
  );

  test("left alone it does not end by itself: still down after half an hour", () => {
    expect(endlessSummary.interventionSeconds).toBeNull();
    expect(endlessSummary.recoveredBy).toBeNull();
    expect(endlessSummary.recovered).toBe(false);
    expect(endlessSummary.incidentEndSeconds).toBe(claims.endlessMinutes * 60);
    for (const s of endlessSummary.services) expect(s.incidentSuccessRate!).toBeLessThan(0.01);
  });
});

// The chapter said "100.0%" for the defended run's unrelated services where its replay says
// "100%": a success rate keeps its decimal only where it was rounded, in both (successPercent).
test("the chapter writes a success rate as its replay does: 100% where every request was served", () => {
  const defended = rememberedRetryStorm(defaultScenario({ defences: [...defenceNames] })).summary;
  expect(defendedRun.unrelatedSuccess).toBe(successPercent(unrelatedSuccess(defended)!));
  expect(storm.unrelatedIncidentSuccess).toBe(successPercent(unrelatedSuccess(naiveSummary)!));
  for (const row of single) expect(row.unrelated).toMatch(/^(100|\d{1,2}\.\d)%$/);
  expect(single.find((r) => r.defence === "bulkhead")!.unrelated).toBe("100%");
});

test("defences: all together recover within seconds; alone they differ as the prose says", () => {
  expect(Number(defendedRun.recoverySeconds)).toBeLessThanOrEqual(5);
  expect(parseFloat(defendedRun.unrelatedSuccess)).toBeGreaterThanOrEqual(99.9);
  const row = (d: string) => single.find((r) => r.defence === d)!;
  expect(row("bulkhead").recovery).toBe("only at the intervention (660 s)");
  expect(parseFloat(row("bulkhead").unrelated)).toBe(100);
  expect(row("jitter").recovery).toBe("only at the intervention (660 s)");
  for (const d of ["breaker", "budget", "timeout", "shed"]) expect(row(d).firstRefusal).toBe("never");
  // "Deadlines ... all but stop the pool doing work for callers who left", and shedding serves
  // "nearly everything ... still wanted": each under 1% of the naive run's work for nobody.
  const naiveWork = naiveSummary.abandonedWork;
  for (const d of ["timeout", "shed"]) expect(row(d).rawAbandonedWork).toBeLessThan(naiveWork / 100);
  expect(abandonedWith).toEqual({ deadline: row("timeout").abandonedWork, shed: row("shed").abandonedWork });
});

test("backoff with jitter alone does not reduce how many tries there are: the storm is as bad as ever", () => {
  const jitter = single.find((r) => r.defence === "jitter")!;
  // The same tries per request as the naive run, to 1%, and the same outage for search and accounts.
  expect(Math.abs(Number(jitter.amplification) / Number(storm.amplification) - 1)).toBeLessThan(0.01);
  expect(jitter.recovery).toBe(single.find((r) => r.defence === "bulkhead")!.recovery);
  expect(parseFloat(jitter.unrelated)).toBeLessThan(1);
  // "A retry budget caps retries at a share of requests, so the load can never multiply by 5".
  const budget = single.find((r) => r.defence === "budget")!;
  expect(Number(budget.amplification)).toBeLessThanOrEqual(1 + parameterDefaults.budgetRatio);
  expect(Number(budget.amplification)).toBeLessThan(Number(setting.attempts));
});

test("the prediction's answers: four defences remove the sustaining effect, bulkheads only contain it, jitter does neither", () => {
  const effects = Object.fromEntries(single.map((r) => [r.defence, r.effect]));
  expect(effects).toEqual({
    bulkhead: "contains",
    breaker: "removes",
    budget: "removes",
    jitter: "neither",
    timeout: "removes",
    shed: "removes",
  });
  // "removes" is a recovery by itself, so its row shows seconds, never the intervention.
  for (const r of single.filter((x) => x.effect === "removes")) expect(r.recovery).toMatch(/^[\d.,]+ s$/);
  expect(predictions.defences.map((d) => d.actual)).toEqual(single.map((r) => r.effect));
  // The amplification prediction is graded against the figure the prose prints.
  expect(grouped(predictions.amplification.actual, 2)).toBe(storm.amplification);
  expect(predictions.amplification.actualText).toBe(storm.amplification);
});

test("the regions diagram puts today's load in the vulnerable band and the storm past capacity", () => {
  expect(regions.stableX).toBeLessThan(regions.loadX);
  expect(regions.loadX).toBeLessThan(regions.capacityX);
  expect(regions.stormX).toBeGreaterThan(regions.capacityX);
  expect(regions.stormX).toBeLessThanOrEqual(600);
  expect(regions.stormOffScale).toBe(false);
});

describe("the chapter's sentences about the default run, asserted on the model", () => {
  const n = (text: string) => Number(text.replace(/,/g, ""));

  test("the three demand figures, each for one way of calling pricing, all exceed the pool", () => {
    expect([littles.oneTryDemand, littles.noTimeoutDemand, littles.demandDuringTrigger]).toEqual(["40", "100", "280"]);
    expect(littles.oneTryHoldSeconds).toBe("1");
    expect(Math.min(n(littles.oneTryDemand), n(littles.noTimeoutDemand))).toBeGreaterThan(n(setting.poolSize));
  });

  test("almost every pricing attempt times out during the trigger (latency log-normal around 2,500 ms)", () => {
    // P(latency > 1 s) = P(Z > ln(1 / 2.5) / 0.5) = Phi(1.83), by the error function's series.
    const erf = (x: number) => {
      let sum = 0;
      let term = x;
      for (let k = 0; k < 60; k++) {
        sum += term / (2 * k + 1);
        term *= (-x * x) / (k + 1);
      }
      return (2 / Math.sqrt(Math.PI)) * sum;
    };
    // The model's own trigger median and spread, so the sentence is checked against what it runs.
    const median = parameterDefaults.triggerLatency / 1000;
    const { sigma } = defaultDependencies.find((d) => d.name === triggeredDependency)!.latency;
    expect(median).toBe(2.5);
    const z = Math.log(median / Number(setting.attemptTimeout)) / sigma;
    expect(0.5 * (1 + erf(z / Math.SQRT2))).toBeGreaterThan(0.95);
  });

  test("the storm's steady state: about 500 tries a second, the pool serving at capacity, no goodput", () => {
    expect(Math.abs(steadyState.raw.triesPerSecond / n(littles.stormRate) - 1)).toBeLessThan(0.05);
    expect(Math.abs(steadyState.raw.servedPerSecond / n(littles.capacity) - 1)).toBeLessThan(0.05);
    expect(steadyState.raw.successesPerSecond).toBe(0);
    expect(steadyState.successesPerSecond).toBe("0");
    // The queue holds where waits reach the acquire timeout: about tries per second x 20 s.
    const acquire = Number(setting.acquireTimeout);
    expect(Math.abs(steadyState.raw.longestQueue / (steadyState.raw.triesPerSecond * acquire) - 1)).toBeLessThan(0.1);
  });

  test("requests succeed again from the second of the intervention", () => {
    expect(naiveSummary.triggerSeconds + naiveSummary.recoverySeconds!).toBe(naiveSummary.interventionSeconds);
  });

  test("search and accounts get through only in the first second, or just before the intervention (served after it)", () => {
    const { metrics } = runRetryStorm(defaultScenario());
    for (const service of metrics.services.filter((s) => s.name === "search" || s.name === "accounts")) {
      metrics.time.forEach((t, i) => {
        if (t >= 1 && t < naiveSummary.interventionSeconds! - 10)
          expect(service.successRate[i], `${service.name} at ${t} s`).toBe(0);
      });
    }
  });

  test("Huang et al. (OSDI 2022), as published: 22 incidents, 11 organisations, retries in more than half, shedding in more than 55% of recoveries", () => {
    expect(wild).toEqual({ incidents: 22, organisations: 11, retryShareAbove: "half", shedShareAbove: "55%" });
    // SOURCES.md records the paper's own sentences and where they stand (section 2.2).
    const sources = readFileSync(new URL("../../../docs/SOURCES.md", import.meta.url), "utf8").replace(/\s+/g, " ");
    expect(sources).toContain(
      '"By far, the most common sustaining effect is due to the retry policy, affecting more than 50% of the studied incidents"',
    );
    expect(sources).toContain("was used in over 55% of the cases");
    expect(sources).toContain('section 2.2, "Summary of Metastable Failures in the Wild"');
  });
});

test("the pool animation's sentences: every connection for callers who have gone from its first such frame through the first refusal, and its moments are the table's", () => {
  const all = film.frames.map((f) => f.slots);
  const gone = "g".repeat(film.poolSize);
  const from = film.frames.findIndex((f) => f.slots === gone);
  expect(from).toBe(film.initial);
  expect(grouped(film.frames[from]!.t, film.frames[from]!.digits)).toBe(poolFill.allGoneSeconds);
  expect(all.slice(from).every((s) => s === gone)).toBe(true);
  const refusal = film.frames.find((f) => f.moment === "refusal")!;
  expect(refusal.slots).toBe(gone);
  expect(poolFill.queueAtRefusal).toBe(grouped(refusal.queue));
  expect(Number.parseFloat(poolFill.queueGoneShareAtRefusal) / 100).toBeCloseTo(refusal.queueGone / refusal.queue, 2);
  // The frames' moments are the chapter's timeline: the pool full, pricing fast again, the first refusal.
  expect(frameTime(film.frames.find((f) => f.moment === "full")!)).toBe(storm.poolFullAt);
  expect(frameTime(refusal)).toBe(storm.firstRefusalAt);
  expect(secondsOrMinutes(film.firstRefusedJoinedSeconds)).toBe(storm.firstRefusedQueuedAt);
  expect(grouped(film.triggerSeconds)).toBe(setting.triggerSeconds);
  expect(grouped(film.poolSize)).toBe(setting.poolSize);
  // "The first N seconds": the film ends a few seconds after the first refusal.
  expect(Number(poolFill.windowSeconds)).toBeGreaterThan(film.firstRefusalSeconds);
});

test("the retry-policy playground's comment counts its own tries: retrying after attempts 0 to n - 1 makes n + 1 tries", () => {
  const program = readFileSync(new URL("./retry-policy.play.ts", import.meta.url), "utf8");
  // "It is called after attempt number `attempt` fails (0 is the first try)": retrying after each
  // attempt below the limit makes the limit's tries, plus the first.
  expect(program).toContain(
    "// Your retry policy. It is called after attempt number `attempt` fails (0 is the first try)",
  );
  const limit = Number(/const retry = attempt < (\d+); \/\/ \w+ tries in all/.exec(program)?.[1]);
  expect(program).toContain(`const retry = attempt < ${limit}; // ${inWords(limit + 1)} tries in all`);
});

test("the saturation row's division: the pool's connections, taken at pricing's rate and none given back, last poolSize ÷ rate, when the run fills it to the tenth of a second", () => {
  const p = parameterDefaults;
  const pricingRate = defaultServices
    .filter((s) => s.dependency === triggeredDependency)
    .reduce((a, s) => a + s.rate, 0);
  expect(Number(setting.pricingRate)).toBe(pricingRate);
  expect(fillTime.value).toBe(p.poolSize / pricingRate);
  // "give none back within their timeout": a slow attempt outlasts its timeout, so it holds its
  // connection for the whole timeout, and the pool is gone before the first of them lets go (and
  // before the first retry, which follows a timeout).
  expect(p.triggerLatency / 1000).toBeGreaterThan(p.attemptTimeout);
  expect(fillTime.value).toBeLessThan(p.attemptTimeout);
  expect(fillTime.value).toBeLessThan(p.triggerDuration);
  // "about": the run's own moment the pool filled, printed in the same row, is the quotient to the
  // tenth of a second the page prints moments in (a little sooner: search and accounts hold a few).
  expect(Math.abs(naiveSummary.poolFullSeconds! - fillTime.value)).toBeLessThan(0.05);
  expect(naiveSummary.poolFullSeconds!).toBeLessThan(fillTime.value);
  expect(fillTime.seconds).toBe(storm.poolFullAt);
  expect(fillTime.seconds).toBe(secondsOrMinutes(p.poolSize / pricingRate));
  expect(readFileSync(new URL("./index.mdx", import.meta.url), "utf8")).toContain(
    "<strong>Saturation.</strong> Every connection is in use and requests are queueing for one. (Simple arithmetic gives the moment: pricing's callers take {setting.pricingRate} connections a second and give none back within their {setting.attemptTimeout} s timeout, so the pool's {setting.poolSize} are gone in about {setting.poolSize} ÷ {setting.pricingRate} = {fillTime.seconds}.)",
  );
});
