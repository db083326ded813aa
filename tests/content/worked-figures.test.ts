/**
 * A dealt variant's worked solution shows that variant's numbers (issue 11): an explanation of an
 * exercise with variants types no figure that depends on the variant's params. Each such figure
 * is computed by the solution's own worked(params) and shown as a {name} placeholder, which the
 * page (a data-param span that "Another variant" swaps) and the terminal (`solution <id> --seed N`)
 * fill alike. A figure an explanation may type is one that no variant changes (365 days in a
 * year), listed below with the reason; the list is checked against the chapter's numbers too.
 *
 * Below the rule, one test per exercise whose explanation shows worked figures: for two seeds,
 * each figure equals what the solution's answers() computes for that variant's params.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { renderExercise } from "../../src/components/exercise/markdown.ts";
import { defaultParams } from "../../src/grader/exercise-meta.ts";
import type { Params } from "../../src/grader/exercise-schema.ts";
import { fillParams, placeholders } from "../../src/grader/fill-params.ts";
import { listExerciseIds, loadExercise, projectRoot, type LoadedExercise } from "../../src/grader/load-exercises.ts";
import { hasVariants, type SolutionModule, workedFigures } from "../../src/grader/solution.ts";
import { parseFailureMapOrThrow, saturateResource } from "../../src/sim/failure-map/index.ts";
import { mulberry32 } from "../../src/sim/random.ts";
import {
  allowedDowntimeSeconds,
  anySlow,
  burnRateFor,
  canaryVerdict,
  chain,
  requestsToDetect,
} from "../../src/sim/reliability/index.ts";

const root = projectRoot();
const exercise = (id: string): LoadedExercise => loadExercise(id, root);
const solution = (id: string): Promise<SolutionModule> => import(`../../solutions/${id}/solution.ts`);

/**
 * Figures an explanation may type because no variant changes them, each with its reason. Any
 * other digit in the explanation of an exercise with variants fails the rule.
 */
const fixed: Record<string, Record<string, string>> = {
  "adaptive-throttling": { "0": "max(0, x)", "1": "the + 1 in the formula's denominator" },
  "bulkhead-sizing": {
    "0": "the Poisson sum starts at k = 0",
    "1": "the 1 in 1 − sum",
    "99": "the shortcut's 99th percentile, named",
  },
  "breaker-evidence": { "1": "strictly above needs one more than the floor" },
  "blast-radius-as-a-number": { "1": "one cell, a share written 1/n" },
  "canary-exposure": { "1": "the canary is one cell", "100": "100% for a push to every cell at once" },
  "cells-blast-radius": { "1": "one cell of the cells, and the 1 in 1 − 1/cells" },
  "drill-capacity-headroom": { "1": "N/(N − 1): one zone lost" },
  "drill-error-budget-burn": { "1": "a burn rate of 1 spends the budget over exactly the period" },
  "drill-nines-and-chains": { "1": "the 1 in 1 − target", "24": "hours in a day", "60": "minutes in an hour" },
  "drill-tail-and-hedging": { "1": "the 1 in 1 − p" },
  "diagnose-queue": { "1": "the 1 in 1 − completed / arriving" },
  "daily-disk-failures": {
    "365": "days in a year",
    "1": "the 1 in 1 − p",
    "100": "percent to a share",
  },
  "retry-storm-connection-hold": { "0": "attempts are counted from 0" },
  "retry-budget-stability": {
    "1": "r + 1 attempts, and 1/(r + 1) of capacity",
    "2021": "the year of Bronson et al.",
  },
  "retry-expected-attempts": { "1": "the first attempt, and p = 1 when the dependency is down" },
  "retry-token-bucket": { "0": "an empty bucket", "1": "the 1 in 1 − f", "2": "half the bucket" },
  "retry-amplification-layers": { "1": "a share written 1/n" },
  "static-stability-preprovision": { "1": "one zone lost, N − 1 left" },
  "shuffle-shard-16-workers": { "1": "one over the count of combinations" },
};

/**
 * Explanations that still work their example through with the chapter's numbers, typed: listed,
 * not passed, and the rule's test checks that each still types a figure, so one fixed and not
 * removed from here fails. Empty since every exercise with variants computes its figures (issue 11).
 */
const stillTyped = new Set<string>([]);

