/** Expected answers for "Name the failure", from src/sim/diagnosis/kinds.ts. */
import { failingShare, type KindParams, kindCase } from "../../src/sim/diagnosis/kinds.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const defenceFor = { crash: "redundancy", "bad-deploy": "rollback", zone: "multi-zone", poison: "quarantine" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as KindParams;
  const kind = kindCase(p);
  return { kind, defence: defenceFor[kind], failing: failingShare(p) };
}

/** Another fleet: any of the four kinds, 6 to 15 instances over 2 or 3 zones, 1 to 3 on a new version. */
export function variant(rand: Random): Record<string, number> {
  const zones = 2 + randomInt(rand, 2);
  return {
    incident: randomInt(rand, 4),
    instances: zones * (3 + randomInt(rand, 3)),
    zones,
    canaries: 1 + randomInt(rand, 3),
    seed: randomInt(rand, 100_000),
  };
}
