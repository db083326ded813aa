/**
 * What the pool animation shows for one frame of the pool's film, as data for the markup: the
 * component draws it at build time (the static state, readable and printable before any code)
 * and the page's code applies it to the same elements when the reader scrubs or plays. Pure.
 */
import { countOf, cssPercent, grouped } from "../../format/number.ts";
import {
  frameSlots,
  frameTime,
  poolCaption,
  slotCounts,
  slotLegend,
  slotOrder,
  waitTime,
} from "../../sim/retry-storm/pool-caption.ts";
import type { PoolFilm, PoolMoment, SlotState } from "../../sim/retry-storm/pool-film.ts";

export interface PoolView {
  index: number;
  /** "1.6 s" */
  time: string;
  caption: string;
  slots: SlotState[];
  counts: Record<SlotState, number>;
  /** The connections as one label, for the row's accessible name. */
  slotsLabel: string;
  /** How pricing answers at this moment, in words. */
  pricing: string;
  queue: string;
  queueGone: string;
  /** The queue's length, and its part for callers who have gone, as shares of the film's longest queue. */
  queueShare: number;
  queueGoneShare: number;
  wait: string;
  /** The oldest wait as a share of the acquire timeout (1: the next try in line is refused). */
  waitShare: number;
  refused: string;
}

/** The film's longest queue: the queue bar's full width. */
export function longestQueue(film: PoolFilm): number {
  return Math.max(1, ...film.frames.map((f) => f.queue));
}

export function poolView(film: PoolFilm, index: number): PoolView {
  const i = Math.max(0, Math.min(film.frames.length - 1, Math.round(index)));
  const frame = film.frames[i]!;
  const counts = slotCounts(frame);
  const longest = longestQueue(film);
  const size = grouped(film.poolSize);
  return {
    index: i,
    time: frameTime(frame),
    caption: poolCaption(film, frame),
    slots: frameSlots(frame),
    counts,
    slotsLabel: `The pool's ${size} connections at ${frameTime(frame)}: ${slotOrder.map((s) => `${grouped(counts[s])} ${slotLegend[s]}`).join(", ")}`,
    pricing: frame.t < 0 ? "healthy" : frame.t < film.triggerSeconds ? "slow" : "fast again",
    queue: countOf(frame.queue, "try", "tries"),
    queueGone: grouped(frame.queueGone),
    queueShare: frame.queue / longest,
    queueGoneShare: frame.queueGone / longest,
    wait: waitTime(frame.oldestWait),
    waitShare: Math.min(1, frame.oldestWait / film.acquireTimeout),
    refused: grouped(frame.refused),
  };
}

const momentNames: Record<PoolMoment, string> = {
  full: "Pool full",
  fast: "Pricing fast again",
  refusal: "First refusal",
};

/** The moments a reader can jump to, in time order: before the trigger, the model's moments, and the first frame with every connection for callers who have gone. */
export function poolJumps(film: PoolFilm): { index: number; label: string }[] {
  const jumps = [{ index: 0, label: "Before the trigger" }];
  film.frames.forEach((f, index) => {
    if (f.moment) jumps.push({ index, label: `${momentNames[f.moment]}, ${frameTime(f)}` });
    if (index === film.initial)
      jumps.push({ index, label: `All ${grouped(film.poolSize)} for callers gone, ${frameTime(f)}` });
  });
  return jumps;
}

/** A share as a CSS width, to at most two decimals: "50%", "33.33%". */
export const cssWidth = (share: number) => cssPercent(share, 2, { trim: true });
