/**
 * A situation (src/grader/situation.ts) as HTML: built into the page by Exercise.astro, and
 * drawn again in the page when a variant is dealt (mount.ts). Pure string building, so the
 * build and the browser share it; every text is escaped.
 */
import { type Cell, type Situation, type SituationBlock, seriesMax } from "../../grader/situation.ts";
import { escapeHtml } from "../escape-html.ts";

const cellHtml = (cell: Cell) => escapeHtml(typeof cell === "number" ? String(cell) : cell);

function tableHtml(caption: string, columns: string[], rows: Cell[][], highlight: readonly number[] = []): string {
  const head = columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("");
  const body = rows
    .map((row, i) => {
      const mark = highlight.includes(i) ? ' class="br-sit__hot"' : "";
      const cells = row.map((cell, c) =>
        c === 0 ? `<th scope="row">${cellHtml(cell)}</th>` : `<td>${cellHtml(cell)}</td>`,
      );
      return `<tr${mark}>${cells.join("")}</tr>`;
    })
    .join("");
  return `<div class="br-sit__scroll" tabindex="0" role="region" aria-label="${escapeHtml(caption)}"><table class="br-sit__table"><caption>${escapeHtml(caption)}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div>`;
}

/** The axis top: the block's max when it gives one, else 1, 2, 2.5 or 5 times a power of ten at or above the largest value. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((v) => v >= value * (1 - 1e-12))!;
}

/** The colours of a chart's lines, in order (the course's palette; legible on light and dark). */
const lineColours = ["#2f7fd1", "#d1603d", "#3d9a50", "#9b59b6"];
const dashes = ["", "6 3", "2 3", "8 3 2 3"];

function seriesHtml(block: Extract<SituationBlock, { kind: "series" }>): string {
  const W = 360;
  const H = 150;
  const pad = { left: 44, right: 10, top: 10, bottom: 24 };
  const max = block.max ?? niceCeiling(seriesMax(block));
  const xs = block.x.values;
  const x0 = xs[0]!;
  const x1 = xs.at(-1)!;
  const sx = (x: number) => pad.left + ((x - x0) / (x1 - x0 || 1)) * (W - pad.left - pad.right);
  const sy = (y: number) => H - pad.bottom - (Math.min(Math.max(y, 0), max) / max) * (H - pad.top - pad.bottom);
  const r = (n: number) => Math.round(n * 10) / 10;
  const grid = [0, 0.5, 1]
    .map((f) => {
      const y = sy(max * f);
      const label = Number((max * f).toPrecision(3));
      return `<line x1="${pad.left}" x2="${W - pad.right}" y1="${r(y)}" y2="${r(y)}" class="br-sit__grid"/><text x="${pad.left - 6}" y="${r(y + 4)}" text-anchor="end">${label}</text>`;
    })
    .join("");
  const ticks = [x0, xs[Math.floor((xs.length - 1) / 2)]!, x1]
    .map((x) => `<text x="${r(sx(x))}" y="${H - 8}" text-anchor="middle">${escapeHtml(String(x))}</text>`)
    .join("");
  const lines = block.lines
    .map((line, i) => {
      // A gap (null) breaks the line into pieces.
      const pieces: string[][] = [[]];
      line.values.forEach((v, j) => {
        if (v === null) pieces.push([]);
        else pieces.at(-1)!.push(`${r(sx(xs[j]!))},${r(sy(v))}`);
      });
      return pieces
        .filter((p) => p.length > 0)
        .map(
          (p) =>
            `<polyline points="${p.join(" ")}" fill="none" stroke="${lineColours[i % lineColours.length]}" stroke-width="2"${dashes[i % dashes.length] ? ` stroke-dasharray="${dashes[i % dashes.length]}"` : ""}/>`,
        )
        .join("");
    })
    .join("");
  const legend = block.lines
    .map(
      (line, i) =>
        `<li><svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" stroke="${lineColours[i % lineColours.length]}" stroke-width="2"${dashes[i % dashes.length] ? ` stroke-dasharray="${dashes[i % dashes.length]}"` : ""}/></svg>${escapeHtml(line.name)}</li>`,
    )
    .join("");
  const description = `${block.caption}, ${block.unit}, over ${block.x.label} ${x0} to ${x1}; the values are in the table below.`;
  const values = tableHtml(
    `${block.caption} (${block.unit})`,
    [block.x.label, ...block.lines.map((l) => l.name)],
    xs.map((x, j) => [x, ...block.lines.map((l) => l.values[j] ?? "–")]),
  );
  return `<figure class="br-sit__chart"><figcaption>${escapeHtml(block.caption)} <span class="br-sit__unit">(${escapeHtml(block.unit)})</span></figcaption><svg viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(description)}" preserveAspectRatio="xMidYMid meet">${grid}${ticks}${lines}</svg><ul class="br-sit__legend">${legend}</ul><details class="br-sit__values"><summary>The values</summary>${values}</details></figure>`;
}

function blockHtml(block: SituationBlock): string {
  switch (block.kind) {
    case "text":
      return `<p>${escapeHtml(block.text)}</p>`;
    case "table":
      return tableHtml(block.caption, block.columns, block.rows, block.highlight);
    case "series":
      return seriesHtml(block);
    case "log":
    case "map": {
      const text = block.kind === "log" ? block.lines.join("\n") : block.text.trimEnd();
      return `<figure class="br-sit__log"><figcaption>${escapeHtml(block.caption)}</figcaption><pre tabindex="0">${escapeHtml(text)}</pre></figure>`;
    }
  }
}

/** The situation's inner HTML (the page wraps it in its own box); charts in a row share a grid. */
export function situationHtml(situation: Situation): string {
  const out: string[] = [`<h4 class="br-sit__title">${escapeHtml(situation.title)}</h4>`];
  let charts: string[] = [];
  const flush = () => {
    if (charts.length > 0) out.push(`<div class="br-sit__charts">${charts.join("")}</div>`);
    charts = [];
  };
  for (const block of situation.blocks) {
    if (block.kind === "series") charts.push(blockHtml(block));
    else {
      flush();
      out.push(blockHtml(block));
    }
  }
  flush();
  return out.join("");
}
