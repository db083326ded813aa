/**
 * The landing page's figure: the course's retry storm in two curves, drawn at build time from
 * the same runs the replay chapter shows (src/widgets/replay/server.ts). One service that never
 * calls the slow dependency, with no defences and with all six: the whole course in a picture.
 * Pure: a string of SVG and the sentence under it, both computed from the runs.
 */
import { duration, percentUpTo, svgCoordinate } from "../../format/number.ts";
import type { RunView } from "../../widgets/replay/view.ts";
import { escapeHtml } from "../../widgets/escape-html.ts";

/** The service the figure follows: it calls catalog, never pricing. */
export const heroService = "search";

export interface HeroFigure {
  svg: string;
  caption: string;
}

const width = 320;
const height = 190;
const plot = { left: 40, right: 312, top: 14, bottom: 150 };

function serviceIndex(run: RunView): number {
  const i = run.metrics.services.findIndex((s) => s.name === heroService);
  if (i < 0) throw new Error(`the retry storm has no service named ${heroService}`);
  return i;
}

/** The service's success, a point a second; a second with no request is a gap, not a point at 100%. */
function path(run: RunView, x: (t: number) => number, y: (share: number) => number): string {
  const { time } = run.metrics;
  const rates = run.metrics.services[serviceIndex(run)]!.successRate;
  return rates
    .flatMap((rate, i) =>
      rate === null
        ? []
        : [`${i === 0 || rates[i - 1] === null ? "M" : "L"}${svgCoordinate(x(time[i]!))} ${svgCoordinate(y(rate))}`],
    )
    .join(" ");
}

/**
 * Where the no-defences label ends: at the plot's right edge, or before the second the curve first
 * climbs back off the floor (the intervention ends the outage just before the plot does, so a label
 * at the edge sat on the climb, its last letters struck through).
 */
function naiveLabelRight(run: RunView, x: (t: number) => number): number {
  const { time } = run.metrics;
  const rates = run.metrics.services[serviceIndex(run)]!.successRate;
  const floor = 0.05;
  const down = rates.findIndex((rate, i) => time[i]! >= 0 && rate !== null && rate < floor);
  const back = down < 0 ? -1 : rates.findIndex((rate, i) => i > down && rate !== null && rate >= floor);
  return back < 0 ? plot.right : Math.min(plot.right, x(time[back]!) - 6);
}

export function heroFigure(naive: RunView, defended: RunView): HeroFigure {
  const { time } = naive.metrics;
  const t0 = time[0]!;
  const t1 = time.at(-1)!;
  const x = (t: number) => plot.left + ((t - t0) / (t1 - t0)) * (plot.right - plot.left);
  const y = (share: number) => plot.bottom - share * (plot.bottom - plot.top);
  const minutes = Array.from({ length: Math.floor(t1 / 300) + 1 }, (_, i) => i * 300);
  const ticks = minutes
    .map(
      (t) =>
        `<text class="hero-fig__tick" x="${svgCoordinate(x(t))}" y="${plot.bottom + 18}" text-anchor="middle">${t / 60} min</text>`,
    )
    .join("");
  const trigger = x(0);
  const s = naive.summary;
  const label = `Share of ${heroService} requests that succeed over ${Math.round(t1 / 60)} minutes of the retry storm: with no defences it falls to nearly zero when pricing slows at 0 s and stays there until operators step in at ${duration(s.interventionSeconds!)}; with six defences it stays at 100%.`;
  const svg =
    `<svg class="hero-fig__svg" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeHtml(label)}">` +
    `<line class="hero-fig__axis" x1="${plot.left}" y1="${plot.bottom}" x2="${plot.right}" y2="${plot.bottom}"/>` +
    `<text class="hero-fig__tick" x="${plot.left - 6}" y="${y(1) + 5}" text-anchor="end">100%</text>` +
    `<text class="hero-fig__tick" x="${plot.left - 6}" y="${y(0) + 5}" text-anchor="end">0</text>` +
    ticks +
    `<line class="hero-fig__trigger" x1="${svgCoordinate(trigger)}" y1="${plot.top}" x2="${svgCoordinate(trigger)}" y2="${plot.bottom}"/>` +
    `<path class="hero-fig__line hero-fig__line--defended" d="${path(defended, x, y)}"/>` +
    `<path class="hero-fig__line hero-fig__line--naive" d="${path(naive, x, y)}"/>` +
    `<text class="hero-fig__label hero-fig__label--defended" x="${plot.right}" y="${y(1) - 8}" text-anchor="end">six defences</text>` +
    `<text class="hero-fig__label hero-fig__label--naive" x="${svgCoordinate(naiveLabelRight(naive, x))}" y="${y(0) - 10}" text-anchor="end">no defences</text>` +
    `</svg>`;
  const search = (run: RunView) => run.summary.services.find((v) => v.name === heroService)!;
  const caption =
    `Pricing is slow for ${s.triggerSeconds} seconds. Without defences the shared connection pool jams, and ` +
    `${heroService}, which never calls pricing, serves ${percentUpTo(search(naive).incidentSuccessRate!)} of its requests ` +
    `during the incident; it does not recover by itself, and operators step in at ${duration(s.interventionSeconds!)} ` +
    `(a time the model is given, not one it produces). With the six defences of Part II it serves ` +
    `${percentUpTo(search(defended).incidentSuccessRate!)}, and the system is whole again ${duration(defended.summary.recoverySeconds!)} after pricing recovers.`;
  return { svg, caption };
}
