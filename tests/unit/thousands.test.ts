import { expect, test } from "vitest";
import { ungroupedThousands } from "../support/thousands.ts";

test("a quantity of thousands without its separator is found; grouped ones, decimals, words and paths are not", () => {
  expect(ungroupedThousands("10237 customers")).toEqual([0]);
  expect(ungroupedThousands("lost 5400 requests")).toEqual([5]);
  expect(ungroupedThousands("10,237 customers, 0.1234 s, w1234, /x/5678/")).toEqual([]);
});

test("a year is left alone unless a unit or a count's noun follows it, which makes it a quantity", () => {
  expect(ungroupedThousands("OSDI 2022 and, in 2019, some drives failed")).toEqual([]);
  expect(ungroupedThousands("2048! has thousands of digits")).toEqual([]);
  expect(ungroupedThousands("2000 machines")).toEqual([0]);
  expect(ungroupedThousands("after 1950 ms")).toEqual([6]);
  expect(ungroupedThousands("2048 workers")).toEqual([0]);
  expect(ungroupedThousands("a 2024 %")).toEqual([2]);
});
