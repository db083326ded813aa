// The retry storm with and without load shedding: a bounded wait queue for connections that
// refuses new requests at once when it is full, instead of letting them wait behind work
// whose callers have already given up. Try another shedQueue, or a larger load.
import { runRetryStorm, defaultScenario, grouped, percent, plot, worstSuccessRate } from "course";

const params = { duration: 60, intervention: null, shedQueue: 10 };
const runs = {
  "unbounded queue": runRetryStorm(defaultScenario({ params })),
  shedding: runRetryStorm(defaultScenario({ defences: ["shed"], params })),
};

for (const [label, { summary, metrics }] of Object.entries(runs)) {
  const longest = Math.max(...metrics.waiting);
  // The lowest success rate of the services that had requests (null if none had one).
  const worst = worstSuccessRate(summary);
  const served = worst === null ? "no service had a request" : `worst service ${percent(worst)} served`;
  console.log(`${label}: longest wait queue ${grouped(longest)}, ${served}, recovered: ${summary.recovered}`);
}

const { metrics } = runs["unbounded queue"];
plot({
  x: metrics.time,
  series: Object.fromEntries(Object.entries(runs).map(([label, run]) => [label, run.metrics.successes])),
  title: "Requests served per second (the trigger starts at 0 s)",
  xLabel: "seconds",
  yLabel: "served per second",
});
