/**
 * A content check on what `npm run exercises` prints: every exercise's prompt (README, parts and
 * choices), every hint and every worked solution, through the command itself, reads as text in a
 * terminal: no math left in dollars or backslash commands, no Markdown emphasis left in stars,
 * no heading marks (src/format/markdown-text.ts). A new exercise that uses a TeX command outside
 * the renderer's subset fails here, naming the command.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadAllExercises } from "../grader/load-exercises.ts";
import type { Io } from "./args.ts";
import { run } from "./exercises.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-text-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function printed(argv: string[], home: string): Promise<string> {
  let out = "";
  let err = "";
  const io: Io = {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    env: { BLAST_RADIUS_HOME: home },
    cwd: repo,
  };
  const code = await run(argv, io);
  expect({ argv, code, err }).toEqual({ argv, code: 0, err: "" });
  return out;
}

/** What is left of the course's Markdown and math in a text, outside inline code (shown as written). */
function leftovers(text: string): string[] {
  const prose = text.replace(/`[^`\n]*`/g, "");
  return [
    ...(prose.match(/\$/g) ?? []),
    ...(prose.match(/\\(?:[a-zA-Z]+|[,;: !])/g) ?? []),
    // `**` next to a non-space could open or close bold; JavaScript's `2 ** attempt` cannot.
    ...(prose.match(/\*\*(?=\S)|(?<=\S)\*\*/g) ?? []),
    ...(prose.match(/(?<![\w*])\*[^\s*][^*\n]*\*(?![\w*])/g) ?? []),
    ...(prose.match(/^#{1,6} /gm) ?? []),
  ];
}

test("every exercise's prompt, hints and worked solution print without Markdown or TeX left", {
  timeout: 120_000,
}, async () => {
  const exercises = loadAllExercises(repo);
  expect(exercises.length).toBeGreaterThan(50);
  const found: Record<string, string[]> = {};
  for (const { id, meta } of exercises) {
    const home = join(scratch, id);
    // Hints come one at a time, each call printing those shown so far: with all but the last
    // already shown, one call prints them all.
    mkdirSync(home);
    const hints = Math.max(0, meta.hints.length - 1);
    const progress = { version: 1, exercises: { [id]: { parts: {}, hints, revealed: false } } };
    writeFileSync(join(home, "progress.json"), JSON.stringify(progress));
    const texts = [
      await printed(["show", id], home),
      await printed(["hint", id], home),
      await printed(["solution", id], home),
    ];
    expect(texts[1]!.match(/^Hint \d+ of/gm)).toHaveLength(meta.hints.length);
    const left = texts.flatMap(leftovers);
    if (left.length) found[id] = left;
  }
  expect(found).toEqual({});
});
