/** Expected answers for "Diagnose the front end's dashboard", from the dashboard model (src/sim/diagnosis/dashboard.ts). */
import { type DashboardParams, dashboardCase, defenceCost, steadyState } from "../../src/sim/diagnosis/dashboard.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const defenceFor = { "slow-dependency": "bulkhead", overload: "shed", "dependency-errors": "fallback" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as DashboardParams;
  const what = dashboardCase(p);
  return { what, defence: defenceFor[what], cost: defenceCost(p) };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/**
 * Another shop: any of the three incidents, with a pool that the traffic fills about a third of
 * before it, and an incident big enough to fill it (slow-dependency, overload) or to fail many
 * calls (dependency-errors).
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const rate = 100 * (4 + randomInt(rand, 9));
  const cpuMs = pick(rand, [10, 20, 30]);
  const dependencyShare = pick(rand, [0.3, 0.4, 0.5]);
  const dependencyMs = pick(rand, [100, 150, 200]);
  const heldMs = cpuMs + dependencyShare * dependencyMs;
  const workers = 10 * Math.ceil((rate * heldMs) / 1000 / 0.35 / 10);
  const bulkhead = 10 * Math.max(1, Math.round((workers * 0.3) / 10));
  const base = { incident, rate, workers, cpuMs, dependencyShare, dependencyMs, bulkhead, seed: randomInt(rand, 1000) };
  const factors = [
    [6, 8, 10],
    [4, 5],
    [40, 60, 80],
  ][incident]!;
  // The incident must fill the pool (or fail many calls): take the next factor up until it does.
  let i = randomInt(rand, factors.length);
  const fills = (factor: number) => steadyState({ ...base, factor } as DashboardParams, true).demand >= 1.2 * workers;
  while (incident !== 2 && i < factors.length - 1 && !fills(factors[i]!)) i++;
  const factor = factors[i]!;
  return { ...base, factor };
}
