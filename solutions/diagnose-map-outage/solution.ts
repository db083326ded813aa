/** Expected answers for "Find the shared resource", from the map's own analysis (src/sim/diagnosis/map-outage.ts). */
import { failingTraffic, type MapOutageParams, outageImpact } from "../../src/sim/diagnosis/map-outage.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

export function answers(params: Record<string, number>) {
  const p = params as unknown as MapOutageParams;
  return { resource: outageImpact(p).resource, traffic: failingTraffic(p), defence: "split" };
}

/** Another outage: any of the map's five shared resources, with its own status percentages. */
export function variant(rand: Random): Record<string, number> {
  return { resource: randomInt(rand, 5), seed: randomInt(rand, 100_000) };
}
