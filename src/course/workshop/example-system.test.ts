import { expect, test } from "vitest";
import { analyseFailureMap, parseFailureMap, parseFailureMapOrThrow } from "../../sim/failure-map/index.ts";
import { mapRow, roomCommitments } from "../../widgets/room-board/board.ts";
import {
  answerKey,
  answerKeyTitle,
  exampleAnswerMap,
  exampleHandoutMap,
  exampleMap,
  exampleSystemMap,
} from "./example-system.ts";

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

// Kit audit L1: the example's map link carried no decisions, so a facilitator rehearsing the readout
// with it saw "No map has a decision yet", and both of the example's maps had one name on the board.
test("the answer key's map carries section 6's decisions as decide lines, and a title of its own", () => {
  const answer = exampleAnswerMap();
  const read = parseFailureMap(answer);
  if (!read.ok) throw new Error(read.errors.map((e) => e.message).join("; "));
  const full = exampleMap();
  expect(read.map.services).toEqual(full.services);
  expect(read.map.resources).toEqual(full.resources);
  expect(read.map.title).toBe(`${full.title} ${answerKeyTitle}`);
  expect(read.map.title).not.toBe(parseFailureMapOrThrow(exampleHandoutMap()).title);
  // Every decision of the key, word for word, and nothing else: no owner, no date.
  expect(read.map.decisions!.map(({ line: _line, ...d }) => d)).toEqual(
    answerKey().decisions.map(({ resource, decision, change }) => ({ resource, decision, change })),
  );
  expect(answerKey().decisions.length).toBeGreaterThan(0);
  // On the room board: every flagged resource decided, each commitment without an owner or a date.
  const row = mapRow("Link 1", answer);
  expect(row.ok && row.undecided).toEqual([]);
  const room = roomCommitments([row]);
  expect(room.all.map((c) => c.resource)).toEqual(analyseFailureMap(full).flagged);
  for (const c of room.all) expect(c.missing).toEqual(["owner", "date"]);
});
