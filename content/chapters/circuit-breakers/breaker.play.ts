// A circuit breaker watching calls to a dependency that is down from t = 1 s to t = 4 s.
// Calls arrive every 100 ms. Watch it open, fail fast, probe half-open, and close again.
// Then the retry storm, with nothing but breakers switched on.
import { CircuitBreaker, runRetryStorm, defaultScenario, percent } from "course";

const breaker = new CircuitBreaker({
  kind: "consecutive",
  threshold: 5, // open on the 5th failure in a row
  failureRate: 0.5,
  window: 20,
  minCalls: 10, // (used by kind "rate")
  cooldownSeconds: 1,
  probes: 3, // stay open 1 s, then let 3 trial calls through
});
const dependencyUp = (t: number) => t < 1 || t >= 4;

let state = breaker.state;
const report = (t: number) => {
  if (breaker.state !== state) console.log(`t=${t.toFixed(1)} s  ${state} -> ${breaker.state}`);
  state = breaker.state;
};
let failedFast = 0;
let calls = 0;
for (let tick = 0; tick <= 60; tick++) {
  const t = tick / 10;
  calls++;
  const allowed = breaker.allow(t);
  report(t); // allow() moves an open breaker to half-open once the cooldown is over
  if (!allowed) failedFast++;
  else breaker.record(t, dependencyUp(t));
  report(t);
}
console.log(`calls failed fast without touching the dependency: ${failedFast} of ${calls}`);

for (const defences of [[], ["breaker"]] as const) {
  const { summary } = runRetryStorm(
    defaultScenario({ defences: [...defences], params: { duration: 120, intervention: null } }),
  );
  // A service no request reached has no success rate: it says so instead of a percentage.
  const served = summary.services
    .map((s) => `${s.name} ${s.successRate === null ? "no requests" : percent(s.successRate)}`)
    .join(", ");
  console.log(`${defences.length ? "breakers" : "naive"}: ${served}; opened ${summary.breakerOpenings} times`);
}
