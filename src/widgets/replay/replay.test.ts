import { expect, test } from "vitest";
import {
  defaultScenario,
  parameterDefaults,
  parameterSpecs,
  rememberedRetryStorm,
  runRetryStorm,
} from "../../sim/retry-storm/index.ts";
import {
  defaultReplayState,
  describeState,
  fromQuery,
  linkProblems,
  markedFields,
  normalizeState,
  queryHasState,
  readForm,
  scenarios,
  seedLimits,
  toQuery,
  type FormInput,
} from "./state.ts";
import { grouped, secondsOrMinutes, successPercent } from "../../format/number.ts";
import { seedRange } from "../../sim/random.ts";
import { runSizeProblem } from "../../sim/retry-storm/run-size.ts";
import { chartSvg } from "./svg.ts";
import { drawEdgeTimes, seriesOptions, timeAxisLabels, timeAxisTicks, valueAxisLabels } from "./charts.ts";
import {
  axisLabel,
  chartName,
  chartFrame,
  chartViews,
  isolatedPoints,
  type ChartView,
  defendedHeading,
  markerItemsHtml,
  markerText,
  markers,
  momentText,
  playheadText,
  poolNote,
  runName,
  summaryText,
  tableHtml,
  tableRows,
  timeTicks,
  triesPerRequest,
} from "./view.ts";
import { staticCharts } from "./server.ts";
import { invalidText } from "./status.ts";

test("state round-trips through the URL, keeping unrelated query keys", () => {
  const state = normalizeState({
    seed: 42,
    defences: ["budget", "bulkhead"],
    params: { poolSize: 24, intervention: null, load: 1 },
  });
  // Canonical defence order; defaults (load 1) dropped.
  expect(state).toEqual({ seed: 42, defences: ["bulkhead", "budget"], params: { poolSize: 24, intervention: null } });
  const query = toQuery(state, new URLSearchParams("lang=en&seed=9"));
  expect(query.get("lang")).toBe("en");
  expect(query.toString()).toBe("lang=en&seed=42&defences=bulkhead%2Cbudget&poolSize=24&intervention=none");
  expect(fromQuery(query)).toEqual(state);
  expect(queryHasState(query)).toBe(true);
  expect(queryHasState(new URLSearchParams("lang=en"))).toBe(false);
});

test("the default state writes nothing; no defences is written as none", () => {
  expect(toQuery(defaultReplayState).toString()).toBe("");
  expect(fromQuery(new URLSearchParams())).toEqual(defaultReplayState);
  const none = normalizeState({ defences: [] });
  expect(toQuery(none).get("defences")).toBe("none");
  expect(fromQuery(toQuery(none)).defences).toEqual([]);
});

test("invalid URL values fall back to defaults instead of breaking the page", () => {
  const state = fromQuery(new URLSearchParams("seed=abc&poolSize=-3&breakerKind=maybe&defences=armour,shed&load=2"));
  expect(state).toEqual({ seed: 1, defences: ["shed"], params: { load: 2 } });
});

test("the seed follows the one rule every simulation follows: digits only, 0 to 2^32 - 1", () => {
  expect(fromQuery(new URLSearchParams("seed=0x10")).seed).toBe(defaultReplayState.seed);
  expect(fromQuery(new URLSearchParams("seed=4294967295")).seed).toBe(4_294_967_295);
  expect(fromQuery(new URLSearchParams("seed=1e3")).seed).toBe(defaultReplayState.seed);
  expect(seedLimits).toEqual(seedRange);
});

test("the two scenarios share seed and parameters; only the defended one has defences", () => {
  const pair = scenarios(normalizeState({ seed: 5, defences: ["timeout"], params: { poolSize: 30 } }));
  expect(pair.naive.defences).toEqual([]);
  expect(pair.defended.defences).toEqual(["timeout"]);
  expect(pair.naive.params.poolSize).toBe(30);
  expect(pair.defended.seed).toBe(5);
  expect(Object.keys(pair.naive.params).sort()).toEqual(parameterSpecs.map((p) => p.name).sort());
});

