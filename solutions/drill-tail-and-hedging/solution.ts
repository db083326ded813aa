/** Expected answers for "Drill: fan-out tail and hedged requests" (src/sim/reliability). */
import { readableShare, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { anySlow, hedgeExtraLoad, hedgedSlow } from "../../src/sim/reliability/index.ts";

export interface Params {
  fanout: number;
  slow: number;
  percentile: number;
}

export function answers({ fanout, slow, percentile }: Params): Record<string, number> {
  const p = slow / 100;
  return { slow: anySlow(p, fanout), hedged: anySlow(hedgedSlow(p), fanout), extra: hedgeExtraLoad(percentile / 100) };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { slow } = params;
  const a = answers(params);
  const p = slow / 100;
  const leafMultiple = a.slow! / p;
  return {
    leafFast: rounded(1 - p, 4),
    allFast: rounded(1 - a.slow!, 3),
    slowShare: `${rounded(a.slow! * 100, 3)}%`,
    fanoutEffect:
      a.slow! >= 0.5
        ? `Fan-out turns a leaf's rare tail into the common case: most requests are slow.`
        : `Fan-out multiplies a leaf's tail about ${rounded(leafMultiple, 2)} times: a request is that much likelier to be slow than one leaf call.`,
    leafSlow: rounded(p, 4),
    hedgedLeaf: rounded(hedgedSlow(p), 3),
    hedgedShare: `${rounded(a.hedged! * 100, 3)}%`,
    fewer: rounded(a.slow! / a.hedged!, 2),
    percentileShare: rounded(params.percentile / 100, 3),
    extraShare: readableShare(a.extra!),
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another fan-out, slow share and hedging percentile. */
export function variant(rand: Random): Params {
  return {
    fanout: pick(rand, [10, 20, 50, 100, 200]),
    slow: pick(rand, [0.1, 0.5, 1, 2]),
    percentile: pick(rand, [90, 95, 99]),
  };
}
