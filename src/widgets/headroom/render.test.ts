import { describe, expect, test } from "vitest";
import { percentUpTo } from "../../format/number.ts";
import { headroomToSurvive, zoneLoss } from "../../sim/cells/static-stability.ts";
import {
  defaultHeadroomState,
  headroomLimits,
  headroomPrices,
  headroomState,
  headroomSummary,
  headroomView,
  renderHeadroom,
} from "./render.ts";

describe("the zone-headroom widget's words", () => {
  test("the summary states what losing one and two zones refuses at this capacity, and the bill", () => {
    const view = headroomView(defaultHeadroomState);
    const one = zoneLoss({ zones: 3, provisioned: 1.2, lost: 1 });
    const two = zoneLoss({ zones: 3, provisioned: 1.2, lost: 2 });
    expect(one.unserved).toBeCloseTo(0.2, 12);
    expect(two.unserved).toBeCloseTo(0.6, 12);
    expect(headroomSummary(view)).toBe(
      "3 zones running 1.2× the peak (20% spare): losing 1 zone at the peak refuses 20% of its traffic until new " +
        "capacity launches; losing 2 zones at the peak refuses 60% of its traffic until new capacity launches. The " +
        "bill is 1.2× what the peak alone needs.",
    );
  });

  test("at exactly N / (N - 1) one lost zone refuses nothing; the price of each protection is N / (N - lost)", () => {
    const view = headroomView({ zones: 3, provisioned: 1.5 });
    expect(headroomSummary(view)).toContain(
      "losing 1 zone at the peak refuses nothing; losing 2 zones at the peak refuses 50%",
    );
    expect(headroomPrices(view)).toBe(
      `Riding out one lost zone of 3 takes 1.5× the peak (50% spare); two takes 3× (200% spare). Below that, the ` +
        "shortfall waits on launches, which need the control plane at the moment it is busiest.",
    );
    expect(headroomToSurvive(3, 1)).toBe(1.5);
    expect(headroomToSurvive(3, 2)).toBe(3);
    // Two zones: only one can be lost.
    expect(headroomView({ zones: 2, provisioned: 1 }).rows.map((r) => r.lost)).toEqual([0, 1]);
    expect(headroomPrices(headroomView({ zones: 2, provisioned: 1 }))).toMatch(
      /^Riding out one lost zone of 2 takes 2× the peak \(100% spare\)\. /,
    );
  });

  test("never says a loss refuses something when the capacity covers it, at every setting the slider offers", () => {
    const { min, max, step } = headroomLimits.provisioned;
    for (let zones = headroomLimits.zones.min; zones <= headroomLimits.zones.max; zones++) {
      for (let i = 0; min + i * step <= max + 1e-9; i++) {
        const provisioned = Number((min + i * step).toFixed(2));
        for (const row of headroomView({ zones, provisioned }).rows) {
          expect(row.unserved === 0).toBe(provisioned >= headroomToSurvive(zones, row.lost) - 1e-9);
          if (row.unserved > 0)
            expect(headroomSummary(headroomView({ zones, provisioned }))).not.toContain("refuses 0%");
        }
      }
    }
  });

  // QA: "losing 1 zone refuses 30% of the peak until ..." beside "losing 1 zone at the peak refuses
  // nothing": both losses are at the peak, and only one said so.
  test("every loss is said the same way, at the peak, whether it refuses something or nothing", () => {
    const { min, max, step } = headroomLimits.provisioned;
    const shapes = new Set<string>();
    for (let zones = headroomLimits.zones.min; zones <= headroomLimits.zones.max; zones++) {
      for (let i = 0; min + i * step <= max + 1e-9; i++) {
        const view = headroomView({ zones, provisioned: Number((min + i * step).toFixed(2)) });
        const losses = headroomSummary(view).split(": ").slice(1).join(": ").split(". The bill")[0]!.split("; ");
        const lost = view.rows.filter((r) => r.lost > 0);
        expect(losses).toHaveLength(lost.length);
        for (const [k, said] of losses.entries()) {
          const row = lost[k]!;
          const zonesLost = `${row.lost} ${row.lost === 1 ? "zone" : "zones"}`;
          const refused =
            row.unserved === 0
              ? "nothing"
              : `${percentUpTo(row.unserved, 0)} of its traffic until new capacity launches`;
          expect(said).toBe(`losing ${zonesLost} at the peak refuses ${refused}`);
          shapes.add(row.unserved === 0 ? "nothing" : "some");
        }
      }
    }
    // Both cases occur over the slider's range, so both were held to the one wording.
    expect([...shapes].sort()).toEqual(["nothing", "some"]);
  });
});

describe("the widget's state and drawing", () => {
  test("form values off the widget's range fall back to the defaults", () => {
    expect(headroomState({ zones: "4", provisioned: "1.35" })).toEqual({ zones: 4, provisioned: 1.35 });
    expect(headroomState({ zones: "1", provisioned: "1.33" })).toEqual(defaultHeadroomState);
    expect(headroomState({ zones: "7", provisioned: "3.05" })).toEqual(defaultHeadroomState);
    expect(headroomState({})).toEqual(defaultHeadroomState);
  });

  test("one row per loss, the short ones marked, the peak line where 1x falls on the scale", () => {
    const html = renderHeadroom(headroomView(defaultHeadroomState));
    expect(html.match(/<th scope="row">/g)).toHaveLength(3);
    expect(html.match(/class="hr-short"/g)).toHaveLength(2);
    expect(html).toContain('<span class="hr-peak" style="left:33.3%">');
    expect(html).toContain("<td>20%</td><td>1.5×</td>");
  });
});
