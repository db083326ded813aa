// A crowd of clients all try to update the same record at the same moment (optimistic
// concurrency: read the version, write only if nobody wrote in between). Losers back off
// and try again. Which backoff gets everyone done with the least work, and the soonest?
// Change the crowd sizes, the strategy list or the seeds and run it again.
import { backoffStrategies, simulateContention, contentionDefaults, plot } from "course";

const crowds = [10, 25, 50, 100];
const seeds = [1, 2, 3, 4, 5]; // each strategy meets the same network noise for each seed

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

const callsPerStrategy: Record<string, number[]> = {};
console.log(`backoff base ${contentionDefaults.base} ms, cap ${contentionDefaults.cap} ms; ${crowds.at(-1)} clients:`);
console.log(`${"strategy".padEnd(14)}${"calls".padStart(8)}${"finished after".padStart(16)}`);
for (const strategy of backoffStrategies) {
  const runs = crowds.map((clients) => average(clients, strategy));
  callsPerStrategy[strategy] = runs.map((r) => Math.round(r.calls));
  const biggest = runs.at(-1)!;
  console.log(
    `${strategy.padEnd(14)}${String(Math.round(biggest.calls)).padStart(8)}${`${biggest.seconds.toFixed(1)} s`.padStart(16)}`,
  );
}
// "calls" is the work the shared record has to absorb: ideally one per client.
plot({ x: crowds, series: callsPerStrategy, title: "Total calls by crowd size", xLabel: "clients", yLabel: "calls" });
