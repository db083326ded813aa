// The map builder's analysis, from code. Parse a failure-domain map, saturate every shared
// resource in turn, and print who fails. Edit the map (add a pool, give a call a fallback)
// and run it again.
import { parseFailureMapOrThrow, analyseFailureMap, failureMapExamples, percentUpTo } from "course";

const text = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
const map = parseFailureMapOrThrow(text);
const analysis = analyseFailureMap(map);

console.log(`${map.title}: ${map.services.length} services, ${map.resources.length} shared resources`);
for (const impact of analysis.impacts) {
  const traffic = impact.trafficShare === null ? "" : `, ${percentUpTo(impact.trafficShare)} of traffic`;
  const flag = impact.sharedByUnrelated ? "  <- shared by unrelated services" : "";
  console.log(`\n${impact.resource} (${impact.failing.length} fail${traffic})${flag}`);
  for (const f of impact.failing) {
    console.log(`  ${f.name.padEnd(16)}${f.cause === "direct" ? "draws from it" : `calls ${f.via}`}`);
  }
}

// The largest blast radius by traffic: where a bulkhead pays off first.
const worst = [...analysis.impacts].sort((a, b) => (b.trafficShare ?? 0) - (a.trafficShare ?? 0))[0]!;
console.log(`\nfix first: ${worst.resource}, ${percentUpTo(worst.trafficShare ?? 0)} of traffic`);
