/** The naive loop's connection-holding time, and what it means for the pool by Little's law. */
import { grouped, rounded } from "../../src/format/number.ts";
import { parameterDefaults } from "../../src/sim/retry-storm/scenario.ts";

type Random = () => number;

export interface Params {
  attempts: number;
  timeoutSeconds: number;
  sleepStepMs: number;
  pricingRate: number;
  poolSize: number;
}

export function answers(params: Params): Record<string, number> {
  return holding(params);
}

/** "0, 200, 400 and 600": a list as a sentence says it. */
const spoken = (items: readonly string[]) =>
  items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { attempts, timeoutSeconds, sleepStepMs, poolSize } = params;
  const { hold, demand, fill } = holding(params);
  const sleeps = Array.from({ length: attempts }, (_, k) => sleepStepMs * k);
  // Pricing's healthy median in the case study's model, for scale.
  const healthyMs = parameterDefaults.pricingLatency;
  return {
    timeouts: rounded(attempts * timeoutSeconds, 6),
    sleepsBetween: spoken(sleeps.slice(0, -1).map((ms) => grouped(ms))),
    lastSleep: grouped(sleeps.at(-1)!),
    sleepTotal: rounded(sleeps.reduce((a, b) => a + b, 0) / 1000, 6),
    holdSeconds: rounded(hold, 6),
    healthyMs: grouped(healthyMs),
    healthyRatio: grouped(Math.round((hold * 1000) / healthyMs)),
    demandConnections: grouped(demand),
    demandOverPool: rounded(demand / poolSize, 3),
    fillSeconds: rounded(fill, 3),
  };
}

function holding({ attempts, timeoutSeconds, sleepStepMs, pricingRate, poolSize }: Params): {
  hold: number;
  demand: number;
  fill: number;
} {
  let hold = 0;
  // Every attempt waits out its timeout, then the loop sleeps step x attempt (after the last one too).
  for (let attempt = 0; attempt < attempts; attempt++) hold += timeoutSeconds + (sleepStepMs / 1000) * attempt;
  return {
    hold,
    demand: pricingRate * hold,
    // No connection comes back before `hold` seconds, so the pool drains at the arrival rate.
    fill: poolSize / pricingRate,
  };
}

/**
 * The holding times of the mistakes the feedback names (exercise.yaml, part "hold"): the timeouts
 * alone, every sleep but the last, and the sleeps alone.
 */
function mistakes({ attempts, timeoutSeconds, sleepStepMs }: Params): Record<string, number> {
  const step = sleepStepMs / 1000;
  return {
    timeoutsOnly: attempts * timeoutSeconds,
    lastSleepLeftOut: attempts * timeoutSeconds + (step * (attempts - 1) * (attempts - 2)) / 2,
    sleepsOnly: (step * attempts * (attempts - 1)) / 2,
  };
}

/** No two within 5% of each other, so each feedback message fires only on the mistake it names. */
const apart = (values: readonly number[]) =>
  values.every((a, i) => values.every((b, j) => i === j || Math.abs(a - b) > 0.05 * Math.max(a, b)));

const pick = <T>(rand: Random, values: readonly T[]): T => values[Math.floor(rand() * values.length)]!;

/** Variants where the pool really runs out: demand far above the pool, filling before the first release. */
export function variant(rand: Random): Params {
  for (;;) {
    const params: Params = {
      attempts: pick(rand, [3, 4, 5, 6]),
      timeoutSeconds: pick(rand, [0.5, 1, 2]),
      sleepStepMs: pick(rand, [100, 200, 250, 500]),
      pricingRate: pick(rand, [20, 40, 50, 80]),
      poolSize: pick(rand, [10, 20, 30, 50]),
    };
    const a = holding(params);
    if (a.demand >= 3 * params.poolSize && a.fill < a.hold && apart([a.hold, ...Object.values(mistakes(params))]))
      return params;
  }
}
