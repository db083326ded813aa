/**
 * A situation (src/grader/situation.ts) as HTML: built into the page by ExerciseBody.astro, and
 * drawn again in the page when a variant is dealt (mount.ts). Pure string building, so the
 * build and the browser share it; every text is escaped.
 */
import { type Cell, type Situation, type SituationBlock, seriesMax } from "../../grader/situation.ts";
import { asGiven, rounded, roundToFigures } from "../../format/number.ts";
import { escapeHtml } from "../escape-html.ts";
import { unitBesideTitle } from "../../format/units.ts";

const cellHtml = (cell: Cell) => escapeHtml(typeof cell === "number" ? asGiven(cell) : cell);

/** Words of three letters or more, punctuation aside ("deployed" in "(deployed"); not "0", "v8" or "c-805". */
const wordCount = (text: string): number =>
  text.split(/\s+/).filter((w) => /^[^\p{L}\p{N}]*\p{L}{3,}[^\p{L}\p{N}]*$/u.test(w)).length;

/**
 * Whether a body cell may wrap: a cell of words ("exponential, full jitter", "500s since 2 min
 * after the deploy") wraps between them on a phone; a cell of figures or an id ("cell 0", "c-805
 * ×11", "200 of 200", "1,200 ms") stays on one line.
 */
export const cellWraps = (cell: Cell): boolean => typeof cell === "string" && wordCount(cell) >= 2;

/**
 * Text that wraps at its spaces only, and not at all of them: a word with a hyphen is kept whole
 * ("read-only", "req-ae4"), as is a figure with the word after it, its unit ("4 min", "500 ms"),
 * and an arrow with what it points to ("→ checkout", "→ 500 ms"). Left to itself a browser breaks
 * after a hyphen: a column heading of a hyphenated word and its unit broke after the hyphen,
 * three lines tall, and the headings beside it sat under two lines of space; and it breaks on both sides of an arrow: at 390 px the retry
 * chain's "gateway → checkout" took three lines, the arrow alone on the middle one, while "cart →
 * pricing" broke after its arrow, so the hops broke three ways. Kept with its name, a hop that
 * wraps reads "gateway" over "→ checkout", and the arrow is never alone on a line.
 */
export function wrappingHtml(text: string, { keepFigures = true } = {}): string {
  const words = text.split(" ");
  const units: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const figure = keepFigures && /^\d[\d.,]*$/.test(words[i]!) && i + 1 < words.length && words[i + 1] !== "";
    units.push(figure ? `${words[i]} ${words[++i]}` : words[i]!);
  }
  // An arrow goes with the unit after it, a figure with its unit included.
  const groups: string[] = [];
  for (let i = 0; i < units.length; i++) {
    const arrow = units[i] === "→" && i + 1 < units.length && units[i + 1] !== "";
    groups.push(arrow ? `${units[i]} ${units[++i]}` : units[i]!);
  }
  return groups
    .map((g) => (/[- ]/.test(g) ? `<span class="br-sit__word">${escapeHtml(g)}</span>` : escapeHtml(g)))
    .join(" ");
}

function tableHtml(caption: string, columns: string[], rows: Cell[][], highlight: readonly number[] = []): string {
  // A column with a cell of words is read as text: set to the left, its cells of words wrapping.
  const text = columns.map((_, c) => rows.some((row) => cellWraps(row[c]!)));
  const head = columns
    .map(
      (c, i) =>
        `<th scope="col"${text[i] ? ' class="br-sit__text"' : ""}>${wrappingHtml(c, { keepFigures: false })}</th>`,
    )
    .join("");
  const body = rows
    .map((row, i) => {
      const mark = highlight.includes(i) ? ' class="br-sit__hot"' : "";
      const cells = row.map((cell, c) => {
        const wraps = cellWraps(cell);
        const kind = wraps ? ' class="br-sit__text br-sit__wrap"' : text[c] ? ' class="br-sit__text"' : "";
        const html = wraps ? wrappingHtml(cell as string) : cellHtml(cell);
        return c === 0 ? `<th scope="row"${kind}>${html}</th>` : `<td${kind}>${html}</td>`;
      });
      return `<tr${mark}>${cells.join("")}</tr>`;
    })
    .join("");
  // The caption shows above the scrolling box, so it wraps to the box's width on a phone instead of
  // running off with a wide table; the table keeps its own caption for screen readers.
  const name = escapeHtml(caption);
  return `<div class="br-sit__tablebox"><p class="br-sit__caption" aria-hidden="true">${name}</p><div class="br-sit__scroll" tabindex="0" role="region" aria-label="${name}"><table class="br-sit__table"><caption class="br-sit__sr">${name}</caption><thead><tr>${head}</tr></thead><tbody>${body}</tbody></table></div></div>`;
}

