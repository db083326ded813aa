/**
 * A situation: what an exercise shows before it asks (a dashboard, a replay excerpt, a
 * failure-domain map, a rollout's per-cell error rates), rendered from a seeded model for the
 * variant's params. An exercise has one when exercises/<id>/situation.ts exists:
 *
 *   export function situation(params: Params): Situation
 *
 * It is pure (it runs at build time, in the page when a variant is dealt, and in the terminal),
 * and it returns data, not markup: the page draws it (src/widgets/exercise/situation-html.ts)
 * and the terminal prints it (situationText, below), from the same spec.
 */
import type { Params } from "./exercise-schema.ts";
import { asGiven } from "../format/number.ts";
import { unitBesideTitle } from "../format/units.ts";

/** A cell of a table: text, or a number shown as given. */
export type Cell = string | number;

export type SituationBlock =
  /** A paragraph of plain text. */
  | { kind: "text"; text: string }
  /** A table; `highlight` marks rows (by index) a dashboard would colour. */
  | { kind: "table"; caption: string; columns: string[]; rows: Cell[][]; highlight?: number[] }
  /**
   * Lines over time (a dashboard's panels): one x axis, several named series in one unit.
   * The page draws a chart with the values as a table beside it; the terminal prints sparklines.
   */
  | {
      kind: "series";
      caption: string;
      x: { label: string; values: number[] };
      unit: string;
      /** The value the y axis tops out at (a pool's size, 100%); the largest value when absent. */
      max?: number;
      lines: { name: string; values: (number | null)[] }[];
    }
  /** Lines of a log or a replay, shown as they are (monospace). */
  | { kind: "log"; caption: string; lines: string[] }
  /** A failure-domain map in the map builder's text format. */
  | { kind: "map"; caption: string; text: string };

export interface Situation {
  /** A heading: "The dashboard at 14:02". */
  title: string;
  blocks: SituationBlock[];
}

export interface SituationModule {
  situation: (params: Params) => Situation;
}

/**
 * The shape every exercises/<id>/situation.ts shares, in one call: it reads the variant's params
 * as the model's own parameter type and returns the situation.
 *
 *   export const situation = defineSituation((p: QueueParams) => ({ title: "...", blocks: [...] }));
 *
 * The params are the exercise's (checked by its yaml and its solution's variant), so the cast is
 * made here once rather than in every file.
 */
export function defineSituation<P>(build: (params: P) => Situation): (params: Params) => Situation {
  return (params) => build(params as unknown as P);
}

export class SituationError extends Error {}

/** Check a situation's shape (it comes from an exercise's own code); throws naming what is wrong. */
export function checkSituation(value: unknown): Situation {
  const fail = (why: string): never => {
    throw new SituationError(`situation(params) ${why}`);
  };
  if (typeof value !== "object" || value === null) return fail("must return an object { title, blocks }");
  const s = value as Situation;
  if (typeof s.title !== "string" || s.title.trim() === "") fail("must have a title");
  if (!Array.isArray(s.blocks) || s.blocks.length === 0) fail("must have at least one block");
  s.blocks.forEach((block, i) => {
    const where = `blocks[${i}]`;
    switch (block?.kind) {
      case "text":
        if (typeof block.text !== "string" || !block.text.trim()) fail(`${where}: a text block needs text`);
        break;
      case "table":
        if (!Array.isArray(block.columns) || block.columns.length === 0) fail(`${where}: a table needs columns`);
        if (!Array.isArray(block.rows) || block.rows.length === 0) fail(`${where}: a table needs rows`);
        block.rows.forEach((row, r) => {
          if (!Array.isArray(row) || row.length !== block.columns.length)
            fail(`${where}.rows[${r}]: ${block.columns.length} cells expected`);
          for (const cell of row)
            if (typeof cell !== "string" && !(typeof cell === "number" && Number.isFinite(cell)))
              fail(`${where}.rows[${r}]: cells are text or finite numbers`);
        });
        break;
      case "series": {
        const n = block.x?.values?.length ?? 0;
        if (n < 2) fail(`${where}: a series needs at least two x values`);
        if (!Array.isArray(block.lines) || block.lines.length === 0) fail(`${where}: a series needs lines`);
        for (const line of block.lines) {
          if (line.values.length !== n)
            fail(`${where}: line "${line.name}" has ${line.values.length} values, x has ${n}`);
          for (const v of line.values)
            if (v !== null && !(typeof v === "number" && Number.isFinite(v)))
              fail(`${where}: line "${line.name}" has a value that is not a finite number`);
        }
        break;
      }
      case "log":
        if (!Array.isArray(block.lines) || block.lines.length === 0) fail(`${where}: a log needs lines`);
        break;
      case "map":
        if (typeof block.text !== "string" || !block.text.trim()) fail(`${where}: a map needs its text`);
        break;
      default:
        fail(`${where}: unknown block kind ${JSON.stringify((block as { kind?: unknown })?.kind)}`);
    }
  });
  return s;
}

