/** Expected answers for "Retries stacked three deep", computed by src/sim/backoff.ts. */
import { grouped, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { amplification } from "../../src/sim/backoff.ts";

export interface Params {
  attempts: number;
  layers: number;
}

export function answers({ attempts, layers }: Params): Record<string, number> {
  return {
    // Every layer repeats the whole call below: attempts^layers.
    "every-layer": amplification(attempts, layers),
    // Only the top layer retries: attempts x 1 x 1 ...
    "top-only": amplification([attempts, ...Array<number>(layers - 1).fill(1)]),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { attempts, layers } = params;
  const a = answers(params);
  return {
    product: Array<string>(layers).fill(String(attempts)).join(" × "),
    everyLayer: grouped(a["every-layer"]!),
    topOnly: grouped(a["top-only"]!),
    saving: rounded(a["every-layer"]! / a["top-only"]!, 6),
  };
}

/** 2..5 attempts, 2..4 layers, but not 2 attempts in 2 layers, where 2 × 2 = 2², the sum as big as the product. */
export function variant(rand: Random): Params {
  for (;;) {
    const params = { attempts: 2 + Math.floor(rand() * 4), layers: 2 + Math.floor(rand() * 3) };
    if (params.attempts * params.layers !== params.attempts ** params.layers) return params;
  }
}
