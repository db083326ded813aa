/**
 * A content check on what `npm run exercises` prints: every exercise's prompt (README, parts and
 * choices), every hint and every worked solution, through the command itself, reads as text in a
 * terminal: no math left in dollars or backslash commands, no Markdown emphasis left in stars,
 * no heading marks (src/format/markdown-text.ts). A new exercise that uses a TeX command outside
 * the renderer's subset fails here, naming the command. The same texts on a narrow terminal are
 * the same words, wrapped to its width (src/cli/terminal-width.ts).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { loadAllExercises } from "../grader/load-exercises.ts";
import { partsOf } from "../grader/exercise-meta.ts";
import { displayWidth } from "./terminal-width.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run } from "./exercises.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-text-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** What a command prints in a pipe, or with `columns` on a terminal that wide (bold and italic on). */
async function printed(argv: string[], home: string, columns?: number): Promise<string> {
  const { code, out, err } = await runCaptured(run, argv, {
    env: { BLAST_RADIUS_HOME: home },
    cwd: repo,
    ...(columns === undefined ? {} : { isTTY: true, columns }),
  });
  expect({ argv, code, err }).toEqual({ argv, code: 0, err: "" });
  return out;
}

/**
 * A progress file for `id` with all but its last hint shown, and one wrong answer checked, which
 * unlocks its worked solution (solutionUnlocked, the page's rule): `solution <id> --yes` shows it.
 */
function progressFor(id: string, meta: Parameters<typeof partsOf>[0]): string {
  const hints = Math.max(0, meta.hints.length - 1);
  const parts = { [partsOf(meta)[0]!.id]: { attempts: 1, solved: false } };
  return JSON.stringify({ version: 1, exercises: { [id]: { parts, hints, revealed: false } } });
}

/**
 * What is left of the course's Markdown and math in a text, outside inline code (shown as written,
 * in one pair of backticks: a doubled pair would be Markdown's own mark for code holding a backtick).
 */
function leftovers(text: string): string[] {
  const prose = text.replace(/`[^`\n]*`/g, "");
  return [
    ...(text.match(/.{0,20}``.{0,20}/g) ?? []),
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
    writeFileSync(join(home, "progress.json"), progressFor(id, meta));
    const texts = [
      await printed(["show", id], home),
      await printed(["hint", id], home),
      await printed(["solution", id, "--yes"], home),
    ];
    expect(texts[1]!.match(/^Hint \d+ of/gm)).toHaveLength(meta.hints.length);
    const left = [...texts.flatMap(leftovers), ...printedTwice(texts[0]!)];
    if (left.length) found[id] = left;
  }
  expect(found).toEqual({});
});

/**
 * What `show` prints twice: a paragraph (the README's, a situation's), or a part's prompt (after
 * its "[id] ") that is one of them or another part's. A part's prompt may restate the numbers it
 * needs, as on the page: the answer key (src/grader/answer-key.ts) prints it without the README.
 */
function printedTwice(show: string): string[] {
  const said = (text: string) => text.replace(/\s+/g, " ").trim();
  const paragraphs = show.split(/\n\s*\n/).map(said);
  const prompts = [...show.matchAll(/^\[[a-z0-9-]+\] (.+)$/gm)].map((m) => said(m[1]!));
  const seen = new Set<string>();
  const twice: string[] = [];
  for (const text of [...paragraphs, ...prompts].filter(Boolean)) {
    if (seen.has(text)) twice.push(`printed twice: ${text}`);
    seen.add(text);
  }
  return twice;
}

/** `show`'s output without its situation: from its title ("== ... ==") to the first part or the line that says what to edit. */
const withoutSituation = (text: string) => text.replace(/^== [\s\S]*?(?=^\[|^Edit )/m, "");

test("on a terminal of 40 columns, the same words, every line within 40 but code and what cannot break", {
  timeout: 120_000,
}, async () => {
  const width = 40;
  const plain = (text: string) => text.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, "g"), "");
  // A line left as written: code and display math are indented.
  const drawn = /^ {2}/;
  // What is never broken: one word (an id, a path), a command to type, text in backticks.
  const unbreakable = /^(?:\S+|npm run .*|\S*`[^`]*`\S*)$/;
  const found: string[] = [];
  for (const { id, meta } of loadAllExercises(repo)) {
    const home = join(scratch, `narrow-${id}`);
    mkdirSync(home);
    writeFileSync(join(home, "progress.json"), progressFor(id, meta));
    for (const command of [["show"], ["hint"], ["solution", "--yes"]]) {
      const argv = [command[0]!, id, ...command.slice(1)];
      const piped = await printed(argv, home);
      const fitted = plain(await printed(argv, home, width));
      // Nothing lost, nothing added: only where lines break. A situation is fitted by its own rules
      // (a table too wide for its columns becomes one row after another, each cell under its
      // column's name): src/cli/situation-text.test.ts holds it to its words.
      const said = (text: string) => withoutSituation(text).replace(/\s+/g, "");
      expect(said(fitted), argv.join(" ")).toBe(said(piped));
      const pipedLines = new Set(piped.split("\n"));
      for (const line of fitted.split("\n"))
        if (displayWidth(line) > width && !(drawn.test(line) && pipedLines.has(line)) && !unbreakable.test(line.trim()))
          found.push(`${argv.join(" ")}: ${line}`);
    }
  }
  expect(found).toEqual([]);
});
