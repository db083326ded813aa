/**
 * The canary widget's output, drawn from src/sim/canary-tradeoff.ts as HTML, the same on the
 * server (first paint) and in the page (after each change): what this canary catches when its
 * alarm counts the errors at the end of its bake, the detection curve against bake time, and for
 * every share the bake it needs (from which every longer bake also reaches the rollout's 95%) and
 * the failures that costs. Every figure is the model's; the sentences only put them in words.
 */
import {
  grouped,
  percentAnySize,
  percentAtLeast,
  percentAnySizeHtml,
  percentUpTo,
  raisedPowers,
  rounded,
  spokenPowers,
  svgCoordinate,
} from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import {
  bakeByShare,
  bakeChoices,
  type CanaryAt,
  type CanaryScenario,
  canaryAt,
  canaryDefaults,
  canaryRegressions,
  canaryShares,
  detectionCurve,
  type ShareRow,
} from "../../sim/canary-tradeoff.ts";
import { escapeHtml } from "../escape-html.ts";

export interface CanaryState {
  share: number;
  bakeMinutes: number;
  regressedErrorRate: number;
}

export const defaultCanaryState: CanaryState = { share: 0.01, bakeMinutes: 30, regressedErrorRate: 0.003 };

// A share (of traffic, or an error rate) as the widget writes it, in three forms, as the
// shuffle-shard explorer writes its own: percentAnySize's rule everywhere ("0.1%", "25%", a power
// of ten once a percentage would be all zeros, "1.37 × 10^-10%", never the "1.37e-12" a screen
// reader spells out), its exponent raised on the page and said in words where it is heard. Every
// share the widget offers is 0.1% or more, so the three read the same today.

/**
 * On the page, in HTML (the table, the figure's caption, the trade-off): the exponent in <sup>,
 * and a power of ten kept on one line (canary.css .ct-sci: "1.37 ×" never ends a line).
 */
export function shareHtml(share: number): string {
  const html = percentAnySizeHtml(share);
  return html.includes("<sup>") ? `<span class="ct-sci">${html}</span>` : html;
}
/** On the page, in plain text (a select's option, which holds no markup): the exponent in superscript characters. */
export const shareOption = (share: number): string => raisedPowers(percentAnySize(share));
/** Heard (the live sentence, the curve's label): "1.37 × 10 to the power of minus 10%" (spokenPowers). */
export const spokenShare = (share: number): string => spokenPowers(percentAnySize(share));

/** The bake slider's position (an index into bakeChoices) for a bake in minutes. */
export const bakeIndex = (minutes: number): number => bakeChoices.indexOf(minutes);

/**
 * The state a form's values give: anything off the widget's choices falls back to the default.
 * The bake slider's value is a position in bakeChoices (its steps are not evenly spaced).
 */
export function canaryState(fields: { share?: unknown; bake?: unknown; regressed?: unknown }): CanaryState {
  const share = Number(fields.share);
  const bake = Number(fields.bake);
  const regressed = Number(fields.regressed);
  return {
    share: (canaryShares as readonly number[]).includes(share) ? share : defaultCanaryState.share,
    bakeMinutes:
      typeof fields.bake !== "boolean" &&
      fields.bake !== "" &&
      fields.bake !== null &&
      Number.isInteger(bake) &&
      bake >= 0 &&
      bake < bakeChoices.length
        ? bakeChoices[bake]!
        : defaultCanaryState.bakeMinutes,
    regressedErrorRate: (canaryRegressions as readonly number[]).includes(regressed)
      ? regressed
      : defaultCanaryState.regressedErrorRate,
  };
}

export interface CanaryView {
  state: CanaryState;
  scenario: CanaryScenario;
  at: CanaryAt;
  rows: ShareRow[];
  /** The curve's time axis: its end and its tick spacing, in seconds. */
  axis: { maxSeconds: number; tickSeconds: number };
  curve: { bakeSeconds: number; detection: number }[];
}

