/**
 * The stored game results the pages read: every scenario's golden file, unchanged, and a build
 * that stops naming the scenario when one is missing or does not fit. That the files are what
 * the games give is scenarios.test.ts's golden test.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { findScenario, scenarios } from "./scenarios.ts";
import { readStored, storedResults } from "./stored.ts";

const file = (id: string): unknown => JSON.parse(readFileSync(new URL(`./golden/${id}.json`, import.meta.url), "utf8"));
const allFiles = () => Object.fromEntries(scenarios.map((s) => [`./golden/${s.id}.json`, file(s.id)]));

test("every scenario's stored results are its golden file, as written", () => {
  for (const s of scenarios) expect(storedResults(s), s.id).toEqual(file(s.id));
});

test("a scenario without a file, or with a file of another shape, stops the build naming it", () => {
  expect(readStored(allFiles()).size).toBe(scenarios.length);
  const files = allFiles();
  delete files["./golden/gray-failure.json"];
  expect(() => readStored(files)).toThrow(
    /^no stored game results for scenario "gray-failure" \(src\/sim\/gameday\/golden\/gray-failure\.json\); write them with npx vitest run --project unit src\/sim\/gameday\/scenarios\.test\.ts -u$/,
  );
  // The shape before the judgement and the injects were stored.
  const old = allFiles();
  const { doNothing, par } = old["./golden/bad-deploy.json"] as { doNothing: { injects: unknown }; par: unknown };
  delete doNothing.injects;
  old["./golden/bad-deploy.json"] = { doNothing, par };
  expect(() => readStored(old)).toThrow(/scenario "bad-deploy" .*: the file's doNothing.injects is not a list;/);
  const broken = allFiles();
  (broken["./golden/lost-zone.json"] as { less: { tenantMinutes: unknown }[] }).less[1]!.tenantMinutes = "12";
  expect(() => readStored(broken)).toThrow(
    /scenario "lost-zone" .*: the file's less\[1\].tenantMinutes is not a number;/,
  );
  const paged = allFiles();
  (paged["./golden/lost-zone.json"] as { par: { alerts: { severity: unknown }[] } }).par.alerts[0]!.severity = "email";
  expect(() => readStored(paged)).toThrow(
    /scenario "lost-zone" .*: the file's par.alerts\[0\].severity is not one of page or ticket;/,
  );
});

test("a file made for another reference response or trap, or for no scenario, stops the build", () => {
  const herd = findScenario("thundering-herd")!;
  const moved = { ...herd, reference: herd.reference.map((e, i) => (i === 0 ? { ...e, at: e.at + 10 } : e)) };
  const others = scenarios.filter((s) => s !== herd);
  expect(() => readStored(allFiles(), [...others, moved])).toThrow(
    /scenario "thundering-herd" .*: par's log is not the scenario's reference response;/,
  );
  const trapped = { ...herd, trap: { ...herd.trap, entry: { ...herd.trap.entry, at: herd.trap.entry.at + 1 } } };
  expect(() => readStored(allFiles(), [...others, trapped])).toThrow(/"thundering-herd" .*: the trap is not/);
  expect(() => readStored(allFiles(), others)).toThrow(
    "src/sim/gameday/golden/thundering-herd.json is stored game results for no scenario: delete it",
  );
});