/** The axis top: the block's max when it gives one, else 1, 2, 2.5 or 5 times a power of ten at or above the largest value. */
export function niceCeiling(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 2.5, 5, 10].map((m) => m * power).find((v) => v >= value * (1 - 1e-12))!;
}

/** The largest number of labels a time axis takes: four fit a phone's chart ("100 s" each). */
const maxTimeTicks = 4;

/**
 * A chart's time axis: where it runs and where it is labelled, at round values, 1, 2, 2.5 (in
 * whole numbers) or 5 times a power of ten apart, as few apart as give at most `maxTimeTicks`
 * labels. The axis runs on past the last value to the next label where that is no further than
 * one step between values: seconds 0 to 19 are labelled 0, 10 and 20, not 0, 9 and 19; minutes 0
 * to 11, 0, 5 and 10; days 1 to 30, 10, 20 and 30.
 */
export function timeAxis(values: readonly number[]): { min: number; max: number; ticks: number[] } {
  const min = values[0]!;
  const last = values.at(-1)!;
  const span = last - min;
  if (!(span > 0)) return { min, max: last, ticks: [min] };
  const spacing = span / Math.max(1, values.length - 1);
  const eps = span * 1e-9;
  for (let p = Math.floor(Math.log10(spacing)); 10 ** p <= span * 10; p++)
    for (const m of [1, 2, 2.5, 5]) {
      const step = m * 10 ** p;
      // A quarter step only in whole numbers: "25 s", never "day 2.5".
      if (m === 2.5 && !Number.isInteger(step)) continue;
      const next = Math.ceil(last / step - 1e-9) * step;
      const max = next - last <= spacing + eps ? next : last;
      const ticks: number[] = [];
      for (let k = Math.ceil(min / step - 1e-9); k * step <= max + eps; k++)
        // Written as the figure it is (0.3, not 0.30000000000000004; 0, not -0).
        ticks.push(roundToFigures(k * step, 12) + 0);
      if (ticks.length >= 2 && ticks.length <= maxTimeTicks) return { min, max, ticks };
    }
  return { min, max: last, ticks: [min, last] };
}

/**
 * A time axis's label with its unit, by the axis's name (the block's `x.label`): "10 s", "5 min",
 * "day 20"; another name goes before the figure ("week 3").
 */
export function timeLabel(axis: string, value: number): string {
  const figure = asGiven(value);
  const unit = ({ second: "s", minute: "min", hour: "h" } as Record<string, string>)[axis];
  return unit ? `${figure} ${unit}` : `${axis} ${figure}`;
}

/**
 * A value axis's label with its unit where the chart's unit is a measure: "50%", "5 s", "200 ms",
 * "10,000/s". A count ("disks", "of 20") stands alone, as the replay's charts write one: its unit
 * is in the chart's title.
 */
export function valueLabel(unit: string, text: string): string {
  switch (unit) {
    case "%":
      return `${text}%`;
    case "seconds":
      return `${text} s`;
    case "ms":
      return `${text} ms`;
    case "per second":
      return `${text}/s`;
    default:
      return text;
  }
}

/** The colours of a chart's lines, in order (the course's palette; legible on light and dark). */
const lineColours = ["#2f7fd1", "#d1603d", "#3d9a50", "#9b59b6"];
const dashes = ["", "6 3", "2 3", "8 3 2 3"];

/**
 * A chart whose labels keep their size at any width: the lines are drawn in an SVG stretched to
 * the plot's box (strokes keep their width, `non-scaling-stroke`), and the axis numbers are HTML
 * placed at percentages of that box, so they render at the page's chart-label size (12 px) on a
 * phone and on a desktop alike, and the chart never needs more width than its container has.
 */
