/**
 * Expected answers for "Read a failure-domain map", computed by the map analysis
 * (src/sim/failure-map) from the map the exercise shows, and from the same map after the split.
 */
import { percentUpTo } from "../../src/format/number.ts";
import { analyseFailureMap, parseFailureMapOrThrow } from "../../src/sim/failure-map/index.ts";

/** The map in the exercise's README, exactly (a content test checks they match). */
export const mapText = `title The team's shop, today
service storefront weight 50
service search weight 30
service checkout weight 15
service admin weight 5
service pricing
pool app-db
pool pricing-client for pricing
cache sessions
queue email
storefront uses sessions
storefront calls checkout with fallback
checkout uses sessions, app-db, pricing-client, email
checkout calls pricing
search uses app-db
admin uses app-db`;

/** The fix the exercise asks for: search and admin get pools of their own; app-db is left to checkout. */
export const splitMapText = mapText
  .replace("pool app-db\n", "pool app-db\npool search-db\npool admin-db\n")
  .replace("search uses app-db", "search uses search-db")
  .replace("admin uses app-db", "admin uses admin-db");

const map = parseFailureMapOrThrow(mapText);
const analysis = analyseFailureMap(map);
const impactOf = (resource: string) => analysis.impacts.find((i) => i.resource === resource)!;
const weightOf = (service: string) => map.services.find((s) => s.name === service)?.weight ?? 0;
/** The weights of what a resource takes down, summed as the explanation writes it: "30 + 15 + 5 = 50". */
const failingSum = (resource: string) => {
  const weights = impactOf(resource).failing.map((f) => weightOf(f.name));
  return `${weights.join(" + ")} = ${weights.reduce((a, b) => a + b, 0)}`;
};
const widest = [...analysis.impacts].sort((a, b) => (b.trafficShare ?? 0) - (a.trafficShare ?? 0))[0]!;

/** What each of the three pools takes down after the split, in the map's order. */
const splitPools = ["app-db", "search-db", "admin-db"];
const afterSplit = analyseFailureMap(parseFailureMapOrThrow(splitMapText)).impacts.filter((i) =>
  splitPools.includes(i.resource),
);
const share = (resource: string, impacts = afterSplit) =>
  impacts.find((i) => i.resource === resource)?.trafficShare ?? 0;

export function answers() {
  return {
    widest: widest.resource,
    unrelated: analysis.flagged,
    "first-fix": "split",
    "after-split": Math.max(...afterSplit.map((i) => i.trafficShare ?? 0)),
  };
}

/** Which services each resource the explanation walks through takes down, in map order. */
export function failingServices(): Record<string, string[]> {
  return Object.fromEntries(
    ["sessions", "app-db", "pricing-client", "email"].map((r) => [r, impactOf(r).failing.map((f) => f.name)]),
  );
}

/** The worked solution's figures (explanation.md shows them as {name}): the map's, then the split's. */
export function worked(): Record<string, string> {
  const total = map.services.reduce((sum, s) => sum + (s.weight ?? 0), 0);
  return {
    storefrontWeight: String(weightOf("storefront")),
    checkoutWeight: String(weightOf("checkout")),
    sessionsFailing: String(Math.round((impactOf("sessions").trafficShare ?? 0) * total)),
    totalWeight: String(total),
    appDbSum: failingSum("app-db"),
    appDbBefore: percentUpTo(share("app-db", analysis.impacts)),
    searchPool: percentUpTo(share("search-db")),
    checkoutPool: percentUpTo(share("app-db")),
    adminPool: percentUpTo(share("admin-db")),
  };
}
