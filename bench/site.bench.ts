/** Site build time, and what each page loads before any interaction, against the budgets. */
import { execFileSync } from "node:child_process";
import type { Bench, BenchRow } from "./types.ts";
import { serveStatic } from "../tools/static-server.ts";
import { openBrowser } from "../tools/chromium.ts";
import { weighPage } from "../tools/page-weight.ts";
import { budgets } from "../tools/budgets.ts";
import { loadBuiltSite } from "../tools/built-site.ts";

const bench: Bench = async ({ distDir }) => {
  const started = performance.now();
  execFileSync("npx", ["astro", "build"], { stdio: "ignore" });
  const buildSeconds = (performance.now() - started) / 1000;
  const pages = loadBuiltSite(distDir)
    .map((p) => p.path)
    .filter((p) => p.endsWith("/"));
  const rows: BenchRow[] = [
    { area: "site", metric: `astro build (${pages.length} pages)`, value: buildSeconds, unit: "s" },
  ];

  const server = await serveStatic(distDir);
  const browser = await openBrowser();
  const js: number[] = [];
  const css: number[] = [];
  const total: number[] = [];
  try {
    for (const path of pages) {
      const page = await browser.context.newPage();
      const w = await weighPage(page, `${server.url}${path}`);
      await page.close();
      js.push(w.jsGzipBytes / 1024);
      css.push(w.cssGzipBytes / 1024);
      total.push(w.totalGzipBytes / 1024);
      rows.push({
        area: "page",
        metric: `JS before interaction ${path}`,
        value: w.jsGzipBytes / 1024,
        unit: "KB gz",
        target: `<= ${budgets.jsBeforeInteractionKB}`,
      });
    }
  } finally {
    await browser.close();
    await server.close();
  }
  const max = (xs: number[]) => Math.max(...xs);
  rows.push(
    {
      area: "site",
      metric: "JS before interaction, heaviest page",
      value: max(js),
      unit: "KB gz",
      target: `<= ${budgets.jsBeforeInteractionKB}`,
    },
    { area: "site", metric: "CSS, heaviest page", value: max(css), unit: "KB gz", target: `<= ${budgets.cssKB}` },
    {
      area: "site",
      metric: "total transfer, heaviest page",
      value: max(total),
      unit: "KB gz",
      target: `<= ${budgets.chapterTotalKB} (chapters)`,
    },
  );
  return rows;
};
export default bench;
