/**
 * The pool's film as data: what pool-frames.ts samples from the engine at build time, and all the
 * page's code reads (with pool-caption.ts). Types and constants only, so the page never bundles
 * the engine.
 */

/** One connection in a frame: free, held for a caller still waiting, or held for one who has gone. */
export type SlotState = "free" | "waiting" | "gone";

/** How a frame writes each connection, one character per connection. */
export const slotCodes = { free: ".", waiting: "w", gone: "g" } as const satisfies Record<SlotState, string>;

/** A moment the model dates, each with a frame at exactly its time. */
export type PoolMoment = "full" | "fast" | "refusal";

export interface PoolFrame {
  /** Seconds from the trigger's start. */
  t: number;
  /**
   * Decimals the time is written with: 1 on the tenths' grid, else 0. A moment's frame is written
   * as every moment of the storm is (pool-caption.ts's frameTime: to a tenth of a second).
   */
  digits: number;
  /** One character per connection, in the pool's order (see `slotCodes`). */
  slots: string;
  /** Tries waiting for a connection (those whose wait reached the acquire timeout are refused, not waiting). */
  queue: number;
  /** Of the waiting tries, those whose caller has already given up. */
  queueGone: number;
  /** How long the oldest waiting try has waited, in seconds (0 with nobody waiting). */
  oldestWait: number;
  /** Tries refused a connection so far: their wait reached the acquire timeout. */
  refused: number;
  /** The moment this frame marks, if any. */
  moment?: PoolMoment;
}

export interface PoolFilm {
  seed: number;
  poolSize: number;
  clientTimeout: number;
  acquireTimeout: number;
  attemptTimeout: number;
  attempts: number;
  /** When pricing is fast again (the trigger's length). */
  triggerSeconds: number;
  /** The first moment a try finds every connection in use and joins the queue. */
  poolFullSeconds: number;
  /** The first refusal: a wait reaches the acquire timeout. */
  firstRefusalSeconds: number;
  /** When the try refused first had joined the queue. */
  firstRefusedJoinedSeconds: number;
  /** The frame shown first, and printed: the first in which every connection serves a caller who has gone. */
  initial: number;
  frames: PoolFrame[];
}