test("views, markers, text and table describe a run from its own numbers", () => {
  const { summary, metrics } = runRetryStorm(
    scenarios(normalizeState({ params: { duration: 120, intervention: 100 } })).naive,
  );
  const run = { summary, metrics };
  const charts = chartViews(run);
  expect(charts.map((c) => c.id)).toEqual(["success", "pool", "waiting", "rates", "latency"]);
  for (const c of charts) for (const s of c.series) expect(s.values).toHaveLength(metrics.time.length);
  const marks = markers(summary);
  expect(marks.map((m) => m.label)).toEqual([
    "pricing slows",
    "pool full",
    "goodput gone",
    "pricing recovers",
    "first refusal",
    "operators step in",
    "recovered",
  ]);
  expect(marks.find((m) => m.kind === "refused")!.time).toBe(summary.firstRefusalSeconds);
  expect(marks.find((m) => m.kind === "full")!.time).toBe(summary.poolFullSeconds);
  const text = summaryText("Naive", run);
  expect(text).toContain(`the pool is full at ${Math.round(summary.poolFullSeconds! * 10) / 10} s`);
  expect(text).toContain(`goodput is gone at ${summary.goodputZeroSeconds} s`);
  // The three moments are a sentence's list: "a, b and c", the last after "and".
  expect(text).toContain(
    `, goodput is gone at ${summary.goodputZeroSeconds} s and the first try times out waiting for a connection at ${secondsOrMinutes(summary.firstRefusalSeconds!)};`,
  );
  expect(text).toContain(
    `the first try times out waiting for a connection at ${Math.round(summary.firstRefusalSeconds! * 10) / 10} s`,
  );
  expect(text).toContain(
    "it does not recover by itself, only when operators step in at 100 s (an input, not a result of the model)",
  );
  // Success is shown over the incident window, here the trigger to the intervention.
  const unrelated = summary.services.filter((s) => s.dependency !== "pricing");
  const share =
    unrelated.reduce((a, s) => a + s.incidentSucceeded, 0) / unrelated.reduce((a, s) => a + s.incidentRequests, 0);
  expect(text).toContain(
    `during the incident (0 to 100 s) services that never call pricing succeed ${successPercent(share)} of the time`,
  );
  const i = metrics.time.indexOf(50);
  expect(momentText(50.7, [{ name: "Naive", run }])).toBe(
    `From 50 s to 51 s: Naive: ${grouped(metrics.poolInUse[i]!)} of ${grouped(metrics.poolCapacity)} connections in use at 51 s, ${grouped(metrics.waiting[i]!)} waiting, ${successPercent(metrics.successRate[i]!)} of the requests arriving succeed.`,
  );
  // A queue of thousands is written with its separator ("10173 waiting" sat beside "1,684" in the table).
  const deep = metrics.waiting.findIndex((w) => w >= 1000);
  expect(deep).toBeGreaterThan(-1);
  expect(momentText(metrics.time[deep]!, [{ name: "Naive", run }])).toContain(
    `, ${grouped(metrics.waiting[deep]!)} waiting,`,
  );
  const table = tableRows(run, run);
  expect(table.rows).toHaveLength(Math.ceil(metrics.time.length / 10));
  expect(table.rows[0]!.cells[0]).toBe(String(metrics.time[0]));
  // The same markup on the server and in the page: one row per table row, one item per marker.
  const html = tableHtml(run, run);
  expect(html.match(/<tr><th scope="row">/g)).toHaveLength(table.rows.length);
  expect(html).toContain(`<th scope="row">${metrics.time[0]}</th>`);
  expect(markerItemsHtml(marks).match(/<li>/g)).toHaveLength(marks.length);
  // To a tenth, as the summary says it ("82.712 s" sat under "82.7 s").
  expect(markerItemsHtml(marks)).toContain(`first refusal: ${secondsOrMinutes(summary.firstRefusalSeconds!)}</li>`);
  expect(markerItemsHtml(marks)).not.toMatch(/\d\.\d\d+ s</);
  // A static chart's marker line says the same on hover ("first refusal at 82.712 s" and
  // "operators step in at 660 s" sat beside "82.7 s" and "11 min" in the list).
  const titles = [...chartSvg(chartViews(run)[0]!, metrics.time, marks, "t").matchAll(/<title>([^<]*)<\/title>/g)].map(
    (m) => m[1],
  );
  expect(titles).toEqual(marks.map(markerText));
  expect(titles).toContain(`first refusal: ${secondsOrMinutes(summary.firstRefusalSeconds!)}`);
  expect(titles).toContain(`operators step in: ${secondsOrMinutes(summary.interventionSeconds!)}`);
});

test("a second in which no request arrived says so: 'no requests', a gap in the charts, never 100%", () => {
  // Half a request a second over four services: most seconds bring none.
  const run = runRetryStorm(scenarios(normalizeState({ params: { duration: 60, load: 0.005 } })).naive);
  const m = run.metrics;
  const empty = m.successRate.flatMap((r, i) => (r === null ? [i] : []));
  expect(empty.length).toBeGreaterThan(20);
  const i = empty.find((k) => m.time[k]! > 0)!;
  expect(momentText(m.time[i]! + 0.5, [{ name: "Naive", run }])).toBe(
    `From ${m.time[i]} s to ${m.time[i]! + 1} s: Naive: ${grouped(m.poolInUse[i]!)} of ${grouped(m.poolCapacity)} connections in use at ${m.time[i]! + 1} s, ${grouped(m.waiting[i]!)} waiting, no request arrives.`,
  );
  // A second with requests still gives its share.
  const j = m.successRate.findIndex((r) => r !== null);
  expect(momentText(m.time[j]!, [{ name: "Naive", run }])).toContain(
    `${successPercent(m.successRate[j]!)} of the requests arriving succeed.`,
  );
  // The success chart: a gap wherever a service had no request, its share elsewhere; the static SVG breaks its curves there.
  const success = chartViews(run).find((v) => v.id === "success")!;
  success.series.forEach((series, k) => {
    const rates = m.services[k]!.successRate;
    expect(series.values).toEqual(rates.map((r) => (r === null ? null : Math.round(r * 1000) / 10)));
  });
  const svg = chartSvg(success, m.time, markers(run.summary), "success");
  expect(svg.match(/M/g)!.length).toBeGreaterThan(success.series.length);
  // The data table: "no requests" where no request arrived, a percentage where some did.
  const { rows } = tableRows(run, run);
  rows.forEach((row, r) => {
    const rate = m.successRate[r * 10] ?? null;
    for (const cell of [row.cells[3], row.cells[6]])
      expect(cell).toBe(rate === null ? "no requests" : successPercent(rate));
  });
  expect(rows.some((row) => row.cells[3] === "no requests")).toBe(true);
});

