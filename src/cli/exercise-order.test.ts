/**
 * One course order (src/course/exercise-order.ts): `npm run exercises -- list` names the
 * exercises in the order /progress/ lists them, chapter by chapter. The terminal once sorted each
 * chapter's exercises by difficulty ("daily-disk-failures, redundancy-or-compartments,
 * diagnose-disk-failures", where the page reads "How often does a disk die?", "Background, or
 * correlated?", "Redundancy or compartments?") and called it course order.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { buildCatalog } from "../components/progress/catalog-data.ts";
import { inCourseOrder } from "../course/exercise-order.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run } from "./exercises.ts";

const repo = new URL("../../", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "blast-radius-order-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

test("list names every exercise in the order /progress/ lists them", async () => {
  const { code, out, err } = await runCaptured(run, ["list"], { env: { BLAST_RADIUS_HOME: home }, cwd: repo });
  expect(code).toBe(0);
  expect(err).toBe("");
  // The table's rows, from under its header's dashes to the blank line after it: each an id first.
  const lines = out.split("\n");
  const first = lines.findIndex((line) => line.startsWith("---")) + 1;
  const rows = lines.slice(first, lines.indexOf("", first));
  const listed = rows.map((line) => line.split(" ")[0]);
  const page = buildCatalog().flatMap((chapter) => chapter.exercises.map((e) => e.id));
  expect(page.length).toBeGreaterThan(50);
  expect(first).toBeGreaterThan(0);
  expect(listed).toEqual(page);
});

test("course order: by the chapter's order, then by id; a chapter it does not know comes last", () => {
  const order = new Map([
    ["cells", 2],
    ["failure-modes", 1],
  ]);
  const exercise = (id: string, chapter: string) => ({ id, meta: { chapter } });
  const given = [
    exercise("z-last", "unknown-b"),
    exercise("cell-b", "cells"),
    exercise("y", "unknown-a"),
    exercise("cell-a", "cells"),
    exercise("mode-b", "failure-modes"),
    exercise("mode-a", "failure-modes"),
  ];
  expect(inCourseOrder(given, order).map((e) => e.id)).toEqual(["mode-a", "mode-b", "cell-a", "cell-b", "y", "z-last"]);
  // A new array: the one given keeps its order.
  expect(given[0]!.id).toBe("z-last");
});
