/**
 * Static SVG charts of a replay run, drawn at build time so the page shows the result before
 * any JavaScript runs (and prints). Pure string building: no DOM.
 */
import { escapeHtml } from "../escape-html.ts";
import { markerColour, type markers, palette, type ChartView } from "./view.ts";

const W = 640;
const H = 150;
const pad = { left: 48, right: 10, top: 8, bottom: 22 };

function niceMax(x: number): number {
  if (x <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(x));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= x) return m * p;
  return 10 * p;
}

/** One chart as an SVG string; `time` is the shared x axis (seconds from the trigger). */
export function chartSvg(chart: ChartView, time: number[], marks: ReturnType<typeof markers>, label: string): string {
  const x0 = time[0]!;
  const x1 = time[time.length - 1]! + 1;
  const values = chart.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yMax = chart.range ? chart.range[1] : niceMax(Math.max(1, ...values));
  const yMin = chart.range ? chart.range[0] : chart.log ? 10 : 0;
  const logMax = chart.log ? niceMax(Math.max(yMin * 10, ...values)) : yMax;
  const sx = (t: number) => pad.left + ((t - x0) / (x1 - x0)) * (W - pad.left - pad.right);
  const sy = (v: number) => {
    const f = chart.log
      ? (Math.log10(Math.max(v, yMin)) - Math.log10(yMin)) / (Math.log10(logMax) - Math.log10(yMin))
      : (v - yMin) / (yMax - yMin);
    return H - pad.bottom - Math.min(1, Math.max(0, f)) * (H - pad.top - pad.bottom);
  };
  const r = (n: number) => Math.round(n * 10) / 10;
  // Points along a flat run (a pool pinned at its size, a success rate stuck at zero) add
  // nothing to the picture: keep only the ends of each run, so the page stays light.
  const paths = chart.series
    .map((s) => {
      const pts: ([number, number] | null)[] = s.values.map((v, i) =>
        v === null ? null : [r(sx(time[i]! + 0.5)), Math.round(sy(v))],
      );
      let d = "";
      pts.forEach((pt, i) => {
        if (!pt) return;
        const prev = pts[i - 1];
        const next = pts[i + 1];
        if (prev && next && prev[1] === pt[1] && next[1] === pt[1]) return;
        d += `${prev ? "L" : "M"}${pt[0]} ${pt[1]}`;
      });
      return `<path d="${d}" fill="none" stroke="${palette[s.colour]}" stroke-width="1.5"${s.dashed ? ' stroke-dasharray="4 3"' : ""}/>`;
    })
    .join("");
  const ticks: string[] = [];
  for (let t = 0; t <= x1; t += 120) {
    ticks.push(
      `<line x1="${r(sx(t))}" x2="${r(sx(t))}" y1="${H - pad.bottom}" y2="${H - pad.bottom + 4}" stroke="currentColor"/>`,
    );
    ticks.push(
      `<text x="${r(sx(t))}" y="${H - 6}" text-anchor="middle">${t === 0 ? "0 s" : t % 60 === 0 ? `${t / 60} min` : `${t} s`}</text>`,
    );
  }
  const top = chart.log ? logMax : yMax;
  const topLabel = chart.log && top >= 1000 ? `${top / 1000} s` : `${top}${chart.unit === "%" ? "%" : ""}`;
  const bottomLabel = chart.log ? `${yMin}` : `${yMin}`;
  ticks.push(`<text x="${pad.left - 4}" y="${pad.top + 8}" text-anchor="end">${escapeHtml(topLabel)}</text>`);
  ticks.push(`<text x="${pad.left - 4}" y="${H - pad.bottom}" text-anchor="end">${escapeHtml(bottomLabel)}</text>`);
  const lines = marks
    .map(
      (m) =>
        `<line x1="${r(sx(m.time))}" x2="${r(sx(m.time))}" y1="${pad.top}" y2="${H - pad.bottom}" stroke="${markerColour[m.kind]}" stroke-width="1" stroke-dasharray="3 3"><title>${escapeHtml(`${m.label} at ${m.time} s`)}</title></line>`,
    )
    .join("");
  return (
    `<svg class="rs-svg" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="${escapeHtml(label)}" font-size="11" fill="currentColor">` +
    `<rect x="${pad.left}" y="${pad.top}" width="${W - pad.left - pad.right}" height="${H - pad.top - pad.bottom}" fill="none" stroke="currentColor" stroke-opacity="0.3"/>` +
    ticks.join("") +
    lines +
    paths +
    `</svg>`
  );
}
