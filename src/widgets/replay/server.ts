/**
 * Build-time rendering support for the replay: runs both scenarios once per state (the chapter
 * and the presenter page share them) and turns them into static SVG charts and text.
 */
import { runRetryStorm } from "../../sim/retry-storm/index.ts";
import { scenarios, type ReplayState } from "./state.ts";
import { chartSvg } from "./svg.ts";
import { chartViews, markers, summaryText, type RunView } from "./view.ts";

const memo = new Map<string, { naive: RunView; defended: RunView }>();

export function serverRuns(state: ReplayState): { naive: RunView; defended: RunView } {
  const key = JSON.stringify(state);
  let runs = memo.get(key);
  if (!runs) {
    const pair = scenarios(state);
    const naive = runRetryStorm(pair.naive);
    const defended = runRetryStorm(pair.defended);
    runs = {
      naive: { summary: naive.summary, metrics: naive.metrics },
      defended: { summary: defended.summary, metrics: defended.metrics },
    };
    memo.set(key, runs);
  }
  return runs;
}

export interface StaticChart {
  id: string;
  title: string;
  unit: string;
  svg: string;
}

export function staticCharts(name: string, run: RunView): StaticChart[] {
  const marks = markers(run.summary);
  return chartViews(run).map((view) => ({
    id: view.id,
    title: view.title,
    unit: view.unit,
    svg: chartSvg(
      view,
      run.metrics.time,
      marks,
      `${name} run: ${view.title} (${view.unit}), from ${run.metrics.time[0]} s to ${run.metrics.time.at(-1)} s after the trigger`,
    ),
  }));
}

export { summaryText, markers };
