/** The naive loop's connection-holding time, and what it means for the pool by Little's law. */
type Random = () => number;

export interface Params {
  attempts: number;
  timeoutSeconds: number;
  sleepStepMs: number;
  pricingRate: number;
  poolSize: number;
}

export function answers(params: Params): Record<string, number> {
  return worked(params);
}

function worked({ attempts, timeoutSeconds, sleepStepMs, pricingRate, poolSize }: Params): {
  hold: number;
  demand: number;
  fill: number;
} {
  let hold = 0;
  // Every attempt waits out its time-out, then the loop sleeps step x attempt (after the last one too).
  for (let attempt = 0; attempt < attempts; attempt++) hold += timeoutSeconds + (sleepStepMs / 1000) * attempt;
  return {
    hold,
    demand: pricingRate * hold,
    // No connection comes back before `hold` seconds, so the pool drains at the arrival rate.
    fill: poolSize / pricingRate,
  };
}

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
    const a = worked(params);
    if (a.demand >= 3 * params.poolSize && a.fill < a.hold) return params;
  }
}
