/**
 * Expected answers for "Read a failure-domain map", computed by the map analysis
 * (src/sim/failure-map) from the map the exercise shows.
 */
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

const analysis = analyseFailureMap(parseFailureMapOrThrow(mapText));
const widest = [...analysis.impacts].sort((a, b) => (b.trafficShare ?? 0) - (a.trafficShare ?? 0))[0]!;

export const answers = {
  widest: widest.resource,
  unrelated: analysis.flagged,
  "first-fix": "split",
};
