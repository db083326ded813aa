import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { agendas, blockAnchor, groupsReadingAloud, halfDay, ninetyMinutes } from "./agenda.ts";
import { inWords } from "../../format/words.ts";
import { mapStep, mapStepNumber, mapSteps } from "./map-steps.ts";
import { numberIn } from "./numbered.ts";
import { section } from "./worksheet.ts";

/** The workshop kit's map exercise: its numbered steps' texts, in the kit's order. */
function mapExerciseSteps(): string[] {
  const mdx = readFileSync(join(import.meta.dirname, "../../../content/chapters/workshop-kit/index.mdx"), "utf8");
  const section = mdx.split(/^## The map exercise, step by step$/m)[1]!.split(/^## /m)[0]!;
  return [...section.matchAll(/^\d+\. ([\s\S]*?)(?=^\d+\. |^\S|$(?![\s\S]))/gm)].map((m) => m[1]!);
}

test("the kit lists the map exercise's steps in the order mapSteps gives them, each opening with its lead", () => {
  const steps = mapExerciseSteps();
  expect(steps.map((text) => text.match(/^\*\*\{mapStepLead\("([a-z]+)"\)\}\*\*/)?.[1])).toEqual(
    mapSteps.map((s) => s.id),
  );
  // The step that shows the decide line is the one the talk track sends the facilitator to.
  expect(steps[mapStepNumber("decide") - 1]).toContain("{decideExample}");
  expect(steps[mapStepNumber("sentence") - 1]).toContain("in the worksheet's sentence section");
});

test("the map block asks for the riskiest resource's sentence and the decide lines in the kit's order", () => {
  const blocks = agendas.flatMap((a) => a.blocks.filter((b) => b.kind === "map"));
  expect(blocks.length).toBeGreaterThan(0);
  const sentence = mapStepNumber("sentence");
  const decide = mapStepNumber("decide");
  expect(sentence).toBeLessThan(decide);
  for (const { talk, task, output } of blocks) {
    // Every step the talk names is one of the kit's, named in the kit's order.
    const named = [...talk.matchAll(/(?:At step|the kit's step) (\d+)/g)].map((m) => Number(m[1]));
    expect(named).toEqual([sentence, decide, decide]);
    const atSentence = talk.indexOf(
      `At ${mapStep("sentence")} each group writes its riskiest resource as one sentence`,
    );
    const atDecide = talk.indexOf(`At ${mapStep("decide")} it writes its decisions`);
    expect(atSentence).toBeGreaterThanOrEqual(0);
    expect(atDecide).toBeGreaterThan(atSentence);
    expect(talk.slice(atSentence, atDecide)).toContain(section("ws-sentence"));
    // Nothing after the decide step asks for the sentence to be written.
    expect(talk.slice(atDecide)).not.toMatch(/write[^.]*sentence/);
    expect(task.indexOf("one sentence")).toBeLessThan(task.indexOf("decide line"));
    expect(output.indexOf("one sentence")).toBeLessThan(output.indexOf("decide lines"));
  }
});

test("each readout's talk says how many groups read aloud, as many as its minutes leave after the commitments", () => {
  for (const agenda of agendas) {
    const block = agenda.blocks.find((b) => b.kind === "readout")!;
    const groups = groupsReadingAloud(block.minutes);
    expect(block.talk).toContain(`with more than ${inWords(groups)} groups, read the three riskiest`);
    // A minute a sentence, and four for the commitments, within the block.
    expect(groups + 4, agenda.id).toBeLessThanOrEqual(block.minutes);
    expect(groups, agenda.id).toBeGreaterThanOrEqual(3);
  }
  // The short session's 8 minutes hear four groups; the half day's 15, six (the most the kit plans for).
  expect(agendas.map((a) => groupsReadingAloud(a.blocks.find((b) => b.kind === "readout")!.minutes))).toEqual([4, 6]);
  expect(() => groupsReadingAloud(6)).toThrow(/no time for three groups/);
});

test("a numbered list's item is numbered from 1, and an id not in it is refused", () => {
  const list = [{ id: "a" }, { id: "b" }, { id: "c" }] as const;
  expect(list.map((item) => numberIn(list, item.id))).toEqual([1, 2, 3]);
  expect(() => numberIn<string>(list, "z")).toThrow(/no item "z"/);
});

test("a block's card id is its agenda's id and its title, counted where a title comes again; no two cards share one", () => {
  const at = ninetyMinutes.blocks.findIndex((b) => b.title.startsWith("Who notices"));
  expect(blockAnchor(ninetyMinutes, at)).toBe(
    `ninety-minutes-${ninetyMinutes.blocks[at]!.title.toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")}`,
  );
  // The half day has two breaks: the second's card is "-2".
  const breaks = halfDay.blocks.flatMap((b, i) => (b.kind === "break" ? [blockAnchor(halfDay, i)] : []));
  expect(breaks).toEqual([`${halfDay.id}-break`, `${halfDay.id}-break-2`]);
  const ids = agendas.flatMap((agenda) => agenda.blocks.map((_, i) => blockAnchor(agenda, i)));
  expect(new Set(ids).size).toBe(ids.length);
  expect(() => blockAnchor(ninetyMinutes, ninetyMinutes.blocks.length)).toThrow(RangeError);
});
