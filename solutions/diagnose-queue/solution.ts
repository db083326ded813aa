/** Expected answers for "Diagnose the queue", from src/sim/diagnosis/queue.ts. */
import { type QueueParams, queueCase, shedShare } from "../../src/sim/diagnosis/queue.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { overload: "shed", burst: "let-drain", "capacity-lost": "restore" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as QueueParams;
  const what = queueCase(p);
  return { what, action: actionFor[what], shed: shedShare(p) };
}

/**
 * Another service, in one of the three situations: arrivals 60% to 90% of capacity before; then
 * arrivals 1.2 to 1.6 times capacity for good (overload), a 10-second burst the queue absorbs
 * within the clients' time-out (burst), or capacity down to 60% to 80% of arrivals.
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const capacity = 500 * (1 + randomInt(rand, 4));
  const rate = (capacity * (6 + randomInt(rand, 4))) / 10;
  const timeoutS = 1 + randomInt(rand, 3);
  let change: number;
  if (incident === 0) change = Math.ceil((100 * capacity * (12 + randomInt(rand, 5))) / 10 / rate);
  else if (incident === 1) {
    // The burst's excess over 10 s must wait at most the time-out: excess <= capacity x time-out / 10.
    const peak = capacity * (1 + (timeoutS / 10) * (0.5 + 0.5 * rand()));
    change = Math.floor((100 * peak) / rate);
  } else change = Math.ceil(100 * (1 - (rate * (6 + randomInt(rand, 3))) / 10 / capacity));
  return { incident, capacity, rate, change, timeoutS, start: 20 + 5 * randomInt(rand, 4) };
}
