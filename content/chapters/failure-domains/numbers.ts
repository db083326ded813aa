/**
 * Every number "Failure domains are shared resources" shows, computed by the map analysis on
 * the built-in platform maps (src/sim/failure-map), the same code the map builder runs.
 */
import {
  analysedExample,
  type FailureMap,
  type ResourceImpact,
  saturateResource,
} from "../../../src/sim/failure-map/index.ts";
import { percentUpTo } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";

/**
 * The incident team's write-up ("Designing for Failure Domains, Not Just Failures", no public
 * address): drawing the map of their own platform surfaced four other shared-pool risks besides
 * the pool the storm drained. The example platform is drawn with as many (numbers.test.ts).
 */
export const writeUpOtherRisks = 4;

const before = analysedExample("before-bulkheads");
const after = analysedExample("after-bulkheads");
const impact = (a: typeof before, resource: string): ResourceImpact => {
  const found = a.analysis.impacts.find((i) => i.resource === resource);
  if (!found) throw new Error(`no resource ${resource}`);
  return found;
};
/** Every resource whose blast radius is the largest share of traffic, in map order: ties are all named. */
const worstTied = (a: typeof before): ResourceImpact[] => {
  const top = Math.max(...a.analysis.impacts.map((i) => i.trafficShare ?? 0));
  return a.analysis.impacts.filter((i) => Math.abs((i.trafficShare ?? 0) - top) < 1e-12);
};
/** The call through which a resource's failure reaches a service that does not use it: one for all `impacts`. */
const sharedCall = (impacts: readonly ResourceImpact[]) => {
  const calls = new Set(
    impacts.map((i) => {
      const call = i.failing.find((f) => f.cause === "call");
      return call ? `${call.name} ${call.via ?? ""}` : "";
    }),
  );
  if (calls.size !== 1) throw new Error(`the tied resources fail through different calls: ${[...calls].join("; ")}`);
  const [via = "", callee = ""] = [...calls][0]!.split(" ");
  return { via, callee };
};

const sharedDb = impact(before, "shared-db");
const beforeWorst = worstTied(before);
const afterWorst = worstTied(after);
const pricingClient = impact(after, "pricing-client");

/**
 * What `for pricing` does to the pricing-client pool. Its users are related already by a call
 * between them (checkout calls cart), so the pool is not flagged with or without `for`; the
 * declaration matters once that call is gone: the users are then related only because both reach
 * the service the pool is dedicated to. Each variant's groups of related users, as the builder
 * would find them were the reader to edit the map so.
 */
const pricingPool = after.map.resources.find((r) => r.name === "pricing-client");
if (pricingPool?.dedicatedTo === undefined) throw new Error("pricing-client is not declared for a service");
const pricingDedicatedTo = pricingPool.dedicatedTo;
const linkingCall = after.map.calls.find(
  (c) => pricingClient.direct.includes(c.caller) && pricingClient.direct.includes(c.callee),
);
if (!linkingCall) throw new Error("no call links pricing-client's users");
const withoutLink: FailureMap = { ...after.map, calls: after.map.calls.filter((c) => c !== linkingCall) };
const withoutFor = (map: FailureMap): FailureMap => ({
  ...map,
  resources: map.resources.map((r) => (r === pricingPool ? { name: r.name, kind: r.kind, line: r.line } : r)),
});
const groupsOf = (map: FailureMap) => saturateResource(map, "pricing-client").userGroups;

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
  beforeWorst: {
    resources: beforeWorst.map((i) => i.resource),
    traffic: percentUpTo(beforeWorst[0]!.trafficShare ?? 0),
  },
  afterWorst: {
    /** Every resource that ties for the largest share of traffic. */
    resources: afterWorst.map((i) => i.resource),
    /** How many, in words. */
    count: inWords(afterWorst.length),
    traffic: percentUpTo(afterWorst[0]!.trafficShare ?? 0),
    /** The service that fails only through a call, and the failing service it calls: the same for each. */
    ...sharedCall(afterWorst),
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
    /** The service the pool is declared `for`. */
    dedicatedTo: pricingDedicatedTo,
    /** The call between two of its users that relates them, `for` or not. */
    linkedBy: { caller: linkingCall.caller, callee: linkingCall.callee },
  },
  raw: {
    before,
    after,
    /** pricing-client's groups of related users: as drawn, and with the linking call, `for`, or both taken out. */
    pricingClientGroups: {
      asDrawn: groupsOf(after.map),
      withoutFor: groupsOf(withoutFor(after.map)),
      withoutCall: groupsOf(withoutLink),
      withoutBoth: groupsOf(withoutFor(withoutLink)),
    },
  },
};
