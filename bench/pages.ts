/**
 * The pages and the number of runs a per-page benchmark (Lighthouse, render) takes from its
 * command line: `--pages=/,/cells/` (every built page when absent) and `--runs=N` (1 to 15;
 * each figure is then the median of N runs, taken round by round).
 */
import { loadBuiltSite } from "../tools/built-site.ts";

export function pagesAndRuns(
  distDir: string,
  argv: readonly string[] = process.argv,
): { pages: string[]; runs: number } {
  const pagesArg = argv.find((a) => a.startsWith("--pages="))?.slice("--pages=".length);
  const runsArg = argv.find((a) => a.startsWith("--runs="))?.slice("--runs=".length) ?? "1";
  const runs = Number(runsArg);
  if (!Number.isInteger(runs) || runs < 1 || runs > 15)
    throw new Error(`--runs takes a whole number from 1 to 15, got "${runsArg}"`);
  const pages = pagesArg
    ? pagesArg.split(",")
    : loadBuiltSite(distDir)
        .map((p) => p.path)
        .filter((p) => p.endsWith("/"));
  return { pages, runs };
}
