/**
 * `npm run bench`: build the site, then run every bench/*.bench.ts and print one table of
 * what was measured on this machine. `--json` prints the rows as JSON instead.
 * Run one area with `npm run bench -- site` (matches the file name).
 */
import { readdirSync } from "node:fs";
import { cpus } from "node:os";
import { serveStatic } from "../tools/static-server.ts";
import type { Bench, BenchRow } from "./types.ts";
import { benchArgs } from "./args.ts";
import { lighthouseSetupProblem } from "./lighthouse-package.ts";
import { cpuShares, describeCpuShares, readCpuTimes } from "./cpu-share.ts";
import { table } from "../src/cli/args.ts";
import { elapsedSeconds, fixed } from "../src/format/number.ts";
import { outDirFromEnv } from "../src/integrations/out-dir.ts";

const here = new URL(".", import.meta.url).pathname;
const chosen = benchArgs(
  process.argv.slice(2),
  readdirSync(here).filter((f) => f.endsWith(".bench.ts")),
);
if ("error" in chosen) {
  process.stderr.write(`bench: ${chosen.error}\n`);
  process.exit(2);
}
const { json, files } = chosen;
// Lighthouse is installed apart from the root package (bench/lighthouse/): when it is missing,
// say so before the site is built and the other benches run, not at the end.
const lighthouseProblem = files.includes("lighthouse.bench.ts") ? lighthouseSetupProblem() : undefined;
if (lighthouseProblem) {
  process.stderr.write(`bench: ${lighthouseProblem}\n`);
  process.exit(1);
}

const distDir = outDirFromEnv() + "/";
const rows: BenchRow[] = [];
// site.bench.ts builds the site first, so it runs first.
files.sort((a, b) => (a === "site.bench.ts" ? -1 : b === "site.bench.ts" ? 1 : a.localeCompare(b)));
let server: Awaited<ReturnType<typeof serveStatic>> | undefined;
const cpuBefore = readCpuTimes();
try {
  for (const file of files) {
    if (!server && file !== "site.bench.ts") server = await serveStatic(distDir);
    const bench = (await import(`./${file}`)).default as Bench;
    const started = performance.now();
    rows.push(...(await bench({ siteUrl: server?.url ?? "", distDir })));
    process.stderr.write(`bench: ${file} took ${elapsedSeconds(performance.now() - started, 1)}\n`);
  }
} finally {
  await server?.close();
}
const cpuAfter = readCpuTimes();
const shares = cpuBefore && cpuAfter ? cpuShares(cpuBefore, cpuAfter) : undefined;

if (json) {
  process.stdout.write(
    JSON.stringify(
      {
        date: new Date().toISOString(),
        machine: `${cpus().length} x ${cpus()[0]?.model ?? "cpu"}`,
        node: process.version,
        ...(shares ? { cpuBusyShare: shares.busy, cpuStealShare: shares.steal } : {}),
        rows,
      },
      null,
      2,
    ) + "\n",
  );
} else {
  const fmt = (v: number) => fixed(v, Math.abs(v) >= 100 ? 0 : Math.abs(v) >= 10 ? 1 : 2);
  process.stdout.write(
    table([
      ["area", "metric", "value", "unit", "target", "note"],
      ...rows.map((r) => [r.area, r.metric, fmt(r.value), r.unit, r.target ?? "", r.note ?? ""]),
    ]) + "\n",
  );
  process.stdout.write(`\nmachine: ${cpus().length} x ${cpus()[0]?.model ?? "cpu"}, node ${process.version}\n`);
  if (shares) process.stdout.write(`${describeCpuShares(shares)}\n`);
}