test("a value with a gap on each side, which no line reaches, is a dot on the static and the live chart", () => {
  const time = [0, 1, 2, 3, 4, 5, 6, 7];
  const values = [null, 50, null, 20, 30, null, null, 70];
  expect(isolatedPoints(values)).toEqual([1, 7]);
  const view: ChartView = {
    id: "success",
    title: "t",
    unit: "%",
    range: [0, 100],
    series: [{ label: "a", values, colour: 2 }],
  };
  // The static chart: one zero-length round-capped stroke per lone value, at that value's place on the line's scale.
  const svg = chartSvg(view, time, [], "lone");
  const line = /<path d="([^"]*)"/.exec(svg)![1]!;
  const at = (d: string) => [...d.matchAll(/M([\d.]+) ([\d.]+)/g)].map((m) => `${m[1]} ${m[2]}`);
  const dots = /<path class="rs-dots" d="([^"]*)"[^>]*stroke="#16a34a" stroke-width="5" stroke-linecap="round"/.exec(
    svg,
  )!;
  expect(dots[1]).toMatch(/^(M[\d.]+ [\d.]+h0){2}$/);
  expect(at(dots[1]!)).toEqual([at(line)[0], at(line)[2]]);
  // The live chart: uPlot draws those indexes as points, read from the data it holds when it draws
  // (a new run swaps the data); when it shows every point by itself, it is left to do so.
  const series = seriesOptions(view);
  expect(series).toHaveLength(2);
  const filter = series[1]!.points!.filter as (u: unknown, i: number, show: boolean) => number[] | null;
  expect(filter({ data: [time, values] }, 1, false)).toEqual([1, 7]);
  expect(filter({ data: [time, [1, 2, null, 3, 4]] }, 1, false)).toBeNull();
  expect(filter({ data: [time, values] }, 1, true)).toBeNull();
  // At a trickle of requests the success chart has such seconds, and each gets its dot.
  const run = runRetryStorm(scenarios(normalizeState({ params: { duration: 120, load: 0.005 } })).naive);
  const success = chartViews(run).find((v) => v.id === "success")!;
  const lone = success.series.map((s) => isolatedPoints(s.values).length);
  expect(lone.reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
  const drawn = chartSvg(success, run.metrics.time, markers(run.summary), "success");
  const perSeries = [...drawn.matchAll(/<path class="rs-dots" d="([^"]*)"/g)].map((m) => m[1]!.split("h0").length - 1);
  expect(perSeries).toEqual(lone.filter((n) => n > 0));
});

test("the static SVG is labelled, draws every series and marker, and escapes text", () => {
  const { summary, metrics } = runRetryStorm(scenarios(normalizeState({ params: { duration: 60 } })).naive);
  const view = chartViews({ summary, metrics })[1]!;
  const svg = chartSvg(view, metrics.time, markers(summary), `Pool <in use> & "size"`);
  expect(svg).toMatch(/^<div class="rs-static" role="img" aria-label="Pool &lt;in use&gt; &amp; &quot;size&quot;"/);
  // Labels are text in CSS pixels (never scaled down with the drawing); only the curves stretch.
  expect(svg).toMatch(/<svg class="rs-svg" viewBox="0 0 1000 100" preserveAspectRatio="none"/);
  // A time's label hangs its em box a tick and a gap under the plot, as uPlot's canvas sets its own (chartFrame).
  const timeLabel = `<text x="[\\d.]+%" y="${chartFrame.tick + chartFrame.gap}" dy="0.5em" dominant-baseline="central" text-anchor="middle">0 s</text>`;
  expect(svg).toMatch(new RegExp(timeLabel));
  expect(svg.match(/<path /g)).toHaveLength(view.series.length);
  expect(svg.match(/<line [^>]*stroke-dasharray="3 3"/g)).toHaveLength(markers(summary).length);
  expect(svg).not.toMatch(/NaN|undefined/);
  // A chapter's chart has no veil; the presenter's has one from the playhead to past the right edge, drawn over the curves.
  expect(svg).not.toContain("rs-ahead");
  const veiled = chartSvg(view, metrics.time, markers(summary), "veiled", 0);
  const zeroTick = Number(new RegExp(`<line x1="([\\d.]+)%"[^>]*/>${timeLabel}`).exec(veiled)![1]);
  const veil = /<rect class="rs-ahead" x="([\d.]+)" y="-2" width="([\d.]+)" height="104"\/><\/svg>/.exec(veiled)!;
  expect(Number(veil[1]) / 10).toBeCloseTo(zeroTick, 0);
  expect(Number(veil[1]) + Number(veil[2])).toBeGreaterThan(1000);
});

