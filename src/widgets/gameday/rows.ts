/**
 * The components' table (each one's state, success, p99, busy slots, queue and the last minute's
 * success as a sparkline) and the line under it: tenants and cells hurting, the budget spent.
 */
import { grouped, svgCoordinate } from "../../format/number.ts";
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

/**
 * Draws the game's latest frame into the table's rows (one a component, in the frames' order);
 * `clear` puts back what the server drew before any game (a new game shows none of the last one's).
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
  return {
    clear() {
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
        setData(
          row,
          "health",
          c.status.includes("crashed") || c.status.includes("unreachable")
            ? "bad"
            : c.success !== null && c.success < 0.95
              ? "warn"
              : "ok",
        );
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
      const cells = last.cellsHurting === null ? "" : `, cells hurting: ${last.cellsHurting}`;
      setText(
        hurting,
        `Tenants hurting now: ${last.tenantsHurting}${cells}. Error budget spent: ${budgetText(last.budgetSpent)}.`,
      );
    },
  };
}
