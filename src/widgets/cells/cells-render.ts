/** The cells widget as an HTML string: drawn on the server first, redrawn in the page after. */
import type { CellsView } from "./cells-model.ts";
import { cellsLimits, poisonCustomer } from "./cells-model.ts";
import { escapeHtml } from "../escape-html.ts";
import { cssPercent } from "../../format/number.ts";
import { moveStepWords, rolloutStepText } from "../../sim/cells/words.ts";
import { countOf, grouped, percent } from "./format.ts";

/** What the fault is, in words: the release in cell 0 is bad or good as the reader set it. */
function faultName(view: CellsView): string {
  switch (view.state.fault) {
    case "poison":
      return `a poison request from customer ${poisonCustomer(view.state)}`;
    case "bad-deploy":
      if (!view.state.releaseBad) return "a good release in cell 0";
      return view.state.healthCheckCatches
        ? "a bad release in cell 0"
        : "a bad release the canary's health check misses";
    case "lost-zone":
      return "the loss of zone 0";
  }
}

const capitalised = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;

function cellGrid(view: CellsView): string {
  const hit = new Set(view.blast.affectedCells);
  const boxes = view.populations
    .map((count, cell) => {
      const down = hit.has(cell);
      return `<li class="cw-cell${down ? " cw-cell--down" : ""}" data-cell="${cell}">
  <span class="cw-cell__name">cell ${cell}${cell === 0 ? ' <span class="cw-badge">canary</span>' : ""}</span>
  <span class="cw-cell__count">${countOf(count, "customer")}</span>
  <span class="cw-cell__zone">zone ${view.zoneOf[cell]}${down ? " · <strong>down</strong>" : ""}</span>
</li>`;
    })
    .join("");
  return `<ul class="cw-cells" aria-label="${view.state.cells} cells behind the router; ${view.blast.affectedCells.length} down">${boxes}</ul>`;
}

function blastTable(view: CellsView): string {
  const b = view.blast;
  return `<table class="cw-table" data-figure="blast">
<caption>Blast radius of ${faultName(view)}</caption>
<thead><tr><th scope="col">design</th><th scope="col">customers who lose service</th><th scope="col">share</th></tr></thead>
<tbody>
<tr data-design="cellular"><th scope="row">${countOf(view.state.cells, "cell")} <span class="cw-why">${b.affectedCells.length} of ${countOf(b.cells, "cell")} hit</span></th>
  <td><span class="cw-bar" style="width:${cssPercent(b.customerShare, 1)}"></span>${grouped(b.customersAffected)} of ${grouped(b.customers)}</td>
  <td data-figure="cells-share">${percent(b.customerShare)}</td></tr>
<tr data-design="shared"><th scope="row">One shared deployment <span class="cw-why">${escapeHtml(b.nonCellular.why)}</span></th>
  <td><span class="cw-bar cw-bar--shared" style="width:${cssPercent(b.nonCellular.customerShare, 1)}"></span>${grouped(Math.round(b.nonCellular.customerShare * b.customers))} of ${grouped(b.customers)}</td>
  <td data-figure="shared-share">${percent(b.nonCellular.customerShare)}</td></tr>
</tbody></table>
<p class="cw-note">Untouched in the cellular design: <strong data-figure="untouched">${percent(1 - b.customerShare)}</strong> of customers.</p>`;
}

function rolloutSteps(view: CellsView): string {
  const r = view.rollout;
  const items = r.steps
    .map((s) => {
      // In the terminal's words too (src/sim/cells/words.ts).
      return `<li class="cw-step cw-step--${s.action}">${rolloutStepText(s)}${view.state.releaseBad ? ` <span class="cw-why">${countOf(s.exposedSoFar, "customer")} ${s.exposedSoFar === 1 ? "has" : "have"} seen the bad release</span>` : ""}</li>`;
    })
    .join("");
  const verdict = view.state.releaseBad
    ? `Customers who saw the bad release: <strong data-figure="exposed">${grouped(r.customersExposed)}</strong> (<span data-figure="exposed-share">${percent(r.exposedShare)}</span>), against ${percent(r.allAtOnceExposedShare)} if it had gone everywhere at once.`
    : `A good release: it reaches ${r.cellsReached === 1 ? "its only cell" : `all <span data-figure="exposed">${r.cellsReached}</span> cells`} and nobody is hurt, so the canary's health check has nothing to catch.`;
  return `<ol class="cw-steps" data-figure="rollout">${items}</ol><p class="cw-note">${verdict}</p>${wavesUnused(view)}`;
}

