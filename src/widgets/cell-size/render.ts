/**
 * The cell-size widget's output (how many cells?), drawn from src/sim/cells/sizing.ts as HTML, the
 * same on the server and in the page: for the number of cells the reader chooses, what one bad
 * cell takes down, what the router (shared by every cell) still takes down, the monthly bill and
 * its share of per-cell overhead, and what moving the largest tenant costs and how much of a cell
 * it fills. Every figure is the model's; the sentences only put them in words.
 */
import { cssPercent, grouped, percentUpTo, rounded } from "../../format/number.ts";
import {
  type CellCosts,
  cellDesign,
  pathAvailability,
  type TenantMove,
  tenantMoveCost,
  tenantShareOfCell,
} from "../../sim/cells/sizing.ts";
import { cellExample } from "../../sim/cells/example.ts";
import { countOf } from "../cells/format.ts";
import { longestWordings } from "../cells/sizers.ts";

/** The fleet the widget sizes: the chapter's worked example's customers, and what cells cost. */
export const cellSizeScenario = {
  costs: { customers: cellExample.customers, fixedPerCell: 3000, perCustomer: 50 } satisfies CellCosts,
  /** Availability of the router and of each cell (each is needed on every request). */
  routerAvailability: 0.9999,
  cellAvailability: 0.9995,
  /** The data all the customers hold, and the largest tenant's move. */
  totalGB: 20_000,
  largestTenant: { dataGB: 500, copyGBPerHour: 100, writesPerSecond: 40, dualWriteHours: 1 } satisfies TenantMove,
} as const;

export const cellSizeLimits = { min: 1, max: 50 } as const;

export interface CellSizeState {
  cells: number;
}

export const defaultCellSizeState: CellSizeState = { cells: cellExample.cells };

/** The state a form's value gives: anything off the slider's range falls back to the default. */
export function cellSizeState(fields: { cells?: unknown }): CellSizeState {
  const cells = typeof fields.cells === "string" && fields.cells.trim() !== "" ? Number(fields.cells) : fields.cells;
  return typeof cells === "number" &&
    Number.isInteger(cells) &&
    cells >= cellSizeLimits.min &&
    cells <= cellSizeLimits.max
    ? { cells }
    : defaultCellSizeState;
}

export interface CellSizeView {
  state: CellSizeState;
  customers: number;
  /** Customers in the largest cell: what one bad cell takes down. */
  largestCell: number;
  /** Whether every cell holds the same number of customers. */
  even: boolean;
  blastRadius: number;
  monthly: number;
  overhead: number;
  overheadShare: number;
  /** What a customer sees through the router and its cell. */
  availability: number;
  /** The share of one cell the largest tenant's data fills. */
  tenantShare: number;
  move: { copyHours: number; extraWrites: number };
}

export function cellSizeView(state: CellSizeState): CellSizeView {
  const s = cellSizeScenario;
  const design = cellDesign(state.cells, s.costs);
  return {
    state,
    customers: s.costs.customers,
    largestCell: design.largestCell,
    even: s.costs.customers % state.cells === 0,
    blastRadius: design.blastRadius,
    monthly: design.monthly,
    overhead: state.cells * s.costs.fixedPerCell,
    overheadShare: design.overheadShare,
    availability: pathAvailability(s.routerAvailability, s.cellAvailability),
    tenantShare: tenantShareOfCell(s.largestTenant.dataGB, s.totalGB, state.cells),
    move: tenantMoveCost(s.largestTenant),
  };
}

const dollars = (n: number) => `$${grouped(n)}`;
const share = (p: number) => percentUpTo(p, 1);

/** "10 cells of 100 customers", "3 cells of up to 334 customers", "1 cell of 1,000 customers". */
export function cellsText(view: CellSizeView): string {
  const { cells } = view.state;
  return `${countOf(cells, "cell")} of ${view.even ? "" : "up to "}${countOf(view.largestCell, "customer")}`;
}

/**
 * What one bad cell takes down: the largest cell's customers and share, "up to" them when the cells
 * are uneven (at 3 cells, two hold 333 and one 334).
 */
function cellBlast(view: CellSizeView): string {
  return `${view.even ? "" : "up to "}${countOf(view.largestCell, "customer")} (${share(view.blastRadius)})`;
}

/** What one bad cell and a router outage each take down. */
export function blastText(view: CellSizeView): string {
  const all = `${grouped(view.customers)} (${share(1)})`;
  if (view.state.cells === 1)
    return `a bad cell takes down all ${grouped(view.customers)} customers (${share(1)}), as a router outage does`;
  return `one bad cell takes down ${cellBlast(view)}; a router outage still takes down all ${all}`;
}

/** The monthly bill and its share of per-cell overhead. */
export function billText(view: CellSizeView): string {
  const { fixedPerCell } = cellSizeScenario.costs;
  return (
    `The bill is ${dollars(view.monthly)} a month, ${share(view.overheadShare)} of it per-cell overhead ` +
    `(${countOf(view.state.cells, "cell")} × ${dollars(fixedPerCell)}).`
  );
}

/** What a screen reader hears after each change (and the line above the figures). */
export function cellSizeSummary(view: CellSizeView): string {
  return `${cellsText(view)}: ${blastText(view)}. ${billText(view)}`;
}

/** The router: on every request whatever the cell count, so its availability multiplies every cell's. */
export function routerText(view: CellSizeView): string {
  const s = cellSizeScenario;
  return (
    `Every request still crosses the router. With the router up ${percentUpTo(s.routerAvailability, 2)} of the time ` +
    `and each cell ${percentUpTo(s.cellAvailability, 2)}, a customer sees ${percentUpTo(view.availability, 2)} ` +
    `at any cell count: more cells make each outage smaller, not the router's.`
  );
}

