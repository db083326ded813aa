/** Expected answers for "Diagnose the front end's dashboard", from the dashboard model (src/sim/diagnosis/dashboard.ts). */
import { grouped, readableShare, rounded } from "../../src/format/number.ts";
import {
  type DashboardParams,
  dashboardCase,
  defenceCost,
  fastErrorMs,
  steadyState,
} from "../../src/sim/diagnosis/dashboard.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const defenceFor = { "slow-dependency": "bulkhead", overload: "shed", "dependency-errors": "fallback" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as DashboardParams;
  const what = dashboardCase(p);
  return { what, defence: defenceFor[what], cost: defenceCost(p) };
}

/** Seconds, as the worked solution writes them: 0.08, 1.22. */
const s = (ms: number) => rounded(ms / 1000, 4);
const n = (value: number) => rounded(value, 4);

/** The worked solution's figures for this dashboard (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as DashboardParams;
  const what = dashboardCase(p);
  const before = steadyState(p, false);
  const after = steadyState(p, true);
  const cost = defenceCost(p);
  const costText = `${rounded(cost * 100, 4)}%`;
  const f = p.dependencyShare;
  const heldBefore = p.cpuMs + f * p.dependencyMs;
  const busyBefore = `${grouped(p.rate)} × ${s(heldBefore)} = ${n(before.demand)}`;
  const full = after.demand > p.workers;
  const failingNow = readableShare(1 - after.success);
  if (what === "slow-dependency") {
    const slowMs = after.dependencyMs;
    const heldAfter = p.cpuMs + f * slowMs;
    const bulkHeld = p.cpuMs + slowMs;
    const carried = (p.bulkhead * 1000) / bulkHeld;
    const wanted = f * after.arrivals;
    const others = (1 - f) * after.arrivals;
    const othersWorkers = (others * p.cpuMs) / 1000;
    return {
      diagnosis: "The recommendations service has slowed down, and its calls hold the front end's workers",
      reading: `Arrivals stay at ${grouped(p.rate)} a second while the recommendations calls' median latency goes from ${grouped(p.dependencyMs)} ms to ${grouped(slowMs)} ms and none of them fail. Each request holds a worker for its own ${grouped(p.cpuMs)} ms plus, for the ${readableShare(f)} that call recommendations, the call: ${s(p.cpuMs)} + ${n(f)} × ${s(p.dependencyMs)} = ${s(heldBefore)} s before, ${s(p.cpuMs)} + ${n(f)} × ${s(slowMs)} = ${s(heldAfter)} s after. Little's law gives the workers busy: ${busyBefore} before, and ${grouped(p.rate)} × ${s(heldAfter)} = ${n(after.demand)} wanted after, in a pool of ${grouped(p.workers)}. ${full ? `The pool is full, so it turns over ${grouped(p.workers)} / ${s(heldAfter)} = ${n((p.workers * 1000) / heldAfter)} requests a second and ${readableShare(after.success)} of arrivals succeed. Every page fails alike, even those that never call recommendations, because they wait for the same workers.` : `The pool still has room, so ${readableShare(after.success)} of arrivals succeed, slowly.`}`,
      defence: `A timeout on the recommendations call and a bulkhead of ${grouped(p.bulkhead)} workers for it`,
      defenceWhy: `Its slow calls wait in their own ${grouped(p.bulkhead)} workers and fail fast beyond them, and the other pages keep the rest of the pool. Shedding would refuse pages that could be served; a bigger pool fills with waiting calls just the same; retries add arrivals.`,
      cost: costText,
      costWorking:
        wanted <= carried
          ? `A recommendations request holds a bulkhead worker for ${s(p.cpuMs)} + ${s(slowMs)} = ${s(bulkHeld)} s, so ${grouped(p.bulkhead)} workers turn over ${n(carried)} of them a second, more than the ${n(wanted)} that arrive: the bulkhead refuses nothing.`
          : `A recommendations request holds a bulkhead worker for ${s(p.cpuMs)} + ${s(slowMs)} = ${s(bulkHeld)} s, so ${grouped(p.bulkhead)} workers turn over ${grouped(p.bulkhead)} / ${s(bulkHeld)} ≈ ${n(carried)} of them a second. They arrive at ${n(f)} × ${grouped(after.arrivals)} = ${n(wanted)} a second, so about ${n(wanted - carried)} a second fail fast: ${n(wanted - carried)} / ${grouped(after.arrivals)} = ${costText} of all arrivals. The other ${n(others)} a second need ${n(others)} × ${s(p.cpuMs)} = ${n(othersWorkers)} workers of the ${grouped(p.workers - p.bulkhead)} left, and are all served. That beats the ${failingNow} failing without it, and every page that does not call recommendations works.`,
    };
  }
  if (what === "overload") {
    const capacity = (p.workers * 1000) / heldBefore;
    return {
      diagnosis: "More requests arrive than the front end's pool can turn over",
      reading: `Arrivals go from ${grouped(p.rate)} to ${grouped(after.arrivals)} a second while the recommendations calls stay at ${grouped(p.dependencyMs)} ms and none of them fail. Each request holds a worker for ${s(p.cpuMs)} + ${n(f)} × ${s(p.dependencyMs)} = ${s(heldBefore)} s, as before. Little's law gives the workers busy: ${busyBefore} before, and ${grouped(after.arrivals)} × ${s(heldBefore)} = ${n(after.demand)} wanted after, in a pool of ${grouped(p.workers)}. ${full ? `The pool is full and turns over ${grouped(p.workers)} / ${s(heldBefore)} = ${n(capacity)} requests a second, so ${readableShare(after.success)} of arrivals succeed; the rest wait in the queue until they time out.` : `The pool still has room.`}`,
      defence: "Load shedding at the front door",
      defenceWhy:
        "Accept what the pool turns over and refuse the rest at once, so what is accepted stays fast. Nothing is slow or failing, so a bulkhead or a breaker contains nothing; doubling the pool on the same machines overcommits their CPU and memory (adding machines helps, but takes minutes, and shedding protects the service meanwhile); retries add arrivals.",
      cost: costText,
      costWorking: `The pool turns over ${grouped(p.workers)} / ${s(heldBefore)} = ${n(capacity)} requests a second and ${grouped(after.arrivals)} arrive, so shedding refuses 1 − ${n(capacity)} / ${grouped(after.arrivals)} = ${costText} of them at once, and every request it accepts is served.`,
    };
  }
  const slowCalls =
    after.dependencyMs === fastErrorMs
      ? `falls to ${grouped(fastErrorMs)} ms`
      : `stays at ${grouped(after.dependencyMs)} ms`;
  return {
    diagnosis: "The recommendations service fails fast: many of its calls return errors",
    reading: `Arrivals stay at ${grouped(p.rate)} a second, and ${readableShare(after.dependencyErrors)} of the recommendations calls fail, fast: a failed call returns in ${grouped(fastErrorMs)} ms, so their median latency ${slowCalls} and the busy workers fall from ${n(before.demand)} to ${n(after.demand)} of ${grouped(p.workers)}. Success falls to ${readableShare(after.success)}: the ${readableShare(f)} of requests that call recommendations fail ${readableShare(after.dependencyErrors)} of the time, and the rest are served.`,
    defence: "A circuit breaker on the recommendations call",
    defenceWhy:
      "While it is open, product pages are served without recommendations. A bulkhead contains slow calls, and these are fast; shedding would refuse pages the pool has room for; a bigger pool adds workers nobody is waiting for; retries multiply the calls to a failing service.",
    cost: costText,
    costWorking:
      "The fallback serves every page, without recommendations on the ones that would have shown them: nothing is refused.",
  };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/**
 * Another shop: any of the three incidents, with a pool that the traffic fills about a third of
 * before it, and an incident big enough to fill it (slow-dependency, overload) or to fail many
 * calls (dependency-errors).
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const rate = 100 * (4 + randomInt(rand, 9));
  const cpuMs = pick(rand, [10, 20, 30]);
  const dependencyShare = pick(rand, [0.3, 0.4, 0.5]);
  const dependencyMs = pick(rand, [100, 150, 200]);
  const heldMs = cpuMs + dependencyShare * dependencyMs;
  const workers = 10 * Math.ceil((rate * heldMs) / 1000 / 0.35 / 10);
  const bulkhead = 10 * Math.max(1, Math.round((workers * 0.3) / 10));
  const base = { incident, rate, workers, cpuMs, dependencyShare, dependencyMs, bulkhead, seed: randomInt(rand, 1000) };
  const factors = [
    [6, 8, 10],
    [4, 5],
    [40, 60, 80],
  ][incident]!;
  // The incident must fill the pool (or fail many calls): take the next factor up until it does.
  let i = randomInt(rand, factors.length);
  const fills = (factor: number) => steadyState({ ...base, factor } as DashboardParams, true).demand >= 1.2 * workers;
  while (incident !== 2 && i < factors.length - 1 && !fills(factors[i]!)) i++;
  const factor = factors[i]!;
  return { ...base, factor };
}