/** The curve's possible time axes, shortest first; the last ends at the slider's longest bake. */
const axes = [
  { maxSeconds: 1800, tickSeconds: 600 },
  { maxSeconds: 3600, tickSeconds: 900 },
  { maxSeconds: 2 * 3600, tickSeconds: 1800 },
  { maxSeconds: 4 * 3600, tickSeconds: 3600 },
  { maxSeconds: 8 * 3600, tickSeconds: 2 * 3600 },
  { maxSeconds: canaryDefaults.maxBakeSeconds, tickSeconds: 3 * 3600 },
];

/**
 * The shortest axis that shows both the chosen bake and the bake from which this share stays at
 * the rollout's confidence (the whole slider's range when it does not within it).
 */
export function curveAxis(bakeSeconds: number, needed: number | null): CanaryView["axis"] {
  const reach = Math.max(bakeSeconds, needed ?? canaryDefaults.maxBakeSeconds);
  return axes.find((a) => a.maxSeconds >= reach) ?? axes[axes.length - 1]!;
}

/** Each regression's bake-by-share table, computed once (the slider's moves do not change it). */
const rowsByRegression = new Map<number, ShareRow[]>();

export function canaryView(state: CanaryState): CanaryView {
  const scenario = { ...canaryDefaults, regressedErrorRate: state.regressedErrorRate };
  let rows = rowsByRegression.get(state.regressedErrorRate);
  if (!rows) rowsByRegression.set(state.regressedErrorRate, (rows = bakeByShare(scenario)));
  const needed = rows.find((r) => r.share === state.share)?.bakeSeconds ?? null;
  const axis = curveAxis(state.bakeMinutes * 60, needed);
  return {
    state,
    scenario,
    at: canaryAt(scenario, state.share, state.bakeMinutes * 60),
    rows,
    axis,
    curve: detectionCurve(scenario, state.share, axis.maxSeconds),
  };
}

/**
 * From which bake this share stays at the rollout's confidence, in words (rounded up, so every bake
 * from the one written on is at least as sure), or plainly that it does not within the slider's
 * range; the share written by `share` (spoken by default, shareHtml in the caption). The words
 * around it are the widget's own and hold no markup characters.
 */
export function reachText(view: CanaryView, share: (share: number) => string = spokenShare): string {
  const { state, scenario, rows } = view;
  const power = percentUpTo(scenario.power, 0);
  const needed = rows.find((r) => r.share === state.share)?.bakeSeconds ?? null;
  return needed === null
    ? `A ${share(state.share)} canary does not stay at ${power} or more within ${bakeText(scenario.maxBakeSeconds)}, the longest bake here.`
    : `A ${share(state.share)} canary catches it at least ${power} of the time at every bake from ${bakeTextUp(needed)} on.`;
}

/** A bake in words: seconds under a minute and a half, then minutes, then hours and minutes. */
export function bakeText(seconds: number): string {
  return bakeWords(seconds, Math.round);
}

/**
 * A bake the reader is told is enough, in words: as bakeText, but rounded up, never down, so the
 * bake written is at least the one the model found (1,501 s is "26 min", where bakeText writes
 * "25 min", a bake a little short of it).
 */
export function bakeTextUp(seconds: number): string {
  return bakeWords(seconds, Math.ceil);
}

function bakeWords(seconds: number, round: (x: number) => number): string {
  if (seconds < 90) return `${round(seconds)} s`;
  const minutes = round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const rest = minutes % 60;
  return rest === 0 ? `${minutes / 60} h` : `${Math.floor(minutes / 60)} h ${rest} min`;
}

/**
 * A detection chance in words, to the whole percent: never "100%", which no finite canary earns,
 * never "0%" for a chance that is there, however small (a 0.1% canary baked 5 minutes), and never
 * the rollout's `power` or more for a chance under it (94.6% is "94.6%", not "95%", beside a dot
 * under the dashed line; 94.96% is "94.9%").
 */
