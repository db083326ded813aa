import { expect, test } from "vitest";
import { closeNames, editDistance } from "./edit-distance.ts";

test("edits that turn one name into another", () => {
  expect(editDistance("choose-exat", "choose-exact")).toBe(1);
  expect(editDistance("mulberyr32", "mulberry32")).toBe(2);
  expect(editDistance("", "abc")).toBe(3);
  expect(editDistance("same", "same")).toBe(0);
  expect(editDistance("kitten", "sitting")).toBe(3);
});

test("the names someone meant, nearest first: within a third of the length in edits (at least 2), or one holding the other", () => {
  const sims = ["shuffle-shard", "retry-storm", "cells"];
  expect(closeNames("shufle-shard", sims)).toEqual(["shuffle-shard"]);
  expect(closeNames("retyr-storm", sims)).toEqual(["retry-storm"]);
  expect(closeNames("cell", sims)).toEqual(["cells"]);
  expect(closeNames("retry", sims)).toEqual(["retry-storm"]);
  expect(closeNames("storm", sims)).toEqual(["retry-storm"]);
  expect(closeNames("Cells", sims)).toEqual(["cells"]); // case ignored, still not the name
  // A known name, nothing typed, or nothing near: no suggestion.
  expect(closeNames("cells", sims)).toEqual([]);
  expect(closeNames("", sims)).toEqual([]);
  expect(closeNames("queue", sims)).toEqual([]);
  // Two letters are too few to be part of a name: "s" is in every one of these.
  expect(closeNames("s", ["show", "solution"])).toEqual([]);
  // As near as each other: both, in name order; the nearer first otherwise.
  expect(closeNames("shw", ["show", "shuw"])).toEqual(["show", "shuw"]);
  expect(closeNames("lst", ["list", "show", "play"])).toEqual(["list"]);
  expect(closeNames("mulberyr32", ["mulberry32", "mean", "plot"])).toEqual(["mulberry32"]);
  expect(closeNames("choose-exat", ["choose-exact", "choose-exactly", "other"])).toEqual([
    "choose-exact",
    "choose-exactly",
  ]);
  // At most `limit`, the nearest kept.
  expect(closeNames("ab", ["abc", "abd", "abe", "ab1"], 2)).toEqual(["ab1", "abc"]);
});
