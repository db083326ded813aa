/**
 * A shuffle-sharded worker fleet's table, for a diagnosis: `workers` workers, each customer's
 * requests spread over a shard of `shard` of them (dealt by src/sim/shuffle-shard.ts). Three
 * incidents touch a few workers and call for different defences:
 *   poison            one customer's requests crash the workers they reach: exactly its shard
 *                     restarts, and every crash log ends with that customer
 *   bad-host          one worker's machine is sick: it fails requests of every customer, and its
 *                     crash logs end with whichever customer happened to be there
 *   noisy-neighbour   one customer sends far more than its share: its shard's CPU is pegged and
 *                     requests there time out, but nothing crashes
 * Pure and seeded: the seed deals the shards, names the customers and picks the culprit.
 */
import { exactOverlap, shardDealer } from "../shuffle-shard.ts";
import { mulberry32, randomInt } from "../random.ts";

export const workerCases = ["poison", "bad-host", "noisy-neighbour"] as const;
export type WorkerCase = (typeof workerCases)[number];

export interface WorkerParams {
  /** Index into workerCases. */
  incident: number;
  workers: number;
  shard: number;
  customers: number;
  seed: number;
}

export interface WorkerRow {
  worker: string;
  cpu: number;
  /** Requests failing, in percent. */
  errors: number;
  /** Restarts in the last ten minutes. */
  restarts: number;
  /** The customers whose request was the last in each crash log (most frequent first, with counts). */
  crashLogs: string;
  /** The customer sending the most requests to this worker, with its share. */
  topCustomer: string;
}

export interface WorkerIncident {
  kind: WorkerCase;
  /** The workers the incident touches (worker indices). */
  touched: number[];
  /** The customer behind it (poison, noisy-neighbour), or undefined. */
  culprit?: string;
  rows: WorkerRow[];
}

export function workerCase(params: WorkerParams): WorkerCase {
  const c = workerCases[params.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${workerCases.length - 1}`);
  return c;
}

const customerName = (n: number) => `c-${String(n).padStart(3, "0")}`;

export function workerIncident(params: WorkerParams): WorkerIncident {
  const kind = workerCase(params);
  const { workers, shard, customers } = params;
  const rand = mulberry32(params.seed);
  const deal = shardDealer(workers, shard, rand);
  const shards = Array.from({ length: customers }, () => Array.from(deal()));
  // Customer names: distinct numbers from 1 to 999, in a seeded order.
  const numbers: number[] = [];
  while (numbers.length < customers) {
    const n = 1 + randomInt(rand, 999);
    if (!numbers.includes(n)) numbers.push(n);
  }
  const culpritIndex = randomInt(rand, customers);
  const culprit = customerName(numbers[culpritIndex]!);
  const touched = kind === "bad-host" ? [randomInt(rand, workers)] : [...shards[culpritIndex]!].sort((a, b) => a - b);
  // Whose requests each worker serves (for the top-customer column and the bad host's crash logs).
  const servedBy = Array.from({ length: workers }, (_, w) => shards.flatMap((s, c) => (s.includes(w) ? [c] : [])));
  const rows: WorkerRow[] = [];
  for (let w = 0; w < workers; w++) {
    const hit = touched.includes(w);
    const quiet = 30 + randomInt(rand, 25);
    const regulars = servedBy[w]!;
    const top = regulars[randomInt(rand, regulars.length)] ?? 0;
    let row: WorkerRow = {
      worker: `w${w}`,
      cpu: quiet,
      errors: 0.1,
      restarts: 0,
      crashLogs: "",
      topCustomer: `${customerName(numbers[top]!)} (${Math.round(100 / Math.max(1, regulars.length)) + randomInt(rand, 4)}%)`,
    };
    if (hit && kind === "poison") {
      const restarts = 6 + randomInt(rand, 8);
      row = {
        ...row,
        cpu: quiet - 10,
        errors: 30 + randomInt(rand, 20),
        restarts,
        crashLogs: `${culprit} ×${restarts}`,
      };
    } else if (hit && kind === "bad-host") {
      const restarts = 3 + randomInt(rand, 4);
      const logs: string[] = [];
      for (let i = 0; i < restarts && regulars.length > 0; i++) {
        const name = customerName(numbers[regulars[randomInt(rand, regulars.length)]!]!);
        if (!logs.includes(name)) logs.push(name);
      }
      row = { ...row, errors: 25 + randomInt(rand, 20), restarts, crashLogs: logs.join(", ") };
    } else if (hit && kind === "noisy-neighbour") {
      row = {
        ...row,
        cpu: 100,
        errors: 8 + randomInt(rand, 10),
        topCustomer: `${culprit} (${60 + randomInt(rand, 25)}%)`,
      };
    }
    rows.push(row);
  }
  return { kind, touched, culprit: kind === "bad-host" ? undefined : culprit, rows };
}

/**
 * The share of the other customers that lose every one of their workers: a shard's worth of
 * workers down leaves another customer with none exactly when it has that very shard,
 * 1 / C(workers, shard) of random shards; one worker down takes everything only from
 * customers whose shard is that one worker (shard 1).
 */
export function shareLosingAll(params: WorkerParams): number {
  const kind = workerCase(params);
  if (kind === "bad-host") return params.shard === 1 ? 1 / params.workers : 0;
  return exactOverlap(params.workers, params.shard).all.value;
}
