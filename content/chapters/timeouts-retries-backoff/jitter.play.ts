// A crowd of clients all try to update the same record at the same moment (optimistic
// concurrency: read the version, write only if nobody wrote in between). Losers back off
// and try again. Which backoff gets everyone done with the least work, and the soonest?
// Change `clients`, the strategy list or the seeds and run it again.
import { backoffStrategies, simulateContention, contentionDefaults } from "course";

const clients = 100;
const seeds = [1, 2, 3, 4, 5]; // each strategy meets the same network noise for each seed

console.log(`${clients} clients, backoff base ${contentionDefaults.base} ms, cap ${contentionDefaults.cap} ms`);
console.log(`${"strategy".padEnd(14)}${"calls".padStart(8)}${"finished after".padStart(16)}`);
for (const strategy of backoffStrategies) {
  let calls = 0;
  let millis = 0;
  for (const seed of seeds) {
    const result = simulateContention({ clients, strategy, seed });
    calls += result.calls;
    millis += result.completionMillis;
  }
  const meanCalls = Math.round(calls / seeds.length);
  const meanSeconds = (millis / seeds.length / 1000).toFixed(1);
  console.log(`${strategy.padEnd(14)}${String(meanCalls).padStart(8)}${`${meanSeconds} s`.padStart(16)}`);
}
// "calls" is the work the shared record had to absorb: ideally one per client.