/** Run an exercise's situation for params, checked. */
export function renderSituation(module: SituationModule, params: Params): Situation {
  if (typeof module.situation !== "function")
    throw new SituationError("situation.ts must export a function situation(params)");
  return checkSituation(module.situation(params));
}

/** A cell as text: numbers as given (the situation already rounded them for people). */
export const cellText = (cell: Cell): string => (typeof cell === "number" ? asGiven(cell) : cell);

/** Which columns of a table hold figures (right-aligned): every cell a number, or written as one ("0.5%", "1,200"). */
export function numericColumns(columns: readonly string[], rows: readonly Cell[][]): boolean[] {
  return columns.map((_, c) => rows.every((r) => typeof r[c] === "number" || /^[-\d.,%×x ]+$/.test(String(r[c]))));
}

function textTable(columns: string[], rows: Cell[][], highlight: readonly number[] = []): string[] {
  const cells = [columns, ...rows.map((r) => r.map(cellText))];
  const widths = columns.map((_, c) => Math.max(...cells.map((r) => r[c]!.length)));
  const numeric = numericColumns(columns, rows);
  const line = (r: string[], mark: string) =>
    `${mark} ${r.map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!))).join("  ")}`.trimEnd();
  return [
    line(columns, " "),
    `  ${widths.map((w) => "-".repeat(w)).join("  ")}`,
    ...rows.map((r, i) => line(r.map(cellText), highlight.includes(i) ? ">" : " ")),
  ];
}

const bars = "▁▂▃▄▅▆▇█";

/** A line as a sparkline: one character per value, scaled to `max`; "·" where there is no value. */
export function sparkline(values: readonly (number | null)[], max: number): string {
  return values
    .map((v) => {
      if (v === null) return "·";
      const level = max > 0 ? Math.round((Math.min(Math.max(v, 0), max) / max) * (bars.length - 1)) : 0;
      return bars[level];
    })
    .join("");
}

/** The largest value a series block's axis shows. */
export function seriesMax(block: Extract<SituationBlock, { kind: "series" }>): number {
  if (block.max !== undefined) return block.max;
  let max = 0;
  for (const line of block.lines) for (const v of line.values) if (v !== null && v > max) max = v;
  return max;
}

/**
 * A series' caption line: its caption, its unit unless the caption already says it (unitBesideTitle,
 * the page's rule: "Calls per second", not "Calls per second (per second; ...)"), the x axis's
 * range and the y axis's top. Numbers as given, thousands grouped, as the page's axis and values
 * table write them ("1,200").
 */
export function seriesCaption(block: Extract<SituationBlock, { kind: "series" }>): string {
  const xs = block.x.values;
  const unit = unitBesideTitle(block.caption, block.unit);
  return `${block.caption} (${unit ? `${unit}; ` : ""}${block.x.label} ${cellText(xs[0]!)} to ${cellText(xs.at(-1)!)}, axis 0 to ${cellText(seriesMax(block))}):`;
}

/** A series line's values as the terminal lists them after its sparkline, in order: exact numbers to read off, "-" for none. */
export function seriesValues(values: readonly (number | null)[]): string {
  return values.map((v) => (v === null ? "-" : cellText(v))).join(" ");
}

/**
 * One block as the terminal prints it, as written (no width): a table's rows in columns, a series'
 * lines each a sparkline and its values, a log's and a map's lines indented two spaces.
 */
export function blockLines(block: SituationBlock): string[] {
  switch (block.kind) {
    case "text":
      return [block.text];
    case "table":
      return [`${block.caption}:`, ...textTable(block.columns, block.rows, block.highlight)];
    case "series": {
      const max = seriesMax(block);
      const width = Math.max(...block.lines.map((l) => l.name.length));
      // Each line: its sparkline, then its values in order (exact numbers to read off).
      return [
        seriesCaption(block),
        ...block.lines.map(
          (line) => `  ${line.name.padEnd(width)}  ${sparkline(line.values, max)}  ${seriesValues(line.values)}`,
        ),
      ];
    }
    case "log":
      return [`${block.caption}:`, ...block.lines.map((l) => `  ${l}`)];
    case "map":
      return [
        `${block.caption}:`,
        ...block.text
          .trimEnd()
          .split("\n")
          .map((l) => `  ${l}`),
      ];
  }
}

/** The situation as the terminal prints it, as written (a pipe); fitted to a terminal by situation-text.ts. */
export function situationText(situation: Situation): string {
  return [`== ${situation.title} ==`, ...situation.blocks.flatMap((block) => ["", ...blockLines(block)])].join("\n");
}
