import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { agendas } from "./agenda.ts";

/** The workshop kit's map exercise: its numbered steps, each as its number and its text. */
function mapExerciseSteps(): Map<number, string> {
  const mdx = readFileSync(join(import.meta.dirname, "../../../content/chapters/workshop-kit/index.mdx"), "utf8");
  const section = mdx.split(/^## The map exercise, step by step$/m)[1]!.split(/^## /m)[0]!;
  return new Map(
    [...section.matchAll(/^(\d+)\. ([\s\S]*?)(?=^\d+\. |^\S|$(?![\s\S]))/gm)].map((m) => [Number(m[1]), m[2]!]),
  );
}

test("the map block's talk track names the kit's step where groups write their decide lines", () => {
  const steps = mapExerciseSteps();
  const decide = [...steps].filter(([, text]) => text.startsWith("**Decide for each marked resource:**"));
  expect(decide).toHaveLength(1);
  // The step that shows the decide line is the one the talk track sends the facilitator to.
  expect(decide[0]![1]).toContain("{decideExample}");
  const talks = new Set(agendas.flatMap((a) => a.blocks.filter((b) => b.kind === "map").map((b) => b.talk)));
  expect(talks.size).toBeGreaterThan(0);
  for (const talk of talks) {
    const named = [...talk.matchAll(/(?:At step|the kit's step) (\d+)/g)].map((m) => Number(m[1]));
    expect(named).toHaveLength(2);
    for (const n of named) expect(n).toBe(decide[0]![0]);
  }
});
