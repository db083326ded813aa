import { expect, test } from "vitest";
import { parseFailureMapOrThrow } from "../../sim/failure-map/index.ts";
import { exampleHandoutMap, exampleMap, exampleSystemMap } from "./example-system.ts";

// QA 31: the handout held the whole map, its shared resources annotated: the exercise's answer.
test("the handout's notes keep the services and their calls, and leave the shared resources to the groups", () => {
  const notes = exampleHandoutMap();
  const full = exampleMap();
  const handout = parseFailureMapOrThrow(notes);
  expect(handout.title).toBe(full.title);
  expect(handout.services).toEqual(full.services);
  expect(handout.resources).toEqual([]);
  for (const r of full.resources) expect(notes, r.name).not.toMatch(new RegExp(`\\b${r.name}\\b`));
  expect(notes).not.toMatch(/\buses\b|# Shared resources|# Who draws/);
  // Every call the team noted is there, word for word.
  for (const line of exampleSystemMap.split("\n").filter((l) => / calls /.test(l))) expect(notes).toContain(line);
  // A map without those sections is the handout as it is.
  expect(exampleHandoutMap("title t\n# Who calls whom\nservice a\n# Shared resources\npool p")).toBe(
    "title t\n# Who calls whom\nservice a",
  );
});
