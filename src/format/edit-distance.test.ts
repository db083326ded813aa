import { expect, test } from "vitest";
import { editDistance } from "./edit-distance.ts";

test("edits that turn one name into another", () => {
  expect(editDistance("choose-exat", "choose-exact")).toBe(1);
  expect(editDistance("mulberyr32", "mulberry32")).toBe(2);
  expect(editDistance("", "abc")).toBe(3);
  expect(editDistance("same", "same")).toBe(0);
  expect(editDistance("kitten", "sitting")).toBe(3);
});
