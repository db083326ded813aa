/**
 * The components' table (each one's state, success, p99, busy slots, queue and the last minute's
 * success as a sparkline) and the line under it: tenants and cells hurting, the budget spent.
 */
import { grouped, svgCoordinate } from "../../format/number.ts";
import { rowHealth } from "../../sim/gameday/signs.ts";
import type { Frame } from "../../sim/gameday/telemetry.ts";
import { budgetText } from "../../sim/gameday/report.ts";
import { q, setData, setText } from "./dom.ts";
import { msText, percentText } from "./text.ts";

/** A success share's last minute as an SVG polyline, 100 by 20, a gap where nothing finished. */
function spark(values: (number | null)[]): string {
  const pts = values
    .map((v, i) =>
      v === null ? null : `${svgCoordinate((i / Math.max(1, values.length - 1)) * 100)},${svgCoordinate(20 - v * 20)}`,
    )
    .filter((p) => p !== null);
  return `<polyline points="${pts.join(" ")}" fill="none" stroke="currentColor" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`;
}

/** The cells whose text changes as the game runs, by column. */
const changing = ["status", "success", "p99", "pool", "queue"] as const;

/**
 * Draws the game's latest frame into the table's rows (one a component, in the frames' order);
 * `clear` puts back what the server drew before any game (a new game shows none of the last one's).
 * A column never narrows during a game: each cell keeps the room of the widest text its column has
 * shown (a p99 of "–" after "1.2 s", "0%" after "54.0%"), so the columns do not jump left and right
 * as the figures change each second. It widens when a wider text comes, which is seldom (a figure
 * gaining a digit), and a new game starts from the server's widths again.
 */
export function createRows(root: HTMLElement): { draw(frames: readonly Frame[]): void; clear(): void } {
  const rows = [...root.querySelectorAll<HTMLTableRowElement>("[data-row]")];
  const hurting = q<HTMLElement>(root, "[data-hurting]");
  const cellsOf = rows.map((row) => ({
    status: q<HTMLElement>(row, "[data-status]"),
    success: q<HTMLElement>(row, "[data-success]"),
    p99: q<HTMLElement>(row, "[data-p99]"),
    pool: q<HTMLElement>(row, "[data-pool]"),
    queue: q<HTMLElement>(row, "[data-queue]"),
    spark: q<SVGElement>(row, "[data-spark]"),
  }));
  const sparkLines: string[] = [];
  // Read before any game has drawn over them: the rows as the server drew them.
  const blank = cellsOf.map((cells) => ({
    status: cells.status.textContent ?? "",
    success: cells.success.textContent ?? "",
    p99: cells.p99.textContent ?? "",
    pool: cells.pool.textContent ?? "",
    queue: cells.queue.textContent ?? "",
  }));
  const blankHealth = rows.map((row) => row.dataset.health ?? "");
  const blankHurting = hurting.textContent ?? "";
  /**
   * The shapes of text each column has shown this game, its digits as zeros ("00.0%", "0.0 s",
   * "00.0% hits"), with its row's health: the table's figures are tabular, so texts of one shape are
   * as wide.
   */
  const shapes = new Map(changing.map((key) => [key, new Set<string>()]));
  const range = document.createRange();
  /** The custom property gameday.css sizes a cell by: a table cell's width, a phone card's figure's min-width. */
  const room = "--gd-room";
  /** Each column's cells kept at least as wide as the widest text it has shown, measured when a new shape comes. */
  const keepRoom = () => {
    for (const key of changing) {
      const seen = shapes.get(key)!;
      const cells = cellsOf.map((c) => c[key]);
      // A row in trouble writes its state and success in bold: a shape of its own.
      const fresh = cells
        .map((cell, i) => `${rows[i]!.dataset.health}:${(cell.textContent ?? "").replace(/\d/g, "0")}`)
        .filter((shape) => !seen.has(shape));
      if (fresh.length === 0) continue;
      for (const shape of fresh) seen.add(shape);
      const widths = cells.map((cell) => {
        range.selectNodeContents(cell);
        return Math.max(range.getBoundingClientRect().width, Number.parseFloat(cell.style.getPropertyValue(room)) || 0);
      });
      const px = `${Math.ceil(Math.max(...widths))}px`;
      for (const cell of cells) cell.style.setProperty(room, px);
    }
  };
  return {
    clear() {
      for (const seen of shapes.values()) seen.clear();
      for (const cells of cellsOf) for (const key of changing) cells[key].style.removeProperty(room);
      rows.forEach((row, i) => {
        const cells = cellsOf[i]!;
        const was = blank[i]!;
        for (const key of ["status", "success", "p99", "pool", "queue"] as const) setText(cells[key], was[key]);
        setData(row, "health", blankHealth[i]!);
        sparkLines[i] = "";
        cells.spark.innerHTML = "";
      });
      setText(hurting, blankHurting);
    },
    draw(frames) {
      const last = frames.at(-1);
      if (!last) return;
      const recent = frames.slice(-60);
      rows.forEach((row, i) => {
        const c = last.components[i]!;
        const cells = cellsOf[i]!;
        setText(cells.status, c.status);
        setData(row, "health", rowHealth(c));
        setText(cells.success, percentText(c.success));
        setText(cells.p99, msText(c.p99));
        setText(cells.pool, `${c.inUse} / ${c.capacity}`);
        setText(cells.queue, grouped(c.queue));
        const line = spark(recent.map((f) => f.components[i]!.success));
        if (sparkLines[i] !== line) {
          sparkLines[i] = line;
          cells.spark.innerHTML = line;
        }
      });
      keepRoom();
      const cells = last.cellsHurting === null ? "" : `, cells hurting: ${last.cellsHurting}`;
      setText(
        hurting,
        `Tenants hurting now: ${last.tenantsHurting}${cells}. Error budget spent: ${budgetText(last.budgetSpent)}.`,
      );
    },
  };
}
