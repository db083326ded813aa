// The retry storm, twice: once with one shared connection pool, once with bulkheads (a small
// pool per dependency). Pricing slows down for a few seconds; search and accounts never call it.
// Try another bulkheadSize, or a bigger shared poolSize, and run it again.
import { runRetryStorm, defaultScenario, percent } from "course";

const params = { duration: 120, intervention: null, poolSize: 20, bulkheadSize: 8 };

for (const defences of [[], ["bulkhead"]] as const) {
  const { summary } = runRetryStorm(defaultScenario({ seed: 1, defences: [...defences], params }));
  // Success during the incident: of the requests arriving from the trigger until the run recovers
  // (or, with no recovery, until it ends), the share that were eventually served.
  const window = `0-${summary.incidentEndSeconds} s`;
  console.log(defences.length ? "with bulkheads:" : "one shared pool:");
  for (const service of summary.services) {
    // A service no request reached in the window has no success rate: it says so.
    const rate = service.incidentSuccessRate;
    const served = rate === null ? "no request arrived" : `${percent(rate).padStart(6)} served`;
    console.log(`  ${service.name.padEnd(9)} calls ${service.dependency.padEnd(9)} ${served} (${window})`);
  }
  const refused = summary.firstRefusalSeconds;
  console.log(`  first request refused a connection: ${refused === null ? "never" : `${refused.toFixed(1)} s`}`);
}
