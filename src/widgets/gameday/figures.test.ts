import { describe, expect, test } from "vitest";
import { budgetText, scoreRows } from "../../sim/gameday/report.ts";
import { findScenario } from "../../sim/gameday/scenarios.ts";
import type { Score } from "../../sim/gameday/score.ts";
import { figuresHtml, wholeFigures } from "./figures.ts";

describe("a figure of the game day's results and board, as HTML", () => {
  const { slo } = findScenario("retry-storm")!;
  const score: Score = {
    tenantMinutes: 12.5,
    tenantsAffected: 3,
    tenants: 12,
    requests: 1000,
    badRequests: 20,
    budgetConsumed: 0.002,
    mitigatedAt: 300,
    timeToMitigate: 125,
    mitigation: "mitigated",
  };

  test("keeps the error budget's period, a number hyphened to its unit, on one line, its words the terminal's", () => {
    const budget = scoreRows(score, slo).find(([label]) => label === "error budget consumed")![1];
    const period = `${slo.periodDays}-day`;
    expect(budget).toBe(`${budgetText(score.budgetConsumed)} of the ${period} budget`);
    const [before, after] = budget.split(period);
    expect(figuresHtml(budget)).toBe(`${before}<span class="gd-unbroken">${period}</span>${after}`);
    // Bound by markup alone, with no other character in the words: a search for them finds them.
    expect(figuresHtml(budget).replace(/<[^>]+>/g, "")).toBe(budget);
  });

  test("binds a decimal or a plural unit, and neither a hyphened word nor a number and a longer word", () => {
    expect(figuresHtml("a 1.5-hour or 2-days window")).toBe(
      'a <span class="gd-unbroken">1.5-hour</span> or <span class="gd-unbroken">2-days</span> window',
    );
    expect(figuresHtml("tenant-minutes")).toBe("tenant-minutes");
    expect(figuresHtml("3-dayish")).toBe("3-dayish");
    // A clock is kept whole by no-break spaces (unbrokenFigures).
    expect(figuresHtml("1 min 15 s")).toBe("1\u00a0min\u00a015\u00a0s");
  });

  test("escapes what it shows; given HTML already escaped, adds only the binding", () => {
    expect(figuresHtml('<b>"Ada" & 30-day</b>')).toBe(
      '&lt;b&gt;&quot;Ada&quot; &amp; <span class="gd-unbroken">30-day</span>&lt;/b&gt;',
    );
    expect(wholeFigures("&lt;b&gt; 30-day, 60 s")).toBe('&lt;b&gt; <span class="gd-unbroken">30-day</span>, 60\u00a0s');
  });
});
