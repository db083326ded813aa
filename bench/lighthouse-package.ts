/**
 * Lighthouse and chrome-launcher for the Lighthouse bench (lighthouse.bench.ts), loaded from the
 * bench's own package, bench/lighthouse/, not from the root one. Only this bench uses them, and
 * with their dependencies they were a fifth of the packages the root `npm ci` installs, in CI too;
 * whoever runs this bench installs them once with the command below, at the versions
 * bench/lighthouse/package-lock.json pins (the versions the root lock had).
 *
 * Nothing here imports their types, so the root type check, knip and Biome pass without them:
 * the few parts of Lighthouse's result the bench reads are declared below and checked when read.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";

const packageJson = new URL("./lighthouse/package.json", import.meta.url);
const fromBenchPackage = createRequire(packageJson);

/** The command that installs the bench's packages, run in the project's root folder. */
export const lighthouseInstallCommand = "npm ci --prefix bench/lighthouse";

/**
 * Why the Lighthouse bench cannot run yet (its packages missing, or at other versions than
 * bench/lighthouse/package.json pins), with the command that fixes it; undefined when it can.
 */
export function lighthouseSetupProblem(): string | undefined {
  const pinned = (JSON.parse(readFileSync(packageJson, "utf8")) as { dependencies: Record<string, string> })
    .dependencies;
  const wrong: string[] = [];
  for (const [name, version] of Object.entries(pinned)) {
    let installed: string | undefined;
    try {
      installed = (fromBenchPackage(`${name}/package.json`) as { version?: string }).version;
    } catch {
      installed = undefined;
    }
    if (installed !== version) wrong.push(`${name} ${version}${installed ? ` (found ${installed})` : ""}`);
  }
  if (wrong.length === 0) return undefined;
  return (
    `the Lighthouse bench needs ${wrong.join(" and ")} in bench/lighthouse/node_modules, which the ` +
    `root npm install does not install. Install them once, in the project's root folder:\n` +
    `  ${lighthouseInstallCommand}`
  );
}

/** The parts of Lighthouse's result (its `lhr`) that lighthouse.bench.ts reads. */
export interface LighthouseReport {
  runtimeError?: { message: string };
  audits: Record<string, { numericValue?: number; details?: unknown } | undefined>;
  categories: Record<string, { score: number | null } | undefined>;
  environment: { benchmarkIndex: number };
}

/** Lighthouse's default export, as the bench calls it. */
type RunLighthouse = (
  url: string,
  flags: { port: number; output: "json"; logLevel: "error"; onlyCategories: string[] },
) => Promise<{ lhr: unknown } | undefined>;

/** chrome-launcher's `launch`, as the bench calls it. */
type LaunchChrome = (options: {
  chromePath: string;
  chromeFlags: string[];
}) => Promise<{ port: number; kill(): void | Promise<void> }>;

/** Throws unless `lhr` has the shape `LighthouseReport` declares (the fields the bench reads). */
export function asLighthouseReport(lhr: unknown, url: string): LighthouseReport {
  const r = lhr as Partial<LighthouseReport> | undefined;
  if (
    typeof r?.audits !== "object" ||
    typeof r.categories !== "object" ||
    typeof r.environment?.benchmarkIndex !== "number"
  )
    throw new Error(`Lighthouse's result for ${url} lacks audits, categories or environment.benchmarkIndex`);
  return r as LighthouseReport;
}

/**
 * Imports Lighthouse and chrome-launcher from bench/lighthouse/node_modules, once; rejects with
 * the setup message when they are not installed there.
 */
export function loadLighthouse(): Promise<{ lighthouse: RunLighthouse; launchChrome: LaunchChrome }> {
  loaded ??= (async () => {
    const problem = lighthouseSetupProblem();
    if (problem) throw new Error(problem);
    const load = (name: string): Promise<Record<string, unknown>> =>
      import(pathToFileURL(fromBenchPackage.resolve(name)).href);
    const [lighthouse, chromeLauncher] = await Promise.all([load("lighthouse"), load("chrome-launcher")]);
    if (typeof lighthouse.default !== "function" || typeof chromeLauncher.launch !== "function")
      throw new Error("bench/lighthouse/node_modules: lighthouse has no default export or chrome-launcher no launch");
    return { lighthouse: lighthouse.default as RunLighthouse, launchChrome: chromeLauncher.launch as LaunchChrome };
  })();
  return loaded;
}
let loaded: ReturnType<typeof loadLighthouse> | undefined;
