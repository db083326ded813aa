import { expect, test } from "vitest";
import {
  alertRules,
  alertWindows,
  budgetRequests,
  BurnMonitor,
  burnThreshold,
  shortWindowDivisor,
  windowLabel,
  type Slo,
} from "./slo.ts";
import { onePartIn } from "./spoken.ts";

const slo: Slo = { target: 0.999, latencyMs: 500, periodDays: 30 };

test("the rules are the SRE Workbook's Table 5-8: burn rates 14.4, 6 and 1, short windows 1/12 of the long", () => {
  expect(alertRules.map((r) => [r.severity, windowLabel(r.longWindow), windowLabel(r.shortWindow)])).toEqual([
    ["page", "1 h", "5 min"],
    ["page", "6 h", "30 min"],
    ["ticket", "3 d", "6 h"],
  ]);
  expect(alertRules.map((r) => burnThreshold(r, slo))).toEqual([14.4, 6, 1].map((x) => expect.closeTo(x, 12)));
  for (const r of alertRules) expect(r.shortWindow * 12).toBe(r.longWindow);
  expect(alertWindows()).toEqual([300, 1800, 3600, 21600, 259200]);
});

test("the how-to-play page's 'a window a twelfth as long' is the rules' one ratio of long to short window", () => {
  expect(shortWindowDivisor()).toBe(12);
  expect(onePartIn(shortWindowDivisor())).toBe("a twelfth");
  // Rules that disagree have no one fraction to name.
  const [fast, steady] = alertRules;
  expect(() => shortWindowDivisor([fast!, { ...steady!, shortWindow: steady!.longWindow / 6 }])).toThrow(
    "fast-burn 12, steady-burn 6",
  );
});

test("the budget: 0.1% of a month of requests", () => {
  expect(budgetRequests(slo, 100)).toBeCloseTo(0.001 * 100 * 30 * 86400, 6);
});

test("burn rate: the bad share over the window divided by the allowance, healthy history filling the window", () => {
  const m = new BurnMonitor(slo, 100);
  for (let s = 0; s < 60; s++) m.record(100, 10); // 10% bad for a minute
  expect(m.burnRate(60)).toBeCloseTo(100, 9); // 10% / 0.1%
  // A 5-minute window: one minute at 10% bad, four healthy minutes before the game at 100/s.
  expect(m.burnRate(300)).toBeCloseTo(600 / 30_000 / 0.001, 9);
});

test("at 100% errors the fast-burn page fires after 51.84 s (the workbook's detection time, 0.864 min) and resets once the short window clears", () => {
  const m = new BurnMonitor(slo, 100);
  let firedAt: number | null = null;
  for (let s = 0; s < 120; s++) {
    m.record(100, 100);
    if (firedAt === null && m.firingNow().some((e) => e.rule === "fast-burn")) firedAt = m.seconds;
  }
  expect(firedAt).toBe(52);
  // Healthy again: the 5-minute window clears before the 1-hour one, so the page stops within 5 minutes.
  let resolvedAt: number | null = null;
  for (let s = 0; s < 400 && resolvedAt === null; s++) {
    m.record(100, 0);
    if (!m.firingNow().some((e) => e.rule === "fast-burn")) resolvedAt = m.seconds;
  }
  expect(resolvedAt! - 120).toBeLessThanOrEqual(300);
  const event = m.events.find((e) => e.rule === "fast-burn")!;
  expect(event).toEqual({ rule: "fast-burn", severity: "page", firedAt: 52, resolvedAt });
});

test("a slow burn (2% bad) pages through neither fast rule within ten minutes", () => {
  const m = new BurnMonitor(slo, 100);
  for (let s = 0; s < 600; s++) m.record(100, 2);
  expect(m.events.filter((e) => e.severity === "page")).toEqual([]);
});
