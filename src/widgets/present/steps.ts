/**
 * The prepared presenter steps of the workshop: a link for each step of the replay (all
 * defences off, one at a time, three together) and of the shuffle-shard explorer, with the
 * figures the room will see there. Every figure comes from the same simulation runs the
 * presenter views draw (the replay's build-time runs, the explorer's model), with the same
 * formatters, so the run sheet and the screen always agree.
 */
import {
  minutesAndSeconds,
  percentAnySize,
  percentAnySizeHtml,
  secondsOrMinutes,
  successPercent,
} from "../../format/number.ts";
import type { DefenceName } from "../../sim/retry-storm/index.ts";
import { rememberedRetryStorm } from "../../sim/retry-storm/index.ts";
import { normalizeState, toQuery as replayQuery, scenarios } from "../replay/state.ts";
import { clickerStops, keyMoments, stopSecond } from "../replay/present.ts";
import { triesPerRequest, unrelatedSuccess, type Marker, type RunView } from "../replay/view.ts";
import { explorerView } from "../shuffle-explorer/model.ts";
import { normalize, toQuery as explorerQuery, type ExplorerState } from "../shuffle-explorer/state.ts";
import type { ExplorerStepId, ReplayStepId } from "../../course/workshop/step-ids.ts";

export interface Figure {
  /** What to read off the screen. */
  label: string;
  /** The same, in a few words, for the one-page run sheet. */
  short: string;
  /** The value the screen shows, as plain text. */
  value: string;
  /** The same for a page, where it differs: a power of ten's exponent as a superscript (percentAnySizeHtml). */
  html?: string;
}

export interface PreparedStep {
  id: ReplayStepId | ExplorerStepId;
  /** What the step shows, for the run sheet. */
  label: string;
  /** Site-relative link to the presenter view in that state. */
  href: string;
  /**
   * Where a clicker's Page Down stops, in order (replay only): `value` is the stop's time as the
   * replay's clock shows it, `label` the events there, each with the model's time where it is not
   * that second (clickerMoments). The stops follow the naive run, the same in every replay step.
   */
  moments: Figure[];
  /** The figures to expect once the step has played. */
  figures: Figure[];
}

const presenterReplay = "/present/retry-storm/";
const presenterExplorer = "/present/explorer/";

/** The replay steps: the defended side's defences (the left side is always the naive run). */
export const replaySteps: Record<ReplayStepId, { label: string; defences: DefenceName[] }> = {
  "replay-off": { label: "All defences off", defences: [] },
  "replay-bulkhead": { label: "Bulkheads only", defences: ["bulkhead"] },
  "replay-breaker": { label: "Circuit breakers only", defences: ["breaker"] },
  "replay-budget": { label: "Retry budgets only", defences: ["budget"] },
  "replay-three": { label: "Bulkheads, breakers and budgets together", defences: ["bulkhead", "breaker", "budget"] },
};

/** The explorer steps: the explorer's own default fleet, a larger fleet, then the same fleet without client failover. */
export const explorerSteps: Record<ExplorerStepId, { label: string; state: ExplorerState }> = {
  "explorer-default": { label: "Fixed groups against shuffle shards", state: normalize({}) },
  "explorer-fleet": {
    label: "A larger fleet",
    state: normalize({ workers: 100, shard: 5, groups: 20 }),
  },
  "explorer-no-failover": {
    label: "The larger fleet without client failover",
    state: normalize({ workers: 100, shard: 5, groups: 20, failover: false }),
  },
};

/** How a run ended, in the words of the replay's summary. */
function recovery(run: RunView): string {
  const s = run.summary;
  if (s.recoveredBy === "self") {
    // As the replay's summary says a recovery in pricing's own second: not "0 s after".
    const after = minutesAndSeconds(s.recoverySeconds!);
    return after === minutesAndSeconds(0)
      ? "by itself, as soon as pricing recovers"
      : `by itself, ${after} after pricing recovers`;
  }
  if (s.recoveredBy === "intervention")
    return `only at the intervention (${minutesAndSeconds(s.interventionSeconds!)})`;
  return "never";
}

