/**
 * An outage on the platform before bulkheads (the failure-domain map of src/sim/failure-map/
 * examples.ts), for a diagnosis: one of its shared resources saturates, and the status page
 * shows which services fail. Which fail, and the share of user traffic they carry, come from
 * the map's own analysis (analyseFailureMap), so the situation and the answers agree.
 * Pure and seeded: the seed picks each service's failing percentage within its band.
 */
import { analyseFailureMap, type ResourceImpact } from "../failure-map/analyse.ts";
import { failureMapExamples } from "../failure-map/examples.ts";
import { parseFailureMapOrThrow } from "../failure-map/parse.ts";
import { mulberry32, randomInt } from "../random.ts";

export interface MapOutageParams {
  /** Index into the map's resources, in map order. */
  resource: number;
  seed: number;
}

/** The map the outage happens on. */
export const outageMapText = failureMapExamples[0]!.text;
const map = parseFailureMapOrThrow(outageMapText);
const analysis = analyseFailureMap(map);

/** The resources, in map order. */
export const outageResources = analysis.impacts.map((i) => i.resource);

export function outageImpact({ resource }: MapOutageParams): ResourceImpact {
  const impact = analysis.impacts[resource];
  if (!impact) throw new RangeError(`resource must be 0 to ${analysis.impacts.length - 1}`);
  return impact;
}

export interface ServiceStatus {
  service: string;
  /** Requests failing, in percent (one decimal). */
  failing: number;
}

/** The status page: failing services between 40% and 95% of requests failing, the others under 0.5%. */
export function statusPage(params: MapOutageParams): ServiceStatus[] {
  const impact = outageImpact(params);
  const failing = new Set(impact.failing.map((f) => f.name));
  const rand = mulberry32(params.seed);
  return map.services.map((s) => ({
    service: s.name,
    failing: failing.has(s.name) ? 40 + randomInt(rand, 56) : (1 + randomInt(rand, 4)) / 10,
  }));
}

/** The share of user traffic that fails: the failing entry points' weight over all weight. */
export function failingTraffic(params: MapOutageParams): number {
  const share = outageImpact(params).trafficShare;
  if (share === null) throw new Error("the outage map gives entry points weights");
  return share;
}
