// Shuffle sharding, simulated. Every customer gets its own random pair of the 8 workers.
// Customer 0 sends a poison request that crashes both of its workers: how many of the
// other customers lose every worker they have? Change the numbers and run it again.
import { mulberry32, randomShard, choose, grouped, percent } from "course";

const workers = 8;
const shardSize = 2;
const customers = 10_000;
const rand = mulberry32(7); // seeded: the same deal on every run

const deal = () => randomShard(workers, shardSize, rand);
const poison = deal(); // customer 0 is dealt first
const crashed = new Set(poison);
console.log(`customer 0 crashes workers ${poison.join(" and ")}`);

let lostAll = 0;
let lostSome = 0;
for (let customer = 1; customer < customers; customer++) {
  const hit = deal().filter((worker) => crashed.has(worker)).length;
  if (hit === shardSize) lostAll++;
  else if (hit > 0) lostSome++;
}

const others = customers - 1;
const ofOthers = (count: number) => percent(count / others, 2);
console.log(`of the other ${grouped(others)} customers:`);
const row = (label: string, count: number) => `  ${label.padEnd(20)}${grouped(count).padStart(5)} (${ofOthers(count)})`;
console.log(row(`lose all ${shardSize} workers:`, lostAll));
console.log(row("lose some:", lostSome));
console.log(row("lose none:", others - lostAll - lostSome));

// Only customers dealt exactly the poison shard lose everything: 1 in C(workers, shardSize).
const shardCount = choose(workers, shardSize);
console.log(
  `possible shards: ${grouped(shardCount)}, so expect about ${grouped(others / Number(shardCount), 1)} to lose all`,
);

// With more workers the number of possible shards explodes.
for (const [n, k] of [
  [100, 5],
  [2048, 4],
] as const) {
  console.log(`${grouped(n)} workers, shards of ${k}: ${grouped(choose(n, k))} possible shards`);
}
