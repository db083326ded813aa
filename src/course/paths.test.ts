import { expect, test } from "vitest";
import { type LearningPath, learningPaths, sessionMinutes, stepMinutes } from "./paths.ts";
import { lengthAdjective, ninetyMinutes, totalMinutes } from "./workshop/agenda.ts";

const workshop = learningPaths.find((p) => p.id === "workshop")!;

test("the workshop path is named by its agenda's length and visits the agenda's chapters in its order", () => {
  expect(workshop.audience).toBe(`${lengthAdjective(totalMinutes(ninetyMinutes))} team workshop`);
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

// QA 31: the 90-minute path listed 30 + 20 + 125 + 35 + 40 minutes, chapters' reading times.
test("the workshop path's session steps take the agenda's blocks, and add up to the session's length", () => {
  const minutes = sessionMinutes(workshop);
  expect(minutes[0], "reading the kit is before the session").toBeNull();
  const inSession = minutes.filter((m): m is number => m !== null);
  expect(inSession.length).toBe(workshop.steps.length - 1);
  expect(inSession.reduce((a, b) => a + b, 0)).toBe(totalMinutes(ninetyMinutes));
  expect(workshop.steps.flatMap((s) => s.session ?? [])).toEqual(ninetyMinutes.blocks.map((b) => b.kind));
  // Paths outside a session have no session minutes.
  for (const path of learningPaths.filter((p) => p.id !== "workshop"))
    expect(
      sessionMinutes(path).every((m) => m === null),
      path.id,
    ).toBe(true);
  // Steps that miss a block, or name the wrong kind, are refused rather than shown.
  const short: LearningPath = { ...workshop, steps: workshop.steps.slice(0, -1) };
  expect(() => sessionMinutes(short)).toThrow(/covers \d+ of the ninety-minutes agenda's \d+ blocks/);
  const wrong: LearningPath = { ...workshop, steps: [{ label: "x", chapters: [], session: ["map"] }] };
  expect(() => sessionMinutes(wrong)).toThrow(/names a map block where the ninety-minutes agenda has a setup block/);
});
