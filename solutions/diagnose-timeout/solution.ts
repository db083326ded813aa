/** Expected answers for "Diagnose the timeout", from the histogram of src/sim/diagnosis/timeouts.ts. */
import { grouped, rounded } from "../../src/format/number.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";
import { bucketEdges, cutOff, histogram, type TimeoutParams, timeoutCase } from "../../src/sim/diagnosis/timeouts.ts";

const actionFor = { "too-tight": "raise", "too-loose": "lower", fine: "keep" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as TimeoutParams;
  const what = timeoutCase(p);
  return { what, action: actionFor[what], cut: cutOff(p, p.proposedMs) };
}

const pct = (share: number) => `${rounded(share * 100, 3)}%`;

/** The worked solution's figures for this hour (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as TimeoutParams;
  const what = timeoutCase(p);
  const buckets = histogram(p);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  const answered = buckets.filter((b) => b.label !== "no answer (hung)");
  const hung = buckets.at(-1)!.count;
  const fastest = buckets[0]!;
  const atLeast = (ms: number) => buckets.filter((b) => b.from >= ms && b.count > 0);
  const sumOf = (list: typeof buckets) => list.reduce((sum, b) => sum + b.count, 0);
  const cutNow = sumOf(atLeast(p.timeoutMs));
  const proposed = atLeast(p.proposedMs);
  const cut = cutOff(p, p.proposedMs);
  const cutText = pct(cut);
  const nowShare = pct(cutNow / total);
  const sumText = (list: typeof buckets) =>
    list.length === 0
      ? "0"
      : list.length === 1
        ? grouped(list[0]!.count)
        : `${list.map((b) => grouped(b.count)).join(" + ")} = ${grouped(sumOf(list))}`;
  const healthyTop = answered.filter((b) => b.count > 0).at(-1)!;
  // The slowest healthy call took at most the top edge of the slowest answered bucket.
  const slowest = bucketEdges[answered.indexOf(healthyTop)]!;
  const shape = `Inventory answers ${grouped(fastest.count)} of the hour's ${grouped(total)} calls in under ${grouped(buckets[1]!.from)} ms and the slowest answered calls in ${healthyTop.label}`;
  let reading: string;
  if (what === "too-tight")
    reading = `${shape}; nothing hangs. Checkout's timeout of ${grouped(p.timeoutMs)} ms sits inside that healthy distribution: every call that took ${grouped(p.timeoutMs)} ms or more (${sumText(atLeast(p.timeoutMs))} calls, about ${nowShare}) failed as a timeout although inventory was fine.`;
  else if (what === "too-loose")
    reading = `${shape}, but ${grouped(hung)} calls never answered at all, and checkout waits ${grouped(p.timeoutMs / 1000)} s for each before giving up. A hung call holds a checkout worker ${rounded(p.timeoutMs / slowest, 2)} times as long as the slowest healthy call (${grouped(slowest)} ms), so a trickle of hangs drains the pool.`;
  else
    reading = `${shape}; nothing hangs. Checkout's timeout of ${grouped(p.timeoutMs)} ms sits above that healthy tail: it cuts off ${sumText(atLeast(p.timeoutMs))} calls, about ${nowShare}. The timeout is not what fails checkout's requests.`;
  return {
    reading,
    diagnosis: {
      "too-tight": "The timeout is too tight: it cuts off a real share of healthy calls",
      "too-loose": "The timeout is too loose: hung calls hold workers for far too long",
      fine: "The timeout is right; checkout's errors come from somewhere else",
    }[what],
    action: {
      "too-tight": "Raise the timeout to just above the healthy tail",
      "too-loose": "Lower the timeout to just above the healthy tail, and let a breaker stop calling while calls hang",
      fine: "Keep the timeout, and look elsewhere for checkout's errors",
    }[what],
    actionWhy: {
      "too-tight":
        "Removing it would let one hung call hold a worker for ever; retrying the cut-off calls multiplies load on a service that is fine.",
      "too-loose":
        "A timeout just above the slowest healthy call frees each worker as soon as an answer is no longer coming; the breaker then sees those timeouts as failures and stops sending calls into the hang. Removing the timeout would make it worse; retries would send more calls to hang.",
      fine: "Raising or lowering it changes almost nothing, since almost no call reaches it; retries would only add load. The errors need their own diagnosis.",
    }[what],
    proposed: `${grouped(p.proposedMs)} ms`,
    cut: cutText,
    cutWorking: `It cuts off the calls that took ${grouped(p.proposedMs)} ms or more${proposed.length > 0 ? `, the ${proposed.length === 1 ? "row" : "rows"} ${proposed.map((b) => b.label).join(" and ")}` : ""}: ${sumText(proposed)} of ${grouped(total)}, ${cutText} of calls${what === "too-tight" ? `, instead of about ${nowShare} now` : ""}.${what === "too-loose" && hung > 0 ? ` The ${grouped(hung)} hung calls are among them, and now each holds a worker ${grouped(p.proposedMs)} ms instead of ${grouped(p.timeoutMs / 1000)} s.` : ""}`,
  };
}

const pick = <T>(rand: Random, list: readonly T[]): T => list[randomInt(rand, list.length)]!;

/**
 * What the histogram counts for the cut part's feedback: the hour's calls, and the calls from the
 * row below the proposed timeout up (a count that starts one row too low).
 */
function counts(p: TimeoutParams): { counted: number; fromRowBelow: number } {
  const buckets = histogram(p);
  const below = bucketEdges[bucketEdges.indexOf(p.proposedMs as (typeof bucketEdges)[number]) - 1];
  if (below === undefined) throw new RangeError(`${p.proposedMs} ms has no row below it`);
  const sum = (list: typeof buckets) => list.reduce((total, b) => total + b.count, 0);
  return { counted: sum(buckets), fromRowBelow: sum(buckets.filter((b) => b.from >= below)) };
}

/**
 * Another hour: a tight (200 or 400 ms), right (1,600 or 3,200 ms) or loose (30 s, with hung calls)
 * timeout, with what its histogram counts for the feedback (counts()).
 */
export function variant(rand: Random): Record<string, number> {
  const incident = randomInt(rand, 3);
  const timeoutMs = incident === 0 ? pick(rand, [200, 400]) : incident === 1 ? 30_000 : pick(rand, [1600, 3200]);
  const p: TimeoutParams = {
    incident,
    calls: 3600 * pick(rand, [50, 100, 200, 400]),
    timeoutMs,
    proposedMs: pick(rand, [800, 1600, 3200]),
    hung: incident === 1 ? pick(rand, [50, 100, 200]) : 0,
    seed: randomInt(rand, 100_000),
  };
  return { ...p, ...counts(p) };
}
