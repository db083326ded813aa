/**
 * `npm run sim` and `npm run gameday` on terminals of 60 and 40 columns, and every command's usage
 * error on a stderr that wide, in-process through `run(argv, io)`: every line fits but a word that
 * cannot break, no word or number is lost or cut, and a table too wide for its columns is one
 * record after another. In a pipe or a file, the output is byte for byte what a run with no
 * terminal at all prints, whatever width is said. `npm run exercises` is exercises-width.test.ts's.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { tempDir } from "../../tests/support/temp-dir.ts";
import { findScenario } from "../sim/gameday/scenarios.ts";
import type { Io } from "./args.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run as exercises } from "./exercises.ts";
import { run as gameday } from "./gameday.ts";
import { run as play } from "./play.ts";
import { run as sim } from "./sim.ts";
import { displayWidth, unbreakableWords } from "./terminal-width.ts";

const dir = tempDir("output-width");
const log = join(dir, "log.json");
const gray = findScenario("gray-failure")!;
writeFileSync(log, JSON.stringify({ scenario: gray.id, seed: gray.seed, actions: gray.reference }));

const tools = { sim, gameday, play, exercises } as const;
type Tool = keyof typeof tools;

/** A terminal's io: stdout `columns` wide, stderr `stderrColumns` wide, or a pipe where either is unset. */
async function cli(
  tool: Tool,
  argv: string[],
  {
    columns,
    stderrColumns,
    env = {},
    pipedWidth,
  }: {
    columns?: number;
    stderrColumns?: number;
    env?: Io["env"];
    /** Not a terminal, though the io and COLUMNS both say this width (a pipe or a file). */
    pipedWidth?: number;
  } = {},
) {
  const said = pipedWidth === undefined ? {} : { COLUMNS: String(pipedWidth) };
  return runCaptured(tools[tool], argv, {
    env: { BLAST_RADIUS_HOME: dir, NO_COLOR: "1", ...said, ...env },
    cwd: process.cwd(),
    isTTY: columns !== undefined,
    columns: columns ?? pipedWidth,
    stderrIsTTY: stderrColumns !== undefined,
    stderrColumns,
  });
}

const words = (text: string) => text.split(/\s+/).filter(Boolean);

/**
 * The words of a text but for a table's rules and the colon a stacked record puts after a header,
 * counted; the run's own time ("in 1,515 ms") left out, as it differs from run to run.
 */
function said(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words(text.replace(/\bin [\d,.]+ ms\b/g, "")).filter((w) => !/^-+$/.test(w))) {
    const bare = word.replace(/:$/, "");
    counts.set(bare, (counts.get(bare) ?? 0) + 1);
  }
  return counts;
}

/** Every line within `width`, or a line that is one word the width cannot break (unbreakableWords). */
function fits(text: string, width: number) {
  for (const line of text.split("\n"))
    if (displayWidth(line) > width) expect(unbreakableWords(line.trim()), line).toHaveLength(1);
}

/** Each number of the piped text written with a unit, as a product or as odds, on one line of the fitted text too. */
function keptWhole(piped: string, fitted: string) {
  const lines = fitted.split("\n");
  for (const kept of piped.match(/\d[\d.,]* × \d\S*|\b1 in \d[\d.,]*|\b\d[\d.,]* (?:ms|s|min|h)\b/g) ?? [])
    if (!/^[\d,.]+ ms$/.test(kept))
      expect(
        lines.some((line) => line.includes(kept)),
        kept,
      ).toBe(true);
}

/** The first column's header of each table that a narrow terminal gets one record after another. */
const firstHeaders = ["design", "step", "phase", "service", "scenario", "action"];

const outputs: [Tool, string[]][] = [
  ["sim", ["shuffle-shard"]],
  ["sim", ["shuffle-shard", "--workers", "2048", "--shard", "4", "--customers", "2000"]],
  ["sim", ["retry-storm", "--defences", "breaker,budget"]],
  ["sim", ["cells"]],
  ["sim", ["cells", "--fault", "poison", "--move", "freeze", "--router", "asks"]],
  ["gameday", ["list"]],
  ["gameday", ["show", gray.id]],
  ["gameday", ["play", gray.id, "--actions", log]],
];

