/**
 * A situation as the terminal prints it, fitted to the terminal's width (outputWidth) by the rules
 * of every command's output (src/cli/terminal-width.ts): a block whose lines all fit is printed
 * as written (situationText's), and one that does not is fitted, keeping its words in order:
 *   - prose and captions wrap at spaces;
 *   - a table's columns wrap in their cells (fitTable), figures still right-aligned and the
 *     highlighted rows still marked ">"; too narrow for its columns, it is one row after another,
 *     each cell under its column's name;
 *   - a series line keeps its name and sparkline on one line, and its values go on below, wrapped
 *     under the sparkline; a sparkline wider than the room is cut into lines of its own;
 *   - a log's line goes on two in from where it starts, and so does a map's, but for a comment,
 *     which goes on under its own text.
 * Kept apart from src/grader/situation.ts, which the page loads too: only the terminal needs the
 * width rules.
 */
import { displayWidth, fitTable, wrapLine } from "./terminal-width.ts";
import {
  blockLines,
  cellText,
  numericColumns,
  seriesMax,
  seriesValues,
  type Situation,
  type SituationBlock,
  situationText,
  sparkline,
} from "../grader/situation.ts";

/** Where a log line's continuation starts: two in from the line's own indent. */
const continued = 4;

/** A table fitted to `width`: its columns wrapped, or one row after another. */
function fittedTable(block: Extract<SituationBlock, { kind: "table" }>, width: number): string[] {
  const highlight = block.highlight ?? [];
  const cells = [block.columns, ...block.rows.map((r) => r.map(cellText))];
  const numeric = numericColumns(block.columns, block.rows);
  const mark = (r: number) => (r > 0 && highlight.includes(r - 1) ? ">" : " ");
  const caption = wrapLine(`${block.caption}:`, width);
  // Two columns go to the mark ("> " or "  ") before every row.
  const fitted = fitTable(cells, width - 2);
  if (fitted) {
    const { widths } = fitted;
    // A row's lines: each cell wrapped in its column, figures right-aligned, the first line marked.
    const rowLines = (row: readonly string[], r: number) => {
      const wrapped = row.map((cell, c) => wrapLine(cell, widths[c]!, 0).split("\n"));
      const height = Math.max(...wrapped.map((lines) => lines.length));
      return Array.from({ length: height }, (_, i) => {
        const line = wrapped
          .map((lines, c) => {
            const text = lines[i] ?? "";
            const pad = " ".repeat(Math.max(0, widths[c]! - displayWidth(text)));
            return r > 0 && numeric[c] ? pad + text : text + pad;
          })
          .join("  ");
        return `${i === 0 ? mark(r) : " "} ${line}`.trimEnd();
      });
    };
    return [
      caption,
      ...rowLines(cells[0]!, 0),
      `  ${widths.map((w) => "-".repeat(w)).join("  ")}`,
      ...cells.slice(1).flatMap((row, r) => rowLines(row, r + 1)),
    ];
  }
  // One row after another: its first cell (marked), then each other cell under its column's name.
  return [
    caption,
    ...cells
      .slice(1)
      .flatMap((row, r) => [
        wrapLine(`${mark(r + 1)} ${row[0]}`, width),
        ...row.slice(1).map((cell, c) => wrapLine(`    ${block.columns[c + 1]}: ${cell}`, width, continued + 2)),
      ]),
  ];
}

/** A series fitted to `width`: each line's name and sparkline, its values wrapped below them. */
function fittedSeries(block: Extract<SituationBlock, { kind: "series" }>, width: number, written: string[]): string[] {
  const max = seriesMax(block);
  const nameWidth = Math.max(...block.lines.map((l) => l.name.length));
  const out = [wrapLine(written[0]!, width)];
  block.lines.forEach((line, i) => {
    const whole = written[i + 1]!;
    if (displayWidth(whole) <= width) {
      out.push(whole);
      return;
    }
    const spark = sparkline(line.values, max);
    const head = `  ${line.name.padEnd(nameWidth)}  ${spark}`;
    const values = seriesValues(line.values);
    if (displayWidth(head) <= width) {
      // The values start under the sparkline, where they start on the line when it fits.
      const column = 2 + nameWidth + 2;
      out.push(head, wrapLine(" ".repeat(column) + values, width));
      return;
    }
    // No room for the name and the sparkline together: the name, then the sparkline in pieces.
    const bars = [...spark];
    const room = Math.max(1, width - continued);
    out.push(wrapLine(`  ${line.name}`, width));
    for (let at = 0; at < bars.length; at += room) out.push(" ".repeat(continued) + bars.slice(at, at + room).join(""));
    out.push(wrapLine(" ".repeat(continued) + values, width));
  });
  return out;
}

/** One block fitted to `width`: as written when every line fits. */
function fittedBlock(block: SituationBlock, width: number): string[] {
  const written = blockLines(block);
  if (written.every((line) => displayWidth(line) <= width)) return written;
  switch (block.kind) {
    case "table":
      return fittedTable(block, width);
    case "series":
      return fittedSeries(block, width, written);
    case "log":
      // A log line goes on two in from where it starts.
      return written.map((line, i) => (i === 0 ? wrapLine(line, width) : wrapLine(line, width, continued)));
    case "map":
      // A comment goes on under its own text, a statement two in from where it starts.
      return written.map((line, i) => {
        if (i === 0) return wrapLine(line, width);
        const comment = line.indexOf("# ");
        return wrapLine(line, width, comment >= 0 ? comment + 2 : continued);
      });
    default:
      return written.map((line) => wrapLine(line, width));
  }
}

/**
 * The situation as the terminal prints it, fitted to `width`; as written (situationText) when
 * `width` is undefined (a pipe, a file).
 */
export function fittedSituationText(situation: Situation, width: number | undefined): string {
  if (width === undefined) return situationText(situation);
  return [
    wrapLine(`== ${situation.title} ==`, width),
    ...situation.blocks.flatMap((block) => ["", ...fittedBlock(block, width)]),
  ].join("\n");
}