/** Each digit run an author typed (outside placeholders): "2,000", "0.99", "365", "1". */
function typedFigures(explanation: string): string[] {
  const body = explanation.replace(/^\s*#\s[^\n]*\n/, "").replace(/\{[a-zA-Z][a-zA-Z0-9]*\}/g, " ");
  return [...body.matchAll(/\d+(?:[.,]\d+)*/g)].map((m) => m[0]);
}

/** A shown figure as a number: "24,000" -> 24000, "37%" -> 0.37, "1.8 days" -> 1.8. */
function shownValue(shown: string): number {
  const m = /^-?[\d,]*\.?\d+(?:e-?\d+)?/.exec(shown.trim());
  if (!m) throw new Error(`"${shown}" does not start with a number`);
  const value = Number(m[0].replace(/,/g, ""));
  return /%/.test(shown) ? value / 100 : value;
}

/** `shown` is `exact` rounded to the figures it was written with (at least 2 significant). */
function expectFigure(shown: string, exact: number, what: string): void {
  const percent = /%/.test(shown);
  const value = percent ? shownValue(shown) * 100 : shownValue(shown);
  const target = percent ? exact * 100 : exact;
  // The significant figures as written: "57.7%" 3, "0.000082" 2, "24,000" 2 (trailing zeros of a whole number are not counted).
  const written = /[\d,]*\.?\d+/.exec(shown)![0].replace(/,/g, "");
  const significant = written.includes(".")
    ? written.replace(/^[0.]*/, "").replace(".", "")
    : written.replace(/0+$/, "");
  const digits = significant.length;
  const figures = Math.max(2, digits);
  expect(value, `${what}: ${shown} for ${exact}`).toBeCloseTo(Number(target.toPrecision(figures)), 10);
}

const variantIds: string[] = [];
for (const id of listExerciseIds(root)) {
  const { meta } = exercise(id);
  if (meta.kind !== "code" && hasVariants(meta, await solution(id))) variantIds.push(id);
}

test("the exercises with variants are found", () => {
  expect(variantIds.length).toBeGreaterThan(20);
  for (const id of [...stillTyped, ...Object.keys(fixed)]) expect(variantIds, id).toContain(id);
});

describe.each(variantIds)("worked solution of %s", (id) => {
  test("types no figure a variant changes: each is computed by worked(params) and shown as {name}", async () => {
    const { meta, explanation } = exercise(id);
    const mod = await solution(id);
    const params = defaultParams(meta);
    const allowed = fixed[id] ?? {};
    const typed = typedFigures(explanation).filter((f) => !Object.hasOwn(allowed, f));
    if (stillTyped.has(id)) {
      expect(typed.length, `${id} is listed as still typing figures: remove it from stillTyped`).toBeGreaterThan(0);
      return;
    }
    expect(
      typed,
      `solutions/${id}/explanation.md types figures; compute them in worked(params) and show {name}, or list a constant in ${import.meta.filename}`,
    ).toEqual([]);
    // A listed constant is typed, and is not one of the chapter's numbers or answers in disguise
    // (0 and 1, as in max(0, x) and 1 − p, are exempt from that second check).
    const answers = (mod.answers as (p: Params) => Record<string, unknown>)(params);
    const varying = [...Object.values(params), ...Object.values(answers).filter((v) => typeof v === "number")];
    for (const figure of Object.keys(allowed)) {
      expect(typedFigures(explanation), `${id}: listed ${figure} is not typed any more`).toContain(figure);
      const value = Number(figure.replace(/,/g, ""));
      if (value === 0 || value === 1) continue;
      expect(
        varying.some((v) => v === value || Number(v.toPrecision(2)) === value),
        `${id}: ${figure} is a param or an answer of the chapter's numbers, not a constant`,
      ).toBe(false);
    }
  });

  test("every placeholder names a param or a worked figure, and every worked figure is shown", async () => {
    const { meta, explanation } = exercise(id);
    const mod = await solution(id);
    const params = defaultParams(meta);
    const worked = workedFigures(mod, params);
    // Braces inside $math$ are LaTeX ($\frac{1}{n}$), not placeholders.
    const used = new Set(placeholders(explanation.replace(/\$\$[\s\S]*?\$\$|\$[^$\n]*\$/g, "")));
    for (const name of used) expect(Object.hasOwn(params, name) || Object.hasOwn(worked, name), `{${name}}`).toBe(true);
    for (const name of Object.keys(worked)) expect(used, `worked.${name} is never shown`).toContain(name);
    // Every seed's worked figures have the same names (the page swaps spans by name).
    for (const seed of [1, 2])
      expect(Object.keys(workedFigures(mod, mod.variant!(mulberry32(seed))))).toEqual(Object.keys(worked));
  });
});

// An exercise without variants may show worked figures too (computed once, from its own model):
// the same rule for its placeholders.
const fixedWithWorked: string[] = [];
for (const id of listExerciseIds(root)) {
  const mod = await solution(id);
  if (!variantIds.includes(id) && typeof mod.worked === "function") fixedWithWorked.push(id);
}

describe.each(fixedWithWorked)("worked solution of %s (no variants)", (id) => {
  test("every placeholder names a worked figure, and every worked figure is shown", async () => {
    const { meta, explanation } = exercise(id);
    const worked = workedFigures(await solution(id), defaultParams(meta));
    expect(Object.keys(worked).length).toBeGreaterThan(0);
    const used = new Set(placeholders(explanation.replace(/\$\$[\s\S]*?\$\$|\$[^$\n]*\$/g, "")));
    for (const name of used) expect(Object.hasOwn(worked, name), `{${name}}`).toBe(true);
    for (const name of Object.keys(worked)) expect(used, `worked.${name} is never shown`).toContain(name);
  });
});

test("the exercises without variants that show worked figures are found", () => {
  expect(fixedWithWorked.sort()).toEqual(
    [
      "backoff-which-jitter",
      "breaker-states",
      "bulkhead-when-full",
      "map-blast-radius",
      "workshop-read-the-map",
    ].sort(),
  );
});

// Exercises without variants state their situation in exercise.yaml, and the worked solution
// computes from the same situation: the two must say the same, and what the prose claims about
// the model must hold.
describe("exercises without variants: the question states what the worked solution computes", () => {
  const yaml = (id: string) => readFileSync(join(root, "exercises", id, "exercise.yaml"), "utf8");

  test("bulkhead-when-full: the prompt's pool, call time and timeout, and the long queue's drain", async () => {
    const w = workedFigures(await solution("bulkhead-when-full"), {});
    const text = yaml("bulkhead-when-full");
    expect(text).toContain(`bulkhead has ${w.connections} connections. Pricing is slow (${w.callSeconds} s per call)`);
    expect(text).toContain(`clients time out after ${w.timeoutSeconds} s`);
    expect(text).toContain(`Put it in a queue of ${w.queue},`);
    expect(text).toContain(
      `A queue of ${w.queue} drains at ${w.perSecond} calls a second: about ${w.drainSeconds} s, far beyond the ${w.timeoutSeconds} s the client waits.`,
    );
  });

  test("breaker-states: the prompt's shards, failure share and threshold; the throttle rejects nothing at that share", async () => {
    const mod = await solution("breaker-states");
    const w = workedFigures(mod, {});
    const { shards, down, threshold } = mod.situation as { shards: number; down: number; threshold: number };
    const text = yaml("breaker-states");
    expect(text).toContain(
      `A backend has ${w.shards} shards and one of them is down, so ${w.failShare} of calls fail.`,
    );
    expect(down).toBe(1);
    expect(text).toContain(`opens at a ${w.threshold} failure rate`);
    expect(text).toContain(`customers of the ${shards - down} healthy shards`);
    expect(text).toContain(`cutting off all ${w.shards} shards`);
    // "above its threshold": the single breaker does open.
    expect(down / shards).toBeGreaterThan(threshold);
    expect(w.throttleRejects).toBe("nothing");
  });

  test("map-blast-radius: all of the traffic fails with main-db, search survives it, and web is all sessions takes", async () => {
    const mod = await solution("map-blast-radius");
    const answers = (mod.answers as () => Record<string, number>)();
    expect(answers["db-traffic"]).toBe(1); // "all of it"
    const w = workedFigures(mod, {});
    expect(w.dbFailing?.split(", ")).not.toContain("search"); // "search ... keeps working"
    expect(w.dbTraffic).toMatch(/^web \d+ \+ mobile-api \d+ \+ admin \d+ = (\d+) of \1$/);
    expect(w.sessionsTraffic).toBe(w.dbTraffic?.match(/^web (\d+) /)?.[1] + "%"); // "web's" share alone
    // "reports keeps working and so does admin behind it"; "web and search draw from it and fail".
    const { exerciseMap } = await import("../../solutions/map-blast-radius/map.ts");
    const sessions = saturateResource(parseFailureMapOrThrow(exerciseMap), "sessions");
    expect(sessions.spared).toEqual(expect.arrayContaining(["reports", "admin"]));
    expect(sessions.failing.map((f) => f.name)).toEqual(["web", "search"]);
  });
});

/** A variant's params, its answers and worked figures, and its explanation as page and terminal show it. */
async function dealt(id: string, seed: number) {
  const mod = await solution(id);
  const params = mod.variant!(mulberry32(seed));
  const answers = (mod.answers as (p: Params) => Record<string, number>)(params);
  const worked = workedFigures(mod, params);
  const page = (await renderExercise(exercise(id), params, worked)).explanation;
  const terminal = fillParams(exercise(id).explanation, { ...params, ...worked });
  for (const [name, figure] of Object.entries(worked)) {
    expect(page, `${id} seed ${seed}: the page shows ${name}`).toContain(`data-param="${name}">${figure}<`);
    expect(terminal, `${id} seed ${seed}: the terminal shows ${name}`).toContain(figure);
  }
  return { params, answers, worked, page };
}

const seeds = [1, 2];

describe("worked figures equal the solution's results, for two seeds", () => {
  test.each(seeds)("shuffle-shard-16-workers, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("shuffle-shard-16-workers", seed);
    const { workers, shard, groups } = params as Record<string, number>;
    let combinations = 1;
    for (let i = 0; i < shard!; i++) combinations = (combinations * (workers! - i)) / (i + 1);
    expect(shownValue(worked.combinations!)).toBe(Math.round(combinations));
    expectFigure(worked.shuffleShare!, answers.shuffle!, "shuffle-sharded share");
    expectFigure(worked.shuffleShare!, 1 / combinations, "one over the combinations");
    expectFigure(worked.fixedShare!, answers.fixed!, "fixed groups' share");
    expectFigure(worked.fixedShare!, 1 / groups!, "one group in all");
  });

  test.each(seeds)("static-stability-preprovision, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("static-stability-preprovision", seed);
    const { zones, peak } = params as Record<string, number>;
    expect(shownValue(worked.perZone!)).toBe(answers["per-zone"]);
    expect(answers["per-zone"]).toBe(Math.ceil(peak! / (zones! - 1)));
    expect(shownValue(worked.total!)).toBe(zones! * answers["per-zone"]!);
    expectFigure(worked.factor!, answers.factor!, "factor");
    expectFigure(worked.factor!, zones! / (zones! - 1), "N / (N - 1)");
    expectFigure(worked.oneMoreFactor!, (zones! + 1) / zones!, "one zone more");
  });

  test.each(seeds)("cells-blast-radius, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("cells-blast-radius", seed);
    const { cells, customers } = params as Record<string, number>;
    expectFigure(worked.untouchedShare!, answers.untouched!, "untouched");
    expectFigure(worked.hitShare!, 1 / cells!, "one cell's share");
    expect(shownValue(worked.canaryCustomers!)).toBe(answers.canary);
    expect(answers.canary).toBe(customers! / cells!);
  });

  test.each(seeds)("canary-exposure, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("canary-exposure", seed);
    const { cells, perCell, waveSize } = params as Record<string, number>;
    expect(shownValue(worked.canaryCustomers!)).toBe(answers.canary);
    expect(shownValue(worked.totalCustomers!)).toBe(cells! * perCell!);
    expectFigure(worked.canaryShare!, 1 / cells!, "canary share");
    expect(shownValue(worked.cellsReached!)).toBe(1 + waveSize!);
    expect(shownValue(worked.firstWaveCustomers!)).toBe(answers["first-wave"]);
    expect(answers["first-wave"]).toBe((1 + waveSize!) * perCell!);
    expectFigure(worked.firstWaveShare!, answers["first-wave-share"]!, "first wave share");
  });

  test.each(seeds)("retry-amplification-layers, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("retry-amplification-layers", seed);
    const { attempts, layers } = params as Record<string, number>;
    expect(shownValue(worked.everyLayer!)).toBe(answers["every-layer"]);
    expect(answers["every-layer"]).toBe(attempts! ** layers!);
    expect(worked.product!.split(" × ")).toHaveLength(layers!);
    expect(shownValue(worked.topOnly!)).toBe(answers["top-only"]);
    expect(shownValue(worked.saving!)).toBe(answers["every-layer"]! / answers["top-only"]!);
  });

  test.each(seeds)("retry-token-bucket, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("retry-token-bucket", seed);
    const { maxTokens, tokenRatio } = params as Record<string, number>;
    const countdown = worked.countdown!.split(", ").map(Number);
    expect(countdown).toHaveLength(answers.failures!);
    expect(countdown[0]).toBe(maxTokens! - 1);
    expect(countdown.at(-1)!).toBeLessThanOrEqual(maxTokens! / 2);
    expect(shownValue(worked.failuresCount!)).toBe(answers.failures);
    expect(shownValue(worked.successesCount!)).toBe(answers.successes);
    // Exact tenths of a token: the count before the last success is not above half, after it is.
    expect(shownValue(worked.tokensBefore!)).toBeLessThanOrEqual(maxTokens! / 2);
    expect(shownValue(worked.tokensAfter!)).toBeGreaterThan(maxTokens! / 2);
    expect(shownValue(worked.tokensAfter!)).toBeCloseTo(answers.successes! * tokenRatio!, 9);
    expectFigure(worked.balanceShare!, answers.balance!, "balance point");
    expectFigure(worked.balanceShare!, tokenRatio! / (1 + tokenRatio!), "ratio / (1 + ratio)");
  });

  test.each(seeds)("retry-expected-attempts, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("retry-expected-attempts", seed);
    const { retries, failurePercent } = params as Record<string, number>;
    const p = failurePercent! / 100;
    const terms = worked.terms!.split(" + ").map(Number);
    expect(terms).toHaveLength(retries! + 1);
    expect(terms.reduce((a, b) => a + b, 0)).toBeCloseTo(answers.flaky!, 6);
    expect(shownValue(worked.flakyAttempts!)).toBeCloseTo(answers.flaky!, 5);
    expect(shownValue(worked.pPower!)).toBeCloseTo(p ** (retries! + 1), 9);
    expect(shownValue(worked.downAttempts!)).toBe(answers.down);
    expect(answers.down).toBe(retries! + 1);
  });

  test.each(seeds)("overload-queue-goodput, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("overload-queue-goodput", seed);
    const { capacity, timeoutSeconds, burstRate, burstSeconds, afterRate } = params as Record<string, number>;
    expect(shownValue(worked.longest!)).toBe(answers.longest);
    expect(answers.longest).toBe(capacity! * timeoutSeconds!);
    expect(shownValue(worked.excess!)).toBe(burstRate! - capacity!);
    expectFigure(worked.onset!, answers.onset!, "onset");
    expect(shownValue(worked.peak!)).toBe((burstRate! - capacity!) * burstSeconds!);
    expect(shownValue(worked.drain!)).toBe(capacity! - afterRate!);
    expectFigure(worked.recovery!, answers.recovery!, "recovery");
    expectFigure(worked.uselessEnd!, burstSeconds! + answers.recovery!, "end of the useless period");
  });

  test.each(seeds)("blast-radius-as-a-number, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("blast-radius-as-a-number", seed);
    const { tenants, cells, minutes } = params as Record<string, number>;
    expectFigure(worked.shareShown!, answers.share!, "share");
    expect(shownValue(worked.perCell!)).toBe(tenants! / cells!);
    expect(shownValue(worked.cellMinutes!)).toBe(answers["cell-minutes"]);
    expect(answers["cell-minutes"]).toBe((tenants! / cells!) * minutes!);
    expect(shownValue(worked.globalMinutes!)).toBe(answers["global-minutes"]);
  });

  test.each(seeds)("adaptive-throttling, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("adaptive-throttling", seed);
    const { requests, accepts, k, recovered } = params as Record<string, number>;
    expect(shownValue(worked.excessRequests!)).toBe(requests! - k! * accepts!);
    expectFigure(worked.overloadedShare!, answers.overloaded!, "overloaded");
    expectFigure(worked.overloadedShare!, (requests! - k! * accepts!) / (requests! + 1), "the SRE book's formula");
    expectFigure(worked.overloadedPercent!, answers.overloaded!, "overloaded, as a percentage");
    expect(shownValue(worked.recoveredExcess!)).toBe(requests! - k! * recovered!);
    expect(shownValue(worked.recoveringShare!)).toBe(answers.recovering);
  });

  test.each(seeds)("breaker-evidence, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("breaker-evidence", seed);
    const { minCalls, thresholdPercent, rate, smallWindow } = params as Record<string, number>;
    expect(shownValue(worked.failures!)).toBe(answers.failures);
    expect(answers.failures).toBe(Math.ceil((minCalls! * thresholdPercent!) / 100 - 1e-9));
    expectFigure(worked.seconds!, answers.seconds!, "seconds");
    expectFigure(worked.seconds!, minCalls! / rate!, "calls over rate");
    expect(shownValue(worked.strict!)).toBe(answers.strict);
    expect(answers.strict).toBe(Math.floor((smallWindow! * thresholdPercent!) / 100 + 1e-9) + 1);
  });

  test.each(seeds)("retry-budget-stability, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("retry-budget-stability", seed);
    const { capacity, retries, budgetPercent } = params as Record<string, number>;
    const b = budgetPercent! / 100;
    expectFigure(worked.retryOnce!, answers["retry-once"]!, "no budget");
    expectFigure(worked.retryOnce!, capacity! / (retries! + 1), "capacity / (r + 1)");
    expectFigure(worked.withBudget!, answers["with-budget"]!, "budget on originals");
    expectFigure(worked.withBudget!, capacity! / (1 + b), "capacity / (1 + b)");
    expectFigure(worked.withSreBudget!, answers["with-sre-budget"]!, "SRE book's budget");
    expectFigure(worked.withSreBudget!, capacity! * (1 - b), "capacity x (1 - b)");
    expectFigure(worked.withBudgetShare!, 1 / (1 + b), "share of capacity");
  });

  test.each(seeds)("drill-failover-data-loss, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-failover-data-loss", seed);
    const { lag, writes, interval, failures, ttl } = params as Record<string, number>;
    expect(shownValue(worked.lostWrites!)).toBe(answers.lost);
    expect(answers.lost).toBeCloseTo(lag! * writes!, 9);
    expect(shownValue(worked.detection!)).toBe(interval! * failures!);
    expect(shownValue(worked.failoverSeconds!)).toBe(answers.failover);
    expect(answers.failover).toBe(interval! * failures! + ttl!);
  });

  test.each(seeds)("drill-capacity-headroom, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-capacity-headroom", seed);
    const { zones, peak, perInstance, ramp, lag } = params as Record<string, number>;
    const atPeak = Math.ceil(peak! / perInstance!);
    expect(shownValue(worked.atPeak!)).toBe(atPeak);
    expect(shownValue(worked.perZone!) * zones!).toBe(answers.instances);
    expect(shownValue(worked.instances!)).toBe(answers.instances);
    expect(shownValue(worked.perZone!) * (zones! - 1)).toBeGreaterThanOrEqual(atPeak);
    expectFigure(worked.multiple!, answers.instances! / atPeak, "multiple of the peak");
    expect(shownValue(worked.headroom!)).toBe(answers.headroom);
    expect(answers.headroom).toBe(ramp! * lag! * 60);
  });

  test.each(seeds)("thread-starvation, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("thread-starvation", seed);
    const { servers, threads, qps, hangPercent, hangSeconds } = params as Record<string, number>;
    const hanging = (qps! * hangPercent!) / 100;
    expect(shownValue(worked.available!)).toBe(servers! * threads!);
    expect(shownValue(worked.hangingRate!)).toBeCloseTo(hanging, 9);
    expect(shownValue(worked.demandedThreads!)).toBe(answers.demanded);
    expect(answers.demanded).toBeCloseTo(hanging * hangSeconds!, 9);
    expectFigure(worked.secondsToExhaust!, answers.exhausted!, "time to exhaustion");
    expectFigure(worked.servedShare!, 1 - answers.failing!, "served share");
    expectFigure(worked.failingShare!, answers.failing!, "failing share");
  });

  test.each(seeds)("retry-storm-connection-hold, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("retry-storm-connection-hold", seed);
    const { attempts, timeoutSeconds, sleepStepMs, poolSize } = params as Record<string, number>;
    const sleeps = Array.from({ length: attempts! }, (_, k) => k * sleepStepMs!);
    expect(shownValue(worked.timeouts!)).toBeCloseTo(attempts! * timeoutSeconds!, 9);
    expect(worked.sleepsBetween).toBe(
      sleeps
        .slice(0, -1)
        .map((ms) => ms.toLocaleString("en-US"))
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1"),
    );
    expect(shownValue(worked.lastSleep!)).toBe(sleeps.at(-1));
    expect(shownValue(worked.sleepTotal!)).toBeCloseTo(sleeps.reduce((a, b) => a + b, 0) / 1000, 9);
    expect(shownValue(worked.holdSeconds!)).toBeCloseTo(answers.hold!, 9);
    expect(shownValue(worked.demandConnections!)).toBeCloseTo(answers.demand!, 9);
    expectFigure(worked.demandOverPool!, answers.demand! / poolSize!, "demand over the pool");
    expectFigure(worked.fillSeconds!, answers.fill!, "time to fill");
  });

  test.each(seeds)("bulkhead-sizing, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("bulkhead-sizing", seed);
    const { rate, meanMillis, slowMillis } = params as Record<string, number>;
    // The tail of a Poisson count, summed here on its own.
    const tail = (mean: number, n: number) => {
      let term = Math.exp(-mean);
      let below = 0;
      for (let k = 0; k <= n; k++) {
        below += term;
        term *= mean / (k + 1);
      }
      return 1 - below;
    };
    expect(shownValue(worked.meanInFlight!)).toBeCloseTo((rate! * meanMillis!) / 1000, 9);
    expect(shownValue(worked.meanInFlight!)).toBeCloseTo(answers.mean!, 9);
    expect(shownValue(worked.poolSize!)).toBe(answers.size);
    expect(tail(answers.mean!, answers.size!)).toBeLessThanOrEqual(0.001);
    expect(tail(answers.mean!, answers.size! - 1)).toBeGreaterThan(0.001);
    expectFigure(worked.tailAtSize!, tail(answers.mean!, answers.size!), "tail at the pool size");
    expectFigure(worked.tailOneLess!, tail(answers.mean!, answers.size! - 1), "tail one connection short");
    expectFigure(worked.averagePoolShort!, tail(answers.mean!, Math.ceil(answers.mean!)), "average pool short");
    expect(shownValue(worked.slowSeconds!)).toBe(slowMillis! / 1000);
    expectFigure(worked.slowThroughput!, answers["slow-throughput"]!, "slow throughput");
    expect(answers["slow-throughput"]).toBeCloseTo(answers.size! / (slowMillis! / 1000), 9);
  });

  test.each(seeds)("daily-disk-failures, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("daily-disk-failures", seed);
    const { machines, disks, afr } = params as { machines: number; disks: number; afr: number };
    const p = 1 - (1 - afr / 100) ** (1 / 365);
    expect(shownValue(worked.totalDisks!)).toBe(machines * disks);
    expectFigure(worked.dailyChance!, p, "daily chance");
    expectFigure(worked.simpleChance!, afr / 100 / 365, "simple daily chance");
    expectFigure(worked.perDay!, answers["per-day"]!, "per day");
    expectFigure(worked.quietDay!, answers["quiet-day"]!, "quiet days");
    expectFigure(worked.busyDay!, 1 - answers["quiet-day"]!, "days with a failure");
    expectFigure(worked.poisson!, Math.exp(-answers["per-day"]!), "Poisson approximation");
  });

  test.each(seeds)("drill-canary-counts, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-canary-counts", seed);
    const { rps, share, minutes, baseline, regressed } = params as Record<string, number>;
    const requests = rps! * (share! / 100) * minutes! * 60;
    expect(shownValue(worked.requests!)).toBe(answers.requests);
    expect(answers.requests).toBeCloseTo(requests, 6);
    expect(shownValue(worked.perSecond!) * shownValue(worked.bakeSeconds!)).toBeCloseTo(requests, 6);
    expect(shownValue(worked.healthy!)).toBeCloseTo(answers.healthy!, 6);
    expect(shownValue(worked.bad!)).toBeCloseTo(answers.bad!, 6);
    const verdict = canaryVerdict({ requests, baseline: baseline! / 100, regressed: regressed! / 100, alpha: 0.01 });
    expect(shownValue(worked.threshold!)).toBe(verdict.threshold);
    expect(verdict.falseAlarm).toBeLessThanOrEqual(0.01);
    if (verdict.detection > 0.99) expect(worked.detectionShare).toBe("more than 99%");
    // Rounded down, so "89%" goes with "misses more than one time in ten".
    else expect(shownValue(worked.detectionShare!)).toBeCloseTo(Math.floor(verdict.detection * 100) / 100, 9);
    const needed = requestsToDetect(baseline! / 100, regressed! / 100, 0.01, 0.9);
    expectFigure(worked.neededRequests!, needed, "requests to catch nine in ten");
    expectFigure(worked.neededMinutes!, needed / (rps! * (share! / 100)) / 60, "minutes to catch nine in ten");
    expect(worked.verdict).toContain(verdict.detection >= 0.9 ? "long enough" : "too short");
    expect(worked.bakeComparison).toBe(needed / (rps! * (share! / 100)) / 60 > minutes! ? "longer than" : "within");
    // A bake that detects though it is shorter than the size from which every canary does says why.
    if (verdict.detection >= 0.9 && worked.bakeComparison === "longer than")
      expect(worked.verdict).toContain("does not rise steadily");
  });

  test.each(seeds)("drill-error-budget-burn, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-error-budget-burn", seed);
    const { target, bad, minutes, days } = params as Record<string, number>;
    expectFigure(worked.allowance!, 1 - target! / 100, "allowance");
    expectFigure(worked.rate!, answers.rate!, "burn rate");
    expectFigure(worked.rate!, bad! / 100 / (1 - target! / 100), "bad share over the allowance");
    expect(shownValue(worked.periodMinutes!)).toBe(days! * 1440);
    expectFigure(worked.spent!, answers.spent!, "budget spent");
    expectFigure(worked.spent!, (answers.rate! * minutes!) / (days! * 1440), "rate x minutes / period");
    expectFigure(worked.hours!, answers.hours!, "hours to exhaustion");
    expect(shownValue(worked.periodHours!)).toBe(days! * 24);
  });

  test.each(seeds)("drill-nines-and-chains, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-nines-and-chains", seed);
    const { target, days, deps, dep } = params as Record<string, number>;
    expectFigure(worked.downtime!, answers.downtime!, "downtime minutes");
    expectFigure(worked.downtime!, (1 - target! / 100) * days! * 1440, "allowance x period");
    const fewer = shownValue(worked.fewerNines!);
    const more = shownValue(worked.moreNines!);
    expect(1 - fewer).toBeCloseTo(10 * (1 - target! / 100), 9);
    expect(1 - more).toBeCloseTo((1 - target! / 100) / 10, 9);
    expectFigure(worked.fewerMinutes!, allowedDowntimeSeconds(fewer, days!) / 60, "one nine fewer");
    expectFigure(worked.moreMinutes!, allowedDowntimeSeconds(more, days!) / 60, "one nine more");
    expectFigure(worked.independent!, (dep! / 100) ** deps!, "the chain if its parts fail independently");
    // The true ceiling is the weakest part (every failure coinciding), the worst case the union bound.
    expectFigure(worked.weakest!, dep! / 100, "the chain's ceiling, its weakest part");
    expectFigure(worked.worstShare!, Math.min(1, deps! * (1 - dep! / 100)), "failures that never overlap");
    expect(shownValue(worked.weakest!)).toBeGreaterThanOrEqual(shownValue(worked.independent!));
    expectFigure(worked.chainShare!, answers.chain!, "the chain's failing share");
    expectFigure(worked.chainMultiple!, answers.chain! / (1 - dep! / 100), "multiple of one dependency");
    expect(worked.verdict).toContain(chain(dep! / 100, deps!) < target! / 100 ? "cannot give" : "is above");
  });

  test.each(seeds)("drill-tail-and-hedging, seed %i", async (seed) => {
    const { params, answers, worked } = await dealt("drill-tail-and-hedging", seed);
    const { fanout, slow, percentile } = params as Record<string, number>;
    const p = slow! / 100;
    expectFigure(worked.allFast!, (1 - p) ** fanout!, "every leaf fast");
    expectFigure(worked.slowShare!, answers.slow!, "slow requests");
    expectFigure(worked.hedgedLeaf!, p * p, "a hedged leaf slow");
    expectFigure(worked.hedgedShare!, answers.hedged!, "slow requests with a hedge");
    expectFigure(worked.hedgedShare!, anySlow(p * p, fanout!), "the same from the hedged leaf");
    expectFigure(worked.fewer!, answers.slow! / answers.hedged!, "how many times fewer");
    expectFigure(worked.extraShare!, answers.extra!, "extra load");
    expectFigure(worked.extraShare!, 1 - percentile! / 100, "1 - percentile");
    expect(worked.fanoutEffect).toContain(answers.slow! >= 0.5 ? "common case" : "multiplies");
  });
});