describe("sim and gameday output fitted to the terminal", { timeout: 120_000 }, () => {
  test.each(outputs)("%s %j at 60 and 40 columns: every line fits, every word and number whole", async (tool, argv) => {
    const piped = await cli(tool, argv);
    expect(piped.code).toBe(0);
    for (const width of [60, 40]) {
      const { code, out, err } = await cli(tool, argv, { columns: width });
      expect({ code, err }).toEqual({ code: 0, err: piped.err });
      fits(out, width);
      // No word lost or cut: each the piped text has, as often or more (a stacked record repeats its
      // headers), but a stacked table's first header, whose records are named by their own first cells.
      const fitted = said(out);
      for (const [word, n] of said(piped.out))
        if (!firstHeaders.includes(word))
          expect(fitted.get(word) ?? 0, `${word} at ${width}`).toBeGreaterThanOrEqual(n);
      keptWhole(piped.out, out);
    }
  });

  test.each(outputs)(
    "%s %j in a pipe or a file: the bytes of a run with no terminal, whatever width is said",
    async (tool, argv) => {
      const plain = (await cli(tool, argv)).out.replace(/\bin [\d,.]+ ms\b/g, "");
      // Not a terminal, though the io says a width and so does COLUMNS.
      const { out } = await cli(tool, argv, { pipedWidth: 40 });
      expect(out.replace(/\bin [\d,.]+ ms\b/g, "")).toBe(plain);
      // A terminal wide enough for the whole output gets it as it is.
      expect((await cli(tool, argv, { columns: 400 })).out.replace(/\bin [\d,.]+ ms\b/g, "")).toBe(plain);
    },
  );

  test("shuffle-shard keeps its table while its columns fit; narrower, one outcome after another under whom they count", async () => {
    const wide = (await cli("sim", ["shuffle-shard"], { columns: 60 })).out;
    expect(wide).toMatch(/^lose all 2 workers +361 +\S+ +\S+ \(1 in 28\)$/m);
    expect((await cli("sim", ["shuffle-shard"], { columns: 40 })).out).toMatch(
      /^lose all 2 +361 +\S+ +\S+\nworkers +\(1 in 28\)$/m,
    );
    const huge = ["shuffle-shard", "--workers", "100000", "--shard", "256", "--customers", "1000"];
    expect((await cli("sim", huge, { columns: 40 })).out).toMatch(
      /^of the other 999 customers:\n {2}lose all 256 workers\n {4}count: 0\n {4}simulated: 0%\n {4}exact: 1\.19 × 10⁻⁷⁷¹%\n {11}\(1 in 8\.41 × 10⁷⁷² \(773\n {11}digits\)\)\n {2}lose some\n/m,
    );
  });

  test("retry-storm at 40 columns: the measures wrap in their column, the services are one after another", async () => {
    const { out } = await cli("sim", ["retry-storm"], { columns: 40 });
    expect(out).toMatch(/^measure {2,}value\n-+ {2}-+\ntrigger \(pricing +4 s\nslow\)\n/m);
    expect(out).toMatch(/^checkout\n {2}calls: pricing\n {2}requests: [\d,]+\n {2}succeeded: [\d,]+\n/m);
    const wide = (await cli("sim", ["retry-storm"], { columns: 60 })).out;
    expect(wide).toMatch(/^service +calls +requests +succeeded +failed +success\n/m);
  });

  test("cells at 40 columns: the outage's five columns are one phase after another", async () => {
    const { out } = await cli("sim", ["cells"], { columns: 40 });
    expect(out).toMatch(
      /^Control plane down\n {2}existing routed: 1,000\n {2}failed: 0\n {2}new placed: 0\n {2}new waiting: 20$/m,
    );
    // At 60 a table, the phase's words wrapped in their column.
    expect((await cli("sim", ["cells"], { columns: 60 })).out).toMatch(/^Control +1,000 +0 +0 +20\nplane down$/m);
    expect((await cli("sim", ["cells"], { columns: 80 })).out).toMatch(/^Control plane down +1,000 +0 +0 +20$/m);
  });

  test("gameday show at 40 columns: the actions one after another, indented under actions:", async () => {
    const { out } = await cli("gameday", ["show", gray.id], { columns: 40 });
    expect(out).toMatch(/^actions:\n {2}eject-host\n {4}takes effect: after 10 s\n {4}targets: h01 h02 h03/m);
    // At 60 a table, its cells wrapped in their columns.
    expect((await cli("gameday", ["show", gray.id], { columns: 60 })).out).toMatch(
      /^ {2}action +takes +targets +cost\n {19}effect\n {2}-+ {2}-+ {2}-+ {2}-+\n {2}eject-host +after 10 s +h01 h02 h03 +One host less of$/m,
    );
  });

  test("gameday list: a table while its titles have room, else one scenario after another", async () => {
    expect((await cli("gameday", ["list"], { columns: 80 })).out).toMatch(/^scenario +title +chapters\n/);
    expect((await cli("gameday", ["list"], { columns: 60 })).out).toMatch(
      /^retry-storm\n {2}title: The retry storm\n {2}chapters: retry-storm, timeouts-retries-backoff,\n {12}retry-budgets,/,
    );
  });

  test("gameday play at 40 columns: the timeline goes on under its events, the debrief under its time", async () => {
    const { out } = await cli("gameday", ["play", gray.id, "--actions", log], { columns: 40 });
    expect(out).toMatch(/^ {7}2 min {2}Eject a host from the load\n {14}balancer: h07\n/m);
    expect(out).toMatch(/^ {2}2 min: Eject a host from the load\n {9}balancer: h07/m);
  });
});

