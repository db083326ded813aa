/**
 * The replay in the page, loaded on first interaction: reruns both scenarios in workers, draws
 * every metric with uPlot on one shared time axis (cursor synced across charts), and drives a
 * playhead with play / pause / speed and a keyboard-operable scrubber. The seed, defences and
 * changed parameters live in the URL.
 */
import type uPlotType from "uplot";
import { defenceNames, type DefenceName } from "../../sim/retry-storm/index.ts";
import { SideRunner, type TimedRun } from "./runner.ts";
import { fromQuery, normalizeState, queryHasState, scenarios, toQuery, type ReplayState } from "./state.ts";
import {
  chartViews,
  markerColour,
  markerItemsHtml,
  markers,
  momentText,
  palette,
  summaryText,
  tableHtml,
  type Marker,
  type RunView,
} from "./view.ts";

type Side = "naive" | "defended";
const sides: Side[] = ["naive", "defended"];
const sideName: Record<Side, string> = { naive: "Naive", defended: "Defended" };

interface SideCharts {
  plots: uPlotType[];
  marks: Marker[];
  run: TimedRun | null;
  playheads: HTMLElement[];
}

export interface MountedReplay {
  /** Move the playhead to simulated second `t`. */
  seek(t: number): void;
  /** Re-read the controls and rerun what changed; resolves when the charts are redrawn. */
  update(): Promise<void>;
}

/** 20000 -> "20k", 0.5 -> "0.5": axis labels that fit a phone's width. */
function compact(n: number): string {
  if (n == null) return "";
  const abs = Math.abs(n);
  if (abs >= 1e6) return `${+(n / 1e6).toFixed(1)}M`;
  if (abs >= 1e3) return `${+(n / 1e3).toFixed(1)}k`;
  return `${+n.toFixed(2)}`;
}

function decades(min: number, max: number): number[] {
  const out: number[] = [];
  for (let p = Math.floor(Math.log10(Math.max(min, 1e-3))); 10 ** p <= max * 1.0001; p++)
    if (10 ** p >= min * 0.9999) out.push(10 ** p);
  return out.length ? out : [min, max];
}

function q<T extends Element>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`retry-storm replay: missing ${selector}`);
  return el;
}

function readControls(form: HTMLFormElement, seedFallback: number): ReplayState {
  const value = (name: string) => (form.elements.namedItem(name) as HTMLInputElement | null)?.value.trim() ?? "";
  const params: Record<string, unknown> = {};
  for (const field of form.querySelectorAll<HTMLInputElement>("[data-param]")) {
    if (field.value.trim() !== "") params[field.name] = field.value.trim();
  }
  const none = form.elements.namedItem("noIntervention") as HTMLInputElement | null;
  if (none?.checked) params.intervention = null;
  const seed = Number(value("seed"));
  const defences = defenceNames.filter(
    (d) => (form.elements.namedItem(`defence-${d}`) as HTMLInputElement | null)?.checked,
  );
  return normalizeState({
    seed: value("seed") === "" || !Number.isInteger(seed) ? seedFallback : seed,
    defences,
    params,
  });
}

function writeControls(form: HTMLFormElement, state: ReplayState): void {
  (form.elements.namedItem("seed") as HTMLInputElement).value = String(state.seed);
  for (const field of form.querySelectorAll<HTMLInputElement>("[data-param]")) {
    const v = (state.params as Record<string, unknown>)[field.name];
    field.value = v === undefined ? field.defaultValue : v === null ? field.defaultValue : String(v);
  }
  const none = form.elements.namedItem("noIntervention") as HTMLInputElement | null;
  if (none) none.checked = state.params.intervention === null;
  for (const d of defenceNames)
    (form.elements.namedItem(`defence-${d}`) as HTMLInputElement).checked = state.defences.includes(d as DefenceName);
}

