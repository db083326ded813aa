/** Expected answers for "Diagnose the sharded fleet", from src/sim/diagnosis/workers.ts. */
import { grouped, oneInWhole, percentAnySize } from "../../src/format/number.ts";
import { listNames } from "../../src/format/words.ts";
import { shareLosingAll, type WorkerParams, workerCase, workerIncident } from "../../src/sim/diagnosis/workers.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";
import { exactOverlap } from "../../src/sim/shuffle-shard.ts";

const defenceFor = { poison: "quarantine", "bad-host": "replace", "noisy-neighbour": "rate-limit" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as WorkerParams;
  const what = workerCase(p);
  return { what, defence: defenceFor[what], "lost-all": shareLosingAll(p) };
}

/** The worked solution's figures for this fleet (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as WorkerParams;
  const what = workerCase(p);
  const { rows, touched, culprit } = workerIncident(p);
  const workerNames = touched.map((w) => rows[w]!.worker);
  const names = listNames(workerNames);
  const quiet = p.workers - touched.length;
  // Each share as the chapter and its explorer write it (percentAnySize, oneInWhole: "1 in 28 = 3.6%").
  const lostAll = percentAnySize(shareLosingAll(p));
  const combos = exactOverlap(p.workers, p.shard).possibleShards;
  const fixed = `With fixed groups of ${grouped(p.shard)} workers instead, the ${grouped(p.shard)} touched workers would be one whole group, and ${grouped(p.shard)}/${grouped(p.workers)} = ${percentAnySize(p.shard / p.workers)} of customers would have lost everything.`;
  const shardShare = `Another customer loses every worker only if its shard is exactly those ${grouped(touched.length)}. Shards of ${grouped(p.shard)} from ${grouped(p.workers)} workers can be dealt C(${grouped(p.workers)}, ${grouped(p.shard)}) = ${grouped(combos)} ways, so that is ${oneInWhole(combos).text} of the other customers; most of the rest lose one worker or none and are served by the ones they keep. ${fixed}`;
  if (what === "poison")
    return {
      reading: `${grouped(touched.length)} workers (${names}) restart again and again, and every one of their crash logs ends with the same customer, ${culprit}; the other ${grouped(quiet)} are quiet. ${grouped(touched.length)} workers is exactly one shard's worth, and a crash that follows one customer from worker to worker is that customer's input. A sick machine would be one worker, with crash logs ending in many customers; a noisy neighbour would peg its workers' CPU without crashing them.`,
      diagnosis: "One customer's requests crash the workers that serve them (a poison request)",
      defence: "Block the offending input and keep that customer on its own shard until it is fixed",
      defenceWhy: `Shuffle sharding has already done its part: the poison reaches only the ${grouped(p.shard)} workers ${culprit} was dealt. Adding workers gives it more to crash if it moves; a rate limit slows the crashes without stopping them.`,
      lostAll,
      lostAllWorking: shardShare,
    };
  if (what === "noisy-neighbour")
    return {
      reading: `${grouped(touched.length)} workers (${names}) sit at 100% CPU with requests timing out, but none restarts, and ${culprit} sends most of the requests on each of them; the other ${grouped(quiet)} are quiet. ${grouped(touched.length)} workers is exactly one shard's worth, the one ${culprit} was dealt. A poison request would crash its workers; a sick machine would be one worker.`,
      diagnosis: "One customer sends far more than its share and saturates its workers",
      defence: "Rate-limit the customer to its quota",
      defenceWhy: `The limit gives ${culprit}'s shard back to the customers it shares workers with; nothing crashes, so there is no input to block and no machine to replace. Adding workers would only deal ${culprit} a wider reach if its shard grows.`,
      lostAll,
      lostAllWorking: shardShare,
    };
  const sick = rows[touched[0]!]!;
  return {
    reading: `One worker, ${sick.worker}, fails ${grouped(sick.errors)}% of its requests and has restarted ${grouped(sick.restarts)} times, and its crash logs end with different customers (${sick.crashLogs}): whoever happened to be there. The other ${grouped(quiet)} workers are quiet. A poison request would crash one shard's worth of workers and follow one customer; a noisy neighbour would peg a shard's CPU.`,
    diagnosis: "One worker's machine is sick",
    defence: "Take the worker out of rotation and replace its machine",
    defenceWhy:
      "Every customer on it is hurt a little, none by its own doing, so blocking or limiting a customer fixes nothing; the machine goes, and a replacement takes its place in the shards.",
    lostAll,
    lostAllWorking: `One worker is down, and every customer's shard has ${grouped(p.shard)} workers, so no customer loses all of them: ${lostAll}. The customers with ${sick.worker} in their shard keep being served by the other ${grouped(p.shard - 1)}.`,
  };
}

/** Another fleet: any of the three incidents, 6 to 16 workers, shards of 2 or 3, 30 to 60 customers. */
export function variant(rand: Random): Record<string, number> {
  const workers = [6, 8, 10, 12, 16][randomInt(rand, 5)]!;
  return {
    incident: randomInt(rand, 3),
    workers,
    shard: 2 + randomInt(rand, 2),
    customers: 30 + randomInt(rand, 31),
    seed: randomInt(rand, 100_000),
  };
}
