/**
 * variants.json without the command: what its text holds, and how answers on new numbers change
 * it. (The command's use of it, and an unreadable file kept aside: exercises.test.ts.)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { readVariantsText, variantStore } from "./variant-answers.ts";

const scratch = mkdtempSync(join(tmpdir(), "blast-radius-variants-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("readVariantsText", () => {
  test("each exercise's numbers and the parts answered right for them; a record of the wrong kind is named", () => {
    const text = JSON.stringify({
      version: 1,
      variants: {
        "cells-blast-radius": { seed: 42, right: ["untouched", "untouched"] },
        "daily-disk-failures": { seed: "42", right: [] },
        "shuffle-shard-16-workers": { seed: 7, right: "fixed" },
      },
    });
    const result = readVariantsText(text);
    expect(result.ok && Object.fromEntries(result.variants)).toEqual({
      "cells-blast-radius": { seed: 42, right: ["untouched"] },
    });
    expect(result.ok && result.lossy).toEqual(["daily-disk-failures", "shuffle-shard-16-workers"]);
  });

  test("anything else is refused, with the reason", () => {
    expect(readVariantsText("{")).toEqual({ ok: false, message: "it is not valid JSON" });
    expect(readVariantsText(JSON.stringify({ version: 2, variants: {} }))).toEqual({
      ok: false,
      message: "it was saved by a newer version of the course (version 2; this one reads version 1)",
    });
    expect(readVariantsText("[]")).toEqual({
      ok: false,
      message: "it is JSON, but not the new numbers answered in the terminal",
    });
  });
});

test("a right answer adds its part for these numbers, a wrong one takes it away, other numbers start afresh", () => {
  const file = join(scratch, "variants.json");
  const warnings: string[] = [];
  const store = variantStore(file, { cwd: scratch, warn: (text) => void warnings.push(text) });
  const id = "cells-blast-radius";
  expect(store.answer(id, 42, "untouched", true)).toEqual(["untouched"]);
  expect(store.answer(id, 42, "canary", true)).toEqual(["untouched", "canary"]);
  expect(store.answer(id, 42, "canary", true)).toEqual(["untouched", "canary"]);
  expect(store.answer(id, 42, "untouched", false)).toEqual(["canary"]);
  // Another exercise's numbers are its own.
  expect(store.answer("daily-disk-failures", 3, "per-day", true)).toEqual(["per-day"]);
  expect(store.answer(id, 7, "untouched", true)).toEqual(["untouched"]);
  expect(store.answer(id, 42, "untouched", true)).toEqual(["untouched"]);
  const read = readVariantsText(readFileSync(file, "utf8"));
  expect(read.ok && Object.fromEntries(read.variants)).toEqual({
    [id]: { seed: 42, right: ["untouched"] },
    "daily-disk-failures": { seed: 3, right: ["per-day"] },
  });
  expect(warnings).toEqual([]);

  // Read only in part: the file as it was is kept, the learner told once, the rest kept.
  const partial = JSON.stringify({ version: 1, variants: { [id]: { seed: 42, right: ["untouched"] }, odd: 1 } });
  writeFileSync(file, partial);
  expect(store.answer(id, 42, "canary", true)).toEqual(["untouched", "canary"]);
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/^warning: variants\.json could not be read whole: the new numbers of odd had a field/);
  const copies = readdirSync(scratch).filter((name) => name.startsWith("variants.unreadable-"));
  expect(copies.map((name) => readFileSync(join(scratch, name), "utf8"))).toEqual([partial]);
});
