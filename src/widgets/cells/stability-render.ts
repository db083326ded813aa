/** The static-stability widget as an HTML string (server first, then redrawn in the page). */
import type { StabilityView } from "./stability-model.ts";
import { countOf, grouped, percent, times } from "./format.ts";

const phaseNames = {
  before: "Before",
  "control-plane-down": "Control plane down",
  recovered: "Control plane back",
} as const;

/** The diagram has room for eight cells: beyond eight, the eighth box stands for the rest. */
const cellRoom = 8;

/** The cells' boxes, by label: "cell 0" to "cell 7", or "cell 0" to "cell 6" and "41 more". */
export function cellBoxes(cells: number): string[] {
  const named = cells > cellRoom ? cellRoom - 1 : cells;
  const boxes = Array.from({ length: named }, (_, i) => `cell ${i}`);
  if (cells > named) boxes.push(`${grouped(cells - named)} more`);
  return boxes;
}

function diagram(view: StabilityView): string {
  const up = view.state.controlPlaneUp;
  const cached = view.state.routerMode === "cached-mapping";
  const routing = view.shown.routed > 0;
  const label = `Control plane ${up ? "up" : "down"}; the router ${routing ? "routes" : "cannot route"} existing customers${cached ? " from its cached mapping" : ""} to ${countOf(view.state.cells, "cell")}; new customers ${up ? "are placed" : "wait"}.`;
  return `<svg class="ss-diagram" viewBox="0 0 560 200" role="img" aria-label="${label}">
  <rect class="${up ? "ss-box" : "ss-box ss-box--down"}" x="190" y="8" width="180" height="44" rx="6"/>
  <text x="280" y="28" text-anchor="middle">control plane</text>
  <text x="280" y="44" text-anchor="middle" class="ss-small">${up ? "up: places customers" : "DOWN"}</text>
  <line class="${up ? "ss-link" : "ss-link ss-link--cut"}" x1="280" y1="52" x2="280" y2="92"/>
  <text x="290" y="76" class="ss-small">${cached ? "mapping pushed in the background" : "asked on every request"}</text>
  <rect class="${routing ? "ss-box" : "ss-box ss-box--down"}" x="190" y="92" width="180" height="44" rx="6"/>
  <text x="280" y="112" text-anchor="middle">router</text>
  <text x="280" y="128" text-anchor="middle" class="ss-small">${cached ? `cached mapping v${view.shown.mapVersion ?? "-"}` : "no cache"}</text>
  <text x="20" y="118" class="ss-small">requests</text>
  <line class="ss-link" x1="80" y1="114" x2="188" y2="114"/>
  ${cellBoxes(view.state.cells)
    .map((name, i) => {
      const x = 30 + i * 64;
      return `<line class="${routing ? "ss-link" : "ss-link ss-link--cut"}" x1="280" y1="136" x2="${x + 26}" y2="160"/><rect class="ss-box" x="${x}" y="160" width="52" height="30" rx="4"/><text x="${x + 26}" y="180" text-anchor="middle" class="ss-small">${name}</text>`;
    })
    .join("")}
</svg>`;
}

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
<thead><tr><th scope="col">phase</th><th scope="col">existing customers routed</th><th scope="col">new customers placed</th><th scope="col">new customers waiting</th></tr></thead>
<tbody>${rows}</tbody></table>`;
}

export function stabilitySummary(view: StabilityView): string {
  const s = view.shown;
  const total = s.routed + s.failed;
  return `${phaseNames[s.phase]}: ${grouped(s.routed)} of ${countOf(total, "existing customer")} routed (${percent(total ? s.routed / total : 0)}); ${countOf(s.placed, "new customer")} placed, ${grouped(s.turnedAway)} waiting.`;
}

export function renderStability(view: StabilityView): string {
  const p = view.provision;
  return `<section class="cw-panel" aria-label="Router and control plane">${diagram(view)}</section>
<section class="cw-panel cw-scroll" aria-label="Outage phases">${phaseTable(view)}</section>
<section class="cw-panel" aria-label="Pre-provisioning">
  <p class="cw-note">Static stability for capacity: with ${p.zones} zones, run <strong data-figure="provision-factor">${times(p.factor)}</strong> peak (${percent(p.perZone)} of peak in each zone), so losing a zone needs no new instances, and no control plane.</p>
</section>`;
}
