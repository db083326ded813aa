/**
 * The replay in the page, loaded on first interaction. It wires the parts together: the form
 * (controls.ts), the address (url-sync.ts), the simulation workers (runner.ts), the charts
 * (charts.ts), the playhead (playback.ts) and the status line (status.ts). Both runs are
 * redrawn together, only once both are back, so the two sides always describe one scenario.
 */
import { fixed } from "../../format/number.ts";
import { ReplayCharts } from "./charts.ts";
import { ReplayControls } from "./controls.ts";
import { Playback } from "./playback.ts";
import { SideRunner, type TimedRun } from "./runner.ts";
import { describeState, linkProblems, markedFields, normalizeState, scenarios, type ReplayState } from "./state.ts";
import { showStatus } from "./status.ts";
import { stateInUrl, writeUrl } from "./url-sync.ts";
import {
  defendedHeading,
  markerItemsHtml,
  markers,
  momentText,
  playheadText,
  poolNote,
  runName,
  sides,
  summaryText,
  tableHtml,
  type Marker,
  type Side,
} from "./view.ts";
import { keepUnitsInPage, keepUnitWithNumber } from "../../format/units.ts";
import { requiredElement } from "../required-element.ts";

export interface MountedReplay {
  /** Move the playhead to simulated second `t`. */
  seek(t: number): void;
  /** Re-read the controls and rerun what changed; resolves when the charts are redrawn. */
  update(): Promise<void>;
  /** The milestones of the run on one side (trigger, pool full, goodput gone, ...), to jump to. */
  moments(side: Side): Marker[];
}

const q = <T extends Element>(root: ParentNode, selector: string): T =>
  requiredElement<T>(root, selector, "retry-storm replay");

/**
 * Mount the replay in `root`. A field the reader changed before this code loaded keeps the
 * reader's value, even when the address carries a shared state: the first click counts.
 */
