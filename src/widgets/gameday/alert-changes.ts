/**
 * What the feed has not yet said about the alerts: each alert firing, then resolved, as its own
 * event. Between two updates an alert can both fire and resolve (End plays the rest of a game in
 * one step, a resumed game replays minutes at once): it is then reported firing and resolved, so
 * the feed never shows a "resolved" line without the "firing" line before it.
 */
import type { AlertEvent } from "../../sim/gameday/slo.ts";

/** Alerts said so far, by rule and firing second: what state each was said in. */
export type AlertsSaid = Map<string, "firing" | "resolved">;

export function alertChanges(events: readonly AlertEvent[], said: AlertsSaid): AlertEvent[] {
  const changed: AlertEvent[] = [];
  for (const event of events) {
    const key = `${event.rule}@${event.firedAt}`;
    const before = said.get(key);
    const now = event.resolvedAt === null ? "firing" : "resolved";
    if (before === now) continue;
    if (before === undefined && now === "resolved") changed.push({ ...event, resolvedAt: null });
    changed.push({ ...event });
    said.set(key, now);
  }
  return changed;
}