/** A usage error of each command, and the bad input that makes it. */
const misuses: [Tool, string[]][] = [
  ["sim", ["nope"]],
  ["sim", ["retry-storm", "--defences", "bogus"]],
  ["gameday", ["show", "nope"]],
  ["play", ["--timeout", "abc", "x.ts"]],
  ["exercises", ["frobnicate"]],
];

describe("usage errors fitted to stderr's terminal", { timeout: 60_000 }, () => {
  test.each(misuses)("%s %j at 60 and 40 columns: under the text after error:, every word kept", async (tool, argv) => {
    const piped = await cli(tool, argv);
    expect(piped.code).toBe(2);
    expect(piped.err).toMatch(/^error: .*\n\(run with --help for usage\)\n$/);
    for (const width of [60, 40]) {
      const { code, out, err } = await cli(tool, argv, { stderrColumns: width });
      expect({ code, out }).toEqual({ code: 2, out: piped.out });
      fits(err, width);
      expect(words(err)).toEqual(words(piped.err));
      // Each continuation line under the message's first word, after "error: ".
      const [first, ...rest] = err.trimEnd().split("\n");
      expect(first).toMatch(/^error: /);
      for (const line of rest.slice(0, -1)) expect(line).toMatch(/^ {7}\S/);
      expect(rest.at(-1)).toBe("(run with --help for usage)");
    }
  });

  test("stderr in a file is as written, whether stdout is a terminal or not", async () => {
    const piped = await cli("gameday", ["show", "nope"]);
    expect(piped.err).toBe(
      'error: unknown scenario "nope"; use retry-storm, poison-fixed, poison-shuffle, bad-deploy, lost-zone, thundering-herd or gray-failure\n(run with --help for usage)\n',
    );
    expect((await cli("gameday", ["show", "nope"], { columns: 40, env: { COLUMNS: "40" } })).err).toBe(piped.err);
  });

  test("COLUMNS=0 or COLUMNS=abc is no width: the terminal's own is used, and the command runs as ever", async () => {
    const own = await cli("sim", ["nope"], { stderrColumns: 50 });
    expect(own.err.split("\n")[0]).toBe('error: unknown simulation "nope"; use');
    for (const COLUMNS of ["0", "abc"]) {
      expect(await cli("sim", ["nope"], { stderrColumns: 50, env: { COLUMNS } }), COLUMNS).toEqual(own);
      const cells = await cli("sim", ["cells"], { columns: 50, env: { COLUMNS } });
      expect(cells.code).toBe(0);
      expect(cells.out).toBe((await cli("sim", ["cells"], { columns: 50 })).out);
    }
  });

  test("a warning on stderr goes on under the text after warning:", async () => {
    const { code, err } = await cli("sim", ["retry-storm", "--set", "breakerFailureRate=0.3"], { stderrColumns: 40 });
    expect(code).toBe(0);
    expect(err).toBe(
      "warning: breakerFailureRate tunes the\n         breaker defence, which is off,\n         so it has no effect (add\n         --defences breaker)\n",
    );
  });
});

/** Each command's --help, and each simulation's. */
const helps: [Tool, string[]][] = [
  ["sim", ["--help"]],
  ["sim", ["retry-storm", "--help"]],
  ["sim", ["shuffle-shard", "--help"]],
  ["sim", ["cells", "--help"]],
  ["gameday", ["--help"]],
  ["play", ["--help"]],
];

/** Whether each line but the last is full: the next line's first word would not have fitted after it. */
function filled(lines: string[], width: number) {
  for (let i = 0; i + 1 < lines.length; i++) {
    const next = lines[i + 1]!.trim().split(" ")[0]!;
    expect(displayWidth(lines[i]!) + 1 + displayWidth(next), lines[i]).toBeGreaterThan(width);
  }
}

