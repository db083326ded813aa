/** Expected answers for "Find the shared resource", from the map's own analysis (src/sim/diagnosis/map-outage.ts). */
import { grouped, rounded } from "../../src/format/number.ts";
import {
  failingTraffic,
  type MapOutageParams,
  outageImpact,
  outageMapText,
  outageResources,
} from "../../src/sim/diagnosis/map-outage.ts";
import { parseFailureMapOrThrow } from "../../src/sim/failure-map/parse.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

export function answers(params: Record<string, number>) {
  const p = params as unknown as MapOutageParams;
  return { resource: outageImpact(p).resource, traffic: failingTraffic(p), defence: "split" };
}

const map = parseFailureMapOrThrow(outageMapText);

/** "a, b and c". */
const list = (names: readonly string[]) =>
  names.length <= 1 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/** The worked solution's figures for this outage (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as MapOutageParams;
  const impact = outageImpact(p);
  const failing = impact.failing.map((f) => f.name);
  const others = outageResources
    .map((_, i) => outageImpact({ resource: i, seed: p.seed }))
    .filter((i) => i.resource !== impact.resource)
    .map((i) => `${i.resource} would take ${list(i.failing.map((f) => f.name))}`);
  const callers = impact.failing.filter((f) => f.cause === "call").map((f) => `${f.name} (it calls ${f.via})`);
  const weighted = map.services.filter((s) => s.weight !== undefined);
  const total = weighted.reduce((sum, s) => sum + s.weight!, 0);
  const entries = weighted.filter((s) => failing.includes(s.name));
  const share = failingTraffic(p);
  const traffic = `${rounded(share * 100, 4)}%`;
  return {
    reading: `${list(failing)} fail, and the other ${grouped(map.services.length - failing.length)} services are fine. Go through the map's shared resources and list who draws from each, plus who calls those without a fallback: ${others.join("; ")}. Only ${impact.resource} takes exactly the failing set: ${list(impact.direct)} draw from it${callers.length > 0 ? `, and ${list(callers)} fail${callers.length === 1 ? "s" : ""} with what ${callers.length === 1 ? "it calls" : "they call"}` : ""}. A caller fails with its callee; a callee does not fail because its caller does.`,
    diagnosis: {
      "shared-db": "shared-db, the one database connection pool",
      "gateway-workers": "gateway-workers, the API gateway's worker pool",
      "shared-redis": "shared-redis, the shared cache",
      jobs: "jobs, the one queue for emails, webhooks and exports",
      "http-client": "http-client, the outbound pool for third-party calls",
    }[impact.resource]!,
    traffic,
    trafficWorking: `Traffic enters at the services with a weight. The failing ones are ${entries.length === 0 ? "none" : list(entries.map((s) => `${s.name} (weight ${grouped(s.weight!)})`))}, of a total weight of ${grouped(total)}: ${entries.length === 0 ? "0" : `(${entries.map((s) => grouped(s.weight!)).join(" + ")})`} / ${grouped(total)} = ${traffic} of user traffic fails, though only ${grouped(failing.length)} of ${grouped(map.services.length)} services do.`,
    defence: "Split the resource: give each service (or each kind of work) its own, sized for it",
    defenceWhy: `Then the next time one user of ${impact.resource} saturates its share, the others keep theirs. A shared ${impact.resource} twice as large fills the same way, only later; more instances of the failing services draw from the same ${impact.resource}; and retries add load to it.`,
  };
}

/**
 * Another outage: any of the map's five shared resources, with its own status percentages. How many
 * services fail in it is dealt with it, as `failing`, for the traffic part's feedback on counting
 * services instead of weighing traffic.
 */
export function variant(rand: Random): Record<string, number> {
  const p: MapOutageParams = { resource: randomInt(rand, 5), seed: randomInt(rand, 100_000) };
  return { ...p, failing: outageImpact(p).failing.length };
}
