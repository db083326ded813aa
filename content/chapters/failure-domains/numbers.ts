/**
 * Every number "Failure domains are shared resources" shows, computed by the map analysis on
 * the built-in platform maps (src/sim/failure-map), the same code the map builder runs.
 */
import {
  analyseFailureMap,
  failureMapExamples,
  parseFailureMapOrThrow,
  type ResourceImpact,
} from "../../../src/sim/failure-map/index.ts";
import { percentUpTo } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";

/**
 * The incident team's write-up ("Designing for Failure Domains, Not Just Failures", no public
 * address): drawing the map of their own platform surfaced four other shared-pool risks besides
 * the pool the storm drained. The example platform is drawn with as many (numbers.test.ts).
 */
export const writeUpOtherRisks = 4;

const analyse = (id: string) => {
  const example = failureMapExamples.find((e) => e.id === id);
  if (!example) throw new Error(`no example map ${id}`);
  const map = parseFailureMapOrThrow(example.text);
  return { map, analysis: analyseFailureMap(map) };
};

const before = analyse("before-bulkheads");
const after = analyse("after-bulkheads");
const impact = (a: typeof before, resource: string): ResourceImpact => {
  const found = a.analysis.impacts.find((i) => i.resource === resource);
  if (!found) throw new Error(`no resource ${resource}`);
  return found;
};
const worst = (a: typeof before) =>
  [...a.analysis.impacts].sort((x, y) => (y.trafficShare ?? 0) - (x.trafficShare ?? 0))[0]!;

const sharedDb = impact(before, "shared-db");
const beforeWorst = worst(before);
const afterWorst = worst(after);
const pricingClient = impact(after, "pricing-client");

export const platform = {
  services: String(before.map.services.length),
  beforeResources: String(before.map.resources.length),
  afterResources: String(after.map.resources.length),
  flaggedBefore: String(before.analysis.flagged.length),
  /** Flagged besides the pool the incident drained. */
  otherRisks: String(before.analysis.flagged.filter((r) => r !== "shared-db").length),
  /** Their names and kinds, as the map declares them: "gateway-workers (threads)", ... */
  otherRiskNames: before.analysis.flagged
    .filter((r) => r !== "shared-db")
    .map((name) => ({ name, kind: before.map.resources.find((r) => r.name === name)!.kind })),
  flaggedAfter: String(after.analysis.flagged.length),
  /** The write-up's count, in words. */
  writeUpOtherRisks: inWords(writeUpOtherRisks),
  sharedDb: {
    failing: String(sharedDb.failing.length),
    direct: String(sharedDb.direct.length),
    services: percentUpTo(sharedDb.serviceShare),
    traffic: percentUpTo(sharedDb.trafficShare ?? 0),
    bystander: sharedDb.failing.find((f) => f.cause === "call")?.name ?? "",
  },
  beforeWorst: { resource: beforeWorst.resource, traffic: percentUpTo(beforeWorst.trafficShare ?? 0) },
  afterWorst: {
    resource: afterWorst.resource,
    traffic: percentUpTo(afterWorst.trafficShare ?? 0),
    /** The service that fails only through a call... */
    via: afterWorst.failing.find((f) => f.cause === "call")?.name ?? "",
    /** ...and the failing service it calls. */
    callee: afterWorst.failing.find((f) => f.cause === "call")?.via ?? "",
  },
  pricingClient: {
    /** The services that draw from the pool: "checkout and cart". */
    direct: pricingClient.direct.join(" and "),
    failing: String(pricingClient.failing.length),
    /** Those that fail only because they call one that does, each with the service it calls. */
    throughCalls: pricingClient.failing
      .filter((f) => f.cause === "call")
      .map((f) => ({ name: f.name, via: f.via ?? "" })),
    traffic: percentUpTo(pricingClient.trafficShare ?? 0),
  },
  raw: { before, after },
};
