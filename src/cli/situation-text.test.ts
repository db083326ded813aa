/**
 * Every diagnosis's situation on a terminal of 80, 60 and 40 columns: every line fits, and no word
 * is lost. In a pipe it is what it always was. And `exercises show` prints it so: the audit found
 * rows of 127 and 155 columns on an 80-column terminal.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { dealtParams } from "../../tests/support/dealt-params.ts";
import { loadAllExercises } from "../grader/load-exercises.ts";
import {
  renderSituation,
  type Situation,
  type SituationModule,
  situationText,
  sparkline,
} from "../grader/situation.ts";
import { run } from "./exercises.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { fittedSituationText } from "./situation-text.ts";
import { displayWidth } from "./terminal-width.ts";

const repo = new URL("../../", import.meta.url).pathname;
const diagnoses = loadAllExercises(repo).filter((e) => e.situation);

/** Each diagnosis's situation for the chapter's numbers and its first three variants. */
const situations: [string, Situation][] = (
  await Promise.all(
    diagnoses.map(async ({ id, meta }) => {
      const module: SituationModule = await import(`../../exercises/${id}/situation.ts`);
      const { variant } = await import(`../../solutions/${id}/solution.ts`);
      return dealtParams(meta, variant, 3).map((params, i): [string, Situation] => [
        `${id} #${i}`,
        renderSituation(module, params),
      ]);
    }),
  )
).flat();

/** A text's words, but a table's rules, its sparklines' bars (a long one may be cut into lines), and a colon after a word (a column's name before a cell). */
function words(text: string): string[] {
  const bars = new RegExp(`[${sparkline([0, 1, 2, 3, 4, 5, 6, 7], 7)}·]`, "g");
  return text
    .split(/\s+/)
    .map((w) => w.replace(bars, "").replace(/:$/, ""))
    .filter((w) => w !== "" && !/^-+$/.test(w));
}

/** How many times each word is in a text. */
function counts(text: string): Map<string, number> {
  const seen = new Map<string, number>();
  for (const w of words(text)) seen.set(w, (seen.get(w) ?? 0) + 1);
  return seen;
}

describe("a situation fitted to the terminal", () => {
  test("there are situations to fit, and some were wider than 80 columns as written", () => {
    expect(diagnoses.length).toBeGreaterThanOrEqual(12);
    const widest = Math.max(...situations.flatMap(([, s]) => situationText(s).split("\n").map(displayWidth)));
    expect(widest).toBeGreaterThan(120);
  });

  test.each([80, 60, 40])("%i columns: every line of every situation fits, and every word is kept", (width) => {
    for (const [name, situation] of situations) {
      const written = situationText(situation);
      const fitted = fittedSituationText(situation, width);
      for (const line of fitted.split("\n")) expect(displayWidth(line), `${name}: ${line}`).toBeLessThanOrEqual(width);
      // Every word as often as written, or more (a table one row after another names each cell's
      // column), but a table's first column's name: one row after another, each row opens with
      // its first cell, which names itself ("cell 0", "w3").
      const kept = counts(fitted);
      const expected = counts(written);
      for (const block of situation.blocks)
        if (block.kind === "table") for (const w of words(block.columns[0]!)) expected.set(w, expected.get(w)! - 1);
      for (const [word, n] of expected)
        expect(kept.get(word) ?? 0, `${name} at ${width}: "${word}"`).toBeGreaterThanOrEqual(n);
      // The sparklines' bars, in order.
      const bars = (text: string) => text.replace(/[^▁▂▃▄▅▆▇█·]/g, "");
      expect(bars(fitted), name).toBe(bars(written));
    }
  });

  test("in a pipe (no width), as written, whatever its width", () => {
    for (const [, situation] of situations)
      expect(fittedSituationText(situation, undefined)).toBe(situationText(situation));
  });

  test("a series line too wide keeps its name and sparkline together, its values going on under the sparkline", () => {
    const series = (n: number): Situation => ({
      title: "Load",
      blocks: [
        {
          kind: "series",
          caption: "Requests per second",
          unit: "per second",
          x: { label: "second", values: Array.from({ length: n }, (_, i) => i) },
          lines: [
            { name: "arriving", values: Array.from({ length: n }, (_, i) => (i === 0 ? 800 : 1200)) },
            { name: "served", values: Array.from({ length: n }, (_, i) => (i === 0 ? 800 : 1000)) },
          ],
        },
      ],
    });
    expect(fittedSituationText(series(8), 40).split("\n").slice(4)).toEqual([
      "  arriving  ▆███████",
      "            800 1,200 1,200 1,200 1,200",
      "            1,200 1,200 1,200",
      "  served    ▆▇▇▇▇▇▇▇",
      "            800 1,000 1,000 1,000 1,000",
      "            1,000 1,000 1,000",
    ]);
    // Too narrow for the name and the sparkline: the name, then the sparkline in lines of its own.
    const long = fittedSituationText(series(40), 40).split("\n");
    const served = long.indexOf("  served");
    expect(long.slice(served, served + 4)).toEqual([
      "  served",
      `    ▆${"▇".repeat(35)}`,
      `    ${"▇".repeat(4)}`,
      "    800 1,000 1,000 1,000 1,000 1,000",
    ]);
  });

  test("a table too wide wraps in its columns, figures right-aligned and the marked row marked; narrower, one row after another", () => {
    const table = (release: string): Situation => ({
      title: "Cells",
      blocks: [
        {
          kind: "table",
          caption: "Per cell",
          columns: ["cell", "release", "busiest tenant's share of requests %"],
          rows: [
            ["cell 0", release, 11],
            ["cell 1", "v40", 63],
          ],
          highlight: [1],
        },
      ],
    });
    expect(fittedSituationText(table("v41 (deployed 4 min ago)"), 40).split("\n").slice(2)).toEqual([
      "Per cell:",
      "  cell    release        busiest",
      "                         tenant's share",
      "                         of requests %",
      "  ------  -------------  --------------",
      "  cell 0  v41 (deployed              11",
      "          4 min ago)",
      "> cell 1  v40                        63",
    ]);
    // A word too long for any column: one row after another, each cell under its column's name.
    expect(fittedSituationText(table("v41-canary-build-2026-12-01-rc3"), 40).split("\n").slice(2)).toEqual([
      "Per cell:",
      "  cell 0",
      "    release:",
      "      v41-canary-build-2026-12-01-rc3",
      "    busiest tenant's share of requests",
      "      %: 11",
      "> cell 1",
      "    release: v40",
      "    busiest tenant's share of requests",
      "      %: 63",
    ]);
  });
});

describe("exercises show fits a situation to the terminal", { timeout: 120_000 }, () => {
  const scratch = mkdtempSync(join(tmpdir(), "blast-radius-situation-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  test.each([80, 60])("%i columns: every line of every diagnosis's show fits, but a command to type", async (width) => {
    const over: string[] = [];
    for (const { id } of diagnoses) {
      const { code, out } = await runCaptured(run, ["show", id], {
        env: { BLAST_RADIUS_HOME: scratch, NO_COLOR: "1" },
        cwd: repo,
        isTTY: true,
        columns: width,
      });
      expect(code).toBe(0);
      for (const line of out.split("\n"))
        if (displayWidth(line) > width && !/^npm run /.test(line)) over.push(`${id}: ${line}`);
    }
    expect(over).toEqual([]);
  });
});
