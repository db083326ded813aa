/** Expected answers for "Background, or correlated?", from src/sim/diagnosis/disks.ts. */
import { type DiskParams, diskCase, expectedPerDay } from "../../src/sim/diagnosis/disks.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { independent: "carry-on", batch: "pull-batch", environment: "fix-room" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as DiskParams;
  const what = diskCase(p);
  return { what, action: actionFor[what], baseline: expectedPerDay(p) };
}

/** Another fleet: any of the three, 2 to 4 batches of 20,000 to 40,000 disks, 1.5% to 3% a year (a batch's background at least 0.8 a day, so a jump shows). */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    batches: 2 + randomInt(rand, 3),
    perBatch: 10_000 * (2 + randomInt(rand, 3)),
    afrPct: [1.5, 2, 3][randomInt(rand, 3)]!,
    seed: randomInt(rand, 100_000),
  };
}
