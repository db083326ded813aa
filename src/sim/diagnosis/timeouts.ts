/**
 * A dependency's latency over the last hour, as a histogram, and the timeout its callers use,
 * for a diagnosis. Three situations:
 *   too-tight   the timeout cuts off 1% or more of healthy calls: they fail (and are retried)
 *               although the dependency is fine
 *   too-loose   the dependency hangs some calls; a 30-second timeout holds a worker for each
 *               of them, and the callers' pools run dry
 *   fine        the timeout sits above the healthy tail and cuts off almost nothing
 * What a timeout cuts off is counted from the histogram, bucket edges being the candidate
 * timeouts. Pure and seeded: the seed moves each bucket's count by a few percent.
 */
import { mulberry32 } from "../random.ts";
import { asGiven } from "../../format/number.ts";

export const timeoutCases = ["too-tight", "too-loose", "fine"] as const;
export type TimeoutCase = (typeof timeoutCases)[number];

/** Bucket upper edges in milliseconds; the last bucket holds calls that hung until the timeout. */
export const bucketEdges = [50, 100, 200, 400, 800, 1600, 3200] as const;
/** Healthy latency: the share of calls in each bucket below 3,200 ms (per 10,000). */
const healthyShape = [4000, 3000, 1800, 800, 300, 80, 20];

export interface TimeoutParams {
  incident: number;
  /** Calls in the hour. */
  calls: number;
  /** The timeout in use, in milliseconds. */
  timeoutMs: number;
  /** A timeout to weigh, in milliseconds (a bucket edge). */
  proposedMs: number;
  /** Calls that hang, per 10,000 (too-loose only). */
  hung: number;
  seed: number;
}

export function timeoutCase(p: TimeoutParams): TimeoutCase {
  const c = timeoutCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${timeoutCases.length - 1}`);
  return c;
}

export interface Bucket {
  /** "50–100 ms", "hung (no answer)". */
  label: string;
  /** Lower edge in ms (calls in the bucket took at least this long). */
  from: number;
  count: number;
}

export function histogram(p: TimeoutParams): Bucket[] {
  const rand = mulberry32(p.seed);
  const hung = timeoutCase(p) === "too-loose" ? p.hung : 0;
  const scale = p.calls / 10_000;
  const buckets: Bucket[] = healthyShape.map((share, i) => ({
    label: `${asGiven(i === 0 ? 0 : bucketEdges[i - 1]!)}–${asGiven(bucketEdges[i]!)} ms`,
    from: i === 0 ? 0 : bucketEdges[i - 1]!,
    count: Math.round(share * scale * (0.95 + rand() * 0.1)),
  }));
  buckets.push({ label: "no answer (hung)", from: bucketEdges.at(-1)!, count: Math.round(hung * scale) });
  return buckets;
}

/** The share of the hour's calls that took at least `ms` (a bucket edge): those a timeout of `ms` cuts off. */
export function cutOff(p: TimeoutParams, ms: number): number {
  const buckets = histogram(p);
  if (!buckets.some((b) => b.from === ms)) throw new RangeError(`${ms} ms is not a bucket edge`);
  const total = buckets.reduce((sum, b) => sum + b.count, 0);
  return buckets.filter((b) => b.from >= ms).reduce((sum, b) => sum + b.count, 0) / total;
}
