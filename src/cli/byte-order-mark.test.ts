/**
 * Progress saved with a byte-order mark (Windows Notepad's "UTF-8 with BOM") reads as the same
 * file without one, wherever the course reads it: the terminal's progress.json, the terminal's
 * `import`, and the page's import, which reads a file with File.text().
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { tempDir } from "../../tests/support/temp-dir.ts";
import { emptyProgress } from "../course/progress.ts";
import { importProgress } from "../course/progress-import.ts";
import { progressStore } from "./progress-file.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run as exercises } from "./exercises.ts";

const scratch = tempDir("byte-order-mark");
const bom = "\uFEFF";
/** When the page imports: the file holds no review card, so any time will do. */
const importedAt = new Date("2026-12-10T00:00:00.000Z");

/** A progress.json with one hint opened on choose-exact, as the terminal writes it. */
function savedProgress(home: string): string {
  const file = join(home, "progress.json");
  progressStore(file, { cwd: home, warn: () => {} }).update((p) => {
    p.exercises["choose-exact"] = { parts: {}, hints: 1, revealed: false };
  });
  return readFileSync(file, "utf8");
}

test("the terminal reads its own progress.json with a byte-order mark, and keeps no unreadable copy", () => {
  const home = join(scratch, "own");
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, "progress.json"), bom + savedProgress(home));
  const warned: string[] = [];
  const store = progressStore(join(home, "progress.json"), { cwd: home, warn: (text) => void warned.push(text) });
  expect(store.read().exercises["choose-exact"]?.hints).toBe(1);
  expect(warned).toEqual([]);
  expect(readdirSync(home).filter((name) => name.includes("unreadable"))).toEqual([]);
});

test("`exercises import` and the page's import (File.text()) read a file with a byte-order mark alike", async () => {
  const made = join(scratch, "made");
  mkdirSync(made, { recursive: true });
  const text = savedProgress(made);
  const file = join(scratch, "notepad.json");
  writeFileSync(file, bom + text);

  const home = join(scratch, "importer");
  const imported = await runCaptured(exercises, ["import", file], {
    env: { BLAST_RADIUS_HOME: home, NO_COLOR: "1" },
    cwd: process.cwd(),
  });
  expect(imported).toMatchObject({ code: 0, err: "" });
  expect(imported.out).toMatch(/^Imported progress for 1 exercise/);

  // The page reads the chosen file's bytes with File.text(), whose UTF-8 decode drops the mark.
  const known = new Set(["choose-exact"]);
  const onPage = importProgress(
    await new File([readFileSync(file)], "notepad.json").text(),
    emptyProgress(),
    known,
    "page",
    importedAt,
  );
  const inTerminal = importProgress(readFileSync(file, "utf8"), emptyProgress(), known, "terminal", importedAt);
  expect(onPage.ok).toBe(true);
  expect(inTerminal).toEqual(onPage);
});
