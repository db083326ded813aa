import { describe, expect, test } from "vitest";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import { describeImpact } from "../../sim/failure-map/describe.ts";
import { buildView } from "./view.ts";
import { presentStages, renderPresentation, skippedNotice } from "./present.ts";

const text = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
const built = buildView(text);
if (!built.ok) throw new Error("example does not parse");
const { view } = built;
const stages = presentStages(view, "t");
const names = view.analysis.impacts.map((i) => i.resource);

describe("the map builder's presenter stages", () => {
  test("the bare map, one stage per shared resource in map order, then the answer", () => {
    expect(stages).toHaveLength(names.length + 2);
    for (const [i, impact] of view.analysis.impacts.entries())
      expect(stages[i + 1]!.caption).toContain(describeImpact(impact, view.analysis.services).replace(/&/g, "&amp;"));
    expect(stages.at(-1)!.caption).toContain("Largest blast radius");
  });

  test("gives nothing away before its stage: no flag, no failing service, no share on the bare map", () => {
    expect(view.analysis.flagged.length).toBeGreaterThan(0);
    const first = stages[0]!;
    for (const part of [first.svg, first.chips]) {
      expect(part).not.toMatch(/shared!|is-failing|is-saturated|is-flagged/);
    }
    expect(first.caption).not.toMatch(/%/);
    // A flag shows from its own resource's turn on, and every flag at the end.
    for (const [i, name] of names.entries()) {
      const flaggedYet = view.analysis.flagged.filter((f) => names.indexOf(f) <= i);
      expect((stages[i + 1]!.chips.match(/is-flagged/g) ?? []).length).toBe(flaggedYet.length);
      expect(stages[i + 1]!.chips).toContain(`pm-chip--resource is-saturated`);
      expect(stages[i + 1]!.svg).toContain(`is-saturated" data-resource="${name}"`);
    }
    expect((stages.at(-1)!.chips.match(/is-flagged/g) ?? []).length).toBe(view.analysis.flagged.length);
  });

  test("a service chip says whether it fails, directly or through a call, exactly as the analysis does", () => {
    for (const [i, impact] of view.analysis.impacts.entries()) {
      const chips = stages[i + 1]!.chips;
      expect((chips.match(/pm-chip--service is-failing/g) ?? []).length).toBe(impact.failing.length);
      expect((chips.match(/is-working/g) ?? []).length).toBe(impact.spared.length);
      for (const f of impact.failing.filter((f) => f.cause === "call")) expect(chips).toContain(`fails via ${f.via}`);
    }
  });

  test("renders one element per stage, only the first shown", () => {
    const html = renderPresentation(view, "t");
    expect((html.match(/data-map-stage=/g) ?? []).length).toBe(stages.length);
    expect((html.match(/ hidden>/g) ?? []).length).toBe(stages.length - 1);
  });

  // QA: a group's share link with a typo in one decide line showed the example system instead.
  test("a group's map whose only errors are decide lines is presented without them, and the view says which and why", () => {
    const typo = `${text}\ndecide nowhere split`;
    const line = typo.split("\n").length;
    expect(buildView(typo).ok).toBe(false);
    const shared = buildView(typo, undefined, "skip-bad-decisions");
    expect(shared).toEqual({
      ok: true,
      view,
      skipped: [{ line, message: 'no resource named "nowhere" to decide about' }],
    });
    if (!shared.ok) return;
    expect(renderPresentation(shared.view, "t")).toBe(renderPresentation(view, "t"));
    expect(skippedNotice(shared.skipped)).toBe(
      `This map: decide line skipped, line ${line}: no resource named "nowhere" to decide about. The rest of the map is shown.`,
    );
    expect(skippedNotice([])).toBe("");
    // Any other error still refuses the map.
    expect(buildView(`${typo}\nzzz`, undefined, "skip-bad-decisions").ok).toBe(false);
  });
});