export async function mountReplay(root: HTMLElement): Promise<MountedReplay> {
  const form = q<HTMLFormElement>(root, "form[data-controls]");
  const statusLine = q<HTMLElement>(root, "[data-status]");
  const timeOut = q<HTMLOutputElement>(root, "[data-time]");
  const moment = q<HTMLElement>(root, "[data-moment]");
  const live = q<HTMLElement>(root, "[data-live]");
  const table = q<HTMLTableElement>(root, "[data-table]");
  const syncUrl = root.dataset.url !== "off";
  const controls = new ReplayControls(form);
  showStatus(root, statusLine, { kind: "loading" });

  // The server drew the page's own state into the form; a shared link replaces it, except
  // where the reader has already changed a field.
  const shared = syncUrl ? stateInUrl() : null;
  // Said with the link's first run, then dropped: the address is rewritten with what ran.
  const problems = shared ? linkProblems(new URLSearchParams(location.search)) : [];
  let linkNote = problems.length ? `This link asked for values the replay cannot use: ${problems.join("; ")}.` : "";
  if (shared) controls.write(shared, controls.changedByReader());
  else controls.syncIntervention();
  /** The state the charts show: the server's, then the last valid one run. */
  let shown: ReplayState = normalizeState(JSON.parse(root.dataset.initial ?? "{}"));
  /**
   * Where the parameters the form has no field for (a link's duration, say) are read from: a
   * shared link, until a run of it has been drawn; then the state run last. Read from the
   * server's state, the link's first run dropped them.
   */
  let beyondForm: ReplayState | null = shared;
  const runs: Partial<Record<Side, TimedRun>> = {};
  let version = 0;
  let charts: ReplayCharts | null = null;

  /** Say `text` once: the same words set again (a blur after typing, a pause where it stopped) are read out again. */
  const announce = (text: string) => {
    if (live.textContent !== text) live.textContent = text;
  };
  const scrub = q<HTMLInputElement>(root, "[data-scrub]");
  /** What a side's run is called before what is said of it: the defended one's name follows its defences. */
  const nameOf = (side: Side, run: TimedRun) => runName(side, run.summary.defences).name;
  const describeMoment = (t: number) => {
    timeOut.value = keepUnitWithNumber(`${t} s`);
    scrub.setAttribute("aria-valuetext", playheadText(t));
    const both = sides.filter((s) => runs[s]).map((s) => ({ name: nameOf(s, runs[s]!), run: runs[s]! }));
    // Numbers and units bound as the build binds the server's text (src/format/units.ts).
    if (both.length) moment.textContent = keepUnitWithNumber(momentText(t, both));
  };
  const playback = new Playback(
    {
      root,
      scrub,
      play: q<HTMLButtonElement>(root, "[data-play]"),
      speed: q<HTMLSelectElement>(root, "[data-speed]"),
    },
    (t) => {
      charts?.setPlayhead(t);
      describeMoment(t);
    },
    () => announce(moment.textContent ?? ""),
  );

  // Listen before anything slow, so no change made while the charts load is missed.
  let debounce = 0;
  form.addEventListener("input", () => {
    clearTimeout(debounce);
    debounce = window.setTimeout(() => void update(), 150);
  });
  form.addEventListener("change", (event) => {
    if ((event.target as HTMLInputElement).name === "noIntervention") controls.syncIntervention();
    clearTimeout(debounce);
    void update();
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void update();
  });

  const sideRunners: Record<Side, SideRunner> = { naive: new SideRunner(), defended: new SideRunner() };
  // uPlot's stylesheet comes with the component (RetryStormReplay.astro): Astro's build drops CSS
  // imported from a dynamically loaded client module, and the import then fails at run time.
  const chartsReady = import("uplot").then(({ default: uPlot }) => {
    charts = new ReplayCharts(root, uPlot);
    return charts;
  });

  /** A side's words: its heading, name, summary, pool note and events (its charts: ReplayCharts.show). */
  function draw(side: Side, run: TimedRun): void {
    runs[side] = run;
    const container = q<HTMLElement>(root, `[data-side="${side}"]`);
    const name = runName(side, run.summary.defences);
    if (side === "defended") {
      q<HTMLElement>(container, "[data-heading]").textContent = defendedHeading(run.summary.defences);
      // The run is named as its heading says it is, wherever it is named (RetryStormReplay.astro).
      container.setAttribute("aria-label", name.label);
      q<HTMLElement>(container, "[data-markers]").setAttribute("aria-label", `${name.label}: events`);
      q<HTMLElement>(root, "[data-show-name]").textContent = name.label;
    }
    q<HTMLElement>(container, "[data-summary]").textContent = keepUnitWithNumber(summaryText(name.name, run));
    q<HTMLElement>(container, "[data-pool-note]").textContent = keepUnitWithNumber(poolNote(run));
    q<HTMLElement>(container, "[data-markers]").innerHTML = keepUnitsInPage(markerItemsHtml(markers(run.summary)));
    root.dataset[`${side}Summary`] = JSON.stringify(run.summary);
  }

  async function update(): Promise<void> {
    const reading = controls.read(beyondForm ?? shown);
    controls.showErrors(reading.errors);
    const mine = ++version;
    if (!reading.state) {
      showStatus(root, statusLine, {
        kind: "invalid",
        fields: markedFields(reading.errors),
        lastValid: describeState(shown),
      });
      return;
    }
    const state = reading.state;
    if (syncUrl) writeUrl(state);
    const started = performance.now();
    showStatus(root, statusLine, { kind: "running" });
    const pair = scenarios(state);
    let results: TimedRun[];
    let liveCharts: ReplayCharts;
    try {
      results = await Promise.all(sides.map((s) => sideRunners[s].run(pair[s])));
      liveCharts = await chartsReady;
    } catch (error) {
      if (mine === version) showStatus(root, statusLine, { kind: "error", message: (error as Error).message });
      return;
    }
    if (mine !== version) return; // a newer change is on its way
    // Both sides at once: never one side of the new scenario beside one of the old.
    liveCharts.show({ naive: results[0]!, defended: results[1]! });
    for (const [i, s] of sides.entries()) draw(s, results[i]!);
    shown = state;
    beyondForm = null;
    const time = results[0]!.metrics.time;
    playback.setRange(time[0]!, time.at(-1)!);
    table.innerHTML = keepUnitsInPage(tableHtml(results[0]!, results[1]!));
    announce(keepUnitWithNumber(sides.map((s, i) => summaryText(nameOf(s, results[i]!), results[i]!)).join(" ")));
    root.dataset.redrawMillis = fixed(performance.now() - started, 1);
    showStatus(root, statusLine, { kind: "ready", note: linkNote });
    linkNote = "";
  }

  // The phone's one-run view: a side shown again takes its width then.
  for (const radio of root.querySelectorAll<HTMLInputElement>("[data-show]"))
    radio.addEventListener("change", () => charts?.resize());
  new ResizeObserver(() => charts?.resize()).observe(q<HTMLElement>(root, ".rs-sides"));
  // A presenter chart's height follows the screen's (charts.ts), so a taller or shorter window resizes it too.
  if (root.classList.contains("rs--present")) window.addEventListener("resize", () => charts?.resize());
  new MutationObserver(() => charts?.rebuild()).observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["data-theme"],
  });

  await update();
  return {
    seek: (t) => playback.seek(t),
    update,
    moments: (side) => (runs[side] ? markers(runs[side]!.summary) : []),
  };
}
