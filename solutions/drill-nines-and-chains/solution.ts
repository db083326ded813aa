/** Expected answers for "Drill: nines and chains": downtime allowed, and a chain's failure share (src/sim/reliability). */
import { grouped, percentUpTo, readableShare, rounded, roundToFigures } from "../../src/format/number.ts";
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

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { target, days, deps, dep } = params;
  const a = answers(params);
  const ceiling = chain(dep / 100, deps);
  const depFailure = 1 - dep / 100;
  const fewer = shiftNines(target, 10);
  const more = shiftNines(target, 0.1);
  const minutes = (t: number) => rounded(allowedDowntimeSeconds(t / 100, days) / 60, 3);
  return {
    allowance: rounded(1 - target / 100, 3),
    periodMinutes: grouped(days * 24 * 60),
    downtime: minutes(target),
    fewerNines: `${fewer}%`,
    fewerMinutes: minutes(fewer),
    moreNines: `${more}%`,
    moreMinutes: minutes(more),
    depShare: rounded(dep / 100, 4),
    ceiling: rounded(ceiling, 5),
    chainShare: `${rounded(a.chain! * 100, 3)}%`,
    chainMultiple: rounded(a.chain! / depFailure, 3),
    depFailure: readableShare(depFailure),
    verdict:
      ceiling < target / 100
        ? `${deps} dependencies at ${dep}% cannot give a ${target}% service: the chain's ceiling, ${percentUpTo(ceiling, 3)}, is below the objective before your own code fails once.`
        : `The chain's ceiling, ${percentUpTo(ceiling, 3)}, is above the ${target}% objective, so your own code may fail ${readableShare(1 - target / 100 / ceiling)} of the requests the chain serves before the objective is missed.`,
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
