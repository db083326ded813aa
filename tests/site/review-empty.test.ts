/**
 * /review/ as built, for a new reader (nothing in the schedule): its status line says when a solve
 * first comes back, by how the solve went (firstComeback), and is the very sentence the page script
 * writes (nothingToReview), the build's no-break spaces between numbers and days included: a
 * sentence the script found changed, its live region would read out again on load.
 */
import { expect, test } from "vitest";
import { firstComeback } from "../../src/course/first-comeback.ts";
import { keepUnitWithNumber } from "../../src/format/units.ts";
import { nothingToReview } from "../../src/widgets/review/empty.ts";
import { attr, findAll, parseBuiltPage, textOf } from "../../tools/built-site.ts";

test("the built empty review says when a solve comes back, right first time or not", () => {
  const [status, ...others] = findAll(parseBuiltPage("review/"), (el) => attr(el, "data-review-status") !== undefined);
  expect(others).toEqual([]);
  const built = textOf(status!).trim();
  expect(built).toContain(keepUnitWithNumber(firstComeback));
  expect(built).toBe(nothingToReview);
});
