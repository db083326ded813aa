/** Expected answers for "Diagnose the retry chain", from src/sim/diagnosis/retries.ts. */
import { grouped } from "../../src/format/number.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";
import {
  policies,
  pricingLoad,
  type RetryParams,
  retryCase,
  retryPeriod,
  triesPerRequest,
} from "../../src/sim/diagnosis/retries.ts";

const fixFor = { amplification: "one-layer", "orphaned-work": "deadlines", "no-jitter": "jitter" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as RetryParams;
  const what = retryCase(p);
  return { what, fix: fixFor[what], tries: triesPerRequest(p) };
}

/** The worked solution's figures for this chain (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as RetryParams;
  const what = retryCase(p);
  const hops = policies(p);
  const tries = triesPerRequest(p);
  const chain = hops.map((h) => `${h.caller} → ${h.callee}`).join(", ");
  const perSecond = `${grouped(p.rate * tries)} a second for ${grouped(p.rate)} users`;
  if (what === "amplification") {
    const last = hops.at(-1)!;
    const up = hops.at(-2) ?? hops[0]!;
    return {
      diagnosis: "Every hop retries, so the tries multiply on the way down",
      reading: `Every one of the ${grouped(hops.length)} hops (${chain}) allows ${grouped(p.attempts)} attempts. The trace shows ${last.caller} trying pricing and timing out, then ${up.caller} retrying ${up.callee}, which starts a fresh set of tries of pricing. The users' line is flat at ${grouped(p.rate)} a second; pricing's is ${grouped(tries)} times that.`,
      fix: "Retry at one layer only, under a retry budget",
      fixWhy:
        "With one retrying hop the tries add instead of multiplying, and a budget (retries at most a tenth of requests, say) keeps even those from growing when everything fails. Jitter spreads the tries without reducing them; longer timeouts would hold every connection longer; more pricing instances buy capacity for load the callers create.",
      tries: grouped(tries),
      triesWorking: `Each try of a hop starts a full set of tries below it, so while every try times out pricing sees ${hops.map((h) => grouped(h.attempts)).join(" × ")} = ${grouped(tries)} tries for each user request: ${perSecond}.`,
    };
  }
  const edge = hops[0]!;
  if (what === "orphaned-work") {
    const last = hops.at(-1)!;
    return {
      diagnosis: "Inner hops wait longer than their callers, so pricing works on for requests that have already failed",
      reading: `Only the gateway retries (${grouped(edge.attempts)} attempts); every hop below tries once. But the timeouts grow on the way down: ${hops.map((h) => `${h.caller} → ${h.callee} ${grouped(h.timeoutMs)} ms`).join(", ")}. When the gateway gives up after ${grouped(edge.timeoutMs)} ms, the hops below keep waiting up to ${grouped(last.timeoutMs)} ms, so pricing keeps working for users whose request has already failed: the trace shows a try answered after its caller gave up, and pricing's pool busy with such tries.`,
      fix: "Propagate deadlines: each hop waits at most what its caller has left",
      fixWhy:
        "Then a hop stops as soon as nobody is waiting for its answer, and pricing's capacity goes to requests that can still succeed. Retrying at one layer is already the case here; longer timeouts would make the orphaned work longer still; more pricing instances would do more work nobody reads.",
      tries: grouped(tries),
      triesWorking: `Only the gateway retries, so pricing sees the gateway's ${grouped(edge.attempts)} tries for each user request, ${perSecond}. The waste is in how long each try is held after its caller has gone, not in how many there are.`,
    };
  }
  const period = retryPeriod(p);
  const load = pricingLoad(p);
  const spike = Math.max(...load.map((s) => s.pricing));
  return {
    diagnosis: "Retries wait a fixed delay with no jitter, so they arrive in waves",
    reading: `Only the gateway retries (${grouped(edge.attempts)} attempts), after its ${grouped(edge.timeoutMs)} ms timeout and a fixed 1 s delay with no jitter. Requests that failed together retry together: pricing's load jumps to ${grouped(spike)} in one second every ${grouped(period)} s and sits at the users' ${grouped(p.rate)} a second between, and the trace shows the retries of ${grouped(p.rate * period - 1)} other user requests starting in the same millisecond.`,
    fix: "Add jitter to the backoff",
    fixWhy:
      "A random delay spreads each wave over the whole period, so pricing sees the same tries at an even rate instead of a spike it cannot absorb. The tries are not multiplied, so retrying at one layer changes nothing; longer timeouts or more pricing instances treat the spike, not its cause.",
    tries: grouped(tries),
    triesWorking: `Only the gateway retries: ${grouped(tries)} tries per user request, ${perSecond} on average over a period. The count is not the problem; they arrive together.`,
  };
}

/** Another chain: any of the three mistakes, 2 to 4 hops, 2 to 4 attempts, a 500 to 2,000 ms timeout at the gateway. */
export function variant(rand: Random): Record<string, number> {
  for (;;) {
    const params = {
      incident: randomInt(rand, 3),
      layers: 2 + randomInt(rand, 3),
      attempts: 2 + randomInt(rand, 3),
      rate: 100 * (1 + randomInt(rand, 5)),
      timeoutMs: 500 * (1 + randomInt(rand, 4)),
      seed: randomInt(rand, 100_000),
    };
    // Not 2 attempts in 2 hops: 2 × 2 = 2², so adding the tries gives what multiplying them does.
    if (params.attempts * params.layers !== params.attempts ** params.layers) return params;
  }
}
