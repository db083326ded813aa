/**
 * Build-time rendering support for the replay: both scenarios' runs for a state (made once per
 * build, `rememberedRetryStorm`: the chapter, the presenter page and the chapters' figures share
 * them), turned into static SVG charts and text.
 */
import { rememberedRetryStorm } from "../../sim/retry-storm/index.ts";
import { scenarios, type ReplayState } from "./state.ts";
import { sharedScales, type ValueScale } from "./scale.ts";
import { chartSvg } from "./svg.ts";
import { chartName, chartViews, markers, summaryText, type RunView } from "./view.ts";

export function serverRuns(state: ReplayState): { naive: RunView; defended: RunView } {
  const pair = scenarios(state);
  return { naive: rememberedRetryStorm(pair.naive), defended: rememberedRetryStorm(pair.defended) };
}

export interface StaticChart {
  id: string;
  title: string;
  unit: string;
  svg: string;
}

/**
 * The static charts of a run, each named by `name`, the run's label ("Naive run", runName);
 * `veilFrom` as in chartSvg (the presenter view's playhead); `scales`, each chart's value axis by
 * its id, those the two runs share (sharedScales), or by default this run's own.
 */
export function staticCharts(
  name: string,
  run: RunView,
  veilFrom?: number,
  scales: Record<string, ValueScale> = sharedScales([run]),
): StaticChart[] {
  const marks = markers(run.summary);
  return chartViews(run).map((view) => ({
    id: view.id,
    title: view.title,
    unit: view.unit,
    svg: chartSvg(
      view,
      run.metrics.time,
      marks,
      `${name}: ${chartName(view)}, from ${run.metrics.time[0]} s to ${run.metrics.time.at(-1)} s after the trigger`,
      veilFrom,
      scales[view.id],
    ),
  }));
}

export { summaryText, markers, sharedScales };