test("the form: every field must hold a valid value, and each invalid one gets its own message", () => {
  const form = (changes: Partial<FormInput["params"]> & { seed?: string; none?: boolean } = {}): FormInput => {
    const { seed = "1", none = false, ...params } = changes;
    return {
      seed,
      params: { triggerDuration: "4", intervention: "660", poolSize: "20", load: "1", clientTimeout: "1", ...params },
      noIntervention: none,
      defences: ["breaker", "shed"],
    };
  };
  expect(readForm(form())).toEqual({ state: { seed: 1, defences: ["breaker", "shed"], params: {} }, errors: null });
  expect(readForm(form({ poolSize: "0", load: "-3", triggerDuration: "" }))).toEqual({
    state: null,
    errors: {
      poolSize: "Must be at least 1 connection.",
      load: "Must be at least 0.",
      triggerDuration: "Enter a number.",
    },
  });
  expect(readForm(form({ poolSize: "2.5" })).errors).toEqual({ poolSize: "Must be a whole number." });
  expect(readForm(form({ seed: "-1" })).errors).toEqual({
    seed: "Enter a whole number from 0 to 4,294,967,295, written in digits only.",
  });
  expect(readForm(form({ seed: "0x10" })).errors).toEqual({
    seed: "Enter a whole number from 0 to 4,294,967,295, written in digits only.",
  });
  // "No intervention" makes the intervention's time irrelevant, even an invalid one.
  expect(readForm(form({ none: true, intervention: "" })).state!.params).toEqual({ intervention: null });
  // Parameters the form does not show (a shared link's bulkheadSize) are kept.
  expect(readForm(form({ poolSize: "24" }), { bulkheadSize: 4 }).state!.params).toEqual({
    poolSize: 24,
    bulkheadSize: 4,
  });
  expect(describeState(normalizeState({ seed: 3, params: { poolSize: 24, intervention: null } }))).toBe(
    "seed 3, no intervention, pool size 24",
  );
});

test("a form that cannot run says how many fields are marked and which, in the form's order", () => {
  const form = (params: Partial<FormInput["params"]>, seed = "1"): FormInput => ({
    seed,
    params: { triggerDuration: "4", intervention: "660", poolSize: "20", load: "1", clientTimeout: "1", ...params },
    noIntervention: false,
    defences: [],
  });
  const status = (input: FormInput) => invalidText(markedFields(readForm(input).errors!), "seed 1");
  // The audit's two: a pool of -5 connections, then a trigger of a billion seconds.
  expect(status(form({ poolSize: "-5", triggerDuration: "1e9" }))).toBe(
    'Fix the 2 marked fields ("Pricing slow for" and "Pool size") to run again. The charts still show the last valid run (seed 1).',
  );
  expect(status(form({ poolSize: "-5" }))).toBe(
    'Fix the marked field ("Pool size") to run again. The charts still show the last valid run (seed 1).',
  );
  // An intervention after the run's end is found after the other fields are read, and still named in its place.
  const late = readForm(form({ intervention: "3000", load: "", triggerDuration: "30" }, "x")).errors!;
  expect(Object.keys(late)).toEqual(["seed", "load", "intervention"]);
  expect(markedFields(late)).toEqual(["Seed", "Operators step in at", "Load"]);
  expect(invalidText(markedFields(late), "seed 1")).toMatch(
    /^Fix the 3 marked fields \("Seed", "Operators step in at" and "Load"\) to run again\./,
  );
});

test("operators set to step in when the run has ended, or after, are refused at the field and in a link, not run as no intervention", () => {
  // The model: an intervention at the run's last instant still happens; one at its end never does.
  const short = (intervention: number) =>
    runRetryStorm(scenarios(normalizeState({ defences: [], params: { duration: 60, intervention } })).naive).summary;
  expect(short(59.5).interventionSeconds).toBe(59.5);
  expect(
    runRetryStorm(defaultScenario({ defences: [], params: { duration: 60, intervention: 60 } })).summary
      .interventionSeconds,
  ).toBeNull();
  const end = parameterDefaults.duration;
  const form = (intervention: string): FormInput => ({
    seed: "1",
    params: { triggerDuration: "4", intervention, poolSize: "20", load: "1", clientTimeout: "1" },
    noIntervention: false,
    defences: [],
  });
  const message = (at: number) => `Must be before the run ends, at ${at} s; for none, tick No intervention.`;
  expect(readForm(form(String(end))).errors).toEqual({ intervention: message(end) });
  expect(readForm(form("3600")).errors).toEqual({ intervention: message(end) });
  expect(readForm(form(String(end - 0.5))).state!.params).toEqual({ intervention: end - 0.5 });
  // A link's longer run takes a later intervention; its shorter run refuses a later time the
  // reader typed, but keeps the course's own (the link meant to end the run before it).
  expect(readForm(form("3000"), { duration: 3600 }).state!.params).toEqual({ duration: 3600, intervention: 3000 });
  expect(readForm(form("100"), { duration: 60 }).errors).toEqual({ intervention: message(60) });
  expect(readForm(form(String(parameterDefaults.intervention)), { duration: 60 }).state!.params).toEqual({
    duration: 60,
  });
  expect(linkProblems(new URLSearchParams(`duration=120&intervention=${parameterDefaults.intervention}`))).toEqual([]);
  // A link with one: the default runs, and the reader is told why.
  expect(fromQuery(new URLSearchParams("intervention=3600")).params).toEqual({});
  expect(linkProblems(new URLSearchParams("intervention=3600"))).toEqual([
    `intervention "3600" cannot be used (must be before the run ends, at ${end} s; for none, tick no intervention), so it takes its default, ${parameterDefaults.intervention} s`,
  ]);
  expect(linkProblems(new URLSearchParams("duration=3600&intervention=3000"))).toEqual([]);
  expect(fromQuery(new URLSearchParams("duration=3600&intervention=3000")).params).toEqual({
    duration: 3600,
    intervention: 3000,
  });
});

