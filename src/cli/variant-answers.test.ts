/**
 * variants.json without the command: what its text holds, and how answers on new numbers change
 * it. (The command's use of it, and an unreadable file kept aside: exercises.test.ts.)
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { ReportedError } from "./args.ts";
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

// Session 52: a right answer on new numbers also solves its part in the record, so the record
// read after it cannot tell what was solved before them. The parts the record held answered when
// the numbers were first answered are kept with them, from that first answer on.
test("the record's parts answered when the numbers were first answered are kept with them, until other numbers", () => {
  const file = join(scratch, "variants-before.json");
  const store = variantStore(file, { cwd: scratch, warn: () => undefined });
  const id = "cells-blast-radius";
  store.answer(id, 42, "untouched", true, []);
  // Later answers on the same numbers keep the first snapshot: the record then holds "untouched".
  store.answer(id, 42, "canary", false, ["untouched"]);
  expect(store.kept(id, 42)).toEqual({ seed: 42, right: ["untouched"], before: [] });
  expect(store.kept(id, 7)).toBeUndefined();
  expect(store.kept("daily-disk-failures", 42)).toBeUndefined();
  // Other numbers: a snapshot of their own.
  store.answer(id, 7, "canary", true, ["untouched"]);
  expect(store.kept(id, 7)?.before).toEqual(["untouched"]);
  expect(store.kept(id, 42)).toBeUndefined();
  expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
    version: 1,
    variants: { [id]: { seed: 7, right: ["canary"], before: ["untouched"] } },
  });
});

test("a file written before the snapshot was kept is read whole, and its numbers keep no snapshot", () => {
  const file = join(scratch, "variants-old.json");
  const id = "cells-blast-radius";
  const old = { version: 1, variants: { [id]: { seed: 42, right: ["untouched"] } } };
  writeFileSync(file, JSON.stringify(old));
  const read = readVariantsText(JSON.stringify(old));
  expect(read.ok && Object.fromEntries(read.variants)).toEqual({ [id]: { seed: 42, right: ["untouched"] } });
  expect(read.ok && read.lossy).toEqual([]);
  const warnings: string[] = [];
  const store = variantStore(file, { cwd: scratch, warn: (text) => void warnings.push(text) });
  // Not known then, not made up now: the record read after that first answer would say more.
  expect(store.answer(id, 42, "canary", true, ["untouched", "canary"])).toEqual(["untouched", "canary"]);
  expect(store.kept(id, 42)).toEqual({ seed: 42, right: ["untouched", "canary"] });
  expect(warnings).toEqual([]);
  // A snapshot of the wrong kind is named, as any field of the wrong kind.
  const wrong = readVariantsText(
    JSON.stringify({ version: 1, variants: { [id]: { seed: 3, right: [], before: "x" } } }),
  );
  expect(wrong.ok && wrong.lossy).toEqual([id]);
});

/**
 * What the learner reads when variants.json cannot be read, opened, copied aside or saved, word
 * for word. Real file-system failures, which root meets too: a folder where the file should be; a
 * copy name taken by a link to nowhere (the copy is made only if its name is free, so it fails); a
 * name so long that the temporary file beside it cannot be named.
 */
describe("the words when variants.json cannot be read, opened, kept or saved", () => {
  const at = new Date("2026-11-30T07:45:12.000Z");
  const id = "cells-blast-radius";
  let homes = 0;
  const fresh = (name = "variants.json") => {
    const dir = join(scratch, `home-${++homes}`);
    mkdirSync(dir, { recursive: true });
    const warned: string[] = [];
    const store = variantStore(join(dir, name), { cwd: dir, warn: (text) => void warned.push(text), now: () => at });
    return { dir, file: join(dir, name), store, warned };
  };

  test("unreadable: kept aside, said once, and the numbers start afresh", () => {
    const { dir, file, store, warned } = fresh();
    writeFileSync(file, "{ not json");
    expect(store.answer(id, 42, "canary", true)).toEqual(["canary"]);
    expect(store.answer(id, 42, "untouched", true)).toEqual(["canary", "untouched"]);
    expect(warned).toEqual([
      [
        "warning: variants.json could not be read: it is not valid JSON.",
        "It holds only which parts of new numbers (--seed) you answered right in the terminal, not your progress: those start afresh. The file is kept, unchanged, as variants.unreadable-20261130-074512.json.",
        "",
      ].join("\n"),
    ]);
    expect(readdirSync(dir).sort()).toEqual(["variants.json", "variants.unreadable-20261130-074512.json"]);
  });

  test("a folder where the file should be is named", () => {
    const { file, store } = fresh();
    mkdirSync(file);
    expect(() => store.answer(id, 42, "canary", true)).toThrow(
      new ReportedError("variants.json could not be opened (EISDIR: illegal operation on a directory, read)"),
    );
  });

  test("a copy that cannot be made: nothing is written, in the same words whether it could be read at all or in part", () => {
    for (const text of ["{ not json", JSON.stringify({ version: 1, variants: { [id]: { seed: "42" } } })]) {
      const { dir, file, store, warned } = fresh();
      writeFileSync(file, text);
      const copy = join(dir, "variants.unreadable-20261130-074512.json");
      symlinkSync(join(dir, "nowhere", "copy.json"), copy);
      expect(() => store.answer(id, 42, "canary", true)).toThrow(
        new ReportedError(
          `variants.json could not be read, and a copy of it could not be saved (EEXIST: file already exists, open '${copy}'), so nothing was written. Repair or move it, then try again.`,
        ),
      );
      expect(readFileSync(file, "utf8")).toBe(text);
      expect(warned).toEqual([]);
    }
  });

  test("a file that cannot be written: the sentence names it, and no temporary file is left", () => {
    const name = `${"v".repeat(240)}.json`;
    const { dir, store } = fresh(name);
    expect(() => store.answer(id, 42, "canary", true)).toThrow(
      new RegExp(
        `^the parts answered right for new numbers could not be saved to ${name} \\(ENAMETOOLONG: [^)]*\\); the file is as it was$`,
      ),
    );
    expect(readdirSync(dir)).toEqual([]);
  });
});