/** The largest tenant: how much of a cell it fills at this size, and what moving it costs. */
export function moveText(view: CellSizeView): string {
  const t = cellSizeScenario.largestTenant;
  const fit =
    view.tenantShare >= 1
      ? `At this size it does not fit in a cell: it is ${share(view.tenantShare)} of one, so it needs bigger cells or a cell of its own.`
      : `At this size it fills ${share(view.tenantShare)} of a cell.`;
  const move =
    `copies its data in ${rounded(view.move.copyHours)} h and doubles its ` +
    `${grouped(t.writesPerSecond)} writes a second for ${countOf(t.dualWriteHours, "hour")} of dual-writing ` +
    `(${grouped(view.move.extraWrites)} extra writes), whatever the cell count`;
  const moving =
    view.state.cells === 1
      ? `With one cell there is no other cell to move it to; once there are more, moving it ${move}`
      : `Moving it to another cell ${move}`;
  return (
    `The largest tenant holds ${grouped(t.dataGB)} GB of the ${grouped(cellSizeScenario.totalGB)} GB. ${fit} ` +
    `${moving}; smaller cells leave it less room to grow before it must move.`
  );
}

/** The view at every count the slider allows: the texts' longest wordings are read from these. */
const everyCount = Array.from({ length: cellSizeLimits.max - cellSizeLimits.min + 1 }, (_, i) =>
  cellSizeView({ cells: cellSizeLimits.min + i }),
);

/** The move note's: one cell or more, the tenant fitting or not (at 40 cells, where it stops fitting, it grew a line). */
const longestMoveTexts = longestWordings(
  everyCount,
  moveText,
  (view) => `${view.state.cells === 1} ${view.tenantShare >= 1}`,
);

/** The summary's: one cell or more, cells even or not ("up to"); at 1 cell it was a line shorter. */
export const longestSummaries = longestWordings(
  everyCount,
  cellSizeSummary,
  (view) => `${view.state.cells === 1} ${view.even}`,
);

/** The slider's words: one cell or more, cells even or not ("up to" took a second line at 320 px). */
export const longestCellsTexts = longestWordings(
  everyCount,
  cellsText,
  (view) => `${view.state.cells === 1} ${view.even}`,
);

/** The overhead row's figure: the overhead, the bill it is part of, and what serving the customers costs. */
function overheadText(view: CellSizeView): string {
  return `${dollars(view.overhead)} of ${dollars(view.monthly)} a month (${share(view.overheadShare)}); the other ${dollars(view.monthly - view.overhead)} is the cost of serving the customers`;
}

/**
 * The overhead row's one wording, at its longest: at 320 px the row wrapped to one line more at 28
 * of the 50 counts (17 to 22, 26 to 30, 32 to 44, 46 to 49).
 */
const longestOverheadTexts = longestWordings(everyCount, overheadText, () => "");

/** Texts laid unseen (and unread, and out of the site search) beside the shown one, in one grid cell with it (cw-stack, cells.css). */
const sizers = (texts: readonly string[]) =>
  texts.map((text) => `<span class="cw-sizer" aria-hidden="true" data-pagefind-ignore>${text}</span>`).join("");

function bar(width: number, cls: string): string {
  return `<span class="cs-track"><span class="cs-bar ${cls}" style="width:${cssPercent(Math.min(1, width), 1)}"></span></span>`;
}

/**
 * A row of the table: what, the figure in words, and its bar beneath; with `longest`, the figure's
 * longest wordings laid unseen in its place, so the row is as tall at every count.
 */
function row(what: string, figure: string, text: string, drawn: string, longest: readonly string[] = []): string {
  const shown = `<span data-figure="${figure}">${text}</span>`;
  const sized = longest.length === 0 ? shown : `<span class="cw-stack">${shown}${sizers(longest)}</span>`;
  return `<tr><th scope="row">${what}</th><td>${sized}${drawn}</td></tr>`;
}

export function renderCellSize(view: CellSizeView): string {
  const { cells } = view.state;
  // A place for every cell the slider allows, the unused ones empty, so the strip is as tall at
  // any count and moving the slider does not move the page below it.
  const strip = Array.from({ length: cellSizeLimits.max }, (_, i) =>
    i >= cells ? `<span class="cs-slot"></span>` : `<span class="cs-cell${i === 0 ? " cs-cell--down" : ""}"></span>`,
  ).join("");
  return (
    `<div class="cs-strip" aria-hidden="true">${strip}</div>` +
    `<div class="cw-scroll"><table class="cw-table cs-table"><caption>One bad cell, the router, and the bill</caption>` +
    `<thead><tr><th scope="col">What</th><th scope="col">How much</th></tr></thead><tbody>` +
    row("One bad cell takes down", "cell-blast", cellBlast(view), bar(view.blastRadius, "cs-bar--down")) +
    row(
      "A router outage takes down",
      "router-blast",
      `${grouped(view.customers)} (${share(1)})`,
      bar(1, "cs-bar--down"),
    ) +
    row(
      "Per-cell overhead",
      "overhead",
      overheadText(view),
      bar(view.overheadShare, "cs-bar--cost"),
      longestOverheadTexts,
    ) +
    row(
      "Largest tenant fills",
      "tenant",
      `${share(view.tenantShare)} of a cell`,
      bar(view.tenantShare, view.tenantShare >= 1 ? "cs-bar--down" : "cs-bar--cost"),
    ) +
    `</tbody></table></div>` +
    `<p class="cs-note" data-figure="router">${routerText(view)}</p>` +
    `<p class="cs-note cw-stack"><span data-figure="move">${moveText(view)}</span>` +
    sizers(longestMoveTexts) +
    `</p>`
  );
}
