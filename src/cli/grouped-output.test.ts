/**
 * Every terminal command writes its quantities as the pages do: thousands grouped ("12,345
 * requests", "1,200", never "12345" or "1200"). Each command runs in-process through its
 * `run(argv, io)` (sim, exercises, gameday, play), and every line it writes, on stdout and stderr,
 * is held to the course's one check of a grouped quantity (`ungroupedThousands`,
 * tests/support/thousands.ts, which the built pages' text and the playgrounds' output use too).
 *
 * What the terminal writes that is not a quantity, and so is left as it is:
 *   - ids and names glued to letters (w2000, c1234, a hash, 0x811c9dc5), a path, a range's end,
 *     the digits after a decimal point, and a year (OSDI 2022, a date 2026-12-04):
 *     `ungroupedThousands`'s own rule;
 *   - text in backticks (`2 ** 5000`, `choose(2048, 4)`), which is code or what to type;
 *   - the lines of a fenced code block in an exercise's own Markdown (README.md, explanation.md,
 *     exercise.yaml), printed as written: code is not grouped;
 *   - a call's arguments, in code or in a formula (`backoffCeiling(-1, 100, 1000)` in a check's
 *     name, C(2048, 4)), where a comma separates arguments and a grouped 2,048 would read as two;
 *     and a BigInt literal (1820n), which is code;
 *   - an option's value in a command to type (`--customers 100000`, `--seed 3`), and a seed or
 *     variant number ("seed 7", "variant 1290"): a seed names a random stream and is typed back
 *     as it is written;
 *   - what the learner typed, echoed in an error after "got" ("must be at most 1,000,000, got
 *     2000000"): their own text, quoted back.
 * Not run: --json (numbers for programs, not people) and a playground program's own output (the
 * learner's program prints what it prints). `check` runs one code exercise, not all nine: each
 * starts a sandboxed process (about a second), and their lines come from the same code.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { ungroupedThousands } from "../../tests/support/thousands.ts";
import { answers, type Params as ReviewedParams } from "../../solutions/cells-blast-radius/solution.ts";
import { formatLog } from "../sim/gameday/log.ts";
import { findScenario } from "../sim/gameday/scenarios.ts";
import { emptyProgress, exerciseEntry } from "../course/progress.ts";
import { defaultParams, partsOf } from "../grader/exercise-meta.ts";
import { hasVariants } from "../grader/solution.ts";
import type { Io } from "./args.ts";
import { exerciseIndex } from "./exercise-index.ts";
import { run as exercises } from "./exercises.ts";
import { run as gameday } from "./gameday.ts";
import { run as play } from "./play.ts";
import { run as sim } from "./sim.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-grouped-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Command = (argv: string[], io: Io) => Promise<number>;

/** The lines of every fenced code block in the exercises' and solutions' Markdown and YAML. */
function codeBlockLines(): Set<string> {
  const lines = new Set<string>();
  for (const top of ["exercises", "solutions"])
    for (const id of readdirSync(join(repo, top)))
      for (const file of ["README.md", "explanation.md", "exercise.yaml"]) {
        let text: string;
        try {
          text = readFileSync(join(repo, top, id, file), "utf8");
        } catch {
          continue;
        }
        for (const block of text.matchAll(/^[ \t]*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^[ \t]*\1/gm))
          for (const line of block[2]!.split("\n")) if (line.trim()) lines.add(line.trim());
      }
  return lines;
}

