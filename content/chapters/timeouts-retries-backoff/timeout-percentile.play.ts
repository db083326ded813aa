// Pick a timeout from measured latency, then see what it does on a bad day.
// We draw 100,000 seeded latencies of a dependency that is usually fast (about 20 ms) with a
// slow tail (1 call in 50 hits a cold cache, about 300 ms), choose timeouts from percentiles
// of that healthy data, and replay the same calls with the dependency ten times slower.
import { grouped, mulberry32, percent } from "course";

const rand = mulberry32(42);

// A log-normal draw (Box-Muller): latency spreads multiplicatively and is never negative.
function logNormal(medianMs: number, spread: number): number {
  const z = Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  return medianMs * Math.exp(spread * z);
}

const healthy = Array.from({ length: 100_000 }, () => (rand() < 0.02 ? logNormal(300, 0.4) : logNormal(20, 0.3)));
const slowdown = 10; // how many times slower every call is on the bad day
const slowDay = healthy.map((ms) => ms * slowdown);
const sorted = [...healthy].sort((a, b) => a - b);
const percentile = (p: number) => sorted[Math.floor((p / 100) * sorted.length)]!;
const share = (calls: number[], timeout: number) => calls.filter((ms) => ms > timeout).length / calls.length;
const pct = (x: number) => percent(x, 2).padStart(7);

console.log(`timeout from       value     timed out (healthy)  timed out (${slowdown}x slower)`);
for (const p of [99, 99.9]) {
  const timeout = percentile(p);
  console.log(
    `p${String(p).padEnd(16)} ${grouped(timeout).padStart(5)} ms   ${pct(share(healthy, timeout))}              ${pct(share(slowDay, timeout))}`,
  );
}
const generous = 2 * percentile(99.9);
console.log(
  `2 x p99.9         ${grouped(generous).padStart(5)} ms   ${pct(share(healthy, generous))}              ${pct(share(slowDay, generous))}`,
);
// With one retry per timed-out call, each of those shares is also the extra load the callers
// add: small on a good day, large exactly when the dependency can least afford it.