/** A sentence whose wording depends on the numbers says what the model does, in every branch some seed deals. */
describe("computed sentences agree with the model", () => {
  /** Each seed's params and worked figures, checked by `check`; the wordings it reports, sorted and once each. */
  const wordings = async (
    id: string,
    check: (params: Record<string, number>, worked: Record<string, string>) => string,
    count = 60,
  ): Promise<string[]> => {
    const mod = await solution(id);
    const seen = new Set<string>();
    for (let seed = 1; seed <= count; seed++) {
      const params = mod.variant!(mulberry32(seed)) as Record<string, number>;
      seen.add(check(params, workedFigures(mod, params)));
    }
    return [...seen].sort();
  };

  test("drill-canary-counts: the bake is called long enough exactly when the canary catches nine in ten", async () => {
    const mod = await solution("drill-canary-counts");
    const both = new Set<string>();
    for (let seed = 1; seed <= 30; seed++) {
      const params = mod.variant!(mulberry32(seed)) as Record<string, number>;
      const requests = params.rps! * (params.share! / 100) * params.minutes! * 60;
      const { detection } = canaryVerdict({
        requests,
        baseline: params.baseline! / 100,
        regressed: params.regressed! / 100,
        alpha: 0.01,
      });
      const verdict = workedFigures(mod, params).verdict!;
      expect(verdict, `seed ${seed}`).toContain(detection >= 0.9 ? "long enough" : "too short");
      both.add(detection >= 0.9 ? "seen" : "missed");
    }
    expect([...both].sort()).toEqual(["missed", "seen"]);
  });

  test("drill-error-budget-burn: the page that fires, and when, follows both windows of the Workbook's alerts", async () => {
    const mod = await solution("drill-error-budget-burn");
    const kinds = new Set<string>();
    for (let seed = 1; seed <= 80; seed++) {
      const params = mod.variant!(mulberry32(seed)) as Record<string, number>;
      const rate = (mod.answers as (p: Params) => Record<string, number>)(params).rate!;
      const alert = workedFigures(mod, params).alert!;
      // The fast-burn page: the last hour and the last five minutes both average its rate.
      const fast = burnRateFor(0.02, 3600, params.days!);
      const slow = burnRateFor(0.05, 6 * 3600, params.days!);
      const fastAt = rate >= fast ? (60 * fast) / rate : Infinity;
      const slowAt = rate >= slow ? (360 * slow) / rate : Infinity;
      if (fastAt <= params.minutes!) {
        kinds.add("fast");
        expect(alert, `seed ${seed}`).toMatch(/^At .* the fast-burn page fires/);
        expect(alert).toContain(`${Number(fastAt.toPrecision(3)).toLocaleString("en-US")} minutes into the incident`);
      } else if (slowAt <= params.minutes!) {
        kinds.add("slow");
        expect(alert, `seed ${seed}`).toContain("the fast-burn page");
        expect(alert).toContain("never fires");
        expect(alert).toContain(`fires ${Number(slowAt.toPrecision(3)).toLocaleString("en-US")} minutes in`);
      } else {
        kinds.add("neither");
        expect(alert, `seed ${seed}`).toContain("neither page fires");
      }
    }
    // The variants' burn rates either reach the fast page or end before any page: the slow page
    // fires first only for a long incident burning between its rate and the fast one's.
    expect([...kinds].sort()).toEqual(["fast", "neither"]);
    const slow = workedFigures(mod, { target: 99.9, bad: 1, minutes: 300, days: 30 }).alert!;
    expect(slow).toContain("never fires, since the rate is below it");
    expect(slow).toContain("fires 216 minutes in"); // six hours x 6 / 10
    // The chapter's incident: 20 times the budgeted rate pages after 43.2 minutes, not at once.
    expect(workedFigures(mod, { target: 99.9, bad: 2, minutes: 90, days: 30 }).alert).toContain(
      "43.2 minutes into the incident",
    );
  });

  test("drill-nines-and-chains: the chain is called too weak exactly when independent failures fall below the objective, and 'however their failures fall' only when its weakest part does", async () => {
    const seen = await wordings("drill-nines-and-chains", (p, worked) => {
      const below = chain(p.dep! / 100, p.deps!) < p.target! / 100;
      const weakestBelow = p.dep! < p.target!;
      expect(worked.verdict).toContain(below ? "cannot give" : "is above");
      expect(worked.verdict!.includes("however their failures fall")).toBe(weakestBelow);
      // Never the product called a best case or a ceiling.
      expect(worked.verdict).not.toMatch(/at best|chain's ceiling, [\d.]+%, is/);
      return weakestBelow ? "weakest below" : below ? "below" : "above";
    });
    expect(seen).toEqual(["above", "below", "weakest below"]);
  });

  test("drill-tail-and-hedging: 'the common case' exactly when most requests are slow", async () => {
    const seen = await wordings("drill-tail-and-hedging", (p, worked) => {
      const most = anySlow(p.slow! / 100, p.fanout!) >= 0.5;
      expect(worked.fanoutEffect).toContain(most ? "common case" : "multiplies");
      return most ? "most" : "some";
    });
    expect(seen).toEqual(["most", "some"]);
  });
});

/**
 * A diagnosis deals a different situation per seed, so its worked solution is computed per
 * situation: each choice part's figure names the answer that fits the dealt situation (it opens
 * with that choice's own words), and the numeric part's figure is the answer itself.
 */
const diagnoses: Record<
  string,
  { choices: Record<string, string>; numbers: Record<string, string>; situations: number }
> = {
  "diagnose-breaker": { choices: { what: "diagnosis", action: "change" }, numbers: { rate: "rate" }, situations: 3 },
  "diagnose-canary": {
    choices: { what: "diagnosis", action: "action" },
    numbers: { threshold: "threshold", bake: "bake" },
    situations: 3,
  },
  "diagnose-cell-errors": {
    choices: { what: "diagnosis", action: "action" },
    numbers: { affected: "affected" },
    situations: 3,
  },
  "diagnose-disk-failures": {
    choices: { what: "diagnosis", action: "action" },
    numbers: { baseline: "baseline" },
    situations: 3,
  },
  "diagnose-failure-kind": {
    choices: { kind: "diagnosis", defence: "defence" },
    numbers: { failing: "failing" },
    situations: 4,
  },
  "diagnose-full-pool": {
    choices: { what: "diagnosis", defence: "defence" },
    numbers: { cost: "cost" },
    situations: 3,
  },
  "diagnose-map-outage": {
    choices: { resource: "diagnosis", defence: "defence" },
    numbers: { traffic: "traffic" },
    situations: 5,
  },
  "diagnose-poison-shard": {
    choices: { what: "diagnosis", defence: "defence" },
    numbers: { "lost-all": "lostAll" },
    situations: 3,
  },
  "diagnose-queue": { choices: { what: "diagnosis", action: "action" }, numbers: { shed: "shed" }, situations: 3 },
  "diagnose-retry-budget": { choices: { what: "diagnosis", action: "action" }, numbers: { cut: "cut" }, situations: 3 },
  "diagnose-retry-chain": { choices: { what: "diagnosis", fix: "fix" }, numbers: { tries: "tries" }, situations: 3 },
  "diagnose-timeout": { choices: { what: "diagnosis", action: "action" }, numbers: { cut: "cut" }, situations: 3 },
  "diagnose-zone-loss": {
    choices: { what: "diagnosis", action: "action" },
    numbers: { unserved: "unserved", headroom: "headroom" },
    situations: 3,
  },
};

/** Lower case, and no closing punctuation: "Give the calls a timeout." -> "give the calls a timeout". */
const words = (text: string) => text.toLowerCase().replace(/[.\s]+$/, "");

describe.each(Object.keys(diagnoses))("the worked solution of %s follows the dealt situation", (id) => {
  const { choices, numbers, situations } = diagnoses[id]!;

  test.each(seeds)("seed %i: page and terminal show this situation's figures", async (seed) => {
    const { answers, worked, page } = await dealt(id, seed);
    for (const [part, figure] of Object.entries(numbers)) {
      expectFigure(worked[figure]!, answers[part]!, `${id} ${part}`);
      // A number keeps the figure's emphasis; the reading of the situation is set as prose.
      expect(page).toContain(`class="br-ex-param" data-param="${figure}"`);
    }
    expect(page).toContain('class="br-ex-param br-ex-param--prose" data-param="reading"');
  });

  test("every situation: each choice figure opens with the right choice's words, and the number is the answer", async () => {
    const mod = await solution(id);
    const { meta } = exercise(id);
    if (meta.kind === "code") throw new Error(`${id} is a code exercise`);
    const seen = new Set<string>();
    for (let seed = 1; seed <= 40; seed++) {
      const params = mod.variant!(mulberry32(seed));
      const answers = (mod.answers as (p: Params) => Record<string, unknown>)(params);
      const worked = workedFigures(mod, params);
      for (const [part, figure] of Object.entries(choices)) {
        const spec = meta.parts.find((p) => p.id === part);
        if (spec?.kind !== "choice") throw new Error(`${id}: ${part} is not a choice part`);
        const right = spec.choices.find((c) => c.id === answers[part])!;
        const said = words(worked[figure]!);
        expect(
          words(fillParams(right.text, params)).startsWith(said),
          `${id} seed ${seed}: "${said}" opens "${right.text}"`,
        ).toBe(true);
      }
      for (const [part, figure] of Object.entries(numbers))
        expectFigure(worked[figure]!, answers[part] as number, `${id} seed ${seed}: ${part}`);
      seen.add(String(answers[Object.keys(choices)[0]!]));
    }
    // Every situation the exercise can deal was dealt, so each branch of worked() was read.
    expect(seen.size, `${id}: situations dealt in 40 seeds`).toBe(situations);
  });
});