function seriesHtml(block: Extract<SituationBlock, { kind: "series" }>): string {
  // The plot's own coordinates: x and y from 0 to 1000, y downwards.
  const S = 1000;
  const max = block.max ?? niceCeiling(seriesMax(block));
  const xs = block.x.values;
  const x0 = xs[0]!;
  const x1 = xs.at(-1)!;
  const time = timeAxis(xs);
  const fx = (x: number) => (x - time.min) / (time.max - time.min || 1);
  const fy = (y: number) => 1 - Math.min(Math.max(y, 0), max) / max;
  const r = (n: number) => Math.round(n * 10) / 10;
  const pct = (f: number) => `${r(f * 100)}%`;
  const fractions = [0, 0.5, 1];
  const grid = fractions
    .map((f) => {
      const y = r(fy(max * f) * S);
      return `<line x1="0" x2="${S}" y1="${y}" y2="${y}" class="br-sit__grid" vector-effect="non-scaling-stroke"/>`;
    })
    .join("");
  // Thousands grouped, as every figure the course shows ("10,000", not "10000"), with the unit.
  const yTexts = fractions.map((f) => valueLabel(block.unit, rounded(max * f, 3)));
  // The left gutter fits the longest y label (in ch of the labels' font).
  const gutter = Math.max(...yTexts.map((t) => t.length));
  const yLabels = fractions
    .map(
      (f, i) =>
        `<span class="br-sit__tick br-sit__tick--y" style="top:${pct(fy(max * f))}">${escapeHtml(yTexts[i]!)}</span>`,
    )
    .join("");
  // A time label is centred on its time, but at an end of the axis it lines up its end with it
  // ("labelFlush" in Vega's words), as the replay's charts do: centred there, the first one sat
  // in the chart's corner under the value axis's lowest label, "0/s" and "0 min" read as one.
  const xLabels = time.ticks
    .map((x) => {
      const at = pct(fx(x));
      const edge = at === "0%" ? " br-sit__tick--start" : at === "100%" ? " br-sit__tick--end" : "";
      return `<span class="br-sit__tick br-sit__tick--x${edge}" style="left:${at}">${escapeHtml(timeLabel(block.x.label, x))}</span>`;
    })
    .join("");
  // The axis labels are left out of the search index as they are out of the accessibility tree:
  // side by side they indexed as one word ("0/s500/s1,000/s0 min5 min10 min"); the values table
  // under the chart holds the numbers.
  const stroke = (i: number) => {
    const dash = dashes[i % dashes.length];
    return `stroke="${lineColours[i % lineColours.length]}" stroke-width="2"${dash ? ` stroke-dasharray="${dash}"` : ""}`;
  };
  const lines = block.lines
    .map((line, i) => {
      // A gap (null) breaks the line into pieces.
      const pieces: string[][] = [[]];
      line.values.forEach((v, j) => {
        if (v === null) pieces.push([]);
        else pieces.at(-1)!.push(`${r(fx(xs[j]!) * S)},${r(fy(v) * S)}`);
      });
      return pieces
        .filter((p) => p.length > 0)
        .map((p) => `<polyline points="${p.join(" ")}" fill="none" ${stroke(i)} vector-effect="non-scaling-stroke"/>`)
        .join("");
    })
    .join("");
  const legend = block.lines
    .map(
      (line, i) =>
        `<li><svg width="22" height="8" aria-hidden="true"><line x1="0" x2="22" y1="4" y2="4" ${stroke(i)}/></svg>${escapeHtml(line.name)}</li>`,
    )
    .join("");
  const unit = unitBesideTitle(block.caption, block.unit);
  // The unit where the caption does not already say it ("Calls per second", not "…, per second").
  const description = `${block.caption}${unit ? `, ${unit}` : ""}, over ${block.x.label} ${x0} to ${x1}; the values are in the table below.`;
  const values = tableHtml(
    unit ? `${block.caption} (${unit})` : block.caption,
    [block.x.label, ...block.lines.map((l) => l.name)],
    xs.map((x, j) => [x, ...block.lines.map((l) => l.values[j] ?? "–")]),
  );
  return `<figure class="br-sit__chart"><figcaption>${escapeHtml(block.caption)}${unit ? ` <span class="br-sit__unit">(${escapeHtml(unit)})</span>` : ""}</figcaption><div class="br-sit__plot" role="img" aria-label="${escapeHtml(description)}" style="--gutter:${gutter}ch"><svg viewBox="0 0 ${S} ${S}" preserveAspectRatio="none" aria-hidden="true" focusable="false">${grid}${lines}</svg><div aria-hidden="true" data-pagefind-ignore>${yLabels}${xLabels}</div></div><ul class="br-sit__legend">${legend}</ul><details class="br-sit__values"><summary>The values</summary>${values}</details></figure>`;
}

function blockHtml(block: SituationBlock): string {
  switch (block.kind) {
    case "text":
      return `<p>${escapeHtml(block.text)}</p>`;
    case "table":
      return tableHtml(block.caption, block.columns, block.rows, block.highlight);
    case "series":
      return seriesHtml(block);
    case "log": {
      // A log's lines wrap between words, each line's rest indented under its start, so a phone
      // shows every line whole instead of a box to scroll (situation-html's CSS in ExerciseBody.astro).
      const lines = block.lines.map((line) => `<span class="br-sit__line">${wrappingHtml(line)}\n</span>`).join("");
      return `<figure class="br-sit__log"><figcaption>${escapeHtml(block.caption)}</figcaption><pre class="br-sit__wrapped">${lines}</pre></figure>`;
    }
    case "map": {
      // A map's text is drawn with spaces: it keeps its lines and scrolls, a Tab stop named by its
      // caption that says it scrolls, as a wide table's box does.
      const name = escapeHtml(block.caption);
      return `<figure class="br-sit__log"><figcaption>${name}</figcaption><pre class="br-sit__scroll br-sit__scroll--map" tabindex="0" role="region" aria-label="${name}">${escapeHtml(block.text.trimEnd())}</pre></figure>`;
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
