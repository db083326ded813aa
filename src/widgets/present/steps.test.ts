import { expect, test } from "vitest";
import { secondsOrMinutes, successPercent } from "../../format/number.ts";
import { defaultScenario, rememberedRetryStorm } from "../../sim/retry-storm/index.ts";
import { refusalWords } from "../../sim/retry-storm/metrics.ts";
import { frameTime, poolCaption } from "../../sim/retry-storm/pool-caption.ts";
import { film, single, storm } from "../../../content/chapters/retry-storm/numbers.ts";
import { clickerStops, keyMoments, nextMoment, stopSecond } from "../replay/present.ts";
import { markerItemsHtml, markers, runName, summaryText, unrelatedSuccess } from "../replay/view.ts";
import { normalizeState, scenarios } from "../replay/state.ts";
import { poolJumps } from "../pool-fill/view.ts";
import { small } from "../../../content/chapters/shuffle-sharding/numbers.ts";
import { explorerView } from "../shuffle-explorer/model.ts";
import { renderExplorer } from "../shuffle-explorer/render.ts";
import {
  clickerMoments,
  clickerSentence,
  clickerWalk,
  explorerSteps,
  preparedStep,
  replayOpensAt,
  replaySteps,
} from "./steps.ts";
import type { ExplorerStepId } from "../../course/workshop/step-ids.ts";
import type { ReplayStepId } from "../../course/workshop/step-ids.ts";

const naive = rememberedRetryStorm(defaultScenario());
const { summary } = naive;

test("every page writes a moment of the storm the same way: the chapter, the pool film, the replay and the run sheets", () => {
  const events = [
    { name: "pool full", at: summary.poolFullSeconds!, chapter: storm.poolFullAt, film: "full" as const },
    {
      name: "first refusal",
      at: summary.firstRefusalSeconds!,
      chapter: storm.firstRefusalAt,
      film: "refusal" as const,
    },
  ];
  // Neither is on a whole second: the test is about the rounding of a moment, not a coincidence.
  for (const e of events) expect(Number.isInteger(Math.round(e.at * 10) / 10), e.name).toBe(false);
  const replay = summaryText("Naive", naive);
  const replayEvents = markerItemsHtml(markers(summary));
  const jumps = poolJumps(film).map((j) => j.label);
  const sheet = (id: ReplayStepId) =>
    preparedStep(id)
      .moments.map((m) => `${m.value} (${m.label})`)
      .join(", ");
  for (const e of events) {
    const written = secondsOrMinutes(e.at);
    // The chapter's timeline.
    expect(e.chapter, e.name).toBe(written);
    // The pool film: its jump buttons and its caption at that frame.
    const frame = film.frames.find((f) => f.moment === e.film)!;
    expect(frameTime(frame), e.name).toBe(written);
    expect(
      jumps.some((j) => j.endsWith(`, ${written}`)),
      `${e.name} in ${jumps.join(" | ")}`,
    ).toBe(true);
    expect(poolCaption(film, frame)).toContain(`at ${written}`);
    // The replay's summary and its list of events.
    expect(replay).toContain(`at ${written}`);
    expect(replayEvents).toContain(`${e.name}: ${written}</li>`);
    // The run sheets and the kit: the stop the clicker makes (a whole second), and the event at its own time.
    for (const id of Object.keys(replaySteps) as ReplayStepId[]) {
      expect(sheet(id), id).toContain(`${Math.floor(e.at)} s (`);
      expect(sheet(id), id).toContain(`${e.name} at ${written}`);
    }
  }
  // "First refusal" is true of the naive run the presenter's moments follow: no try is shed in it,
  // so its first wait to time out is the first try refused of all (the model's refusalMoments).
  expect(summary.triesShed).toBe(0);
  expect(markers(summary).filter((m) => m.kind === "shed" || m.kind === "refused")).toEqual([
    { time: summary.firstRefusalSeconds, label: refusalWords.first, kind: "refused" },
  ]);
  // The chapter's table of defences alone writes a first refusal by the same rule.
  for (const row of single) expect(row.firstRefusal).toMatch(/^(never|\d+(\.\d)? s)$/);
});

test("a clicker stop says its whole second, and each event's own time only where it is not that second", () => {
  const stops = clickerMoments(keyMoments(summary));
  const texts = stops.map((m) => `${m.value} (${m.label})`);
  expect(texts[0]).toBe(`0 s (pricing slows; pool full at ${secondsOrMinutes(summary.poolFullSeconds!)})`);
  expect(texts).toContain(`${summary.goodputZeroSeconds} s (goodput gone)`);
  expect(texts).toContain(
    `${Math.floor(summary.firstRefusalSeconds!)} s (first refusal at ${secondsOrMinutes(summary.firstRefusalSeconds!)})`,
  );
  // 660 s is the stop and "11 min" the same moment: said once, as the replay's clock shows it.
  expect(texts.at(-1)).toBe(`${summary.interventionSeconds} s (operators step in)`);
});

test("tries per request read the same on the run sheets as in the replay's summary: two decimals", () => {
  for (const id of Object.keys(replaySteps) as ReplayStepId[]) {
    const tries = preparedStep(id).figures.find((f) => f.short === "tries per request")!.value;
    expect(tries, id).toMatch(/^\d+\.\d\d$/);
  }
  expect(summaryText("Naive", naive)).toContain(
    `${preparedStep("replay-off").figures.find((f) => f.short === "tries per request")!.value} tries per request`,
  );
});

