/**
 * `npm test`: every check CI runs, with the phases that do not depend on each other overlapped.
 *
 *   stage 1, side by side:  unit                         (the unit and content tests)
 *                           build ──> site ──> check ──> lint ──> knip ──> unit-late
 *                                                        (the site built under /blast-radius/, as
 *                                                         a project site serves it; the site
 *                                                         tests read that build; astro check;
 *                                                         Biome; dead code and unused exports;
 *                                                         six unit files, `lateUnitFiles`)
 *   stage 2:                browser                      (one Chromium, a context per block,
 *                                                         against that build, served under
 *                                                         /blast-radius/)
 *
 * The unit tests (one vitest worker) and the build's chain take about as long as each other, so
 * each starts at once. Lint and knip, short, end the build's chain: there they run beside the
 * last of the unit tests, when only the unit tests' one worker was left and part of the two cores
 * stood idle, instead of as a third process beside the unit tests and the build in the first
 * seconds, where knip took 10 to 14 s against 4 alone. Stage 1 took 96.1 and 98.2 s against
 * 100.7 and 100.7 s, in turn (docs/PERFORMANCE.md, session 23). Ahead of the unit tests in their
 * chain (until session 12) they made that chain about 10 s the longer. The unit tests grew past
 * the build's chain (213 s against 156 s in session 46), so the unit files whose time goes on
 * processes they start (`lateUnitFiles`) end the build's chain now, in a vitest of their own: the
 * two chains end together, and stage 1 took 179.5 s against 214.1 s, in turn (docs/PERFORMANCE.md,
 * session 47).
 *
 * One build serves every test: it is made under a sub-path (tools/built-site.ts's
 * `subPathBuildEnv`, into dist-sub/), the harder case of the two a deploy can use, so every page
 * the site and browser tests reach proves it works under a base (before, a second whole build,
 * under the sub-path, was made for one browser test). `npm run build` still builds at the root,
 * into dist/, for a deploy at a domain's root and for the benchmark.
 *
 * The browser tests hold a few timing checks (long tasks, a click's delay), which run alone
 * (tests/support/alone.ts), so nothing outside the browser tests runs beside them. astro build
 * generates Astro's types (.astro/) as its first step, as `astro sync` does; astro check would
 * generate them again (a whole Astro start), so after a build that passed in the same run it
 * reads the build's types (`--noSync`; the same files, docs/PERFORMANCE.md), and without one it
 * generates them itself. Both write .astro/, so check still never runs beside the build.
 * Each line a phase prints is shown as it comes, after the phase's name, then a table of what
 * each phase took. A chain stops at its first failure, except for check, lint and knip, which
 * are in the build's chain only to follow it (each runs whatever failed before it); the other
 * chains still run (a failure in one does not hide one in another), except that site and browser
 * are not run without a build. The exit status is 1 if any phase failed.
 *
 * Usage: npm test [-- --only <phase,...>]   e.g. `npm test -- --only lint,unit`
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";
import { subPathBuildEnv } from "../tools/built-site.ts";
import { fixed } from "../src/format/number.ts";

interface Phase {
  name: string;
  command: string[];
  /** Extra environment for the command. */
  env?: Record<string, string>;
  /** Runs even when an earlier phase of its chain failed (it follows them only not to overlap them). */
  regardless?: true;
  /**
   * The command to run instead when no build passed earlier in its chain in this run: `astro
   * check` reuses the types the build has just generated in .astro/ (`--noSync`), and generates
   * them itself when there is no such build (it failed, or `--only check`).
   */
  withoutBuild?: string[];
}

const vitest = ["node_modules/.bin/vitest", "run"];
/**
 * Unit test files run at the end of the build's chain, after knip, instead of in the unit chain:
 * the build's chain ended about a minute before the unit tests did, and for that minute one of the
 * two cores stood idle. These spend their time in processes they start (the compiled commands; the
 * code runner's child processes: its own tests, the attacks on it, the chapters' playgrounds), so a
 * vitest of their own costs little beyond its start. With the first two alone, the build's chain
 * still ended 32 s before the unit chain (173 s against 205 s, docs/PERFORMANCE.md).
 */
