import { expect, test } from "vitest";
import { speedForKey, speedKeys, speeds } from "./protocol.ts";

test("each speed has its own key, and a key sets exactly its speed", () => {
  const keys = speeds.map((s) => speedKeys[s]);
  expect(new Set(keys).size).toBe(speeds.length);
  for (const s of speeds) expect(speedForKey(speedKeys[s])).toBe(s);
  for (const other of ["3", "20", "p", " ", ""]) expect(speedForKey(other)).toBeUndefined();
});
