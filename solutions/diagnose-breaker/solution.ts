/** Expected answers for "Is the breaker right?", from src/sim/diagnosis/breaker.ts. */
import { grouped, readableShare } from "../../src/format/number.ts";
import { type BreakerParams, breakerCase, breakerWindow, seenFailureRate } from "../../src/sim/diagnosis/breaker.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { down: "leave-open", hanging: "add-timeout", partial: "keep-closed" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as BreakerParams;
  const what = breakerCase(p);
  return { what, action: actionFor[what], rate: seenFailureRate(p) };
}

/** The worked solution's figures for this window (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as BreakerParams;
  const w = breakerWindow(p);
  const what = breakerCase(p);
  const rate = seenFailureRate(p);
  const threshold = `${p.thresholdPct}%`;
  const answered = w.succeeded + w.failed;
  const shared = {
    rateWorking: `${grouped(w.failed)} / ${grouped(answered)}`,
    rate: readableShare(rate),
  };
  if (what === "hanging")
    return {
      ...shared,
      reading: `${grouped(w.started)} calls started in the breaker's window: ${grouped(w.succeeded)} were answered with success, none with an error, and ${grouped(w.waiting)} are still waiting, because the calls have no timeout. Checkout's workers are all busy waiting on them.`,
      diagnosis: "Payments hangs, and the breaker cannot see it",
      why: "It judges only answered calls, and a call that never answers is neither a success nor a failure.",
      change: "Give the calls a timeout",
      changeWhy: `Say 2 s, counted as a failure. Then the ${grouped(w.waiting)} waiting calls become failures, the window reads ${grouped(w.waiting)} / ${grouped(w.started)} = ${readableShare(w.waiting / w.started)}, the breaker opens, and checkout fails fast (or serves a fallback) instead of waiting. A lower threshold changes nothing while no failure is counted.`,
      rateVerdict: `under its ${threshold} threshold, so it stays closed while every worker waits.`,
    };
  if (what === "down")
    return {
      ...shared,
      reading: `All ${grouped(w.started)} calls in the breaker's window were answered, ${grouped(w.failed)} of them with an error (the calls time out, so nothing hangs), and checkout's workers are mostly idle: its calls fail fast.`,
      diagnosis: "Payments is down, and the breaker has opened as it should",
      why: "A dependency that fails most calls fills the window with errors, and the breaker stops calling it.",
      change: "Nothing in the breaker",
      changeWhy:
        "Let it stay open, serve the fallback, and fix payments. Closing it by hand would send every checkout to wait on a failing service; a lower threshold would only open it sooner next time on failures it should tolerate.",
      rateVerdict: `at or above its ${threshold} threshold, so it is open.`,
    };
  return {
    ...shared,
    reading: `All ${grouped(w.started)} calls in the breaker's window were answered, ${grouped(w.failed)} of them with an error (the calls time out, so nothing hangs), and checkout's workers are mostly idle.`,
    diagnosis: "Payments fails some calls, below the threshold; the breaker is right to stay closed",
    // The window fails 10% to just under the threshold, which may be 60%: the calls that still
    // succeed are not always most of them, so the sentence gives their share.
    why: `The other ${readableShare(1 - rate)} of the calls still succeed: a breaker that opened on ${readableShare(rate)} failures would refuse those too.`,
    change: "Nothing in the breaker",
    changeWhy:
      "Handle the failed calls one by one, with a retry under a budget or a fallback, and find out why payments fails some. A lower threshold would open on this partial failure and refuse the calls that work.",
    rateVerdict: `under its ${threshold} threshold, so it stays closed, as it should.`,
  };
}

/**
 * Another breaker: any of the three, a window of 10 to 100 calls, a threshold of 50% or 60%. The
 * model's own count of calls still waiting (0 unless the calls hang) is dealt with it, as `waiting`,
 * for the rate part's feedback on counting them as failures.
 */
export function variant(rand: Random): Record<string, number> {
  const p: BreakerParams = {
    incident: randomInt(rand, 3),
    window: [10, 20, 50, 100][randomInt(rand, 4)]!,
    thresholdPct: [50, 60][randomInt(rand, 2)]!,
    seed: randomInt(rand, 100_000),
  };
  return { ...p, waiting: breakerWindow(p).waiting };
}
