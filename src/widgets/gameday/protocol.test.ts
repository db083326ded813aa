import { expect, test } from "vitest";
import { scenarios } from "../../sim/gameday/scenarios.ts";
import { speedForKey, speedKeys, speeds } from "./protocol.ts";

test("each speed has its own key, and a key sets exactly its speed", () => {
  const keys = speeds.map((s) => speedKeys[s]);
  expect(new Set(keys).size).toBe(speeds.length);
  for (const s of speeds) expect(speedForKey(speedKeys[s])).toBe(s);
  for (const other of ["3", "20", "p", " ", ""]) expect(speedForKey(other)).toBeUndefined();
});

test("no target an action offers starts with a speed key, so in a target list the keys set the speed", () => {
  const keys = speeds.map((s) => speedKeys[s]);
  const targets = scenarios.flatMap((s) => s.offers.flatMap((o) => o.targets ?? []));
  expect(targets.length).toBeGreaterThan(0);
  expect(targets.filter((t) => keys.some((k) => t.toLowerCase().startsWith(k)))).toEqual([]);
});
