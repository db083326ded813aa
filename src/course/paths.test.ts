import { expect, test } from "vitest";
import { learningPaths, stepMinutes } from "./paths.ts";
import { ninetyMinutes, totalMinutes } from "./workshop/agenda.ts";

const workshop = learningPaths.find((p) => p.id === "workshop")!;

test("the workshop path is named by its agenda's length and visits the agenda's chapters in its order", () => {
  expect(workshop.audience).toBe(`${totalMinutes(ninetyMinutes)}-minute team workshop`);
  const agendaOrder = [...new Set(ninetyMinutes.blocks.flatMap((b) => b.chapters))];
  const pathOrder = workshop.steps.flatMap((s) => s.chapters).filter((slug) => agendaOrder.includes(slug));
  expect(pathOrder).toEqual(agendaOrder);
});

test("a step's time is the sum of its written chapters' estimates", () => {
  const minutes = new Map([
    ["a", 25],
    ["b", 40],
  ]);
  expect(stepMinutes(["a", "b"], minutes)).toBe(65);
  expect(stepMinutes(["a", "not-written"], minutes)).toBe(25);
  expect(stepMinutes([], minutes)).toBe(0);
});

test("no path's summary promises a time per day: each step shows its own", () => {
  for (const path of learningPaths) expect(path.summary, path.id).not.toMatch(/\b(hour|minute)s? a day\b/i);
});