/** The lines of `text` from the one that starts with `first` to the next blank line. */
const paragraph = (text: string, first: string) => {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith(first));
  expect(start, first).toBeGreaterThanOrEqual(0);
  const end = lines.indexOf("", start);
  return lines.slice(start, end === -1 ? undefined : end);
};

describe("every command's --help fitted to the terminal, as exercises --help is", { timeout: 60_000 }, () => {
  test.each(helps)("%s %j at 60 and 40 columns: every line fits, every word kept", async (tool, argv) => {
    const piped = await cli(tool, argv);
    expect({ code: piped.code, err: piped.err }).toEqual({ code: 0, err: "" });
    for (const width of [60, 40]) {
      const { code, out, err } = await cli(tool, argv, { columns: width });
      expect({ code, err }).toEqual({ code: 0, err: "" });
      fits(out, width);
      // Every word as often or more (a parameter table one parameter after another repeats its
      // headers), but the parameter tables' first header, whose records are named by their own names.
      const fitted = said(out);
      for (const [word, n] of said(piped.out))
        if (word !== "name") expect(fitted.get(word) ?? 0, `${word} at ${width}`).toBeGreaterThanOrEqual(n);
      keptWhole(piped.out, out);
    }
  });

  test.each(helps)("%s %j in a pipe or a file: as written, whatever width is said", async (tool, argv) => {
    const plain = (await cli(tool, argv)).out;
    expect((await cli(tool, argv, { pipedWidth: 40 })).out).toBe(plain);
  });

  test("a paragraph at the margin is wrapped where the terminal ends, not also where its source did", async () => {
    for (const width of [60, 40]) {
      const { out } = await cli("play", ["--help"], { columns: width });
      const lines = paragraph(out, "Runs a playground program");
      expect(lines.join(" ")).toBe(paragraph((await cli("play", ["--help"])).out, "Runs a").join(" "));
      fits(lines.join("\n"), width);
      filled(lines, width);
      filled(paragraph((await cli("sim", ["shuffle-shard", "--help"], { columns: width })).out, "Deals every"), width);
    }
  });

  test("retry-storm --help at 40 columns: the synopsis by option, each description under its column", async () => {
    // Piped, each description on one line, as its source writes it, the defences' in a column of their own.
    const piped = (await cli("sim", ["retry-storm", "--help"])).out;
    expect(piped).toMatch(
      /^ {2}--set NAME=VALUE {2}change a parameter \(repeatable\); VALUE may be none where allowed$/m,
    );
    expect(piped).toMatch(
      /^ {2}bulkhead {2}a small connection pool per dependency instead of one shared pool\n {2}breaker {3}a /m,
    );
    const { out } = await cli("sim", ["retry-storm", "--help"], { columns: 40 });
    // The defences' list, wider than any line, overflows whole rather than being cut.
    expect(out).toMatch(
      /^usage: npm run sim -- retry-storm\n {7}\[--defences\n {7}bulkhead,breaker,budget,jitter,timeout,shed\]\n/,
    );
    expect(out).toMatch(/^ {7}\[--seed N\] \[--set name=value \.\.\.\]$/m);
    // Two spaces apart is a column too: --set's description goes on under it, --json starts its own line.
    expect(out).toMatch(/^ {2}--set NAME=VALUE {2}change a parameter\n {20}\(repeatable\); VALUE\n/m);
    expect(out).toMatch(/^ {2}--json {12}print the summary as\n {20}JSON instead of a\n {20}table$/m);
    expect(out).toMatch(/^ {2}bulkhead {2}a small connection pool per\n {12}dependency instead of one\n/m);
    // Too narrow for the parameter tables: one parameter after another.
    expect(out).toMatch(/^ {2}poolSize\n {4}default: 20 connections\n {4}allowed: 1\.\.1,000\n/m);
    // At 60 the tables wrap in their columns.
    expect((await cli("sim", ["retry-storm", "--help"], { columns: 60 })).out).toMatch(
      /^ {2}name +default +allowed +meaning$/m,
    );
  });

  test("sim --help: the simulations one a line, not run together", async () => {
    const { out } = await cli("sim", ["--help"], { columns: 40 });
    expect(out).toMatch(/^simulations:\n {2}shuffle-shard\n {2}retry-storm\n {2}cells\n/m);
    expect(out).toMatch(/^usage: npm run sim -- <simulation>\n {7}\[options\]$/m);
  });
});
