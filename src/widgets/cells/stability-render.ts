/** The static-stability widget as an HTML string (server first, then redrawn in the page). */
import type { StabilityView } from "./stability-model.ts";
import { phaseWords } from "../../sim/cells/words.ts";
import { countOf, grouped, percent, times } from "./format.ts";

/** The outage's phases in words, the terminal's too (src/sim/cells/words.ts). */
const phaseNames = phaseWords;

/** The diagram has room for eight cells: beyond eight, the eighth box stands for the rest. */
const cellRoom = 8;

/** The cells' boxes, by label: "cell 0" to "cell 7", or "cell 0" to "cell 6" and "41 more". */
export function cellBoxes(cells: number): string[] {
  const named = cells > cellRoom ? cellRoom - 1 : cells;
  const boxes = Array.from({ length: named }, (_, i) => `cell ${i}`);
  if (cells > named) boxes.push(`${grouped(cells - named)} more`);
  return boxes;
}

/**
 * The diagram's words and states, the same in both layouts, read from three facts of the view:
 * whether the control plane is up, whether the router keeps a cached mapping, and whether it
 * routes anyone. `label` is what the diagram says in words, its text alternative at either width.
 */
function diagramParts(view: StabilityView) {
  const up = view.state.controlPlaneUp;
  const cached = view.state.routerMode === "cached-mapping";
  const routing = view.shown.routed > 0;
  return {
    label: `Control plane ${up ? "up" : "down"}; the router ${routing ? "routes" : "cannot route"} existing customers${cached ? " from its cached mapping" : ""} to ${countOf(view.state.cells, "cell")}; new customers ${up ? "are placed" : "wait"}.`,
    controlBox: up ? "ss-box" : "ss-box ss-box--down",
    controlState: up ? "up: places customers" : "DOWN",
    controlLink: up ? "ss-link" : "ss-link ss-link--cut",
    /** How the router learns the mapping, in two lines where the narrow layout needs them. */
    learns: cached ? ["mapping pushed", "in the background"] : ["asked on", "every request"],
    routerBox: routing ? "ss-box" : "ss-box ss-box--down",
    routerState: cached ? `cached mapping v${view.shown.mapVersion ?? "-"}` : "no cache",
    cellLink: routing ? "ss-link" : "ss-link ss-link--cut",
  };
}

/** Wide: the cells in one row under the router, 560 units across (its text 11 px at 560 px or more). */
function wideDiagram(view: StabilityView): string {
  const p = diagramParts(view);
  return `<svg class="ss-diagram ss-diagram--wide" viewBox="0 0 560 200" role="img" aria-label="${p.label}">
  <rect class="${p.controlBox}" x="190" y="8" width="180" height="44" rx="6"/>
  <text x="280" y="28" text-anchor="middle">control plane</text>
  <text x="280" y="44" text-anchor="middle" class="ss-small">${p.controlState}</text>
  <line class="${p.controlLink}" x1="280" y1="52" x2="280" y2="92"/>
  <text x="290" y="76" class="ss-small">${p.learns.join(" ")}</text>
  <rect class="${p.routerBox}" x="190" y="92" width="180" height="44" rx="6"/>
  <text x="280" y="112" text-anchor="middle">router</text>
  <text x="280" y="128" text-anchor="middle" class="ss-small">${p.routerState}</text>
  <text x="20" y="118" class="ss-small">requests</text>
  <line class="ss-link" x1="80" y1="114" x2="188" y2="114"/>
  ${cellBoxes(view.state.cells)
    .map((name, i) => {
      const x = 30 + i * 64;
      return `<line class="${p.cellLink}" x1="280" y1="136" x2="${x + 26}" y2="160"/><rect class="ss-box" x="${x}" y="160" width="52" height="30" rx="4"/><text x="${x + 26}" y="180" text-anchor="middle" class="ss-small">${name}</text>`;
    })
    .join("")}
</svg>`;
}

/**
 * Narrow (a phone): the same diagram 240 units across, drawn at least at its own size, so its text
 * stays 11 px or more where the wide one would shrink to 5 px (320 px). The cells sit four to a row
 * under a line from the router; its height is the same for any count, so changing the count does
 * not move the page.
 */