test("a link whose values, each fine alone, ask together for a run over the limit of events runs the defaults, and says why (audit, session 58)", () => {
  // The audit's terminal run, 71.9 M events in 78 s: the terminal refuses it by the same rule.
  const huge = new URLSearchParams("duration=3600&load=5&attempts=20&intervention=none");
  const asked = {
    params: { ...parameterDefaults, duration: 3600, load: 5, attempts: 20, intervention: null },
    defences: [],
  };
  expect(fromQuery(huge).params).toEqual({});
  expect(linkProblems(huge)).toEqual([`${runSizeProblem(asked)}; so every setting takes its default`]);
  expect(runSizeProblem(asked)).toMatch(/over the limit of 10,000,000 a run: use a duration of at most \d+ s/);
  // A long run the limit allows keeps its settings, and says nothing.
  const long = new URLSearchParams("duration=3600");
  expect(fromQuery(long).params).toEqual({ duration: 3600 });
  expect(linkProblems(long)).toEqual([]);
});

test("the defended heading lists only the defences it has; bulkheads get a line on their pools", () => {
  // A label a person reads: a list in words, in the controls' order.
  expect(defendedHeading(["budget", "breaker"])).toBe("Defended: breaker and budget");
  expect(defendedHeading(["budget", "breaker", "bulkhead"])).toBe("Defended: bulkhead, breaker and budget");
  expect(defendedHeading(["shed"])).toBe("Defended: shed");
  // With none on, the run is not "defended": the heading does not say so.
  // Named by what it is, not where it stands: on a phone it is the only run on show.
  expect(defendedHeading([])).toBe("Run with no defence switched on");
  const pair = scenarios(normalizeState({ defences: ["bulkhead"], params: { duration: 60 } }));
  const naive = runRetryStorm(pair.naive);
  const defended = runRetryStorm(pair.defended);
  expect(poolNote(naive)).toBe("");
  expect(poolNote(defended)).toBe(
    "Bulkheads: no shared pool; 3 pools of 8, one per dependency (24 connections in all), and pricing's callers can use only the 8 of pricing's pool.",
  );
  const i = defended.metrics.time.indexOf(30);
  const [pricing, catalog, profiles] = defended.metrics.pools.map((p) => p.inUse[i]);
  expect(momentText(30, [{ name: "Defended", run: defended }])).toContain(
    `${defended.metrics.poolInUse[i]} of 24 connections in use at 31 s (pricing ${pricing} of 8, catalog ${catalog} of 8, profiles ${profiles} of 8)`,
  );
  // Pools of different sizes (an operator's resize): the sentence names each, a list in words.
  const sizes = [8, 12, 4];
  const resized = {
    ...defended,
    metrics: {
      ...defended.metrics,
      pools: defended.metrics.pools.map((p, k) => ({ ...p, size: sizes[k]! })),
    },
  };
  const [first, second, third] = defended.metrics.pools.map((p) => p.name);
  expect(poolNote(resized)).toBe(
    `Bulkheads: no shared pool; pools of 8 for ${first}, 12 for ${second} and 4 for ${third} (24 connections in all), and pricing's callers can use only the ${sizes[defended.metrics.pools.findIndex((p) => p.name === "pricing")]} of pricing's pool.`,
  );
});

test('the defended run with no defence switched on is named by what it is, not "Defended", wherever it is named', () => {
  const none = { name: "No defence switched on", label: "Run with no defence switched on" };
  expect(runName("naive", [])).toEqual({ name: "Naive", label: "Naive run" });
  expect(runName("defended", ["budget"])).toEqual({ name: "Defended", label: "Defended run" });
  expect(runName("defended", [])).toEqual(none);
  // A name that is no defence is none.
  expect(runName("defended", ["armour"])).toEqual(none);
  // The runs of the workshop's first step (every defence off), as the presenter view opens.
  const pair = scenarios(normalizeState({ defences: [], params: { duration: 60 } }));
  const naive = runRetryStorm(pair.naive);
  const right = runRetryStorm(pair.defended);
  const { name, label } = runName("defended", right.summary.defences);
  // Its summary (what is read out, too) and the line under the playhead.
  expect(summaryText(name, right)).toMatch(/^No defence switched on: the pool is full /);
  expect(
    momentText(30, [
      { name: "Naive", run: naive },
      { name, run: right },
    ]),
  ).toContain("; No defence switched on: ");
  // Its charts' names, and the data table's columns.
  for (const chart of staticCharts(label, right))
    expect(chart.svg).toContain(`aria-label="Run with no defence switched on: ${chart.title}`);
  const { head } = tableRows(naive, right);
  expect(head.slice(4)).toEqual([
    "no defence switched on: in use",
    "no defence switched on: waiting",
    "no defence switched on: success",
  ]);
  // With a defence on, it is the defended run.
  const defended = runRetryStorm(
    scenarios(normalizeState({ defences: ["budget"], params: { duration: 60 } })).defended,
  );
  expect(tableRows(naive, defended).head).toEqual([
    "time (s)",
    "naive: in use",
    "naive: waiting",
    "naive: success",
    "defended: in use",
    "defended: waiting",
    "defended: success",
  ]);
  for (const text of [...head, ...staticCharts(label, right).map((c) => c.svg)]) expect(text).not.toMatch(/defended/i);
});