/** Text that can write a figure: a digit, or a {placeholder} filled with one. */
const figures = /\d|\{/;

/** A line with what is not a quantity blanked out (see the list above). */
const quantitiesOf = (line: string) =>
  line
    .replace(/`[^`]*`/g, "``")
    .replace(/--[a-z][\w-]*[ =]\S+/g, "--option")
    .replace(/\b(seed|variant) \d+/g, "$1 N")
    .replace(/\b[A-Za-z_][\w.]*\([^()]*\)/g, "f()")
    .replace(/\b\d+n\b/g, "0n")
    .replace(/, got \S+/g, ", got (as typed)");

test("the check finds an ungrouped quantity, and leaves alone only what is not one", () => {
  const flagged = (line: string) => ungroupedThousands(quantitiesOf(line)).length > 0;
  for (const line of [
    "12345 requests",
    "axis 0 to 1200:",
    "(default 5000 ms)",
    "crashes workers 23, 4096",
    'grade an answer: 1/1820, "1 in 1820"',
    "must be at most 1000 connections, got 100000",
  ])
    expect(flagged(line), line).toBe(true);
  for (const line of [
    "12,345 requests, 1,200 per cell, 0.12345",
    "crashes workers w23, w2000; start from 0x811c9dc5",
    "in JavaScript: `2 ** 5000` is `Infinity`",
    "example: npm run sim -- shuffle-shard --workers 2048 --customers 100000 --seed 7",
    "1 review due. New numbers (variant 4093): seed 123456",
    "must be at most 1,000,000, got 2000000",
    "C(16, 4) is 1820n; backoffCeiling(-1, 100, 1000) throws",
    "Huang et al. (OSDI 2022); due 2026-12-04",
  ])
    expect(flagged(line), line).toBe(false);
});

test("no command writes a quantity of thousands without its separator", { timeout: 60_000 }, async () => {
  const code = codeBlockLines();
  const home = join(scratch, "home");
  const found: string[] = [];
  let runs = 0;
  const runIt = async (name: string, command: Command, argv: string[], env: Io["env"] = {}) => {
    let text = "";
    const io: Io = {
      stdout: (t) => void (text += t),
      stderr: (t) => void (text += t),
      env: { BLAST_RADIUS_HOME: home, ...env },
      cwd: repo,
    };
    await command(argv, io);
    runs++;
    expect(text.trim(), `${name} ${argv.join(" ")} wrote nothing`).not.toBe("");
    for (const line of text.split("\n"))
      if (!code.has(line.trim()) && ungroupedThousands(quantitiesOf(line)).length > 0)
        found.push(`${name} ${argv.join(" ")}: ${line.trim()}`);
  };

  // The simulations: each one's help, its defaults, settings with large figures, and bounds in errors.
  await runIt("sim", sim, ["--help"]);
  for (const s of ["retry-storm", "shuffle-shard", "cells"]) await runIt("sim", sim, [s, "--help"]);
  // Two minutes of storm rather than twelve: the same lines, with the intervention still ahead.
  await runIt("sim", sim, ["retry-storm", "--set", "duration=120"]);
  await runIt("sim", sim, ["retry-storm", "--defences", "all", "--set", "duration=120"]);
  await runIt("sim", sim, ["retry-storm", "--set", "poolSize=100000"]);
  await runIt("sim", sim, ["shuffle-shard"]);
  await runIt("sim", sim, ["shuffle-shard", "--workers", "2048", "--shard", "4", "--customers", "100000"]);
  await runIt("sim", sim, ["shuffle-shard", "--workers", "2048", "--shard", "40", "--customers", "2000"]);
  await runIt("sim", sim, ["shuffle-shard", "--customers", "100000000"]);
  await runIt("sim", sim, ["cells", "--fault", "poison"]);
  await runIt("sim", sim, [
    "cells",
    "--fault",
    "lost-zone",
    "--cells",
    "1000",
    "--customers",
    "12345",
    "--arriving",
    "5000",
  ]);
  await runIt("sim", sim, ["cells", "--customers", "2000000"]);

  // The exercises: the list; every exercise's prompt, all its hints and its worked solution, for
  // the chapter's numbers and, where there are variants, variant 3's (a solution works its
  // figures out for the numbers dealt); the answers whose feedback can carry a figure; a review.
  // One code exercise's checks, in a sandboxed process of their own, while the rest runs here.
  const checked = runIt("exercises", exercises, ["check", "choose-exact"], {
    BLAST_RADIUS_HOME: join(scratch, "checker"),
  });
  await runIt("exercises", exercises, ["--help"]);
  await runIt("exercises", exercises, ["list"]);
  const all = await exerciseIndex(repo).all();
  // Every hint but the last already taken, so one `hint` prints them all, and a wrong answer
  // checked, which unlocks the worked solution (the page's rule: solution-offer.ts).
  const hinted = emptyProgress();
  for (const { id, meta } of all) {
    const entry = exerciseEntry(hinted, id);
    entry.hints = meta.hints.length - 1;
    entry.parts[partsOf(meta)[0]!.id] = { attempts: 1, solved: false };
  }
  mkdirSync(home, { recursive: true });
  writeFileSync(join(home, "progress.json"), JSON.stringify(hinted));
  for (const { id, meta } of all) {
    for (const argv of [
      ["show", id],
      ["hint", id],
      ["solution", id, "--yes"],
    ])
      await runIt("exercises", exercises, argv);
    if (meta.kind === "code") continue;
    if (hasVariants(meta, await import(join(repo, "solutions", id, "solution.ts"))))
      await runIt("exercises", exercises, ["solution", id, "--seed", "3", "--yes"]);
    for (const part of meta.parts) {
      // Only feedback with a digit or a {placeholder} in it can write a figure; the grader's own
      // words around it are the same for every answer.
      const given =
        part.kind === "numeric"
          ? part.feedback.filter((f) => figures.test(f.message)).map((f) => f.answer)
          : part.kind === "choice"
            ? part.choices
                .filter((c) => figures.test(`${c.misconception ?? ""} ${part.feedback[c.id] ?? ""}`))
                .map((c) => c.id)
            : Object.values(part.feedback).some((f) => figures.test(f))
              ? [part.items.map((i) => `${i.id}=${part.options[0]!.id}`).join(",")]
              : [];
      for (const text of given) await runIt("exercises", exercises, ["answer", id, "--part", part.id, "--", text]);
    }
  }
  // Solved on a fixed day (the grader's "Right: ..." with the answer), then reviewed when due.
  const reviewer = { BLAST_RADIUS_HOME: join(scratch, "reviewer"), BLAST_RADIUS_NOW: "2026-12-01T09:00:00.000Z" };
  const due = { ...reviewer, BLAST_RADIUS_NOW: "2027-01-15T09:00:00.000Z" };
  const reviewed = "cells-blast-radius";
  const right = answers(defaultParams(all.find((e) => e.id === reviewed)!.meta) as unknown as ReviewedParams);
  for (const [part, value] of Object.entries(right))
    await runIt("exercises", exercises, ["answer", reviewed, "--part", part, String(value)], reviewer);
  await runIt("exercises", exercises, ["review"], reviewer);
  await runIt("exercises", exercises, ["review"], due);
  await runIt("exercises", exercises, ["review", reviewed, "--give-up"], due);
  await runIt("exercises", exercises, ["import", join(scratch, "reviewer", "progress.json")]);

  // The game days: the list, a briefing with the scores of doing nothing and of par, and the
  // reference response's first action played to its score and debrief (one scenario, one action:
  // each game is a simulation of its own, and every scenario's figures are written by one report).
  await runIt("gameday", gameday, ["--help"]);
  await runIt("gameday", gameday, ["list"]);
  const scenario = findScenario("bad-deploy")!;
  await runIt("gameday", gameday, ["show", scenario.id]);
  const log = join(scratch, "log.json");
  writeFileSync(log, formatLog(scenario.id, scenario.seed, scenario.reference.slice(0, 1)));
  await runIt("gameday", gameday, ["play", scenario.id, "--actions", log]);

  await checked;
  await runIt("play", play, ["--help"]);
  await runIt("play", play, ["x.play.ts", "--timeout", "9999999"]);

  expect(found).toEqual([]);
  expect(runs).toBeGreaterThan(200);
});
