/**
 * Tabletop cards: a game day on paper, for a room without laptops. The injects (what the room is
 * told, and when) are read off the scenario's do-nothing run, so every figure on a card is one
 * the simulation produced.
 */
import { asGiven, countOf, latency, successPercent } from "../../format/number.ts";
import type { Game } from "./game.ts";
import { clock } from "./report.ts";
import type { Frame } from "./telemetry.ts";

export interface Inject {
  at: number;
  text: string;
}

/** Seconds between the status injects after the fault. */
export const injectEvery = 120;

/**
 * The dashboard at `frame`, in words: users' success and a component's, written as the dashboard's
 * rows write them (successPercent: "54.0%" where the game-day page shows "54.0%", "100%" only
 * when every request finished well), so a card and the screen never say one figure two ways.
 */
export function status(game: Game, frame: Frame): string {
  // The component in the worst shape: lowest success, then the longest queue.
  let worst = -1;
  frame.components.forEach((c, i) => {
    const w = frame.components[worst];
    if (!w || (c.success ?? 1) < (w.success ?? 1) || ((c.success ?? 1) === (w.success ?? 1) && c.queue > w.queue))
      worst = i;
  });
  const c = frame.components[worst]!;
  const parts = [
    // A second in which no request finished says so: nothing measured is not 100%.
    frame.finished === 0
      ? "users: no requests finished"
      : `users: ${successPercent(frame.good / frame.finished)} of requests good`,
    `p99 ${frame.p99 === null ? "none answered" : latency(frame.p99)}`,
    `${countOf(frame.tenantsHurting, "tenant")} hurting`,
  ];
  if (frame.cellsHurting !== null) parts.push(`${countOf(frame.cellsHurting, "cell")} hurting`);
  const detail = `${game.componentNames[worst]}: ${c.status}, ${c.success === null ? "no work finished" : `${successPercent(c.success)} success`}, ${c.inUse}/${c.capacity} busy, queue ${asGiven(c.queue)}`;
  return `${parts.join(", ")}. Worst: ${detail}.`;
}

/** What the room is told, and when, if nobody acts: monitoring's first notices, every alert, and a status every two minutes. */
export function injects(doNothing: Game): Inject[] {
  const scenario = doNothing.scenario;
  const out: Inject[] = [];
  const frameAt = (t: number) => doNothing.frames[Math.min(doNothing.frames.length, Math.max(1, t)) - 1]!;
  out.push({ at: 0, text: `You are on call. ${status(doNothing, frameAt(1))}` });
  // The first notice of each kind (crashes, health checks, deploys), not every repeat.
  const kinds = new Set<string>();
  for (const notice of doNothing.feed) {
    const kind = notice.text.replace(/\b[\w-]*\d[\w-]*\b/g, "#");
    if (kinds.has(kind)) continue;
    kinds.add(kind);
    out.push({ at: notice.at, text: `Monitoring: ${notice.text}.` });
  }
  for (const alert of doNothing.finish().alerts)
    out.push({
      at: alert.firedAt,
      text: `${alert.severity === "page" ? "You are paged" : "A ticket opens"}: ${alert.rule} alert.`,
    });
  for (let t = scenario.faultAt + 30; t < scenario.seconds; t += injectEvery)
    out.push({ at: t, text: `Dashboard at ${clock(t)}: ${status(doNothing, frameAt(t))}` });
  return out.sort((a, b) => a.at - b.at).slice(0, 14);
}
