// One breaker in front of 8 shards, or one breaker per shard? Shard 3 is down; the others are
// healthy. Requests are spread evenly over the shards. Each breaker opens when 10% or more of
// its last 20 calls failed. Count how many requests get served.
import { CircuitBreaker, mulberry32, percent } from "course";

const shards = 8;
const brokenShard = 3;
const options = {
  kind: "rate",
  threshold: 1,
  failureRate: 0.1,
  window: 20,
  minCalls: 20,
  cooldownSeconds: 5,
  probes: 1,
} as const;
const rand = mulberry32(42);

function serve(breakerFor: (shard: number) => CircuitBreaker): number {
  let served = 0;
  const requests = 2000;
  for (let i = 0; i < requests; i++) {
    const now = i / 100; // 100 requests per second
    const shard = Math.floor(rand() * shards);
    const breaker = breakerFor(shard);
    if (!breaker.allow(now)) continue; // failed fast
    const ok = shard !== brokenShard;
    breaker.record(now, ok);
    if (ok) served++;
  }
  return served / requests;
}

const single = new CircuitBreaker(options);
const perShard = Array.from({ length: shards }, () => new CircuitBreaker(options));
console.log(`one breaker for the whole backend: ${percent(serve(() => single))} served`);
console.log(`one breaker per shard:             ${percent(serve((s) => perShard[s]!))} served`);
console.log(`best possible (7 of 8 shards up):  ${percent((shards - 1) / shards)}`);