// QA: the kit's run sheet said fixed groups lose "25.0%" and "5.0%" of customers, where the chapter says 25%.
test("the explorer steps' figures read as the presenter view's blast table and the chapter's prose write them", () => {
  const cell = (html: string, name: string) => new RegExp(`data-figure="${name}">(.*?)</td>`).exec(html)![1]!;
  const fixed: string[] = [];
  for (const id of Object.keys(explorerSteps) as ExplorerStepId[]) {
    const html = renderExplorer(explorerView(explorerSteps[id].state));
    const [groups, exact, simulated] = preparedStep(id).figures;
    // The table's cell is the figure's HTML (a power of ten's exponent a superscript), as the screen shows it.
    expect(cell(html, "blast-fixed"), id).toBe(groups!.html);
    expect(cell(html, "blast-shuffle").replace(/<\/?span[^>]*>/g, ""), id).toBe(exact!.html);
    expect(cell(html, "blast-simulated"), id).toBe(simulated!.html);
    fixed.push(groups!.value);
  }
  // Four groups: the chapter's "25%"; twenty: "5%". A whole share has no ".0".
  expect(fixed).toEqual([small.fixedPercent, "5%", "5%"]);
  expect(preparedStep("explorer-no-failover").figures[1]!.value).toBe("23.0%");
});

// The run sheets said "100.0%" for the steps where every request of the unrelated services was
// served; the replay now writes that "100%" (a trailing zero only where a share was rounded).
test("each replay step's success figure on the run sheet is the one its presenter view's summary says", () => {
  for (const id of Object.keys(replaySteps) as ReplayStepId[]) {
    const state = normalizeState({ defences: replaySteps[id].defences });
    const pair = scenarios(state);
    // The screen: the second run's summary, named as the replay names it.
    const run = rememberedRetryStorm(pair.defended);
    const screen = summaryText(runName("defended", state.defences).name, run);
    const figure = preparedStep(id).figures.find((f) => f.short === "unrelated services succeed")!.value;
    expect(screen, id).toContain(` services that never call pricing succeed ${figure} of the time;`);
    const share = unrelatedSuccess(run.summary)!;
    expect(figure, id).toBe(successPercent(share));
  }
  // Bulkheads alone keep every request of the unrelated services: exactly all, so no ".0".
  expect(preparedStep("replay-bulkhead").figures[0]!.value).toBe("100%");
});

// Kit audit L3: the agenda said "Page Down stops at 0 s, 1 s, ...", but the replay opens at 0 s and
// the first Page Down goes to 1 s; the last one goes on to the run's end, which it did not name.
test("the agenda's clicker sentence opens where the link opens and names each Page Down's stop, then the run's end", () => {
  const moments = keyMoments(summary);
  const end = naive.metrics.time.at(-1)!;
  const stops = clickerMoments(moments);
  const walk = clickerWalk(moments, replayOpensAt, end);
  // The presenter view's Page Down, pressed from where the link opens: each key moment after that second, in order.
  const pressed: number[] = [];
  for (
    let at = replayOpensAt, m = nextMoment(moments, at, 1);
    m;
    at = stopSecond(m.time), m = nextMoment(moments, at, 1)
  )
    pressed.push(stopSecond(m.time));
  expect(walk.stops.map((f) => f.value)).toEqual(pressed.map((s) => `${s} s`));
  expect(pressed).toEqual(
    clickerStops(moments)
      .map((s) => s.second)
      .filter((s) => s > replayOpensAt),
  );
  // The first stop's second is the one the link opens at, so it is no Page Down's: the walk opens there.
  expect(stops[0]!.value).toBe(`${replayOpensAt} s`);
  expect(walk.opens).toEqual(stops[0]);
  expect(walk.stops).toEqual(stops.slice(1));
  expect(walk.end).toBe(`${end} s`);
  expect(Number.isInteger(end) && end > pressed.at(-1)!).toBe(true);
  // Every replay step opens and stops alike (the naive run's moments and range), and says so once.
  for (const id of Object.keys(replaySteps) as ReplayStepId[]) expect(preparedStep(id).clicker, id).toEqual(walk);
  expect(preparedStep("explorer-default").clicker).toBeNull();
  const named = (f: { value: string; label: string }) => `${f.value} (${f.label})`;
  expect(clickerSentence(walk, true)).toBe(
    `Every step opens at ${named(stops[0]!)}; Page Down then stops at ${stops.slice(1, -1).map(named).join(", ")} and ${named(stops.at(-1)!)}, then at the run's end, ${end} s.`,
  );
  expect(clickerSentence(walk, false)).toMatch(
    /^The replay opens at 0 s \(pricing slows; pool full at 0\.\d s\); Page Down then stops at 1 s \(goodput gone\), /,
  );
  // A link that opened before the first moment: its first Page Down goes to the first stop; one past the last, to the end.
  const early = clickerWalk(moments, -30, end);
  expect(early.opens).toEqual({ label: "", short: "", value: "-30 s" });
  expect(early.stops).toEqual(stops);
  expect(clickerSentence(clickerWalk(moments, end - 1, end), false)).toBe(
    `The replay opens at ${end - 1} s; Page Down goes to the run's end, ${end} s.`,
  );
  expect(clickerWalk(moments, replayOpensAt, pressed.at(-1)!).end).toBeNull();
});
