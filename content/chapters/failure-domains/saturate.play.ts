// The map builder's analysis, from code. Parse a failure-domain map, saturate every shared
// resource in turn, and print who fails. Edit the map (add a pool, give a call a fallback)
// and run it again.
import { parseFailureMapOrThrow, analyseFailureMap, failureMapExamples, listNames, percentOfWhole } from "course";

const text = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
const map = parseFailureMapOrThrow(text);
const analysis = analyseFailureMap(map);

console.log(`${map.title}: ${map.services.length} services, ${map.resources.length} shared resources`);
for (const impact of analysis.impacts) {
  // percentOfWhole says 0% and 100% only when exact: weights of 9,999 and 1 make shares of 0.9999.
  const traffic = impact.trafficShare === null ? "" : `, ${percentOfWhole(impact.trafficShare)} of traffic`;
  const flag = impact.sharedByUnrelated ? "  <- shared by unrelated services" : "";
  console.log(`\n${impact.resource} (${impact.failing.length} fail${traffic})${flag}`);
  for (const f of impact.failing) {
    console.log(`  ${f.name.padEnd(16)}${f.cause === "direct" ? "draws from it" : `calls ${f.via}`}`);
  }
}

// The largest blast radius by traffic: where a bulkhead pays off first (every resource that ties).
const top = Math.max(...analysis.impacts.map((i) => i.trafficShare ?? 0));
const worst = analysis.impacts.filter((i) => (i.trafficShare ?? 0) === top).map((i) => i.resource);
console.log(`\nfix first: ${listNames(worst)}, ${percentOfWhole(top)} of traffic${worst.length > 1 ? " each" : ""}`);
