// A crowd of clients all try to update the same record at the same moment (optimistic
// concurrency: read the version, write only if nobody wrote in between). Losers back off
// and try again. Which backoff gets everyone done with the least work, and the soonest?
// Retries count from 0 here: the first retry waits up to `base` (full jitter draws from [0, base)).
// Change the crowd sizes, the strategy list or the seeds and run it again.
import { backoffStrategies, simulateContention, contentionDefaults, grouped, plot } from "course";

const crowds = [10, 25, 50, 100];
const seeds = Array.from({ length: 20 }, (_, i) => i + 1); // every strategy meets the same network noise

function average(clients: number, strategy: (typeof backoffStrategies)[number]) {
  let calls = 0;
  let millis = 0;
  for (const seed of seeds) {
    const result = simulateContention({ clients, strategy, seed });
    calls += result.calls;
    millis += result.completionMillis;
  }
  return { calls: calls / seeds.length, seconds: millis / seeds.length / 1000 };
}

const results = backoffStrategies.map((strategy) => ({
  strategy,
  runs: crowds.map((clients) => average(clients, strategy)),
}));
const header = (title: string) =>
  console.log(`${title.padEnd(14)}${crowds.map((c) => `${grouped(c)} clients`.padStart(12)).join("")}`);

console.log(
  `backoff base ${grouped(contentionDefaults.base)} ms, cap ${grouped(contentionDefaults.cap)} ms, ${seeds.length} seeds each`,
);
console.log("");
// "calls" is the work the shared record has to absorb: ideally one per client.
header("calls");
for (const { strategy, runs } of results)
  console.log(`${strategy.padEnd(14)}${runs.map((r) => grouped(r.calls).padStart(12)).join("")}`);
console.log("");
header("last done (s)");
for (const { strategy, runs } of results)
  console.log(`${strategy.padEnd(14)}${runs.map((r) => grouped(r.seconds, 2).padStart(12)).join("")}`);

const callsPerStrategy = Object.fromEntries(results.map(({ strategy, runs }) => [strategy, runs.map((r) => r.calls)]));
plot({ x: crowds, series: callsPerStrategy, title: "Total calls by crowd size", xLabel: "clients", yLabel: "calls" });
