/**
 * `npm run gameday -- --help` on terminals of 40 and 60 columns: its prose is fitted, and its two
 * examples, a log and a policy, are text to copy, never wrapped as prose: each piece whole on a
 * line of its own lines, broken only where JSON and JavaScript still read the example as its one
 * line does. (Every command's help at these widths is also output-width.test.ts's.)
 */
import { describe, expect, test } from "vitest";
import { parseLog } from "../sim/gameday/log.ts";
import { findScenario } from "../sim/gameday/scenarios.ts";
import type { Io } from "./args.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run } from "./gameday.ts";
import { type Example, fitExample, logExample, policyExample } from "./gameday-help.ts";
import { displayWidth, unbreakableWords } from "./terminal-width.ts";

/** The help as a terminal `columns` wide gets it (COLUMNS too, when given), or a pipe. */
async function help({ columns, env = {} }: { columns?: number; env?: Io["env"] } = {}): Promise<string> {
  const { code, out, err } = await runCaptured(run, ["--help"], {
    env: { NO_COLOR: "1", ...env },
    cwd: process.cwd(),
    isTTY: columns !== undefined,
    columns,
    stderrIsTTY: columns !== undefined,
    stderrColumns: columns,
  });
  expect(code).toBe(0);
  expect(err).toBe("");
  return out;
}

/** The lines of `text` an example's pieces are on, from its first piece's line to its last's. */
function exampleLines(text: string, example: Example): string[] {
  const lines = text.split("\n");
  const first = example.pieces[0]!.trim();
  const last = example.pieces.at(-1)!.trim();
  const start = lines.findIndex((line) => line.trim().startsWith(first));
  expect(start, `the line that opens with ${first}`).toBeGreaterThanOrEqual(0);
  const end = lines.findIndex((line, i) => i >= start && line.trimEnd().endsWith(last));
  expect(end, `the line that ends with ${last}`).toBeGreaterThanOrEqual(start);
  return lines.slice(start, end + 1);
}

/** The policy's code, as a module: its default export. */
async function policyOf(code: string): Promise<(view: { alerts: unknown[] }) => unknown> {
  const module = (await import(/* @vite-ignore */ `data:text/javascript,${encodeURIComponent(code)}`)) as {
    default: (view: { alerts: unknown[] }) => unknown;
  };
  return module.default;
}

const gray = findScenario("gray-failure")!;
const examples = [logExample, policyExample];

describe("gameday --help fitted to the terminal, its examples kept to copy", { timeout: 60_000 }, () => {
  test("in a pipe, each example is one line, under the line that introduces it", async () => {
    const piped = await help();
    for (const example of examples) {
      const lines = exampleLines(piped, example);
      expect(lines).toEqual([fitExample(example, 2, undefined)]);
      expect(lines[0]).toBe(`  ${example.pieces.map((p) => p.trim()).join(" ")}`);
    }
    expect(piped).toMatch(/in time order:\n {2}\{"scenario"/);
    expect(piped).toMatch(
      /returns an array of actions \(\[\] for none\):\n {2}export default function respond\(view\) \{ return /,
    );
  });

  for (const [columns, env] of [
    [40, {}],
    [60, {}],
    [100, { COLUMNS: "40" }],
  ] as const)
    test(`at ${env.COLUMNS ?? columns} columns: every line fits, and each example is whole pieces, as its one line reads`, async () => {
      const width = Number(env.COLUMNS ?? columns);
      const piped = await help();
      const out = await help({ columns, env });
      for (const line of out.split("\n"))
        if (displayWidth(line) > width) expect(unbreakableWords(line.trim()), line).toHaveLength(1);
      for (const example of examples) {
        const lines = exampleLines(out, example);
        // Broken at 40 and 60: neither fits one line.
        expect(lines.length, example.pieces[0]).toBeGreaterThan(1);
        // Each line is whole pieces, in order, and nothing else: no prose ran on into the example.
        const pieces = lines.flatMap((line) => {
          const found: string[] = [];
          let rest = line.trim();
          for (const piece of example.pieces.map((p) => p.trim()).filter((p) => !found.includes(p)))
            if (rest.startsWith(piece)) {
              found.push(piece);
              rest = rest.slice(piece.length).trimStart();
            }
          expect(rest, line).toBe("");
          return found;
        });
        expect(pieces).toEqual(example.pieces.map((p) => p.trim()));
        // Indented under the line that introduces it, which ends with a colon.
        const introduced = out.split("\n")[out.split("\n").indexOf(lines[0]!) - 1]!;
        expect(introduced, example.pieces[0]).toMatch(/:$/);
        for (const line of lines) expect(line).toMatch(/^ {2}/);
      }
      // The log reads as the one line's JSON, and is a log the game takes.
      const log = exampleLines(out, logExample).join("\n");
      const one = exampleLines(piped, logExample)[0]!;
      expect(JSON.parse(log)).toEqual(JSON.parse(one));
      // Not the slow host of seed 1 (h07): the example is a log's form, not par's answer.
      expect(parseLog(log, gray).entries).toEqual([{ at: 120, action: "eject-host", target: "h02" }]);
      // The policy answers as the one line's does: the retries off while an alert fires, else nothing.
      const policy = await policyOf(exampleLines(out, policyExample).join("\n"));
      const onePolicy = await policyOf(exampleLines(piped, policyExample)[0]!);
      for (const alerts of [[{ rule: "fast-burn" }], []]) expect(policy({ alerts })).toEqual(onePolicy({ alerts }));
      expect(policy({ alerts: [{}] })).toEqual([{ action: "retries-off" }]);
      expect(policy({ alerts: [] })).toEqual([]);
    });

  test("the policy is never broken after `return`, where JavaScript would end the statement", async () => {
    // Broken there, the same words return nothing: why policyExample's pieces keep `return` with what follows.
    const after = await policyOf(
      "export default function respond(view) { return\nview.alerts.length ? [{ action: 'retries-off' }] : []; }",
    );
    expect(after({ alerts: [{}] })).toBeUndefined();
    expect(policyExample.pieces.some((piece) => /\breturn$/.test(piece))).toBe(false);
  });
});