test("every run's summary sentence holds for the settings a reader can reach, not only the defaults", () => {
  // Corners of the form and the URL: no trigger, no load, a trickle, an overload that refuses
  // before the trigger, a trigger longer than the run, operators at once, a client that never retries.
  const corners: Record<string, unknown>[] = [
    { triggerDuration: 0 },
    { load: 0 },
    { load: 0.001 },
    { load: 5, poolSize: 1 },
    { load: 5, poolSize: 1, triggerDuration: 0 },
    { triggerDuration: 600, intervention: null },
    { intervention: 0 },
    { clientTimeout: 60 },
  ];
  let refusedEarly = 0;
  for (const params of corners) {
    const pair = scenarios(normalizeState({ params: { duration: 60, ...params } }));
    for (const scenario of [pair.naive, pair.defended]) {
      const run = runRetryStorm(scenario);
      const { summary } = run;
      const text = summaryText("Run", run);
      const where = `${JSON.stringify(params)} ${scenario.defences.join(",")}: ${text}`;
      const requests = summary.services.reduce((a, s) => a + s.requests, 0);
      expect(text.includes("no request arrives in the whole run"), where).toBe(requests === 0);
      if (requests === 0) {
        expect(summary.poolFullSeconds, where).toBeNull();
        expect(summary.firstRefusalSeconds, where).toBeNull();
        expect(Math.max(...run.metrics.poolInUse), where).toBe(0);
        // Nor does the playhead's line or the events list claim a success rate or a recovery.
        expect(momentText(20, [{ name: "Run", run }]), where).toBe(
          "From 20 s to 21 s: Run: no requests, so no connection in use.",
        );
        expect(
          markers(summary).map((m) => m.kind),
          where,
        ).not.toContain("recovered");
        continue;
      }
      expect(text, where).toContain(`${triesPerRequest(summary.amplification!)} tries per request`);
      // No moment is written as a negative time, and no window runs past the simulated run.
      expect(text, where).not.toMatch(/(^|\s)-\d/);
      expect(summary.incidentEndSeconds, where).toBeLessThanOrEqual(60);
      // Pricing is said to recover only when it was slow; "no incident" only when there was none.
      expect(/(after|as soon as) pricing does/.test(text), where).toBe(
        summary.triggerSeconds > 0 && summary.recoveredBy === "self",
      );
      expect(text.includes("pricing never slows"), where).toBe(summary.triggerSeconds === 0);
      expect(text.includes("no incident,"), where).toBe(summary.incidentEndSeconds === 0);
      expect(text, where).not.toMatch(/\b1 tries\b/);
      if (summary.firstRefusalSeconds !== null && summary.firstRefusalSeconds < 0) {
        refusedEarly++;
        expect(text, where).toContain(
          `the first try times out waiting for a connection ${Math.round(-summary.firstRefusalSeconds * 10) / 10} s before the trigger`,
        );
      }
    }
  }
  // The overload corners refuse during the warm-up, so the last rule was put to work.
  expect(refusedEarly).toBeGreaterThan(0);
});

test("a link's values the replay cannot use are named, each with what runs instead", () => {
  const query = new URLSearchParams(
    "seed=-5&defences=armour,shed&poolSize=abc&clientTimeout=1e9&attempts=2.5&breakerKind=maybe&load=2&triggerDuration=1e1",
  );
  expect(linkProblems(query)).toEqual([
    'seed "-5" is not a whole number from 0 to 4,294,967,295, written in digits only, so it runs seed 1',
    'no defence is called "armour", so it is left out, and the defended run has shed',
    'poolSize "abc" cannot be used (must be a number), so it takes its default, 20 connections',
    'clientTimeout "1e9" cannot be used (must be at most 60 s), so it takes its default, 1 s',
    'attempts "2.5" cannot be used (must be a whole number), so it takes its default, 5 attempts',
    'breakerKind "maybe" cannot be used (must be one of consecutive or rate), so it takes its default, consecutive',
  ]);
  // What the link names and the replay can use (e-notation included, "none" for no defences) is no problem.
  expect(linkProblems(new URLSearchParams("seed=1000&defences=none&triggerDuration=1e1&intervention=none"))).toEqual(
    [],
  );
  // A seed is digits only: "1e3" is said, not played as seed 1000.
  expect(linkProblems(new URLSearchParams("seed=1e3"))).toEqual([
    'seed "1e3" is not a whole number from 0 to 4,294,967,295, written in digits only, so it runs seed 1',
  ]);
  // An empty list of defences is none, as the form writes it, not a defence called "".
  expect(linkProblems(new URLSearchParams("defences="))).toEqual([]);
  expect(linkProblems(new URLSearchParams("defences=budget,,shed"))).toEqual([]);
  // Audit (L4): "bogus,,shed" ran shed alone; the sentence says what runs instead, as the explorer does.
  expect(linkProblems(new URLSearchParams("defences=bogus,,shed"))).toEqual([
    'no defence is called "bogus", so it is left out, and the defended run has shed',
  ]);
  expect(fromQuery(new URLSearchParams("defences=bogus,,shed")).defences).toEqual(["shed"]);
  expect(linkProblems(new URLSearchParams("defences=bogus,armour"))).toEqual([
    'no defence is called "bogus" or "armour", so they are left out, and no defence is switched on',
  ]);
  expect(fromQuery(new URLSearchParams("defences=bogus,armour")).defences).toEqual([]);
  expect(fromQuery(query)).toEqual({ seed: 1, defences: ["shed"], params: { load: 2, triggerDuration: 10 } });
  // Out of range above, or not whole: not a seed either, so the default seed runs (nothing is clamped).
  expect(linkProblems(new URLSearchParams("seed=4294967296"))).toEqual([
    'seed "4294967296" is not a whole number from 0 to 4,294,967,295, written in digits only, so it runs seed 1',
  ]);
  expect(fromQuery(new URLSearchParams("seed=2.5")).seed).toBe(defaultReplayState.seed);
});