/**
 * Why the cells-per-wave field changes nothing, when it does not: the rollout halted at the
 * canary, so no wave after it ran.
 */
function wavesUnused(view: CellsView): string {
  const r = view.rollout;
  if (!r.halted || r.cellsReached !== 1 || view.state.cells === 1) return "";
  return `<p class="cw-note" data-figure="waves-unused">No wave ran after the canary, so <q>${cellsLimits.waveSize.label}</q> changes nothing here; the waves run when the release is good or the canary's check misses it.</p>`;
}

/** "cell 9", kept on one line: a list of cells breaks only between them ("cell 0 +" / "cell 9"). */
const cellName = (cell: number) => `cell\u00a0${cell}`;

/**
 * The steps of a customer's move: each step's row, and under it, across the whole table, what
 * the step does. In the step's column that sentence took one or two words a line on a phone (the
 * table was 1,207 px tall at 320 px); under its row it reads as a line of text does.
 */
function moveTable(view: CellsView): string {
  if (!view.move) return `<p class="cw-note">With one cell there is nowhere to move a customer.</p>`;
  const list = (cells: number[]) => (cells.length ? cells.map(cellName).join(" + ") : "paused");
  const rows = view.move.steps
    .map(
      (s, i) =>
        `<tr class="cw-move-step"><th scope="row">${i + 1}. ${moveStepWords[s.name]}</th><td>${cellName(s.routedTo)}</td><td>${list(s.writesTo)}</td><td>${list(s.upToDateIn)}</td></tr>` +
        `<tr class="cw-move-why"><td colspan="4">${escapeHtml(s.description)}</td></tr>`,
    )
    .join("");
  return `<table class="cw-table" data-figure="move">
<caption>Moving customer ${view.move.customer}, grown too big for its cell, from cell ${view.move.from} to cell ${view.move.to} (${view.state.strategy === "dual-write" ? "dual-write" : "brief write freeze"})</caption>
<thead><tr><th scope="col">step</th><th scope="col">routed to</th><th scope="col">writes go to</th><th scope="col"><span class="cw-nowrap">up-to-date</span> data in</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

/** The cells a rollout reached, in words: "all 10 cells", "its only cell". */
const reachedCells = (cells: number) => (cells === 1 ? "its only cell" : `all ${countOf(cells, "cell")}`);

export function cellsSummary(view: CellsView): string {
  const b = view.blast;
  const name = capitalised(faultName(view));
  if (view.state.fault === "bad-deploy" && !view.state.releaseBad)
    return `${name} hurts nobody: no cell goes down, in either design, and the rollout reaches ${reachedCells(view.rollout.cellsReached)}.`;
  // For a bad deploy the cells hit are the rollout's reach, so the second sentence says why.
  const deploy =
    view.state.fault === "bad-deploy"
      ? view.state.healthCheckCatches
        ? " The canary's health check halts the rollout there."
        : " Nothing halts the rollout, so it reaches every cell."
      : view.state.releaseBad
        ? ` A bad release rolled out cell by cell reaches ${countOf(view.rollout.customersExposed, "customer")} (${percent(view.rollout.exposedShare)}).`
        : "";
  return `${name} hits ${b.affectedCells.length} of ${countOf(b.cells, "cell")}: ${countOf(b.customersAffected, "customer")} (${percent(b.customerShare)}), against ${percent(b.nonCellular.customerShare)} in one shared deployment.${deploy}`;
}

export function renderCells(view: CellsView): string {
  return `<section class="cw-panel" aria-label="Cells">${cellGrid(view)}${blastTable(view)}</section>
<section class="cw-panel" aria-label="Cell-by-cell deploy"><h3>Deploying cell by cell</h3>${rolloutSteps(view)}</section>
<section class="cw-panel cw-scroll" role="region" tabindex="0" aria-label="Moving a customer"><h3>Moving a customer between cells</h3>${moveTable(view)}</section>`;
}
