/** Expected answers for "Diagnose the queue", from src/sim/diagnosis/queue.ts. */
import { grouped, readableShare, rounded } from "../../src/format/number.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";
import {
  burstSeconds,
  conditions,
  type QueueParams,
  queueCase,
  queueRun,
  shedShare,
} from "../../src/sim/diagnosis/queue.ts";

const actionFor = { overload: "shed", burst: "let-drain", "capacity-lost": "restore" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as QueueParams;
  const what = queueCase(p);
  return { what, action: actionFor[what], shed: shedShare(p) };
}

const n = (value: number) => rounded(value, 4);

/** The worked solution's figures for this queue (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as QueueParams;
  const what = queueCase(p);
  const during = conditions(p, p.start);
  const shed = readableShare(shedShare(p));
  const excess = during.arrivals - during.capacity;
  const growth = excess / during.capacity;
  // What the model shows: the longest wait, and whether anything was answered after the timeout.
  const run = queueRun(p);
  const longest = Math.max(...run.map((s) => s.waitS));
  const lastGoodput = run.at(-1)!.goodput;
  const pastTimeout = `past the clients' ${grouped(p.timeoutS)} s timeout about ${n(p.timeoutS / growth)} s later`;
  if (what === "overload")
    return {
      diagnosis: "More arrives than the service can complete, and it keeps arriving",
      reading: `Arrivals step from ${grouped(p.rate)} to ${n(during.arrivals)} a second at second ${grouped(p.start)} and stay there, while the service keeps completing ${grouped(p.capacity)} a second. The queue grows by ${n(excess)} requests a second, so its wait grows by ${n(excess)} / ${grouped(p.capacity)} = ${n(growth)} s every second: ${pastTimeout}. From then on a first-in, first-out queue serves only requests whose clients have gone, and answered-in-time falls to ${n(lastGoodput)} a second.`,
      action: "Refuse the excess at the door, and bound the queue by the clients' timeout",
      actionWhy:
        "A larger queue only lengthens the wait; longer client timeouts hold everything longer and the queue still grows; nothing was lost, so there is no capacity to restore.",
      shed,
      shedWorking: `Accept the ${grouped(p.capacity)} a second the service completes and refuse the rest: 1 − ${grouped(p.capacity)} / ${n(during.arrivals)} = ${shed} of arrivals. Then the wait stops growing and everything accepted is answered in time, where without shedding nothing was.`,
    };
  if (what === "capacity-lost")
    return {
      diagnosis: "The service completes less than before, with arrivals as they were",
      reading: `Arrivals stay at ${grouped(p.rate)} a second, but from second ${grouped(p.start)} the service completes only ${n(during.capacity)} a second, ${grouped(p.change)}% less than its ${grouped(p.capacity)}. The queue grows by ${n(excess)} requests a second, so its wait grows by ${n(excess)} / ${n(during.capacity)} = ${n(growth)} s every second: ${pastTimeout}, and answered-in-time falls to ${n(lastGoodput)} a second.`,
      action: "Bring the lost capacity back, refusing the excess at the door until it serves",
      actionWhy:
        "Find what took the capacity (lost instances, a slow dependency) and restore it; until then, refusing what the service cannot complete keeps what it accepts answered in time. A larger queue or longer client timeouts only lengthen the wait.",
      shed,
      shedWorking: `Until the capacity is back, accept the ${n(during.capacity)} a second the service completes: 1 − ${n(during.capacity)} / ${grouped(p.rate)} = ${shed} of arrivals refused.`,
    };
  const peak = excess * burstSeconds;
  const drain = p.capacity - p.rate;
  return {
    diagnosis: "A burst the queue is absorbing; it is already draining",
    reading: `Arrivals jump from ${grouped(p.rate)} to ${n(during.arrivals)} a second at second ${grouped(p.start)} for ${grouped(burstSeconds)} s, then fall back. The queue grows by ${n(excess)} a second for those ${grouped(burstSeconds)} s, to ${n(peak)} requests: a wait of ${n(longest)} s, ${longest <= p.timeoutS ? "inside" : "past"} the clients' ${grouped(p.timeoutS)} s timeout. Then it drains at ${grouped(p.capacity)} − ${grouped(p.rate)} = ${n(drain)} a second, in about ${n(peak / drain)} s, and answered-in-time is back to ${n(lastGoodput)} a second.`,
    action: "Nothing drastic: let the queue drain, and keep watching",
    actionWhy:
      "Refusing at the door would turn away requests the queue answers in time; capacity added now would arrive after the burst has gone; a larger queue or longer timeouts change nothing the queue has not already absorbed.",
    shed,
    shedWorking: "The burst has ended and every request was answered in time: nothing needs refusing.",
  };
}

/**
 * Another service, in one of the three situations: arrivals 60% to 90% of capacity before; then
 * arrivals 1.2 to 1.6 times capacity for good (overload), a 10-second burst the queue absorbs
 * within the clients' timeout (burst), or capacity down to 60% to 80% of arrivals.
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const capacity = 500 * (1 + randomInt(rand, 4));
  const rate = (capacity * (6 + randomInt(rand, 4))) / 10;
  const timeoutS = 1 + randomInt(rand, 3);
  let change: number;
  if (incident === 0) change = Math.ceil((100 * capacity * (12 + randomInt(rand, 5))) / 10 / rate);
  else if (incident === 1) {
    // The burst's excess over 10 s must wait at most the timeout: excess <= capacity x timeout / 10.
    const peak = capacity * (1 + (timeoutS / 10) * (0.5 + 0.5 * rand()));
    change = Math.floor((100 * peak) / rate);
  } else change = Math.ceil(100 * (1 - (rate * (6 + randomInt(rand, 3))) / 10 / capacity));
  return { incident, capacity, rate, change, timeoutS, start: 20 + 5 * randomInt(rand, 4) };
}
