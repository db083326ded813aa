/**
 * A call chain in trouble, for a diagnosis: user requests enter at the gateway and pass through
 * `layers` services before pricing, which has slowed past every timeout. Three situations look
 * alike on pricing's load chart and need different defences:
 *   amplification   every layer retries `attempts` times: pricing sees attempts^layers tries per
 *                   user request (amplification in src/sim/backoff.ts)
 *   orphaned-work   only the gateway retries, but inner timeouts are longer than outer ones, so
 *                   pricing keeps working for callers that have already given up
 *   no-jitter       only the gateway retries, after a fixed delay with no jitter, so every
 *                   client's retries land in the same second
 * Pure and seeded: the seed picks when the slowdown starts and the log's request ids.
 */
import { grouped, percent } from "../../format/number.ts";
import { amplification } from "../backoff.ts";
import { mulberry32, randomInt } from "../random.ts";

export const retryCases = ["amplification", "orphaned-work", "no-jitter"] as const;
export type RetryCase = (typeof retryCases)[number];

export interface RetryParams {
  incident: number;
  /** Services between the gateway and pricing, the gateway included (2 to 4). */
  layers: number;
  /** Attempts of each layer that retries (the first try and its retries). */
  attempts: number;
  /** User requests per second. */
  rate: number;
  /** The gateway's timeout, in milliseconds. */
  timeoutMs: number;
  seed: number;
}

export function retryCase(p: RetryParams): RetryCase {
  const c = retryCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${retryCases.length - 1}`);
  return c;
}

export const layerNames = ["gateway", "checkout", "cart", "quotes"];

export interface LayerPolicy {
  caller: string;
  callee: string;
  attempts: number;
  timeoutMs: number;
  backoff: string;
}

/** Each hop's retry policy, as the services' configuration shows it. */
export function policies(p: RetryParams): LayerPolicy[] {
  const kind = retryCase(p);
  const names = [...layerNames.slice(0, p.layers), "pricing"];
  return names.slice(0, -1).map((caller, i) => {
    const edge = i === 0;
    const attempts = kind === "amplification" || edge ? p.attempts : 1;
    // Orphaned work: each hop waits longer than its caller would (an inverted timeout chain).
    const timeoutMs =
      kind === "orphaned-work"
        ? p.timeoutMs * (i + 1)
        : Math.max(100, p.timeoutMs - i * Math.round(p.timeoutMs / (p.layers + 1)));
    const backoff =
      attempts === 1 ? "none" : kind === "no-jitter" ? "fixed 1 s, no jitter" : "exponential, full jitter";
    return { caller, callee: names[i + 1]!, attempts, timeoutMs, backoff };
  });
}

/** Tries reaching pricing for one user request while every try times out: the product of each hop's attempts. */
export function triesPerRequest(p: RetryParams): number {
  return amplification(policies(p).map((l) => l.attempts));
}

/** Seconds between a gateway try's start and its retry's: the timeout, then the fixed 1 s delay. */
export const retryPeriod = (p: RetryParams) => Math.ceil(p.timeoutMs / 1000) + 1;

/** The second the slowdown starts (4 to 7), from the seed. */
export const slowdownStart = (p: RetryParams) => 4 + Math.floor(mulberry32(p.seed)() * 4);

/**
 * Pricing's load, per second for 20 seconds, beside the user requests: before the slowdown one
 * try per request; after it, `triesPerRequest` per request, spread evenly, except with fixed
 * retry delays, where each wave of retries lands in one second.
 */
export function pricingLoad(p: RetryParams): { second: number; users: number; pricing: number }[] {
  const start = slowdownStart(p);
  const tries = triesPerRequest(p);
  const kind = retryCase(p);
  const out = [];
  for (let second = 0; second < 20; second++) {
    let pricing = p.rate;
    if (second >= start) {
      if (kind === "no-jitter") {
        // First tries keep arriving evenly; every retry of a period's requests lands in the
        // same second, one timeout plus the fixed delay after the last wave. Over a period
        // the tries still average `tries` per request.
        const period = retryPeriod(p);
        pricing = (second - start) % period === 0 ? p.rate + p.rate * period * (tries - 1) : p.rate;
      } else {
        pricing = p.rate * tries;
      }
    }
    out.push({ second, users: p.rate, pricing });
  }
  return out;
}

/** A few lines of the trace of one user request after the slowdown, showing its case's signature. */
export function traceExcerpt(p: RetryParams): string[] {
  const kind = retryCase(p);
  const rand = mulberry32(p.seed + 7);
  const id = `req-${(1000 + randomInt(rand, 9000)).toString(16)}`;
  const hops = policies(p);
  const last = hops.at(-1)!;
  const t0 = slowdownStart(p) * 1000 + randomInt(rand, 400);
  const at = (ms: number) => `t=${grouped(ms / 1000, 3)}s`;
  if (kind === "amplification") {
    const lines: string[] = [];
    let t = t0;
    for (let a = 1; a <= Math.min(3, last.attempts); a++) {
      t += last.timeoutMs;
      lines.push(
        `${at(t)} ${id} ${last.caller} → pricing try ${a} of ${last.attempts}: timed out after ${last.timeoutMs} ms`,
      );
    }
    const up = hops.at(-2) ?? hops[0]!;
    lines.push(`${at(t + 5)} ${id} ${up.caller} → ${up.callee} try 1 of ${up.attempts}: failed; retrying`);
    lines.push(
      `${at(t + 900)} ${id} ${last.caller} → pricing try 1 of ${last.attempts}: started (the retry's own tries)`,
    );
    return lines;
  }
  if (kind === "orphaned-work") {
    const edge = hops[0]!;
    return [
      `${at(t0)} ${id} gateway → ${edge.callee} try 1 of ${edge.attempts}: started`,
      `${at(t0 + edge.timeoutMs)} ${id} gateway → ${edge.callee} try 1: timed out after ${edge.timeoutMs} ms; retrying`,
      `${at(t0 + edge.timeoutMs + 40)} ${id} gateway → ${edge.callee} try 2 of ${edge.attempts}: started`,
      `${at(t0 + last.timeoutMs - 20)} ${id} ${last.caller} → pricing try 1: answered after ${last.timeoutMs - 20 - 10} ms (its caller gave up ${last.timeoutMs - 20 - edge.timeoutMs} ms ago)`,
      `${at(t0 + last.timeoutMs)} pricing pool: 100% in use, ${percent(1 - edge.timeoutMs / last.timeoutMs, 0)} of it by tries whose user request has already failed`,
    ];
  }
  const edge = hops[0]!;
  const period = retryPeriod(p) * 1000;
  const lines: string[] = [];
  for (let a = 1; a <= Math.min(3, edge.attempts); a++) {
    const t = t0 + (a - 1) * period;
    lines.push(`${at(t)} ${id} gateway → ${edge.callee} try ${a} of ${edge.attempts}: started`);
    if (a === 2)
      lines.push(
        `${at(t)} retries of ${p.rate * retryPeriod(p) - 1} other user requests started in the same millisecond`,
      );
  }
  return lines;
}