const lateUnitFiles = [
  "src/cli/compiled.test.ts",
  "tests/attacks/attacks.test.ts",
  "src/playground/runner.test.ts",
  "tests/content/playgrounds.test.ts",
  "tests/content/playgrounds-without-requests.test.ts",
  "src/playground/node-host.test.ts",
];
/** Stages run in order; the chains of a stage run side by side when `parallel`, else in turn. */
const stages: { parallel: boolean; chains: Phase[][] }[] = [
  {
    parallel: true,
    chains: [
      [
        {
          name: "unit",
          command: [...vitest, "--project", "unit", ...lateUnitFiles.flatMap((file) => ["--exclude", file])],
        },
      ],
      [
        { name: "build", command: ["node_modules/.bin/astro", "build"], env: subPathBuildEnv },
        { name: "site", command: [...vitest, "--project", "site"], env: subPathBuildEnv },
        {
          name: "check",
          command: ["node_modules/.bin/astro", "check", "--noSync"],
          withoutBuild: ["node_modules/.bin/astro", "check"],
          regardless: true,
        },
        { name: "lint", command: ["node_modules/.bin/biome", "check", "."], regardless: true },
        { name: "knip", command: ["node_modules/.bin/knip", "--no-progress"], regardless: true },
        { name: "unit-late", command: [...vitest, "--project", "unit", ...lateUnitFiles], regardless: true },
      ],
    ],
  },
  {
    parallel: false,
    chains: [[{ name: "browser", command: [...vitest, "--project", "browser"], env: subPathBuildEnv }]],
  },
];
/** Phases that read the build: not run when the build failed. */
const needsBuild = new Set(["site", "browser"]);

interface Outcome {
  name: string;
  status: "passed" | "failed" | "not run";
  seconds: number;
}

function runPhase(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, ...args] = phase.command;
    const child = spawn(file!, args, {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, ...phase.env, FORCE_COLOR: "1" },
    });
    const label = `${phase.name.padEnd(8)} │ `;
    process.stdout.write(`${label}$ ${phase.command.join(" ")}\n`);
    // Whole lines only, each after the phase's name, so two phases never mix inside a line.
    const pending = { out: "", err: "" };
    const relay = (stream: "out" | "err") => (chunk: Buffer) => {
      const lines = (pending[stream] + chunk.toString("utf8")).split("\n");
      pending[stream] = lines.pop() ?? "";
      for (const line of lines) process.stdout.write(`${label}${line}\n`);
    };
    child.stdout.on("data", relay("out"));
    child.stderr.on("data", relay("err"));
    const finish = (ok: boolean, note = "") => {
      const seconds = (performance.now() - started) / 1000;
      for (const rest of [pending.out, pending.err]) if (rest) process.stdout.write(`${label}${rest}\n`);
      process.stdout.write(`${label}${ok ? "passed" : `FAILED (${note})`} in ${fixed(seconds, 1)} s\n`);
      resolve({ name: phase.name, status: ok ? "passed" : "failed", seconds });
    };
    child.on("error", (error) => finish(false, `could not start: ${error.message}`));
    child.on("close", (code, signal) => finish(code === 0, `exit ${code ?? signal}`));
  });
}

async function runChain(chain: Phase[], buildFailed: () => boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const phase of chain) {
    const earlierFailed = !phase.regardless && outcomes.some((o) => o.status !== "passed");
    if (earlierFailed || (needsBuild.has(phase.name) && buildFailed())) {
      outcomes.push({ name: phase.name, status: "not run", seconds: 0 });
      continue;
    }
    const built = outcomes.some((o) => o.name === "build" && o.status === "passed");
    outcomes.push(await runPhase(phase.withoutBuild && !built ? { ...phase, command: phase.withoutBuild } : phase));
  }
  return outcomes;
}

function selected(argv: string[]): typeof stages {
  const at = argv.indexOf("--only");
  if (at < 0) return stages;
  const names = new Set((argv[at + 1] ?? "").split(",").filter(Boolean));
  const known = stages.flatMap((stage) => stage.chains.flat()).map((p) => p.name);
  // "unit" names the unit tests whole: its late part too.
  if (names.has("unit")) names.add("unit-late");
  const unknown = [...names].filter((n) => !known.includes(n));
  if (names.size === 0 || unknown.length > 0) {
    process.stderr.write(`error: --only takes phases from ${known.join(", ")} (got "${argv[at + 1] ?? ""}")\n`);
    process.exit(2);
  }
  return stages.map((stage) => ({
    parallel: stage.parallel,
    chains: stage.chains.map((chain) => chain.filter((p) => names.has(p.name))).filter((chain) => chain.length > 0),
  }));
}

const started = performance.now();
const outcomes: Outcome[] = [];
const buildFailed = () => outcomes.some((o) => o.name === "build" && o.status !== "passed");
for (const stage of selected(process.argv.slice(2))) {
  if (stage.parallel)
    outcomes.push(...(await Promise.all(stage.chains.map((chain) => runChain(chain, buildFailed)))).flat());
  else for (const chain of stage.chains) outcomes.push(...(await runChain(chain, buildFailed)));
}
const total = (performance.now() - started) / 1000;
process.stdout.write("\nphase     status    seconds\n");
for (const o of outcomes)
  process.stdout.write(
    `${o.name.padEnd(10)}${o.status.padEnd(10)}${o.status === "not run" ? "" : fixed(o.seconds, 1)}\n`,
  );
process.stdout.write(`${"total".padEnd(20)}${fixed(total, 1)} (wall clock; stage 1 overlaps)\n`);
process.exit(outcomes.every((o) => o.status === "passed") ? 0 : 1);
