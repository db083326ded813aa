/**
 * The zone-headroom widget's output (static stability for capacity), drawn from
 * src/sim/cells/static-stability.ts as HTML, the same on the server and in the page: for the
 * capacity run and the number of zones, what losing one or two zones at the peak leaves, what is
 * refused until new capacity launches, and the bill. Every figure is the model's.
 */
import { countOf, cssPercent, percentUpTo, roundToDecimals, times } from "../../format/number.ts";
import { headroomToSurvive, minZones, zoneLoss } from "../../sim/cells/static-stability.ts";
import { longestWordings } from "../cells/sizers.ts";

export const headroomLimits = {
  zones: { min: minZones, max: 6 },
  /** Capacity run, as a multiple of peak, in steps of 0.05. */
  provisioned: { min: 1, max: 3, step: 0.05 },
} as const;

export interface HeadroomState {
  zones: number;
  provisioned: number;
}

export const defaultHeadroomState: HeadroomState = { zones: 3, provisioned: 1.2 };

/** The slider's value in words: the capacity run across all zones, as a multiple of the peak. */
export function provisionedText(state: HeadroomState): string {
  return `${times(state.provisioned)} the peak`;
}

/** The state a form's values give: anything off the widget's range falls back to the default. */
export function headroomState(fields: { zones?: unknown; provisioned?: unknown }): HeadroomState {
  const zones = Number(fields.zones);
  const provisioned = Number(fields.provisioned);
  const { min, max, step } = headroomLimits.provisioned;
  const onStep = Math.abs(Math.round((provisioned - min) / step) * step + min - provisioned) < 1e-9;
  return {
    zones:
      Number.isInteger(zones) && zones >= headroomLimits.zones.min && zones <= headroomLimits.zones.max
        ? zones
        : defaultHeadroomState.zones,
    provisioned:
      provisioned >= min && provisioned <= max && onStep
        ? roundToDecimals(provisioned, 2)
        : defaultHeadroomState.provisioned,
  };
}

export interface LossRow {
  lost: number;
  /** Capacity the surviving zones hold, as a share of peak. */
  capacityLeft: number;
  /** Share of peak refused until new capacity launches. */
  unserved: number;
  /** Capacity to run so this loss refuses nothing: N / (N - lost). */
  needed: number;
}

export interface HeadroomView {
  state: HeadroomState;
  rows: LossRow[];
}

/** Losing 0, 1 and 2 zones (as many as leave one standing). */
export function headroomView(state: HeadroomState): HeadroomView {
  const rows: LossRow[] = [];
  for (let lost = 0; lost <= Math.min(2, state.zones - 1); lost++) {
    const out = zoneLoss({ zones: state.zones, provisioned: state.provisioned, lost });
    // A shortfall below a billionth of the peak is rounding in N x provisioned / N, not a refusal.
    const unserved = out.unserved < 1e-9 ? 0 : out.unserved;
    rows.push({ lost, capacityLeft: out.capacityLeft, unserved, needed: headroomToSurvive(state.zones, lost) });
  }
  return { state, rows };
}

const spare = (provisioned: number) => percentUpTo(provisioned - 1, 0);
const zonesWord = (n: number) => countOf(n, "zone");

/** One loss, said the same way whether it refuses something or not: "losing 1 zone at the peak refuses ...". */
function lossText(row: LossRow): string {
  const refused =
    row.unserved === 0 ? "nothing" : `${percentUpTo(row.unserved, 0)} of its traffic until new capacity launches`;
  return `losing ${zonesWord(row.lost)} at the peak refuses ${refused}`;
}

/** What a screen reader hears after each change (and the line above the table). */
export function headroomSummary(view: HeadroomView): string {
  const { state, rows } = view;
  const losses = rows.filter((r) => r.lost > 0).map(lossText);
  return (
    `${zonesWord(state.zones)} running ${times(state.provisioned)} the peak (${spare(state.provisioned)} spare): ` +
    `${losses.join("; ")}. The bill is ${times(state.provisioned)} what the peak alone needs.`
  );
}

/** The price of each protection, in words: the capacity that survives one and two zones. */
export function headroomPrices(view: HeadroomView): string {
  const [, one, two] = view.rows;
  const n = view.state.zones;
  const parts = [`Riding out one lost zone of ${n} takes ${times(one!.needed)} the peak (${spare(one!.needed)} spare)`];
  if (two) parts.push(`two takes ${times(two.needed)} (${spare(two.needed)} spare)`);
  return `${parts.join("; ")}. Below that, the shortfall waits on launches, which need the control plane at the moment it is busiest.`;
}

/** Every capacity the slider offers, lowest first. */
export const provisionedSteps: readonly number[] = (() => {
  const { min, max, step } = headroomLimits.provisioned;
  const steps: number[] = [];
  for (let i = 0; min + i * step <= max + 1e-9; i++) steps.push(roundToDecimals(min + i * step, 2));
  return steps;
})();

/** The view at every capacity the slider offers, at `zones`: the texts' longest wordings are read from these. */
const everyCapacity = (zones: number) => provisionedSteps.map((provisioned) => headroomView({ zones, provisioned }));

/** The slider's words: one wording, the same at every zone count. */
export const longestProvisionedTexts = longestWordings(
  everyCapacity(defaultHeadroomState.zones),
  (view) => provisionedText(view.state),
  () => "",
);

/**
 * The summary's longest wordings at `zones` (which losses refuse nothing), laid unseen (and
 * unread) in one grid cell with the shown summary (cw-stack, cells.css): at 320 px it took a line
 * more or less as the slider moved (196, 171.5, 147 px at 3 zones). They depend on the zone
 * count, so the page lays them again when that changes (mount.ts), not at each slider step.
 */
export function summarySizers(zones: number): string {
  return longestWordings(everyCapacity(zones), headroomSummary, (view) =>
    view.rows.map((r) => r.unserved === 0).join(" "),
  )
    .map((text) => `<p class="cw-live cw-live--answer">${text}</p>`)
    .join("");
}

export function renderHeadroom(view: HeadroomView): string {
  const scale = Math.max(headroomLimits.provisioned.max, view.state.provisioned);
  const body = view.rows
    .map((r) => {
      const refused = r.unserved === 0 ? "none" : percentUpTo(r.unserved, 0);
      return (
        `<tr${r.unserved > 0 ? ' class="hr-short"' : ""}><th scope="row">${r.lost === 0 ? "none" : zonesWord(r.lost)}</th>` +
        `<td><span class="hr-track"><span class="hr-bar" style="width:${cssPercent(Math.min(r.capacityLeft, scale) / scale, 1)}"></span><span class="hr-peak" style="left:${cssPercent(1 / scale, 1)}"></span></span>` +
        `${percentUpTo(r.capacityLeft, 0)} of peak</td><td>${refused}</td><td>${times(r.needed)}</td></tr>`
      );
    })
    .join("");
  return (
    `<div class="cw-scroll"><table class="cw-table hr-table"><caption>At the peak, with no new launches (the line marks the peak)</caption>` +
    `<thead><tr><th scope="col">Zones lost</th><th scope="col">Capacity left</th><th scope="col">Peak refused</th><th scope="col">To refuse none, run</th></tr></thead>` +
    `<tbody>${body}</tbody></table></div>` +
    `<p class="hr-prices">${headroomPrices(view)}</p>`
  );
}
