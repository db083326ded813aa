/**
 * What a page's load costs the browser's main thread, from a Chromium trace: steadier on this
 * loaded 2-core machine than Lighthouse's total blocking time, which one run cannot pin down
 * (docs/PERFORMANCE.md), because two of its figures are counts, not times.
 *
 * Each page is loaded once per run in a fresh context at Lighthouse's phone size (412 x 823,
 * device pixel ratio 1.75), served compressed, the service worker blocked (its precache runs
 * off the page's thread), and traced until 1.5 s after `load`. For the renderer's main thread:
 * - layout objects laid out and elements styled, summed over every layout and style pass: how
 *   much of the page the browser had to render while it loaded (counts, nearly load-proof);
 * - CPU time of its tasks;
 * - blocking on a 4x slower phone: the sum, over tasks after first contentful paint, of each
 *   task's CPU time times 4 less 50 ms, as Lighthouse's simulated total blocking time counts
 *   them (its mobile preset slows the CPU 4x); an estimate, for comparing two builds.
 *
 * `npm run bench -- render` runs it on every built page; `--pages /a/,/b/` and `--runs=N`
 * (medians of N, round by round) as for the Lighthouse bench.
 */
import { chromium } from "playwright-core";
import { median } from "./stats.ts";
import type { Bench, BenchRow } from "./types.ts";
import { serveStatic } from "../tools/static-server.ts";
import { chromiumPath, launchFlags } from "../tools/chromium.ts";
import { pagesAndRuns } from "./pages.ts";

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: {
    name?: string;
    elementCount?: number;
    beginData?: { url?: string; dirtyObjects?: number };
  };
}

export interface LoadWork {
  layoutObjects: number;
  elementsStyled: number;
  cpuMs: number;
  blockingAt4xMs: number;
}

const isTask = (e: TraceEvent) => e.ph === "X" && (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");

/** The load's main-thread work, from the trace of one page load from `origin`. */
export function loadWork(events: TraceEvent[], origin: string): LoadWork {
  // The page's renderer: the main thread that parsed this site's HTML (headless Chromium has
  // other renderers, for its own pages).
  const parsed = new Map<string, number>();
  for (const e of events)
    if (e.name === "ParseHTML" && (e.args?.beginData?.url ?? "").startsWith(origin)) {
      const key = `${e.pid}:${e.tid}`;
      parsed.set(key, (parsed.get(key) ?? 0) + 1);
    }
  const thread = [...parsed].sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!thread) throw new Error(`no trace of a page from ${origin} being parsed`);
  const main = events.filter((e) => `${e.pid}:${e.tid}` === thread);
  const fcp = main.find((e) => e.name === "firstContentfulPaint")?.ts ?? 0;
  // Top-level tasks only (a task may be traced under both names, one inside the other).
  const tasks: TraceEvent[] = [];
  let end = Number.NEGATIVE_INFINITY;
  for (const t of main.filter(isTask).sort((a, b) => a.ts - b.ts))
    if (t.ts >= end) {
      tasks.push(t);
      end = t.ts + (t.dur ?? 0);
    }
  const cpu = (e: TraceEvent) => (e.tdur ?? e.dur ?? 0) / 1000;
  const work: LoadWork = { layoutObjects: 0, elementsStyled: 0, cpuMs: 0, blockingAt4xMs: 0 };
  for (const t of tasks) {
    work.cpuMs += cpu(t);
    if (t.ts >= fcp) work.blockingAt4xMs += Math.max(0, 4 * cpu(t) - 50);
  }
  for (const e of main) {
    if (e.ph !== "X") continue;
    if (e.name === "Layout") work.layoutObjects += e.args?.beginData?.dirtyObjects ?? 0;
    if (e.name === "UpdateLayoutTree") work.elementsStyled += e.args?.elementCount ?? 0;
  }
  return work;
}

/** The rows each page gets: what is reported, read off a load, and in what unit. */
const figures: [string, (w: LoadWork) => number, string][] = [
  ["layout objects laid out", (w) => w.layoutObjects, "objects"],
  ["elements styled", (w) => w.elementsStyled, "elements"],
  ["main-thread CPU", (w) => w.cpuMs, "ms"],
  ["blocking at 4x (estimate)", (w) => w.blockingAt4xMs, "ms"],
];

const bench: Bench = async ({ distDir }) => {
  const { pages, runs } = pagesAndRuns(distDir);
  const server = await serveStatic(distDir, { compress: true });
  const browser = await chromium.launch({ executablePath: chromiumPath, args: launchFlags });
  const loads = new Map<string, LoadWork[]>(pages.map((path) => [path, []]));
  try {
    for (let run = 0; run < runs; run++)
      for (const path of pages) {
        const context = await browser.newContext({
          viewport: { width: 412, height: 823 },
          deviceScaleFactor: 1.75,
          serviceWorkers: "block",
        });
        try {
          const page = await context.newPage();
          const cdp = await context.newCDPSession(page);
          const events: TraceEvent[] = [];
          cdp.on("Tracing.dataCollected", (e) => events.push(...(e.value as unknown as TraceEvent[])));
          const complete = new Promise((done) => cdp.once("Tracing.tracingComplete", done));
          await cdp.send("Tracing.start", {
            traceConfig: {
              includedCategories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "toplevel", "loading"],
              recordMode: "recordAsMuchAsPossible",
            },
            transferMode: "ReportEvents",
          });
          await page.goto(`${server.url}${path}`, { waitUntil: "load" });
          // What the page does just after load (its scripts' first work) counts too.
          await page.evaluate(() => new Promise((done) => setTimeout(done, 1500)));
          await cdp.send("Tracing.end");
          await complete;
          loads.get(path)?.push(loadWork(events, server.url));
        } finally {
          await context.close();
        }
      }
  } finally {
    await browser.close();
    await server.close();
  }
  const rows: BenchRow[] = [];
  for (const path of pages) {
    const all = loads.get(path) ?? [];
    const mid = (pick: (w: LoadWork) => number) => median(all.map(pick));
    const note = runs > 1 ? `median of ${runs}` : undefined;
    for (const [metric, pick, unit] of figures)
      rows.push({ area: "render", metric: `${metric} ${path}`, value: mid(pick), unit, ...(note ? { note } : {}) });
  }
  return rows;
};

export default bench;