export async function mountReplay(root: HTMLElement): Promise<MountedReplay> {
  const form = q<HTMLFormElement>(root, "form[data-controls]");
  const scrub = q<HTMLInputElement>(root, "[data-scrub]");
  const playButton = q<HTMLButtonElement>(root, "[data-play]");
  const speed = q<HTMLSelectElement>(root, "[data-speed]");
  const timeOut = q<HTMLOutputElement>(root, "[data-time]");
  const moment = q<HTMLElement>(root, "[data-moment]");
  const live = q<HTMLElement>(root, "[data-live]");
  const table = q<HTMLTableElement>(root, "[data-table]");
  const syncUrl = root.dataset.url !== "off";
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)").matches;
  root.dataset.state = "loading";

  const initial: ReplayState =
    syncUrl && queryHasState(new URLSearchParams(location.search))
      ? fromQuery(new URLSearchParams(location.search))
      : normalizeState(JSON.parse(root.dataset.initial ?? "{}"));
  writeControls(form, initial);

  const runners: Record<Side, SideRunner> = { naive: new SideRunner(), defended: new SideRunner() };
  // uPlot's stylesheet comes with the component (RetryStormReplay.astro): Astro's build drops CSS
  // imported from a dynamically loaded client module, and the import then fails at run time.
  const { default: uPlot } = await import("uplot");
  const charts: Record<Side, SideCharts> = {
    naive: { plots: [], marks: [], run: null, playheads: [] },
    defended: { plots: [], marks: [], run: null, playheads: [] },
  };
  let playhead = Number(scrub.value);
  let state = initial;
  let version = 0;

  const ink = () => getComputedStyle(root).color;
  const drawMarkers = (side: Side) => (u: uPlotType) => {
    const ctx = u.ctx;
    ctx.save();
    ctx.lineWidth = 1.5 * devicePixelRatio;
    ctx.setLineDash([4 * devicePixelRatio, 4 * devicePixelRatio]);
    for (const m of charts[side].marks) {
      const x = Math.round(u.valToPos(m.time, "x", true));
      ctx.strokeStyle = markerColour[m.kind];
      ctx.beginPath();
      ctx.moveTo(x, u.bbox.top);
      ctx.lineTo(x, u.bbox.top + u.bbox.height);
      ctx.stroke();
    }
    ctx.restore();
  };

  const placePlayheads = () => {
    for (const side of sides) {
      charts[side].plots.forEach((u, i) => {
        const el = charts[side].playheads[i]!;
        el.style.left = `${u.valToPos(playhead + 0.5, "x")}px`;
      });
    }
  };

  function buildCharts(side: Side, run: RunView): void {
    const container = q<HTMLElement>(root, `[data-side="${side}"]`);
    const views = chartViews(run);
    const width = Math.max(260, q<HTMLElement>(container, "[data-chart]").clientWidth);
    for (const view of views) {
      const slot = q<HTMLElement>(container, `[data-chart="${view.id}"] [data-plot]`);
      slot.textContent = "";
      const u = new uPlot(
        {
          width,
          height: 150,
          legend: { show: true, live: false },
          cursor: { sync: { key: `rs-${root.id}` }, drag: { x: false, y: false } },
          scales: {
            x: { time: false },
            y: view.log
              ? { distr: 3, log: 10 }
              : view.range
                ? { range: view.range }
                : { range: (_u, _min, max) => [0, Math.max(1, max)] },
          },
          axes: [
            {
              stroke: ink(),
              grid: { stroke: "rgba(128,128,128,0.2)" },
              values: (_u, splits) => splits.map((s) => `${s}s`),
            },
            {
              stroke: ink(),
              grid: { stroke: "rgba(128,128,128,0.2)" },
              size: 44,
              values: (_u, splits) => splits.map(compact),
              // On a log axis keep one line per decade; uPlot's default draws nine.
              ...(view.log
                ? { splits: (_u: uPlotType, _i: number, min: number, max: number) => decades(min, max) }
                : {}),
            },
          ],
          series: [
            { label: "time (s)" },
            ...view.series.map((s) => ({
              label: s.label,
              stroke: palette[s.colour],
              width: 1.5,
              ...(s.dashed ? { dash: [5, 4] } : {}),
              spanGaps: false,
            })),
          ],
          hooks: { draw: [drawMarkers(side)] },
        },
        [run.metrics.time, ...view.series.map((s) => s.values)] as uPlotType.AlignedData,
        slot,
      );
      u.root.setAttribute("role", "img");
      u.root.setAttribute("aria-label", `${sideName[side]} run: ${view.title} (${view.unit}) over time`);
      const head = document.createElement("div");
      head.className = "rs-playhead";
      head.setAttribute("aria-hidden", "true");
      u.over.append(head);
      charts[side].plots.push(u);
      charts[side].playheads.push(head);
    }
  }

  function showRun(side: Side, run: TimedRun): void {
    const entry = charts[side];
    entry.run = run;
    entry.marks = markers(run.summary);
    if (entry.plots.length === 0) buildCharts(side, run);
    else {
      const views = chartViews(run);
      views.forEach((view, i) => {
        entry.plots[i]!.setData([run.metrics.time, ...view.series.map((s) => s.values)] as uPlotType.AlignedData);
      });
    }
    q<HTMLElement>(root, `[data-side="${side}"] [data-summary]`).textContent = summaryText(sideName[side], run.summary);
    root.dataset[`${side}Summary`] = JSON.stringify(run.summary);
    const legend = q<HTMLElement>(root, `[data-side="${side}"] [data-markers]`);
    legend.innerHTML = markerItemsHtml(entry.marks);
  }

  function describeMoment(): void {
    timeOut.value = `${playhead} s`;
    const runs = sides.filter((s) => charts[s].run).map((s) => ({ name: sideName[s], run: charts[s].run! }));
    if (runs.length) moment.textContent = momentText(playhead, runs);
  }

  function seek(t: number): void {
    playhead = Math.max(Number(scrub.min), Math.min(Number(scrub.max), Math.round(t)));
    scrub.value = String(playhead);
    placePlayheads();
    describeMoment();
  }

  async function update(): Promise<void> {
    const next = readControls(form, state.seed);
    state = next;
    if (syncUrl) {
      const query = toQuery(state, new URLSearchParams(location.search)).toString();
      history.replaceState(history.state, "", `${location.pathname}${query ? "?" + query : ""}${location.hash}`);
    }
    const mine = ++version;
    const started = performance.now();
    root.dataset.state = "running";
    root.setAttribute("aria-busy", "true");
    const pair = scenarios(state);
    let results: TimedRun[];
    try {
      // Each side is drawn as soon as its run is back (the defended one usually first); the
      // table, the announcement and "ready" wait for both.
      results = await Promise.all(
        sides.map((s) =>
          runners[s].run(pair[s]).then((run) => {
            if (mine === version) showRun(s, run);
            return run;
          }),
        ),
      );
    } catch (error) {
      if (mine === version) {
        live.textContent = `The simulation could not run: ${(error as Error).message}`;
        root.dataset.state = "error";
        root.removeAttribute("aria-busy");
      }
      return;
    }
    if (mine !== version) return; // a newer change is on its way
    const duration = results[0]!.metrics.time;
    scrub.min = String(duration[0]);
    scrub.max = String(duration[duration.length - 1]);
    seek(playhead);
    table.innerHTML = tableHtml(results[0]!, results[1]!);
    live.textContent = sides.map((s, i) => summaryText(sideName[s], results[i]!.summary)).join(" ");
    root.dataset.redrawMillis = (performance.now() - started).toFixed(1);
    root.dataset.state = "ready";
    root.removeAttribute("aria-busy");
  }

  // Playback: the playhead moves `speed` simulated seconds per real second. With reduced
  // motion it never starts on its own and moves in whole steps rather than gliding.
  let playing = false;
  let last = 0;
  let carry = 0;
  let timer = 0;
  const setPlaying = (on: boolean) => {
    playing = on;
    playButton.setAttribute("aria-pressed", String(on));
    playButton.textContent = on ? "Pause" : "Play";
    if (!on) {
      cancelAnimationFrame(timer);
      clearInterval(timer);
      describeMoment();
      live.textContent = moment.textContent ?? "";
      return;
    }
    if (playhead >= Number(scrub.max)) seek(Number(scrub.min));
    last = performance.now();
    carry = 0;
    const advance = (now: number) => {
      carry += ((now - last) / 1000) * Number(speed.value);
      last = now;
      const whole = Math.floor(carry);
      carry -= whole;
      if (whole > 0) seek(playhead + whole);
      if (playhead >= Number(scrub.max)) setPlaying(false);
    };
    if (reducedMotion) {
      timer = window.setInterval(() => playing && advance(performance.now()), 1000);
    } else {
      const frame = (now: number) => {
        if (!playing) return;
        advance(now);
        if (playing) timer = requestAnimationFrame(frame);
      };
      timer = requestAnimationFrame(frame);
    }
  };

  playButton.addEventListener("click", () => setPlaying(!playing));
  scrub.addEventListener("input", () => seek(Number(scrub.value)));
  scrub.addEventListener("change", () => (live.textContent = moment.textContent ?? ""));
  root.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, select, textarea")) return;
    // Keys for the replay anywhere in it except text fields: [ and ] step 10 s, k plays/pauses.
    if (event.key === "[" || event.key === "]") {
      seek(playhead + (event.key === "]" ? 10 : -10));
      event.preventDefault();
    } else if (event.key === "k") {
      setPlaying(!playing);
      event.preventDefault();
    }
  });

  let debounce = 0;
  form.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = window.setTimeout(() => void update(), 150);
  });
  form.addEventListener("change", () => {
    clearTimeout(debounce);
    void update();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void update();
  });

  const resize = () => {
    for (const side of sides) {
      const container = root.querySelector<HTMLElement>(`[data-side="${side}"] [data-chart]`);
      if (!container) continue;
      const width = Math.max(260, container.clientWidth);
      for (const u of charts[side].plots) u.setSize({ width, height: 150 });
    }
    placePlayheads();
  };
  new ResizeObserver(() => resize()).observe(q<HTMLElement>(root, "[data-side]"));
  // Axis ink is read when a chart is made: rebuild the charts when the reader switches theme.
  new MutationObserver(() => {
    for (const side of sides) {
      const run = charts[side].run;
      if (!run) continue;
      for (const u of charts[side].plots) u.destroy();
      charts[side].plots = [];
      charts[side].playheads = [];
      buildCharts(side, run);
    }
    placePlayheads();
  }).observe(document.documentElement, { attributes: true, attributeFilter: ["data-theme"] });

  await update();
  return { seek, update };
}
