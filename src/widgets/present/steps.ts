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
import { clickerStops, keyMoments, nextMoment, stopSecond } from "../replay/present.ts";
import { triesPerRequest, unrelatedSuccess, type Marker, type RunView } from "../replay/view.ts";
import { explorerView } from "../shuffle-explorer/model.ts";
import { listNames } from "../../format/words.ts";
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
  /** The same stops as a clicker walks them from where the link opens (replay only; null elsewhere). */
  clicker: ClickerWalk | null;
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

/** The second a replay link opens at: the playhead slider's first value (RetryStormReplay.astro). */
export const replayOpensAt = 0;

/** Where a clicker takes the replay, from where its link opens: `opens`, then each Page Down. */
export interface ClickerWalk {
  /** Where the link opens, with the moments shown there (clickerMoments; an empty label where none is). */
  opens: Figure;
  /** Each Page Down's stop after it, in order: the key moments after the opening second. */
  stops: Figure[];
  /** The last Page Down's stop, the run's end as the clock shows it ("689 s"), or null where the last moment is the end. */
  end: string | null;
}

/**
 * The clicker's walk through a replay that opens at `opensAt` and runs to `end` (whole seconds):
 * the stops the presenter view's Page Down makes (nextMoment, stepped from the opening second),
 * then the end of the run, where the last Page Down goes (mountPresenterTools). The opening
 * second is no Page Down's stop: the link opens there, and the first Page Down goes on to the next.
 */
export function clickerWalk(moments: readonly Marker[], opensAt: number, end: number): ClickerWalk {
  const figures = clickerMoments(moments);
  const seconds = clickerStops(moments).map((s) => s.second);
  const at = (second: number): Figure =>
    figures[seconds.indexOf(second)] ?? { label: "", short: "", value: `${second} s` };
  const stops: Figure[] = [];
  for (let m = nextMoment(moments, opensAt, 1); m; m = nextMoment(moments, stopSecond(m.time), 1))
    stops.push(at(stopSecond(m.time)));
  const last = stops.length > 0 ? Number.parseInt(stops.at(-1)!.value, 10) : opensAt;
  return { opens: at(opensAt), stops, end: last < end ? `${end} s` : null };
}

/**
 * The agenda's sentence on a clicker's walk: where the replay opens (`everyStep`: each of a
 * block's replay links, which all open there and stop at the same seconds), then where each
 * Page Down stops, then the run's end.
 */
export function clickerSentence(walk: ClickerWalk, everyStep: boolean): string {
  const stop = (f: Figure) => (f.label ? `${f.value} (${f.label})` : f.value);
  const opens = `${everyStep ? "Every step" : "The replay"} opens at ${stop(walk.opens)}`;
  const end = walk.end === null ? "" : `the run's end, ${walk.end}`;
  if (walk.stops.length === 0) return end ? `${opens}; Page Down goes to ${end}.` : `${opens}.`;
  return `${opens}; Page Down then stops at ${listNames(walk.stops.map(stop))}${end ? `, then at ${end}` : ""}.`;
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
  // stops at each in whole seconds, as the playhead moves and the screen's clock reads. The
  // playhead's range is the naive run's too (mount.ts), so the run's end is its last second.
  const naive = rememberedRetryStorm(pair.naive);
  const moments = keyMoments(naive.summary);
  return {
    id,
    label,
    href: stepHref(id),
    moments: clickerMoments(moments),
    clicker: clickerWalk(moments, replayOpensAt, naive.metrics.time.at(-1)!),
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
    clicker: null,
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
