/**
 * What the pool animation says about a frame of the pool's film (pool-frames.ts), as sentences:
 * one implementation for the page's static state (drawn at build time) and the page's code, which
 * loads the frames and this file (and pool-film.ts), never the engine. Pure: no DOM.
 */
import { countOf, grouped, secondsOrMinutes } from "../../format/number.ts";
import { slotCodes, type PoolFilm, type PoolFrame, type SlotState } from "./pool-film.ts";

/** How the animation names each state of a connection, in its legend. */
export const slotLegend: Record<SlotState, string> = {
  waiting: "busy for a caller still waiting",
  gone: "busy for a caller who has gone",
  free: "free",
};

/** The order the legend and the counts list the states in. */
export const slotOrder: readonly SlotState[] = ["waiting", "gone", "free"];

/** Each connection of a frame, in the pool's order. */
export function frameSlots(frame: PoolFrame): SlotState[] {
  return [...frame.slots].map((c) => (c === slotCodes.gone ? "gone" : c === slotCodes.waiting ? "waiting" : "free"));
}

/** How many connections of a frame are in each state. */
export function slotCounts(frame: PoolFrame): Record<SlotState, number> {
  const counts = { free: 0, waiting: 0, gone: 0 };
  for (const s of frameSlots(frame)) counts[s]++;
  return counts;
}

/**
 * The frame's time as the animation writes it: a frame on the film's grid with its own decimals
 * ("1.6 s", "12 s"), and a moment the model dates as every page writes a moment of the storm
 * (secondsOrMinutes: "0.5 s" for the pool full at 0.47 s, "82.7 s" for the first refusal).
 */
export function frameTime(frame: Pick<PoolFrame, "t" | "digits" | "moment">): string {
  return frame.moment ? secondsOrMinutes(frame.t) : `${grouped(frame.t, frame.digits)} s`;
}

/** A wait as the animation writes it: hundredths under a second, then tenths ("0 s", "0.53 s", "19.8 s"). */
export function waitTime(seconds: number): string {
  if (seconds === 0) return "0 s";
  return `${grouped(seconds, seconds < 1 ? 2 : 1)} s`;
}

const tries = (n: number) => countOf(n, "try", "tries");

/** What the connections are doing, as one sentence's worth (no time, no full stop). */
function connections(film: PoolFilm, frame: PoolFrame): string {
  const { free, waiting, gone } = slotCounts(frame);
  const size = grouped(film.poolSize);
  const busy = waiting + gone;
  if (busy === 0) return `none of the ${size} connections is in use`;
  if (gone === film.poolSize) return `all ${size} connections are busy serving callers who have gone`;
  if (gone === 0)
    return busy === film.poolSize
      ? `all ${size} connections are in use, each for a caller still waiting`
      : `${grouped(busy)} of the ${size} connections ${busy === 1 ? "is" : "are"} in use, for callers still waiting`;
  const parts = [
    `${grouped(gone)} of the ${size} connections serve callers who have gone`,
    `${grouped(waiting)} serve${waiting === 1 ? "s" : ""} callers still waiting`,
  ];
  if (free > 0) parts.push(`${grouped(free)} ${free === 1 ? "is" : "are"} free`);
  return parts.join(", ");
}

/** Who waits for a connection, and for how long the oldest has waited (no full stop). */
function queue(film: PoolFilm, frame: PoolFrame): string {
  if (frame.queue === 0) return "nobody waits for a connection";
  const gone = frame.queueGone === 0 ? "" : `, ${grouped(frame.queueGone)} of them for callers who have gone`;
  return `${tries(frame.queue)} wait for a connection${gone}; the oldest has waited ${waitTime(frame.oldestWait)} of the ${grouped(film.acquireTimeout)} s the pool allows`;
}

const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;

/** What the frame shows, in sentences: the caption under the animation, and what it announces. */
export function poolCaption(film: PoolFilm, frame: PoolFrame): string {
  const time = frameTime(frame);
  const slow = frame.t >= 0 && frame.t < film.triggerSeconds;
  const refused =
    frame.refused === 0
      ? ""
      : ` ${tries(frame.refused)} refused so far, each after waiting ${grouped(film.acquireTimeout)} s.`;
  if (frame.moment === "full")
    return `The pool is full at ${time}: all ${grouped(film.poolSize)} connections are in use, and the first try joins the queue to wait for one.`;
  if (frame.moment === "refusal")
    return `The first refusal, at ${time}: the try at the head of the queue joined it at ${secondsOrMinutes(film.firstRefusedJoinedSeconds)}, has waited the pool's full ${grouped(film.acquireTimeout)} s, and is refused a connection. ${sentence(connections(film, frame))} ${sentence(queue(film, frame))}`;
  if (frame.moment === "fast")
    return `Pricing is fast again at ${time}, but the pool does not recover: ${connections(film, frame)}. ${sentence(queue(film, frame))}`;
  if (frame.t < 0) return `At ${time}, before the trigger: ${connections(film, frame)}; ${queue(film, frame)}.`;
  const pricing = slow ? "pricing is slow" : "pricing is fast again";
  if (frame.queue === 0 && frame.refused === 0)
    return `At ${time}, ${pricing}: ${connections(film, frame)}; ${queue(film, frame)}.`;
  return `At ${time}, ${pricing}: ${connections(film, frame)}. ${sentence(queue(film, frame))}${refused}`;
}
