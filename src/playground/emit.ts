/**
 * How library code ("course", "course/checks") reports to the run it is part of: the
 * worker runtime installs a sink; outside a run (plain Node, tests) events print as text.
 */
import { eventText, type RunEvent } from "./protocol.ts";

let sink: ((event: RunEvent) => void) | null = null;

export function setEventSink(next: ((event: RunEvent) => void) | null): void {
  sink = next;
}

export function emit(event: RunEvent): void {
  if (sink) sink(event);
  else console.log(eventText(event));
}
