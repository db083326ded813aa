/** Expected answers for "Diagnose the sharded fleet", from src/sim/diagnosis/workers.ts. */
import { shareLosingAll, type WorkerParams, workerCase } from "../../src/sim/diagnosis/workers.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const defenceFor = { poison: "quarantine", "bad-host": "replace", "noisy-neighbour": "rate-limit" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as WorkerParams;
  const what = workerCase(p);
  return { what, defence: defenceFor[what], "lost-all": shareLosingAll(p) };
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