/**
 * Where a clicker stops, as Figures: the stop's time as the replay's clock shows it (whole
 * seconds, `value`) and the events it shows there, each with its time as the model gives it and
 * every page writes a moment of the storm (secondsOrMinutes) where that is not the stop's own
 * second: "82 s" for "first refusal at 82.7 s".
 */
export function clickerMoments(moments: readonly Marker[]): Figure[] {
  return clickerStops(moments).map((stop) => {
    const events = moments
      .filter((m) => stopSecond(m.time) === stop.second)
      .map((m) =>
        Math.round(m.time * 10) / 10 === stop.second ? m.label : `${m.label} at ${secondsOrMinutes(m.time)}`,
      )
      .join("; ");
    return { label: events, short: events, value: `${stop.second} s` };
  });
}

/** The link of a prepared step, without running anything. */
export function stepHref(id: ReplayStepId | ExplorerStepId): string {
  if (id.startsWith("replay-"))
    return `${presenterReplay}?${replayQuery(normalizeState({ defences: replaySteps[id as ReplayStepId].defences }))}`;
  return `${presenterExplorer}?${explorerQuery(explorerSteps[id as ExplorerStepId].state)}`;
}

function replayStep(id: ReplayStepId): PreparedStep {
  const { label, defences } = replaySteps[id];
  const state = normalizeState({ defences });
  // The run the step is about: the defended side (with no defence, it is the naive run).
  const pair = scenarios(state);
  const { summary, metrics } = rememberedRetryStorm(pair.defended);
  const run: RunView = { summary, metrics };
  const unrelated = unrelatedSuccess(run.summary);
  // The presenter view's key moments are the naive run's, whatever the defences: the clicker
  // stops at each in whole seconds, as the playhead moves and the screen's clock reads.
  return {
    id,
    label,
    href: stepHref(id),
    moments: clickerMoments(keyMoments(rememberedRetryStorm(pair.naive).summary)),
    figures: [
      {
        label: "Services that never call pricing, success during the incident",
        short: "unrelated services succeed",
        // As the replay's summary writes it: "100%" where every request was served, "100.0%" where nearly.
        value: unrelated === null ? "no incident" : successPercent(unrelated),
      },
      { label: "Recovers", short: "recovers", value: recovery(run) },
      {
        label: "Tries per request",
        short: "tries per request",
        value: run.summary.amplification === null ? "no requests" : triesPerRequest(run.summary.amplification),
      },
    ],
  };
}

/** A share as the explorer writes it: text, and for a page the power of ten's exponent as a superscript. */
const share = (x: number) => ({ value: percentAnySize(x), html: percentAnySizeHtml(x) });

function explorerStep(id: ExplorerStepId): PreparedStep {
  const { label, state } = explorerSteps[id];
  const view = explorerView(state);
  return {
    id,
    label: `${label}: ${state.workers} workers, shards of ${state.shard}, ${state.groups} fixed groups, failover ${state.failover ? "on" : "off"}`,
    href: stepHref(id),
    moments: [],
    figures: [
      { label: "Fixed groups: other customers that lose service", short: "fixed groups", ...share(view.blast.fixed) },
      { label: "Shuffle shards, exact", short: "shuffle, exact", ...share(view.blast.shuffleExact) },
      {
        label: `Shuffle shards, simulated (seed ${state.seed})`,
        short: "simulated",
        ...share(view.blast.shuffleSimulated),
      },
    ],
  };
}

const memo = new Map<string, PreparedStep>();

/** A prepared step with its link and figures (computed once per build). */
export function preparedStep(id: ReplayStepId | ExplorerStepId): PreparedStep {
  let step = memo.get(id);
  if (!step) {
    step = id.startsWith("replay-") ? replayStep(id as ReplayStepId) : explorerStep(id as ExplorerStepId);
    memo.set(id, step);
  }
  return step;
}
