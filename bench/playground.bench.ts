/**
 * The playground in headless Chromium: Run click to first output line (cold: the first run on
 * a freshly loaded page with the HTTP cache off, so the editor, runner and worker all load;
 * warm: later runs, a worker started in advance), the JavaScript a chapter page with
 * playgrounds loads before interaction, and sucrase against TypeScript's transpileModule on
 * the same playground file, both in the page.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { buildSync } from "esbuild";
import type { Page } from "playwright-core";
import type { Bench, BenchRow } from "./types.ts";
import { median } from "./stats.ts";
import { openBrowser } from "../tools/chromium.ts";
import { weighPage } from "../tools/page-weight.ts";

const samples = 20;
/** Between warm runs, as a reader would pause (they read the output); the next worker boots meanwhile. */
const pauseMs = Number(process.env.BENCH_PAUSE_MS ?? 300);
const programFile = new URL("../content/chapters/shuffle-sharding/shuffle-shard.play.ts", import.meta.url);

/** Click Run and time, inside the page, from the click event to the first printed line. */
async function timeRun(page: Page, selector: string): Promise<number> {
  await page.evaluate((sel) => {
    const root = document.querySelector(sel)!;
    const out = root.querySelector("[data-output]")!;
    const w = window as unknown as { benchClick?: number; benchFirst?: Promise<number> };
    w.benchFirst = new Promise((resolve) => {
      const observer = new MutationObserver(() => {
        if (out.childNodes.length > 0) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(out, { childList: true });
    });
    root
      .querySelector("[data-action='run']")!
      .addEventListener("click", (e) => (w.benchClick = e.timeStamp), { once: true, capture: true });
  }, selector);
  await page.locator(`${selector} [data-action='run']`).click();
  return page.evaluate(async () => {
    const w = window as unknown as { benchClick: number; benchFirst: Promise<number> };
    return (await w.benchFirst) - w.benchClick;
  });
}

async function waitIdle(page: Page, selector: string): Promise<void> {
  await page.waitForFunction(
    (sel) => document.querySelector(`${sel} [data-status]`)?.getAttribute("data-state") === "ok",
    selector,
    { timeout: 20_000 },
  );
}

/** Chapter pages ranked by how many playgrounds they carry. */
function pagesWithPlaygrounds(distDir: string): { path: string; count: number }[] {
  return readdirSync(distDir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(join(distDir, d.name, "index.html")))
    .map((d) => ({
      path: `/${d.name}/`,
      count: (readFileSync(join(distDir, d.name, "index.html"), "utf8").match(/data-playground(?=[\s>])/g) ?? [])
        .length,
    }))
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count);
}

function sucraseForThePage(): string {
  return buildSync({
    stdin: { contents: 'export { transform } from "sucrase";', resolveDir: process.cwd() },
    bundle: true,
    format: "iife",
    globalName: "benchSucrase",
    minify: true,
    write: false,
  }).outputFiles[0]!.text;
}

const bench: Bench = async ({ siteUrl, distDir }) => {
  const rows: BenchRow[] = [];
  const chapter = `${siteUrl}/shuffle-sharding/`;
  const selector = "#playground-shuffle-shard";
  const browser = await openBrowser();
  try {
    const { page, context } = browser;
    // Cold: every sample is a fresh page load with the cache off.
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const cold: number[] = [];
    for (let i = 0; i < samples; i++) {
      await page.goto(chapter, { waitUntil: "load" });
      cold.push(await timeRun(page, selector));
      await waitIdle(page, selector);
    }
    // Warm: the same page, run again and again (each run in a fresh, pre-started worker).
    const warm: number[] = [];
    const whole: number[] = [];
    for (let i = 0; i < samples; i++) {
      await page.waitForTimeout(pauseMs); // a reader pauses between runs; the next worker boots meanwhile
      warm.push(await timeRun(page, selector));
      await waitIdle(page, selector);
      whole.push(
        Number(
          /Finished in (\d+) ms/.exec((await page.locator(`${selector} [data-status]`).textContent()) ?? "")?.[1] ??
            NaN,
        ),
      );
    }
    // The runner's own share: the same loop with a one-line program.
    await page.locator(`${selector} .cm-content`).click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText('console.log("hello");\n');
    const oneLine: number[] = [];
    for (let i = 0; i < samples; i++) {
      await page.waitForTimeout(pauseMs);
      oneLine.push(await timeRun(page, selector));
      await waitIdle(page, selector);
    }
    await page.evaluate(() => localStorage.clear());
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: false });
    rows.push({
      area: "playground",
      metric: "Run click to first output, cold (p50 of 20)",
      value: median(cold),
      unit: "ms",
      target: "<= 250",
    });
    rows.push({
      area: "playground",
      metric: "Run click to first output, warm (p50 of 20)",
      value: median(warm),
      unit: "ms",
      target: "<= 30",
    });
    rows.push({
      area: "playground",
      metric: "shuffle-shard whole run (worker clock), warm (p50 of 20)",
      value: median(whole),
      unit: "ms",
      note: "10,000 deals in a fresh worker",
    });
    rows.push({
      area: "playground",
      metric: "Run click to first output, one-line program, warm (p50 of 20)",
      value: median(oneLine),
      unit: "ms",
      note: "the runner alone",
    });

    // What a chapter with playgrounds costs before the reader touches anything.
    const ranked = pagesWithPlaygrounds(distDir);
    const heaviest = ranked[0];
    if (heaviest) {
      const fresh = await context.newPage();
      const weight = await weighPage(fresh, `${siteUrl}${heaviest.path}`);
      await fresh.close();
      rows.push({
        area: "playground",
        metric: `JS before interaction ${heaviest.path}`,
        value: weight.jsGzipBytes / 1024,
        unit: "KB gz",
        target: "<= 30",
        note: `${heaviest.count} playground${heaviest.count === 1 ? "" : "s"} on the page`,
      });
    }

    // Transpilers on the same file, in the page: sucrase (what the runner uses) and TypeScript.
    const source = readFileSync(programFile, "utf8");
    const typescriptJs = readFileSync(createRequire(import.meta.url).resolve("typescript/lib/typescript.js"), "utf8");
    const lab = await context.newPage();
    await lab.setContent("<!doctype html><title>transpile bench</title>");
    await lab.addScriptTag({ content: sucraseForThePage() });
    await lab.addScriptTag({ content: typescriptJs });
    // A string, not a function: tsx would wrap named inner functions in a helper the page lacks.
    const times = (await lab.evaluate(`(() => {
      const source = ${JSON.stringify(source)};
      const timeIt = (fn) => {
        for (let i = 0; i < 5; i++) fn(); // warm the JIT
        const out = [];
        for (let i = 0; i < ${samples}; i++) {
          const t = performance.now();
          fn();
          out.push(performance.now() - t);
        }
        return out;
      };
      return {
        sucrase: timeIt(() => benchSucrase.transform(source, { transforms: ["typescript", "imports"], disableESTransforms: true })),
        typescript: timeIt(() => ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } })),
      };
    })()`)) as { sucrase: number[]; typescript: number[] };
    await lab.close();
    const lines = source.split("\n").length - 1;
    rows.push({
      area: "playground",
      metric: `sucrase transform, ${lines}-line playground (p50 of 20)`,
      value: median(times.sucrase),
      unit: "ms",
      note: "in Chromium",
    });
    rows.push({
      area: "playground",
      metric: `TypeScript transpileModule, same file (p50 of 20)`,
      value: median(times.typescript),
      unit: "ms",
      note: "in Chromium",
    });
  } finally {
    await browser.close();
  }
  return rows;
};
export default bench;