test("the static charts write thousands on their axis as the live charts do (20k, not 20000), and no chart title says its unit twice", () => {
  const run = rememberedRetryStorm(defaultScenario());
  for (const view of chartViews(run)) {
    // The title and its unit in brackets, as the page writes them: never the unit twice.
    const caption = chartName(view);
    expect(caption.toLowerCase().split(view.unit.toLowerCase()).length, caption).toBeLessThanOrEqual(2);
    const labels = [...chartSvg(view, run.metrics.time, [], view.id).matchAll(/text-anchor="end">([^<]*)</g)].map(
      (m) => m[1]!,
    );
    for (const label of labels) expect(label, `${view.id}: ${label}`).not.toMatch(/\d{4}/);
  }
  const waiting = chartViews(run).find((v) => v.id === "waiting")!;
  // As the live chart's axis writes its ticks (charts.ts), in the room the axis has.
  expect(chartSvg(waiting, run.metrics.time, [], "w")).toMatch(/text-anchor="end">\d+(\.\d)?k</);
});

test("the playhead says its value in seconds and which side of the trigger, not a bare number", () => {
  expect(playheadText(-30)).toBe("30 s before the trigger");
  expect(playheadText(0)).toBe("at the trigger");
  expect(playheadText(120)).toBe("120 s after the trigger");
  expect(playheadText(3600)).toBe("3,600 s after the trigger");
});

test("every value-axis label of the latency and success charts carries its unit, at the top and the bottom alike", () => {
  const run = rememberedRetryStorm(defaultScenario());
  const view = (id: string) => chartViews(run).find((v) => v.id === id)!;
  const latencyView = view("latency");
  // The live axis's labels at its decades (uPlot's log splits), as a latency dashboard writes them.
  expect(valueAxisLabels(latencyView)(null, [1, 10, 100, 1000, 10_000, null])).toEqual([
    "1 ms",
    "10 ms",
    "100 ms",
    "1 s",
    "10 s",
    "",
  ]);
  expect(axisLabel(latencyView, 0.5)).toBe("0.5 ms");
  expect(valueAxisLabels(view("success"))(null, [0, 50, 100])).toEqual(["0%", "50%", "100%"]);
  // A count's unit is in the chart's title; its labels stay short ("20k").
  expect(valueAxisLabels(view("waiting"))(null, [0, 20_000])).toEqual(["0", "20k"]);
  // The static charts' labels, from the top down: the latency chart's bottom once read a bare "10" under "10 s".
  const staticLabels = (v: ChartView) =>
    [...chartSvg(v, run.metrics.time, [], v.id).matchAll(/text-anchor="end">([^<]*)</g)].map((m) => m[1]!);
  const latencyLabels = staticLabels(latencyView);
  expect(latencyLabels).toEqual(["10 s", "1 s", "100 ms", "10 ms"]);
  for (const label of latencyLabels) expect(label).toMatch(/^[\d.]+ (ms|s)$/);
  expect(staticLabels(view("success"))).toEqual(["100%", "50%", "0%"]);
});

test("a success rate keeps its decimal only where it was rounded: all served is 100%, nearly all 100.0%, none 0%", () => {
  const run = runRetryStorm(scenarios(normalizeState({ params: { duration: 60 } })).naive);
  const m = run.metrics;
  // Three seconds ten apart (the table's rows): every request served, all but one in 2,500, and none.
  const rates = [1, 2499 / 2500, 0];
  const rows = [0, 10, 20];
  const successRate = [...m.successRate];
  rows.forEach((row, k) => void (successRate[row] = rates[k]!));
  const edited = { ...run, metrics: { ...m, successRate } };
  const said = rows.map((row) => momentText(m.time[row]!, [{ name: "Naive", run: edited }]));
  expect(said[0]).toMatch(/ 100% of the requests arriving succeed\.$/);
  expect(said[1]).toMatch(/ 100\.0% of the requests arriving succeed\.$/);
  expect(said[2]).toMatch(/ 0% of the requests arriving succeed\.$/);
  const table = tableRows(edited, edited).rows;
  expect(rows.map((row) => table[row / 10]!.cells[3])).toEqual(["100%", "100.0%", "0%"]);
  expect(tableHtml(edited, edited)).toContain("<td>100.0%</td>");
  // The summary's share over the incident: exactly every request of the unrelated services served.
  const served = {
    ...run,
    summary: {
      ...run.summary,
      services: run.summary.services.map((x) => ({ ...x, incidentSucceeded: x.incidentRequests })),
    },
  };
  expect(summaryText("Naive", served)).toContain("services that never call pricing succeed 100% of the time");
});

