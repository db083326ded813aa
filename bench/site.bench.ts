/** Site build time and what a chapter page loads before any interaction. */
import { execFileSync } from "node:child_process";
import { readdirSync, existsSync } from "node:fs";
import type { Bench, BenchRow } from "./types.ts";
import { serveStatic } from "../tests/support/static-server.ts";
import { openBrowser } from "../tests/support/chromium.ts";
import { weighPage } from "../tests/support/page-weight.ts";

const bench: Bench = async ({ distDir }) => {
  const started = performance.now();
  execFileSync("npx", ["astro", "build"], { stdio: "ignore" });
  const buildSeconds = (performance.now() - started) / 1000;
  const rows: BenchRow[] = [{ area: "site", metric: "astro build (full site)", value: buildSeconds, unit: "s" }];

  const chapters = readdirSync(distDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${distDir}${d.name}/index.html`) && !d.name.startsWith("_"))
    .map((d) => d.name);
  const server = await serveStatic(distDir);
  const browser = await openBrowser();
  try {
    for (const path of ["", ...chapters]) {
      const weight = await weighPage(browser.page, `${server.url}/${path ? path + "/" : ""}`);
      rows.push({ area: "site", metric: `JS before interaction: /${path}`, value: weight.jsGzipBytes / 1024, unit: "KB gz", target: "<= 30" });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
};
export default bench;
