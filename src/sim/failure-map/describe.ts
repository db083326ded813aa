/** Plain-language summaries of an impact, shared by the page, the playgrounds and the tests. */
import { resourceKinds } from "./model.ts";
import type { ResourceImpact } from "./analyse.ts";
import { percentOfWhole } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";

// The course's one list rule ("a, b and c"), which the maps' sentences use; re-exported because the
// playground's "course" library offers it with the failure-map analysis.
export { listNames };

/**
 * One sentence: how many services (and how much traffic) fail when the resource saturates. Its
 * shares say 0% and 100% only when exact (percentOfWhole): a map's weights can make a share 0.9999.
 */
export function describeImpact(impact: ResourceImpact, totalServices: number): string {
  const kind = resourceKinds[impact.kind];
  const traffic = impact.trafficShare === null ? "" : `, ${percentOfWhole(impact.trafficShare)} of traffic`;
  if (impact.failing.length === 0)
    return `When ${kind} ${impact.resource} saturates, nothing fails: no service draws from it.`;
  const verb = impact.failing.length === 1 ? "fails" : "fail";
  return `When ${kind} ${impact.resource} saturates, ${impact.failing.length} of ${totalServices} services ${verb} (${percentOfWhole(impact.serviceShare)} of services${traffic}).`;
}

/** Why each failing service fails: "cart uses it" or "storefront calls search". */
export function explainFailures(impact: ResourceImpact): string[] {
  return impact.failing.map((f) =>
    f.cause === "direct" ? `${f.name} draws from ${impact.resource}` : `${f.name} calls ${f.via}, which fails`,
  );
}

/**
 * Why a resource is flagged, or null: "db is shared by unrelated services (search and checkout)",
 * or, where some of its users are related to each other, "(checkout, cart and inventory, related
 * by calls; search; accounts)".
 */
export function describeSharing(impact: ResourceImpact): string | null {
  if (!impact.sharedByUnrelated) return null;
  const related = impact.userGroups.some((g) => g.length > 1);
  const groups = impact.userGroups.map((g) => (g.length === 1 ? g[0]! : `${listNames(g)}, related by calls`));
  const users = related ? groups.join("; ") : listNames(groups);
  return `${impact.resource} is shared by unrelated services (${users}): a fault in one can starve the others.`;
}
