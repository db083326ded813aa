import { expect, test } from "vitest";
import { closestName, editDistance } from "./edit-distance.ts";

test("edits that turn one name into another", () => {
  expect(editDistance("choose-exat", "choose-exact")).toBe(1);
  expect(editDistance("mulberyr32", "mulberry32")).toBe(2);
  expect(editDistance("", "abc")).toBe(3);
  expect(editDistance("same", "same")).toBe(0);
  expect(editDistance("kitten", "sitting")).toBe(3);
});

test("the one name someone meant: within 2 edits, else the one name begun; none when two are as near", () => {
  const sims = ["shuffle-shard", "retry-storm", "cells"];
  expect(closestName("shufle-shard", sims)).toBe("shuffle-shard");
  expect(closestName("retyr-storm", sims)).toBe("retry-storm");
  expect(closestName("cell", sims)).toBe("cells");
  expect(closestName("retry", sims)).toBe("retry-storm");
  expect(closestName("storm", sims)).toBeUndefined();
  expect(closestName("cells", sims)).toBeUndefined();
  expect(closestName("", sims)).toBeUndefined();
  expect(closestName("shw", ["show", "shuw"])).toBeUndefined();
  expect(closestName("s", ["show", "solution"])).toBeUndefined();
  expect(closestName("lst", ["list", "show", "play"])).toBe("list");
});