export function chance(p: number, power: number): string {
  if (p >= 0.995) return "over 99%";
  if (p > 0 && p < 0.005) return "under 1%";
  const reads = (text: string) => Number.parseFloat(text) / 100;
  const whole = percentUpTo(p, 0);
  if (p >= power || reads(whole) < power) return whole;
  // To the nearest tenth, or down to one where that still reads as the power (94.96% is "94.9%").
  const tenth = percentUpTo(p, 1);
  return reads(tenth) < power ? tenth : percentAtLeast(p, 1);
}

/** The requests the regression fails while the canary bakes: an expected count, which may be under one. */
const failures = (n: number) =>
  n < 1 && n > 0 ? `${rounded(n)} of them on average (less than one)` : `about ${rounded(n)} of them`;

/**
 * The sentence a screen reader hears after each change (and the first line of the output), its
 * shares as they are said (spokenShare).
 */
export function canarySummary(view: CanaryView): string {
  const { at, scenario } = view;
  return (
    `A ${spokenShare(at.share)} canary baked ${bakeText(at.bakeSeconds)} serves ${grouped(at.requests)} requests ` +
    `and catches this regression ${chance(at.detection, scenario.power)} of the time; meanwhile the regression fails ` +
    `${failures(at.extraFailures)}. If it slips through, it fails about ${grouped(at.everywherePerHour)} ` +
    `requests an hour once it is everywhere (${spokenShare(scenario.regressedErrorRate)} errors instead of ${spokenShare(scenario.baselineErrorRate)}).`
  );
}

/**
 * The trade-off across shares, in words: every share must serve the same requests first, the count
 * from which every longer bake also reaches the power (so the regression fails the same number of
 * them during the bake); the share sets how long that takes and how many users are on the bad
 * release meanwhile. As HTML, its shares by shareHtml (or by `share`); the words around them are
 * the widget's own and hold no markup characters.
 */
export function shareSummary(view: CanaryView, share: (share: number) => string = shareHtml): string {
  const { rows, scenario } = view;
  const power = percentUpTo(scenario.power, 0);
  const found = rows.filter((r) => r.bakeSeconds !== null);
  if (found.length === 0)
    return `No canary size here stays at ${power} or more within ${bakeText(scenario.maxBakeSeconds)}.`;
  const first = found[0]!;
  const last = found[found.length - 1]!;
  const requests = found.map((r) => r.requests);
  const failures = found.map((r) => r.extraFailures);
  const range = (values: number[], format: (v: number) => string) => {
    const [low, high] = [format(Math.min(...values)), format(Math.max(...values))];
    return low === high ? `about ${low}` : `${low} to ${high}`;
  };
  const slow = rows.filter((r) => r.bakeSeconds === null).map((r) => share(r.share));
  return (
    `To catch it at least ${power} of the time at that bake and every longer one, a canary of any size here must serve ${range(requests, (v) => grouped(v))} requests, ` +
    `so the regression fails ${range(failures, (v) => rounded(v))} of them during the bake, whatever the share. ` +
    `The share sets how long that takes (${bakeTextUp(first.bakeSeconds!)} at ${share(first.share)}, ` +
    `${bakeTextUp(last.bakeSeconds!)} at ${share(last.share)}) and how many users are on the bad release meanwhile.` +
    (slow.length > 0 ? ` At ${listNames(slow)} it takes longer than ${bakeText(scenario.maxBakeSeconds)}.` : "")
  );
}

/**
 * Why the curve dips: a longer bake serves more requests, and each time they raise the alarm's
 * threshold by one error the chance falls back a little (canary-tradeoff.ts, requestsToCatch).
 */
export const dipText =
  "It dips each time a longer bake raises the alarm's threshold by one error, so it can touch the dashed line and fall back under it.";