function narrowDiagram(view: StabilityView): string {
  const p = diagramParts(view);
  const router = 148;
  const riser = 120;
  const boxes = cellBoxes(view.state.cells);
  const rows = [boxes.slice(0, 4), boxes.slice(4)].filter((row) => row.length > 0);
  const centre = (column: number) => 30 + column * 60;
  const cells = rows
    .map((row, r) => {
      const top = 166 + r * 48;
      const bus = top - 10;
      const from = r === 0 ? router : riser;
      const left = Math.min(centre(0), from);
      const right = Math.max(centre(row.length - 1), from);
      const joins =
        r === 0
          ? `<line class="${p.cellLink}" x1="${router}" y1="144" x2="${router}" y2="${bus}"/>`
          : `<line class="${p.cellLink}" x1="${riser}" y1="${bus - 48}" x2="${riser}" y2="${bus}"/>`;
      return (
        joins +
        `<line class="${p.cellLink}" x1="${left}" y1="${bus}" x2="${right}" y2="${bus}"/>` +
        row
          .map((name, column) => {
            const x = centre(column);
            return `<line class="${p.cellLink}" x1="${x}" y1="${bus}" x2="${x}" y2="${top}"/><rect class="ss-box" x="${x - 26}" y="${top}" width="52" height="30" rx="4"/><text x="${x}" y="${top + 20}" text-anchor="middle" class="ss-small">${name}</text>`;
          })
          .join("")
      );
    })
    .join("");
  return `<svg class="ss-diagram ss-diagram--narrow" viewBox="0 0 240 252" role="img" aria-label="${p.label}">
  <rect class="${p.controlBox}" x="60" y="8" width="176" height="44" rx="6"/>
  <text x="${router}" y="28" text-anchor="middle">control plane</text>
  <text x="${router}" y="44" text-anchor="middle" class="ss-small">${p.controlState}</text>
  <line class="${p.controlLink}" x1="${router}" y1="52" x2="${router}" y2="100"/>
  <text x="140" y="72" text-anchor="end" class="ss-small">${p.learns[0]}</text>
  <text x="140" y="86" text-anchor="end" class="ss-small">${p.learns[1]}</text>
  <rect class="${p.routerBox}" x="60" y="100" width="176" height="44" rx="6"/>
  <text x="${router}" y="120" text-anchor="middle">router</text>
  <text x="${router}" y="136" text-anchor="middle" class="ss-small">${p.routerState}</text>
  <text x="2" y="116" class="ss-small">requests</text>
  <line class="ss-link" x1="2" y1="124" x2="58" y2="124"/>
  ${cells}
</svg>`;
}

/**
 * The phases, their figures under two headings (existing customers: routed; new customers:
 * placed, waiting), so no column is as wide as "customers" and the table fits a 320 px phone.
 */
function phaseTable(view: StabilityView): string {
  const rows = view.phases
    .map(
      (p) => `<tr data-phase="${p.phase}"${p === view.shown ? ' class="ss-current"' : ""}>
  <th scope="row">${phaseNames[p.phase]}</th>
  <td data-figure="routed-${p.phase}">${grouped(p.routed)} of ${grouped(p.routed + p.failed)}</td>
  <td data-figure="placed-${p.phase}">${grouped(p.placed)}</td>
  <td data-figure="waiting-${p.phase}">${grouped(p.turnedAway)}</td>
</tr>`,
    )
    .join("");
  return `<table class="cw-table">
<caption>Existing customers routed, and new customers placed, before, during and after a control-plane outage</caption>
<colgroup><col></colgroup><colgroup><col></colgroup><colgroup span="2"></colgroup>
<thead><tr><th scope="col" rowspan="2">phase</th><th scope="colgroup">existing customers</th><th scope="colgroup" colspan="2">new customers</th></tr>
<tr><th scope="col">routed</th><th scope="col">placed</th><th scope="col">waiting</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

export function stabilitySummary(view: StabilityView): string {
  const s = view.shown;
  const total = s.routed + s.failed;
  return `${phaseNames[s.phase]}: ${grouped(s.routed)} of ${countOf(total, "existing customer")} routed (${percent(total ? s.routed / total : 0)}); ${countOf(s.placed, "new customer")} placed, ${grouped(s.turnedAway)} waiting.`;
}

export function renderStability(view: StabilityView): string {
  const p = view.provision;
  return `<section class="cw-panel ss-figure" aria-label="Router and control plane">${wideDiagram(view)}${narrowDiagram(view)}</section>
<section class="cw-panel cw-scroll" aria-label="Outage phases">${phaseTable(view)}</section>
<section class="cw-panel" aria-label="Pre-provisioning">
  <p class="cw-note">Static stability for capacity: with ${p.zones} zones, run <strong data-figure="provision-factor">${times(p.factor)}</strong> peak (${percent(p.perZone)} of peak in each zone), so losing a zone needs no new instances, and no control plane.</p>
</section>`;
}
