/** Expected answers for "Drill: nines and chains": downtime allowed, and a chain's failure share (src/sim/reliability). */
import {
  grouped,
  percentFigures,
  percentUpTo,
  readableShare,
  rounded,
  roundToFigures,
} from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { allowedDowntimeSeconds, chain } from "../../src/sim/reliability/index.ts";

export interface Params {
  target: number;
  days: number;
  deps: number;
  dep: number;
}

export function answers({ target, days, deps, dep }: Params): Record<string, number> {
  return { downtime: allowedDowntimeSeconds(target / 100, days) / 60, chain: 1 - chain(dep / 100, deps) };
}

/** A target with one nine fewer (allowance x 10) or one more (allowance / 10), as a percentage. */
const shiftNines = (target: number, factor: number) => roundToFigures(100 - (100 - target) * factor, 12);

/**
 * A share compared with the objective, to as many decimals as it takes (3 at least) for the figure
 * to read on the side of the objective that the share is on: 0.99900025 against 99.9% is
 * "99.90002%", where 3 decimals would show "99.9%", the objective itself.
 */
function beside(share: number, objective: number): string {
  for (let digits = 3; digits <= 12; digits++) {
    const shown = percentUpTo(share, digits);
    const value = Number.parseFloat(shown) / 100;
    if (share > objective ? value > objective : share < objective ? value < objective : true) return shown;
  }
  return percentUpTo(share, 12);
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { target, days, deps, dep } = params;
  const a = answers(params);
  const parts = Array.from({ length: deps }, () => dep / 100);
  // What independent failures give: the product. Not the best case: failures that coincide fail
  // fewer requests, down to the weakest part's share when all fail together (the true ceiling);
  // failures that never overlap fail the most, the sum of what each loses (the union bound).
  const independent = chain(dep / 100, deps);
  const weakest = Math.min(...parts);
  const worst = Math.min(
    1,
    parts.reduce((sum, p) => sum + (1 - p), 0),
  );
  // 1 - 99.9 / 100 is 0.00099999999999989 in floating point; twelve figures take that noise out,
  // so one dependency's 0.1% is written as the exact share it is ("0.1%", not "0.10%").
  const depFailure = roundToFigures(1 - dep / 100, 12);
  const fewer = shiftNines(target, 10);
  const more = shiftNines(target, 0.1);
  const minutes = (t: number) => rounded(allowedDowntimeSeconds(t / 100, days) / 60, 3);
  const objective = target / 100;
  return {
    allowance: rounded(1 - objective, 3),
    periodMinutes: grouped(days * 24 * 60),
    downtime: minutes(target),
    fewerNines: `${fewer}%`,
    fewerMinutes: minutes(fewer),
    moreNines: `${more}%`,
    moreMinutes: minutes(more),
    depShare: rounded(dep / 100, 4),
    independent: rounded(independent, 5),
    chainShare: `${rounded(a.chain! * 100, 3)}%`,
    chainMultiple: rounded(a.chain! / depFailure, 3),
    depFailure: readableShare(depFailure),
    weakest: percentUpTo(weakest, 3),
    worstShare: `${rounded(worst * 100, 3)}%`,
    verdict:
      weakest < objective
        ? `${deps} dependencies at ${dep}% cannot give a ${target}% service however their failures fall: even if they all failed at the same moments the chain would be no better than its weakest part, ${percentUpTo(weakest, 3)}, and failing independently it gives ${beside(independent, objective)}.`
        : independent < objective
          ? `Failing independently, ${deps} dependencies at ${dep}% cannot give a ${target}% service: they give ${beside(independent, objective)}, below the objective before your own code fails once. Only failures that coincide could lift the chain towards its ceiling, its weakest part, ${percentUpTo(weakest, 3)}.`
          : `Failing independently, the chain gives ${beside(independent, objective)}, which is above the ${target}% objective, so your own code may fail ${percentFigures(1 - objective / independent, 2)} of the requests the chain serves before the objective is missed.`,
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another objective, period and chain. */
export function variant(rand: Random): Params {
  return {
    target: pick(rand, [99, 99.5, 99.9, 99.95, 99.99]),
    days: pick(rand, [7, 28, 30, 90]),
    deps: 2 + Math.floor(rand() * 11),
    dep: pick(rand, [99, 99.5, 99.9, 99.95]),
  };
}
