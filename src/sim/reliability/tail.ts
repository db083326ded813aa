/**
 * Tail latency under fan-out, and what hedged requests buy. A request that waits for every one
 * of `fanout` leaves is slow when any leaf is slow; a hedge sends a second copy after a delay and
 * takes whichever answers first. Both assume leaves are slow independently of each other.
 */
import { checkShare, checkWhole } from "./checks.ts";

/** Share of requests that wait on at least one slow leaf: 1 - (1 - p)^n. */
export function anySlow(slowShare: number, fanout: number): number {
  checkShare("share of slow leaf calls", slowShare);
  checkWhole("fan-out", fanout, 1);
  return 1 - (1 - slowShare) ** fanout;
}

/** A leaf call with `copies` independent tries, first answer wins: slow only when every copy is: p^copies. */
export function hedgedSlow(slowShare: number, copies = 2): number {
  checkShare("share of slow leaf calls", slowShare);
  checkWhole("copies", copies, 1);
  return slowShare ** copies;
}

/**
 * Extra requests a hedge adds when the second copy goes only after the first has waited past the
 * `percentile` latency: about 1 - percentile (a p95 hedge adds about 5%).
 */
export function hedgeExtraLoad(percentile: number): number {
  checkShare("percentile", percentile);
  return 1 - percentile;
}