function curveSvg(view: CanaryView): string {
  const w = 320;
  const h = 150;
  // Room for "100%" at the largest size canary.css gives the labels.
  const left = 44;
  const bottom = 24;
  const top = 8;
  const right = 8;
  const maxS = view.axis.maxSeconds;
  const x = (s: number) => left + ((w - left - right) * s) / maxS;
  const y = (p: number) => top + (h - top - bottom) * (1 - p);
  const path = view.curve
    .map((pt, i) => `${i === 0 ? "M" : "L"}${svgCoordinate(x(pt.bakeSeconds))},${svgCoordinate(y(pt.detection))}`)
    .join(" ");
  const { at, scenario } = view;
  const label = `Chance one check at the end of the bake catches the regression, against bake time up to ${bakeText(maxS)}, for a ${spokenShare(at.share)} canary: ${chance(at.detection, scenario.power)} at ${bakeText(at.bakeSeconds)}. ${reachText(view)}`;
  // Every tick interval, and the axis's end; none within two thirds of a step of the end, where its
  // label would crowd the end's (14 h is not a multiple of 3 h: no 12 h beside it, 9 h comes last).
  const step = view.axis.tickSeconds;
  const ticks = [...Array.from({ length: Math.ceil((maxS - (2 * step) / 3) / step) }, (_, i) => i * step), maxS]
    .map(
      (s) =>
        `<line class="ct-grid" x1="${svgCoordinate(x(s))}" x2="${svgCoordinate(x(s))}" y1="${y(0)}" y2="${y(1)}"/><text x="${svgCoordinate(x(s))}" y="${h - 6}" text-anchor="${s === maxS ? "end" : "middle"}">${s === 0 ? "0" : bakeText(s)}</text>`,
    )
    .join("");
  const yTicks = [0, 0.5, 1]
    .map((p) => `<text x="${left - 4}" y="${y(p) + 4}" text-anchor="end">${percentUpTo(p, 0)}</text>`)
    .join("");
  return (
    `<svg class="ct-curve" viewBox="0 0 ${w} ${h}" role="img" aria-label="${escapeHtml(label)}">` +
    ticks +
    yTicks +
    `<line class="ct-target" x1="${left}" x2="${w - right}" y1="${y(scenario.power)}" y2="${y(scenario.power)}"/>` +
    `<path class="ct-line" d="${path}"/>` +
    `<circle class="ct-dot" cx="${svgCoordinate(x(at.bakeSeconds))}" cy="${svgCoordinate(y(at.detection))}" r="4"/>` +
    `</svg>`
  );
}

export function renderCanary(view: CanaryView): string {
  const { rows, state, scenario } = view;
  const power = percentUpTo(scenario.power, 0);
  const body = rows
    .map((r) => {
      const current = r.share === state.share ? ' class="ct-current" aria-current="true"' : "";
      const bake = r.bakeSeconds === null ? `over ${bakeText(scenario.maxBakeSeconds)}` : bakeTextUp(r.bakeSeconds);
      return `<tr${current}><th scope="row">${shareHtml(r.share)}</th><td>${bake}</td></tr>`;
    })
    .join("");
  return (
    `<div class="ct-out">` +
    `<figure class="ct-figure">${curveSvg(view)}<figcaption>Chance that one check of the errors at the end of a bake this long catches the regression (dashed: ${power}). The dot is your bake. ${dipText} <span data-reach>${reachText(view, shareHtml)}</span></figcaption></figure>` +
    `<div class="cw-scroll ct-table"><table class="cw-table"><caption>Bake needed: from this long on, every bake catches it at least ${power} of the time</caption>` +
    `<thead><tr><th scope="col">Canary share</th><th scope="col">Bake needed</th></tr></thead>` +
    `<tbody>${body}</tbody></table></div>` +
    `</div>` +
    `<p class="ct-trade">${shareSummary(view)}</p>`
  );
}