test("the summary counts the tries shed as a sentence says a count: one try, none, thousands grouped, a moment before the trigger", () => {
  const run = runRetryStorm(scenarios(normalizeState({ params: { duration: 60 } })).naive);
  const shedding = (triesShed: number, firstShedSeconds: number | null) =>
    summaryText("Run", { ...run, summary: { ...run.summary, defences: ["shed"], triesShed, firstShedSeconds } });
  expect(shedding(1, 12.34)).toContain(", 1 try is shed at 12.3 s and ");
  expect(shedding(0, null)).toContain(", no try is shed and ");
  // Before the trigger, the first shed try is the first moment the sentence tells (in time order).
  expect(shedding(2500, -3.21)).toMatch(
    /^Run: 2,500 tries are shed \(the first 3\.2 s before the trigger\), the pool is full at /,
  );
});

test('a time label at an end of the plot lines up that end with its time, on the live chart as on the static one: a two-minute run ends on a whole "2 min"', () => {
  const view: ChartView = {
    id: "waiting",
    title: "t",
    unit: "requests",
    series: [{ label: "a", values: [1], colour: 1 }],
  };
  /** A live chart's time labels as it writes them on a plot from `from` to `to` s, 590 px wide, at device pixel ratio 2. */
  const live = (from: number, to: number) => {
    const drawn: [string, number, number, string, string, string][] = [];
    const ctx = {
      font: "",
      fillStyle: "",
      textAlign: "",
      textBaseline: "",
      save() {},
      restore() {},
      fillText(text: string, x: number, y: number) {
        drawn.push([text, x, y, this.textAlign, this.textBaseline, this.font]);
      },
    };
    const bbox = { left: 112, top: 16, width: 1180, height: 232 };
    const u = {
      ctx,
      bbox,
      scales: { x: { min: from, max: to } },
      valToPos: (t: number) => bbox.left + ((t - from) / (to - from)) * bbox.width,
    } as unknown as Parameters<typeof drawEdgeTimes>[0];
    const splits = timeTicks(to);
    // uPlot writes those it centres; the ends are left to drawEdgeTimes.
    const centred = timeAxisLabels(u, splits);
    drawEdgeTimes(u, splits, "600 24px sans-serif", "#123", 2);
    return { centred, drawn };
  };
  /** The static chart's time labels and their anchors, for seconds `from` to `to` - 1. */
  const still = (from: number, to: number) =>
    [...chartSvg(view, [from, to - 1], [], "t").matchAll(/text-anchor="(\w+)">([^<]*)</g)]
      .filter((m) => / (s|min)$/.test(m[2]!))
      .map((m) => [m[2], m[1]]);
  // Two minutes after half a minute before the trigger: "2 min" on the plot's right edge, its top a tick and a gap under the plot.
  const short = live(-30, 120);
  expect(short.centred).toEqual(["0 s", null]);
  expect(short.drawn).toEqual([
    ["2 min", 112 + 1180, 16 + 232 + 2 * (chartFrame.tick + chartFrame.gap), "right", "top", "600 48px sans-serif"],
  ]);
  expect(still(-30, 120)).toEqual([
    ["0 s", "middle"],
    ["2 min", "end"],
  ]);
  // A run from the trigger: "0 s" on the plot's left edge, from there; "4 min", far from the end, centred.
  const fromZero = live(0, 300);
  expect(fromZero.centred).toEqual([null, "2 min", "4 min"]);
  expect(fromZero.drawn.map((d) => [d[0], d[1], d[3]])).toEqual([["0 s", 112, "left"]]);
  expect(still(0, 300)).toEqual([
    ["0 s", "start"],
    ["2 min", "middle"],
    ["4 min", "middle"],
  ]);
});

test("a live chart's time ticks are worked out once per layout: its end labels are drawn at the ticks uPlot laid out", () => {
  // Each layout asks for the ticks of a plot `max` seconds long, as uPlot's `splits` does.
  const asked: number[] = [];
  const ticks = timeAxisTicks((max: number) => {
    asked.push(max);
    return timeTicks(max);
  });
  const laid = ticks.splits(300);
  expect(laid).toEqual([0, 120, 240]);
  // Every draw after it (uPlot draws again without laying out: the playhead, the cursor) reads them.
  for (let draw = 0; draw < 3; draw++) expect(ticks.drawn()).toBe(laid);
  expect(asked).toEqual([300]);
  // A new layout (a resize, a new run) works them out anew, once, and the draws follow it.
  const longer = ticks.splits(600);
  expect(ticks.drawn()).toBe(longer);
  expect(asked).toEqual([300, 600]);
});

// Audit (L4): shedding alone read "it recovers by itself 0 s after pricing does".
test("a run that recovers in pricing's own second says so: as soon as pricing does, not 0 s after", () => {
  const shed = rememberedRetryStorm(scenarios(normalizeState({ defences: ["shed"] })).defended);
  expect(shed.summary.recoveredBy).toBe("self");
  expect(shed.summary.recoverySeconds).toBe(0);
  const text = summaryText("Defended", shed);
  expect(text).toContain("it recovers by itself as soon as pricing does;");
  expect(text).not.toContain("0 s after pricing");
  // A later recovery keeps its seconds.
  const breaker = rememberedRetryStorm(scenarios(normalizeState({ defences: ["breaker"] })).defended);
  expect(breaker.summary.recoverySeconds).toBeGreaterThan(0);
  expect(summaryText("Defended", breaker)).toContain(
    `it recovers by itself ${secondsOrMinutes(breaker.summary.recoverySeconds!)} after pricing does;`,
  );
});
