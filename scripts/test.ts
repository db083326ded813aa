/**
 * `npm test`: every check CI runs, with the phases that do not depend on each other overlapped.
 *
 *   lint ──> knip ──> unit ──> check   (Biome; dead code and unused exports; the unit and content
 *                                      tests; astro check)
 *   build ──> site ──> browser       (the site tests and the browser tests need the build)
 *
 * The two chains start together. astro check and astro build both regenerate .astro/ when they
 * start, so they never start at the same time: check runs last in its chain, long after the
 * build's start. Each line a phase prints is shown as it comes, after the phase's name, then a
 * table of what each phase took. Every phase runs even when
 * another failed (a failure in one chain does not hide one in the other); a chain stops at its
 * first failure, and the exit status is 1 if any phase failed.
 *
 * Usage: npm test [-- --only <phase,...>]   e.g. `npm test -- --only lint,unit`
 */
import { spawn } from "node:child_process";
import { performance } from "node:perf_hooks";

interface Phase {
  name: string;
  command: string[];
}

const vitest = ["node_modules/.bin/vitest", "run"];
const chains: Phase[][] = [
  [
    { name: "lint", command: ["node_modules/.bin/biome", "check", "."] },
    { name: "knip", command: ["node_modules/.bin/knip", "--no-progress"] },
    { name: "unit", command: [...vitest, "--project", "unit"] },
    { name: "check", command: ["node_modules/.bin/astro", "check"] },
  ],
  [
    { name: "build", command: ["node_modules/.bin/astro", "build"] },
    { name: "site", command: [...vitest, "--project", "site"] },
    { name: "browser", command: [...vitest, "--project", "browser"] },
  ],
];

interface Outcome {
  name: string;
  status: "passed" | "failed" | "not run";
  seconds: number;
}

function runPhase(phase: Phase): Promise<Outcome> {
  const started = performance.now();
  return new Promise((resolve) => {
    const [file, ...args] = phase.command;
    const child = spawn(file!, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, FORCE_COLOR: "1" } });
    const label = `${phase.name.padEnd(7)} │ `;
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
      process.stdout.write(`${label}${ok ? "passed" : `FAILED (${note})`} in ${seconds.toFixed(1)} s\n`);
      resolve({ name: phase.name, status: ok ? "passed" : "failed", seconds });
    };
    child.on("error", (error) => finish(false, `could not start: ${error.message}`));
    child.on("close", (code, signal) => finish(code === 0, `exit ${code ?? signal}`));
  });
}

async function runChain(chain: Phase[]): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const phase of chain) {
    if (outcomes.some((o) => o.status !== "passed")) {
      outcomes.push({ name: phase.name, status: "not run", seconds: 0 });
      continue;
    }
    outcomes.push(await runPhase(phase));
  }
  return outcomes;
}

function selected(argv: string[]): Phase[][] {
  const at = argv.indexOf("--only");
  if (at < 0) return chains;
  const names = new Set((argv[at + 1] ?? "").split(",").filter(Boolean));
  const known = chains.flat().map((p) => p.name);
  const unknown = [...names].filter((n) => !known.includes(n));
  if (names.size === 0 || unknown.length > 0) {
    process.stderr.write(`error: --only takes phases from ${known.join(", ")} (got "${argv[at + 1] ?? ""}")\n`);
    process.exit(2);
  }
  return chains.map((chain) => chain.filter((p) => names.has(p.name))).filter((chain) => chain.length > 0);
}

const started = performance.now();
const outcomes = (await Promise.all(selected(process.argv.slice(2)).map(runChain))).flat();
const total = (performance.now() - started) / 1000;
process.stdout.write("\nphase     status    seconds\n");
for (const o of outcomes)
  process.stdout.write(
    `${o.name.padEnd(10)}${o.status.padEnd(10)}${o.status === "not run" ? "" : o.seconds.toFixed(1)}\n`,
  );
process.stdout.write(`${"total".padEnd(20)}${total.toFixed(1)} (wall clock; the two chains overlap)\n`);
process.exit(outcomes.every((o) => o.status === "passed") ? 0 : 1);
