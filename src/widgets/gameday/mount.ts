/**
 * The on-call dashboard, loaded on first interaction: it starts the game in a worker, draws what
 * monitoring shows each second (users' good requests, p99, burn rates, every component's row,
 * tenants and cells hurting, the feed), takes the player's actions, announces alerts politely,
 * and at the end shows the score beside doing nothing and par, the timeline and the debrief,
 * with a share link and a result code for the room's board.
 */
import type uPlotType from "uplot";
import { actionSpec, type ActionId } from "../../sim/gameday/actions.ts";
import { formatLog } from "../../sim/gameday/log.ts";
import { readSeed } from "../../sim/random.ts";
import {
  clock as clockText,
  burnRateText,
  debriefText,
  entryText,
  gameClock,
  mitigationText,
  scoreRows,
  startLabel,
  startLabels,
  verdictText,
} from "../../sim/gameday/report.ts";
import { resumedResultText, resumedText, type SavedGame } from "../../sim/gameday/saved.ts";
import type { LogEntry } from "../../sim/gameday/scenarios.ts";
import { alertRules, burnThreshold, windowLabel, type AlertEvent, type Slo } from "../../sim/gameday/slo.ts";
import type { GameSummary } from "../../sim/gameday/summary.ts";
import type { Frame } from "../../sim/gameday/telemetry.ts";
import { compact, decades } from "../replay/charts.ts";
import { sitePath } from "../../course/url.ts";
import { escapeHtml } from "../escape-html.ts";
import { keep, siteStorage, tabStoreOrNothing } from "../site-storage.ts";
import type { FromWorker, PendingAction, Speed, ToWorker } from "./protocol.ts";
import { replaySpeed, speedForKey, startingSpeed } from "./protocol.ts";
import { keepSavedGame, loadSavedGame } from "./saved-game.ts";
import { codeInLink } from "../../sim/gameday/code-link.ts";
import { nameKey, replayLink } from "./share.ts";
import { countOf, grouped, latency, percent, percentUpTo, svgCoordinate, times } from "../../format/number.ts";
import { keepUnitWithNumber } from "../../format/units.ts";

interface Setup {
  scenario: string;
  code: string;
  title: string;
  seed: number;
  seconds: number;
  slo: Slo;
  components: string[];
  windows: number[];
  /** The title of each chapter an offered action's debrief links to, by its slug. */
  chapterTitles: Record<string, string>;
}

function q<T extends Element>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`game day: missing ${selector}`);
  return el;
}

const percentText = (share: number | null) => (share === null ? "–" : percentUpTo(share, 1));
const msText = (ms: number | null) => (ms === null ? "–" : latency(ms));

/** What a screen reader hears when an action is taken: a refusal is said by the refused line's own status. */
/** When an action under way lands, from the clock: "in 90 s", or what it waits for. */
function countdownText(p: PendingAction, clock: number): string {
  return p.effectAt === null
    ? `waits for ${actionSpec(p.entry.action).waitsFor ?? "an event"}`
    : `takes effect in ${Math.max(0, Math.ceil(p.effectAt - clock))} s`;
}

/**
 * What a screen reader hears when an action is done: when it lands as the model applies it (a
 * rollback queued behind another lands after it), read from the actions under way; one not
 * among them landed at once.
 */
function ackText(entry: LogEntry, pending: PendingAction | undefined): string {
  const when =
    pending === undefined
      ? "in effect now"
      : pending.effectAt === null
        ? `it takes effect at ${actionSpec(entry.action).waitsFor ?? "a later event"}`
        : `it takes effect in ${clockText(pending.effectAt - entry.at)}`;
  return `Done at ${clockText(entry.at)}: ${entryText(entry)}; ${when}.`;
}

function alertText(event: AlertEvent, slo: Slo): string {
  const rule = alertRules.find((r) => r.id === event.rule)!;
  const what = `${percent(rule.budgetSpent, 0)} of the error budget in ${windowLabel(rule.longWindow)} (burn rate above ${burnRateText(rule, slo)})`;
  return event.resolvedAt === null
    ? `${event.severity === "page" ? "Page" : "Ticket"}: ${event.rule} alert firing at ${clockText(event.firedAt)}: ${what}.`
    : `${event.rule} alert resolved at ${clockText(event.resolvedAt)}.`;
}

export async function mountGameday(root: HTMLElement): Promise<void> {
  const setup = JSON.parse(root.dataset.setup ?? "{}") as Setup;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  const clockOut = q<HTMLElement>(root, "[data-clock]");
  const speedButtons = [...root.querySelectorAll<HTMLButtonElement>("[data-speed]")];
  const startButton = q<HTMLButtonElement>(root, "[data-start]");
  const endButton = q<HTMLButtonElement>(root, "[data-end]");
  const seedInput = q<HTMLInputElement>(root, "[data-seed]");
  const seedError = q<HTMLElement>(root, "[data-seed-error]");
  const errorOut = q<HTMLElement>(root, "[data-error]");
  const live = q<HTMLElement>(root, "[data-live]");
  const firing = q<HTMLElement>(root, "[data-firing]");
  const feed = q<HTMLElement>(root, "[data-feed]");
  const pendingList = q<HTMLElement>(root, "[data-pending]");
  const refusedOut = q<HTMLElement>(root, "[data-refused]");
  const hurting = q<HTMLElement>(root, "[data-hurting]");
  const results = q<HTMLElement>(root, "[data-results]");
  const rows = [...root.querySelectorAll<HTMLTableRowElement>("[data-row]")];
  const forms = [...root.querySelectorAll<HTMLFormElement>("[data-offer]")];
  const resumeOffer = q<HTMLElement>(root, "[data-resume-offer]");
  const unreadableNote = q<HTMLElement>(root, "[data-resume-unreadable]");
  root.dataset.state = "loading";

  // The start button keeps room for its widest label, every label drawn hidden in the same cell
  // under the one shown (as the clock keeps room for its longest text): pressing it turns "Start
  // the game" into the shorter "New game", which on a 350 px phone pulled the seed field up beside
  // it and moved everything below. The server's label is the widest, so this moves nothing.
  const startText = document.createElement("span");
  startText.textContent = startButton.textContent;
  const startFace = document.createElement("span");
  startFace.className = "gd-start-face";
  startFace.append(
    startText,
    ...startLabels.map((label) => {
      const room = document.createElement("span");
      room.className = "gd-start-room";
      room.setAttribute("aria-hidden", "true");
      room.textContent = label;
      return room;
    }),
  );
  startButton.replaceChildren(startFace);

  // uPlot's stylesheet comes with the component: Astro drops CSS imported by a lazy client module.
  const { default: uPlot } = await import("uplot");
  const worker = new Worker(new URL("./game.worker.ts", import.meta.url), { type: "module" });

  let frames: Frame[] = [];
  let log: LogEntry[] = [];
  let replaying = false;
  // A game left under way in this tab (a reload), offered by the bootstrap; the one resuming,
  // until its first update; and the clock it was resumed at, for the results.
  const tabStore = tabStoreOrNothing();
  let saved = loadSavedGame(tabStore, setup.scenario, setup.seconds);
  let resuming: SavedGame | null = null;
  let resumedAt: number | null = null;
  let lastKept = "";
  let seed = setup.seed;
  let nextAct = 1;
  const clicks = new Map<number, number>();
  let pendingRender: FromWorker & { type: "update" } = undefined as never;
  let renderQueued = false;

  // --- Charts ---------------------------------------------------------------------------------
  const ink = () => getComputedStyle(root).color;
  const accent = () => getComputedStyle(root).getPropertyValue("--sl-color-accent").trim() || "#c2410c";
  const red = () => getComputedStyle(root).getPropertyValue("--sl-color-red").trim() || "#dc2626";
  const grid = { stroke: "rgba(128,128,128,0.2)" };
  const slots = [...root.querySelectorAll<HTMLElement>("[data-chart]")];
  const width = () => Math.max(240, slots[0]!.clientWidth);
  const burnWindows = [alertRules[0]!.shortWindow, alertRules[0]!.longWindow];
  const pageThreshold = burnThreshold(alertRules[0]!, setup.slo);
  const pageThresholdText = burnRateText(alertRules[0]!, setup.slo);
  const axes = (unit: (v: number) => string, log = false): uPlotType.Axis[] => [
    { stroke: ink(), grid, values: (_u, splits) => splits.map((s) => (s % 60 === 0 ? `${s / 60}m` : "")) },
    {
      stroke: ink(),
      grid,
      size: 62,
      values: (_u, splits) => splits.map(unit),
      // On a log axis one line per decade; uPlot's default draws nine.
      ...(log ? { splits: (_u: uPlotType, _i: number, min: number, max: number) => decades(min, max) } : {}),
    },
  ];
  const chart = (slot: HTMLElement, label: string, options: Partial<uPlotType.Options>, series: uPlotType.Series[]) => {
    const u = new uPlot(
      {
        width: width(),
        height: 150,
        legend: { show: true, live: false },
        cursor: { drag: { x: false, y: false }, sync: { key: `gd-${setup.scenario}` } },
        series: [{ label: "time" }, ...series],
        ...options,
        scales: { x: { time: false, range: [0, setup.seconds] }, ...(options.scales ?? {}) },
      } as uPlotType.Options,
      [[], ...series.map(() => [])] as unknown as uPlotType.AlignedData,
      slot,
    );
    u.root.setAttribute("role", "img");
    u.root.setAttribute("aria-label", label);
    return u;
  };
  const usersChart = chart(
    slots[0]!,
    "Users: share of requests answered well (within the objective's latency) and at all, each second",
    { scales: { y: { range: [0, 100] } }, axes: axes((v) => `${v}%`) },
    [
      { label: "good", stroke: accent(), width: 2 },
      { label: "answered", stroke: ink(), width: 1, dash: [4, 3] },
    ],
  );
  const latencyChart = chart(
    slots[1]!,
    `p99 latency of the requests answered each second, against the objective's ${setup.slo.latencyMs} ms`,
    {
      scales: {
        y: { distr: 3, log: 10, range: (_u, min, max) => [Math.min(10, min || 10), Math.max(1000, max || 1000)] },
      },
      axes: axes((v) => (v >= 1000 ? `${compact(v / 1000)} s` : `${compact(v)} ms`), true),
    },
    [
      { label: "p99", stroke: accent(), width: 2, spanGaps: false },
      { label: `objective ${setup.slo.latencyMs} ms`, stroke: ink(), width: 1, dash: [4, 3] },
    ],
  );
  const burnChart = chart(
    slots[2]!,
    `Error budget burn rate over ${windowLabel(burnWindows[0]!)} and ${windowLabel(burnWindows[1]!)}, against the page threshold ${pageThresholdText}`,
    {
      scales: { y: { distr: 3, log: 10, range: (_u, _min, max) => [0.1, Math.max(100, max || 100)] } },
      axes: axes(compact, true),
    },
    [
      { label: windowLabel(burnWindows[0]!), stroke: accent(), width: 2 },
      { label: windowLabel(burnWindows[1]!), stroke: ink(), width: 1.5 },
      { label: `page above ${pageThresholdText}`, stroke: red(), width: 1, dash: [4, 3] },
    ],
  );
  const charts = [usersChart, latencyChart, burnChart];
  const resize = new ResizeObserver(() => {
    for (const u of charts) u.setSize({ width: width(), height: 150 });
  });
  resize.observe(slots[0]!);

  // Each chart's columns grow as frames arrive (one push per frame, never a rebuild of the game
  // so far), and uPlot reads them as they are.
  const share = (n: number, d: number) => (d === 0 ? null : Math.round((1000 * n) / d) / 10);
  const burnAt = burnWindows.map((win) => setup.windows.indexOf(win));
  const columns = {
    t: [] as number[],
    good: [] as (number | null)[],
    ok: [] as (number | null)[],
    p99: [] as (number | null)[],
    objective: [] as number[],
    burnShort: [] as number[],
    burnLong: [] as number[],
    page: [] as number[],
  };
  function addColumns(added: readonly Frame[]): void {
    for (const f of added) {
      columns.t.push(f.t);
      columns.good.push(share(f.good, f.finished));
      columns.ok.push(share(f.ok, f.finished));
      columns.p99.push(f.p99);
      columns.objective.push(setup.slo.latencyMs);
      columns.burnShort.push(Math.max(0.1, f.burn[burnAt[0]!]!));
      columns.burnLong.push(Math.max(0.1, f.burn[burnAt[1]!]!));
      columns.page.push(pageThreshold);
    }
  }
  function clearColumns(): void {
    for (const column of Object.values(columns)) column.length = 0;
  }
  const drawUsers = () => usersChart.setData([columns.t, columns.good, columns.ok] as unknown as uPlotType.AlignedData);
  const drawLatency = () =>
    latencyChart.setData([columns.t, columns.p99, columns.objective] as unknown as uPlotType.AlignedData);
  const drawBurn = () =>
    burnChart.setData([
      columns.t,
      columns.burnShort,
      columns.burnLong,
      columns.page,
    ] as unknown as uPlotType.AlignedData);

  // --- The rest of the dashboard ----------------------------------------------------------------
  function spark(values: (number | null)[]): string {
    const pts = values
      .map((v, i) =>
        v === null
          ? null
          : `${svgCoordinate((i / Math.max(1, values.length - 1)) * 100)},${svgCoordinate(20 - v * 20)}`,
      )
      .filter((p) => p !== null);
    return `<polyline points="${pts.join(" ")}" fill="none" stroke="currentColor" stroke-width="1.5" vector-effect="non-scaling-stroke"/>`;
  }

  /**
   * Set an element's text only when it changed: unchanged text costs no layout. Its numbers keep
   * their units on their line, as the build binds the server's first state (src/format/units.ts).
   */
  const setText = (el: Element, words: string) => {
    const text = keepUnitWithNumber(words);
    if (el.textContent !== text) el.textContent = text;
  };
  const setData = (el: HTMLElement, key: string, value: string) => {
    if (el.dataset[key] !== value) el.dataset[key] = value;
  };
  const cellsOf = rows.map((row) => ({
    status: q<HTMLElement>(row, "[data-status]"),
    success: q<HTMLElement>(row, "[data-success]"),
    p99: q<HTMLElement>(row, "[data-p99]"),
    pool: q<HTMLElement>(row, "[data-pool]"),
    queue: q<HTMLElement>(row, "[data-queue]"),
    spark: q<SVGElement>(row, "[data-spark]"),
  }));

  const sparkLines: string[] = [];

  function drawRows(): void {
    const last = frames.at(-1);
    if (!last) return;
    const recent = frames.slice(-60);
    rows.forEach((row, i) => {
      const c = last.components[i]!;
      const cells = cellsOf[i]!;
      setText(cells.status, c.status);
      setData(
        row,
        "health",
        c.status.includes("crashed") || c.status.includes("unreachable")
          ? "bad"
          : c.success !== null && c.success < 0.95
            ? "warn"
            : "ok",
      );
      setText(cells.success, percentText(c.success));
      setText(cells.p99, msText(c.p99));
      setText(cells.pool, `${c.inUse} / ${c.capacity}`);
      setText(cells.queue, grouped(c.queue));
      const line = spark(recent.map((f) => f.components[i]!.success));
      if (sparkLines[i] !== line) {
        sparkLines[i] = line;
        cells.spark.innerHTML = line;
      }
    });
    const cells = last.cellsHurting === null ? "" : `, cells hurting: ${last.cellsHurting}`;
    setText(
      hurting,
      `Tenants hurting now: ${last.tenantsHurting}${cells}. Error budget spent: ${percentText(last.budgetSpent)}.`,
    );
  }

  let shownPending = "";
  let shownFiring: string | null = null;
  const actionsHeading = q<HTMLElement>(root, "[data-actions-heading]");
  /**
   * Enable or disable an action's button, saying why in its title. A button disabled with the
   * focus on it (the action just taken with Enter) drops the focus to the page's body, where the
   * speed keys do nothing and Tab starts from the top: it goes to `beside` instead, the action's
   * target list or the actions' heading, without scrolling.
   */
  const setButton = (button: HTMLButtonElement, why: string | null, beside: HTMLElement = actionsHeading) => {
    if (button.disabled !== Boolean(why)) {
      const hadFocus = document.activeElement === button;
      button.disabled = Boolean(why);
      if (hadFocus && button.disabled) beside.focus({ preventScroll: true });
    }
    if (button.title !== (why ?? "")) button.title = why ?? "";
  };

  /**
   * On a narrow screen the list of actions under way keeps four and a half lines and scrolls past
   * them (gameday.css). A box that scrolls must take the keyboard's focus, named, or a keyboard
   * user cannot scroll it (axe-core's scrollable-region-focusable): it is a Tab stop while it
   * scrolls, and only then. Losing it with the focus on it (the list got short), the focus goes to
   * the actions' heading rather than to the page's body.
   */
  const reachPending = () => {
    const scrolls = pendingList.scrollHeight > pendingList.clientHeight + 1;
    if (scrolls === pendingList.hasAttribute("tabindex")) return;
    if (scrolls) {
      pendingList.tabIndex = 0;
      pendingList.setAttribute("aria-label", "Actions under way");
      return;
    }
    const hadFocus = document.activeElement === pendingList;
    pendingList.removeAttribute("tabindex");
    pendingList.removeAttribute("aria-label");
    if (hadFocus) actionsHeading.focus({ preventScroll: true });
  };
  // Its width changes the lines its entries take (a phone turned, a window resized).
  new ResizeObserver(reachPending).observe(pendingList);

  function drawLog(update: FromWorker & { type: "update" }): void {
    const pendingHtml = update.pending.length
      ? update.pending
          // Numbers and units bound ("15 s" never parts at the line's end in the list's narrow room).
          .map(
            (p) =>
              `<li>${escapeHtml(keepUnitWithNumber(`${entryText(p.entry)}: ${countdownText(p, update.clock)}`))}</li>`,
          )
          .join("")
      : "<li>No action under way.</li>";
    if (pendingHtml !== shownPending) {
      shownPending = pendingHtml;
      pendingList.innerHTML = pendingHtml;
      reachPending();
    }
    for (const form of forms) {
      const offer = update.offers.find((o) => o.action === form.dataset.offer);
      const button = q<HTMLButtonElement>(form, "button");
      const select = form.querySelector<HTMLSelectElement>("select");
      if (!offer || replaying || update.over) {
        setButton(button, replaying ? "a replay takes only the shared run's actions" : "the game is over");
        continue;
      }
      if (select && offer.targets) {
        for (const option of select.options) {
          const t = offer.targets.find((x) => x.name === option.value);
          if (option.disabled !== Boolean(t?.why)) option.disabled = Boolean(t?.why);
        }
        const chosen = offer.targets.find((t) => t.name === select.value);
        setButton(button, chosen?.why ?? null, select);
      } else setButton(button, offer.why);
    }
  }

  /** Charts and rows redraw at most this often (ms): enough to follow at 20x, cheap for the page's thread. */
  const redrawEvery = 250;
  let lastRedraw = -Infinity;
  let drawnFrames = -1;
  // A redraw is four jobs (three charts and the components' rows), one per animation frame, so
  // no task on the page's thread draws more than one of them (the long-task budget is 50 ms).
  const drawJobs: (() => void)[] = [];
  let drawQueued = false;
  function drawNext(): void {
    drawQueued = false;
    drawJobs.shift()?.();
    if (drawJobs.length && !drawQueued) {
      drawQueued = true;
      requestAnimationFrame(drawNext);
    }
  }
  function scheduleRedraw(): void {
    // A round under way reads the newest frames when each job runs: no need for another.
    if (drawJobs.length) return;
    drawJobs.push(drawUsers, drawLatency, drawBurn, drawRows);
    if (!drawQueued) {
      drawQueued = true;
      requestAnimationFrame(drawNext);
    }
  }

  function render(): void {
    renderQueued = false;
    const update = pendingRender;
    setText(clockOut, gameClock(update.clock, update.seconds));
    for (const b of speedButtons) {
      const pressed = String(Number(b.dataset.speed) === update.speed);
      if (b.getAttribute("aria-pressed") !== pressed) b.setAttribute("aria-pressed", pressed);
      b.disabled = update.over;
    }
    const now = performance.now();
    if (frames.length !== drawnFrames && (now - lastRedraw >= redrawEvery || update.over || update.speed === 0)) {
      drawnFrames = frames.length;
      lastRedraw = now;
      scheduleRedraw();
    }
    drawLog(update);
    setData(root, "clock", String(update.clock));
    setData(root, "log", JSON.stringify(log));
  }

  function addFeed(at: number, text: string, kind: string): void {
    const li = document.createElement("li");
    li.dataset.kind = kind;
    li.innerHTML = `<span class="gd-feed-time">${escapeHtml(clockText(at))}</span> ${escapeHtml(text)}`;
    feed.prepend(li);
    while (feed.children.length > 80) feed.lastElementChild!.remove();
  }

  function onUpdate(update: FromWorker & { type: "update" }): void {
    if (update.frames.length) {
      for (const f of update.frames) frames.push(f);
      addColumns(update.frames);
    }
    log = update.log;
    if (!replaying) keepGame(update);
    // Everything this update has to say, said at once: one sentence written over another in the
    // live region is never read out.
    const said: string[] = [];
    if (resuming) said.push(showResumed(update, resuming));
    else {
      for (const n of update.feed) addFeed(n.at, n.text, "notice");
      for (const a of update.alertChanges) {
        const text = alertText(a, setup.slo);
        addFeed(a.resolvedAt ?? a.firedAt, text, a.resolvedAt === null ? a.severity : "resolved");
        said.push(text);
      }
    }
    const firingNow = frames.at(-1)?.alerts ?? [];
    // Only when the alerts firing change: rebuilding the list every update cost style and layout.
    if (firingNow.join(" ") !== shownFiring) {
      shownFiring = firingNow.join(" ");
      firing.innerHTML = firingNow.length
        ? firingNow
            .map((id) => `<li data-severity="${alertRules.find((r) => r.id === id)!.severity}">${escapeHtml(id)}</li>`)
            .join("")
        : '<li data-severity="none">No alert firing</li>';
    }
    setData(root, "alerts", shownFiring);
    if (update.refused) {
      refusedOut.textContent = `Not done: ${update.refused}.`;
    }
    for (const id of update.acked) {
      const clicked = clicks.get(id);
      if (clicked !== undefined) root.dataset.actLatency = String(performance.now() - clicked);
      clicks.delete(id);
      if (!update.refused) {
        const entry = update.log.at(-1);
        if (entry) {
          addFeed(entry.at, `You: ${entryText(entry)}`, "action");
          said.push(
            ackText(
              entry,
              update.pending.find((p) => p.index === update.log.length - 1),
            ),
          );
        }
      }
    }
    if (keyedSpeed !== null && update.speed === keyedSpeed) {
      said.push(keyedSpeed === 0 ? `Paused at ${clockText(update.clock)}.` : `Running at ${times(keyedSpeed)} speed.`);
      keyedSpeed = null;
    }
    if (said.length) live.textContent = said.join(" ");
    pendingRender = update;
    if (update.acked.length) {
      // An action's effect shows at once, not at the next frame.
      render();
    } else if (!renderQueued) {
      renderQueued = true;
      requestAnimationFrame(render);
    }
    endButton.disabled = update.over;
    const startHadFocus = document.activeElement === startButton;
    startButton.disabled = !update.over && update.clock > 0;
    // A disabled button loses focus to the page's body, where the speed keys (listened for in
    // the widget) do nothing: keep the player in the game, on the speed it runs at.
    if (startHadFocus && startButton.disabled)
      (speedButtons.find((b) => Number(b.dataset.speed) === update.speed) ?? speedButtons[0])?.focus();
    const label = startLabel(update.clock, update.over);
    if (startText.textContent !== label) startText.textContent = label;
  }

  /** Keep the game in the tab as it runs, so a reload can resume it; a game over is dropped. */
  function keepGame(update: FromWorker & { type: "update" }): void {
    const key = `${update.clock}|${update.log.length}|${update.over}`;
    if (key === lastKept) return;
    lastKept = key;
    keepSavedGame(
      tabStore,
      setup.scenario,
      setup.seconds,
      update.over ? null : { seed, clock: update.clock, log: update.log },
    );
  }

  /**
   * A resumed game's first update holds everything so far: the feed gets it in time order (the
   * actions taken too), then says the game was resumed, and only that is read out.
   */
  function showResumed(update: FromWorker & { type: "update" }, from: SavedGame): string {
    resuming = null;
    resumedAt = update.clock;
    // Each change is its own line, firing and resolved alike (alert-changes.ts), as in play.
    const alertLines = update.alertChanges.map((a) => ({
      at: a.resolvedAt ?? a.firedAt,
      text: alertText(a, setup.slo),
      kind: a.resolvedAt === null ? a.severity : "resolved",
    }));
    const lines = [
      ...update.feed.map((n) => ({ at: n.at, text: n.text, kind: "notice" })),
      ...alertLines,
      ...update.log.map((e) => ({ at: e.at, text: `You: ${entryText(e)}`, kind: "action" })),
    ].sort((a, b) => a.at - b.at);
    for (const line of lines) addFeed(line.at, line.text, line.kind);
    const note = resumedText(from);
    addFeed(update.clock, note, "notice");
    root.dataset.resumed = String(update.clock);
    return note;
  }

  // --- Results ----------------------------------------------------------------------------------
  function renderResults(summary: GameSummary): void {
    const who = replaying ? "this run" : "you";
    const rowsHtml = scoreRows(summary.score, setup.slo)
      .map(([label], i) => {
        const mine = scoreRows(summary.score, setup.slo)[i]![1];
        const nothing = scoreRows(summary.doNothing, setup.slo)[i]![1];
        const par = scoreRows(summary.par, setup.slo)[i]![1];
        return `<tr><th scope="row">${escapeHtml(label)}</th><td data-label="${who}">${escapeHtml(mine)}</td><td data-label="doing nothing">${escapeHtml(nothing)}</td><td data-label="par">${escapeHtml(par)}</td></tr>`;
      })
      .join("");
    const timeline = summary.timeline.length
      ? summary.timeline
          .map(
            (item) =>
              `<li><span class="gd-feed-time">${escapeHtml(clockText(item.at))}</span> ${escapeHtml(item.text)}</li>`,
          )
          .join("")
      : "<li>No alert fired and no action was taken.</li>";
    const debrief = summary.debrief.length
      ? summary.debrief
          .map(
            (item) =>
              `<li>${escapeHtml(debriefText(item))} <a href="${sitePath(`${item.chapter}/`)}">Read: ${escapeHtml(setup.chapterTitles[item.chapter] ?? item.chapter)}</a></li>`,
          )
          .join("")
      : "<li>You took no action: your score is the do-nothing score.</li>";
    const name = siteStorage()?.getItem(nameKey) ?? "";
    results.innerHTML = `
      <h3 class="gd-results-title" tabindex="-1">${replaying ? "The shared run" : "Your game day"}: ${escapeHtml(setup.title)}, seed ${summary.seed}</h3>
      <p class="gd-verdict" data-verdict>${escapeHtml(verdictText(summary))}</p>
      ${resumedAt === null ? "" : `<p class="gd-resumed" data-resumed-note>${escapeHtml(resumedResultText(resumedAt))}</p>`}
      <table class="gd-score"><thead><tr><th scope="col">measure</th><th scope="col">${who}</th><th scope="col">doing nothing</th><th scope="col">par</th></tr></thead><tbody>${rowsHtml}</tbody></table>
      <h4>Timeline</h4><ol class="gd-timeline">${timeline}</ol>
      <h4>Debrief: what each action did</h4><ul class="gd-debrief">${debrief}</ul>
      <h4>Share and compare</h4>
      ${
        replaying
          ? `<p data-played-by>Played by <strong>${escapeHtml(replayName)}</strong>. A replay keeps its player's name: to put yours on the board, play the game yourself.</p>`
          : `<label class="br-panel-field gd-field">Name on the room's board <input data-name maxlength="40" value="${escapeHtml(name)}" autocomplete="nickname"></label>`
      }
      <p>Result code, for the <a href="${sitePath("gameday/board/")}">results board</a>: <output class="gd-code" data-code></output> <button type="button" class="br-button" data-copy-code>Copy</button></p>
      <p><a data-share href="#">Link to this run</a> (it replays the same run to the same score) · <button type="button" class="br-button" data-download>Download the action log</button> · <button type="button" class="br-button" data-again>Play again</button></p>`;
    const codeOut = q<HTMLOutputElement>(results, "[data-code]");
    const share = q<HTMLAnchorElement>(results, "[data-share]");
    const nameInput = results.querySelector<HTMLInputElement>("[data-name]");
    codeReady = (code: string) => {
      codeOut.textContent = code;
      share.href = replayLink(setup.scenario, code);
      root.dataset.resultCode = code;
    };
    // A replay's code carries the name of whoever played it: the run is theirs, not the viewer's.
    send({ type: "code", name: nameInput?.value ?? replayName });
    nameInput?.addEventListener("input", () => {
      // Where storage is refused or full, the name is used, not kept.
      keep(nameKey, nameInput.value);
      send({ type: "code", name: nameInput.value });
    });
    q<HTMLButtonElement>(results, "[data-copy-code]").addEventListener("click", () => {
      void navigator.clipboard?.writeText(codeOut.textContent ?? "");
      live.textContent = "Result code copied.";
    });
    q<HTMLButtonElement>(results, "[data-download]").addEventListener("click", () => {
      const blob = new Blob([formatLog(setup.scenario, summary.seed, summary.log)], { type: "application/json" });
      const a = document.createElement("a");
      a.href = URL.createObjectURL(blob);
      a.download = `gameday-${setup.scenario}-seed${summary.seed}.json`;
      a.click();
      URL.revokeObjectURL(a.href);
    });
    q<HTMLButtonElement>(results, "[data-again]").addEventListener("click", () => start({ kind: "play" }));
    results.hidden = false;
    root.dataset.summary = JSON.stringify(summary, null, 2);
    root.dataset.state = "over";
    q<HTMLElement>(results, ".gd-results-title").focus({ preventScroll: reducedMotion.matches });
    live.textContent = `Game over. ${verdictText(summary)} Time to mitigate: ${mitigationText(summary.score)}.`;
  }
  let codeReady: ((code: string) => void) | null = null;
  /**
   * The speed a key asked for, until the game runs at it. A click is heard on the button it
   * presses; a key may be pressed with the focus anywhere, so what it did is said once in force.
   */
  let keyedSpeed: Speed | null = null;
  let replayName = "";
  let replayCode = "";

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const message = event.data;
    switch (message.type) {
      case "update":
        onUpdate(message);
        return;
      case "summarizing":
        root.dataset.state = "scoring";
        live.textContent = "Game over: scoring your run against doing nothing and par.";
        return;
      case "summary":
        renderResults(message.summary);
        return;
      case "code":
        codeReady?.(message.code);
        return;
      case "replaying":
        // A run of another game day, in a link edited by hand: its own page replays it.
        if (message.scenario !== setup.scenario) {
          location.replace(replayLink(message.scenario, replayCode));
          return;
        }
        seed = message.seed;
        seedInput.value = String(seed);
        replayName = message.name;
        live.textContent = `Replaying ${message.name}'s run (seed ${message.seed}, ${countOf(message.log.length, "action")}) at 20 times real time.`;
        return;
      case "resume-failed":
        // The saved game is dropped: offered again, it would fail again.
        keepSavedGame(tabStore, setup.scenario, setup.seconds, null);
        saved = null;
        resuming = null;
        stopWith(
          `The saved game could not be resumed, so it was dropped: ${message.message}. Start a new game.`,
          "ready",
        );
        return;
      case "link-refused":
        stopWith(`This link cannot be replayed: ${message.reason}.`, "error");
        return;
      case "error":
        stopWith(`The game stopped: ${message.message}`, "error");
        return;
    }
  };

  /**
   * No game runs any more: say why where it can be seen (role="alert" reads it out too, not only
   * to screen readers), and take away the controls that would act on it.
   */
  function stopWith(text: string, state: "ready" | "error"): void {
    errorOut.textContent = text;
    errorOut.hidden = false;
    for (const b of speedButtons) b.disabled = true;
    endButton.disabled = true;
    root.dataset.state = state;
  }

  function send(message: ToWorker): void {
    worker.postMessage(message);
  }

  /** Whether the seed field holds a seed (the one seed rule); if not, it says so and keeps focus. */
  function seedReady(): boolean {
    const ok = readSeed(seedInput.value) !== undefined;
    seedInput.setAttribute("aria-invalid", String(!ok));
    seedError.hidden = ok;
    seedError.textContent = ok ? "" : `The seed must be ${seedError.dataset.rule}.`;
    if (!ok) seedInput.focus();
    return ok;
  }

  type Begin = { kind: "play" } | { kind: "replay"; code: string } | { kind: "resume"; saved: SavedGame };

  /** A new game, a shared run's replay, or the tab's saved game resumed (paused where it was left). */
  function start(how: Begin): void {
    const asReplay = how.kind === "replay";
    if (how.kind === "play" && !seedReady()) return;
    seedError.hidden = true;
    seedInput.removeAttribute("aria-invalid");
    frames = [];
    clearColumns();
    drawJobs.length = 0;
    shownFiring = null;
    log = [];
    feed.textContent = "";
    results.hidden = true;
    results.textContent = "";
    refusedOut.textContent = "";
    replaying = asReplay;
    root.dataset.mode = asReplay ? "replay" : "play";
    errorOut.hidden = true;
    resuming = null;
    resumedAt = null;
    keyedSpeed = null;
    lastKept = "";
    delete root.dataset.resumed;
    // The learner's own game (new or resumed) answers the offer, and the note that a saved game
    // could not be read; a shared run's replay does not.
    if (!asReplay) {
      resumeOffer.hidden = true;
      unreadableNote.hidden = true;
    }
    if (how.kind === "replay") {
      replayCode = how.code;
      send({ type: "replay", code: replayCode, scenario: setup.scenario });
      send({ type: "speed", speed: replaySpeed });
      addFeed(0, "Replay started: the shared run's actions are taken at their times.", "notice");
    } else if (how.kind === "resume") {
      // Paused where it was left: the feed says so once the game is back (showResumed).
      resuming = how.saved;
      seed = how.saved.seed;
      seedInput.value = String(seed);
      send({ type: "resume", scenario: setup.scenario, saved: how.saved });
    } else {
      seed = readSeed(seedInput.value)!;
      seedInput.value = String(seed);
      send({ type: "start", scenario: setup.scenario, seed });
      send({ type: "speed", speed: startingSpeed });
      addFeed(0, `You are on call: ${setup.title}.`, "notice");
    }
    for (const b of speedButtons) b.disabled = false;
    root.dataset.state = "playing";
  }

  // --- Controls ---------------------------------------------------------------------------------
  startButton.addEventListener("click", () => start({ kind: "play" }));
  q<HTMLButtonElement>(resumeOffer, "[data-resume]").addEventListener("click", () => {
    if (saved) start({ kind: "resume", saved });
  });
  q<HTMLButtonElement>(resumeOffer, "[data-discard]").addEventListener("click", () => {
    keepSavedGame(tabStore, setup.scenario, setup.seconds, null);
    saved = null;
    resumeOffer.hidden = true;
    live.textContent = "The unfinished game was discarded.";
  });
  for (const b of speedButtons)
    b.addEventListener("click", () => {
      if (root.dataset.state !== "playing") return;
      send({ type: "speed", speed: Number(b.dataset.speed) as Speed });
    });
  endButton.addEventListener("click", () => send({ type: "finish" }));
  for (const form of forms) {
    const select = form.querySelector<HTMLSelectElement>("select");
    select?.addEventListener("change", () => pendingRender && drawLog(pendingRender));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // A replay's buttons are disabled, with their reason: it takes only the shared run's actions.
      if (replaying) return;
      if (root.dataset.state !== "playing") {
        // Before a game (or after one stopped), a press says why it did nothing, where a refused action does.
        refusedOut.textContent = "Not done: start the game first; an action acts on a running game.";
        return;
      }
      const id = nextAct++;
      clicks.set(id, performance.now());
      refusedOut.textContent = "";
      send({ type: "act", id, action: form.dataset.offer as ActionId, target: select?.value ?? null });
    });
  }
  root.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
    const speed = speedForKey(event.key);
    if (speed === undefined || root.dataset.state !== "playing") return;
    keyedSpeed = speed;
    send({ type: "speed", speed });
  });

  // A tab in the background: the player can neither see nor answer the incident, so the clock
  // stops until they come back, whatever the browser does to timers in a hidden tab.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || root.dataset.state !== "playing") return;
    if (!pendingRender || pendingRender.speed === 0 || pendingRender.over) return;
    send({ type: "speed", speed: 0 });
    addFeed(pendingRender.clock, "Paused while this tab was in the background: press a speed to go on.", "notice");
  });

  // A shared run in the link: replay it.
  const shared = codeInLink(location.hash);
  if (shared) start({ kind: "replay", code: shared });
  // A shared link opened on this same page changes only the address's fragment: replay it too.
  window.addEventListener("hashchange", () => {
    const code = codeInLink(location.hash);
    if (code) start({ kind: "replay", code });
  });
  root.dataset.ready = "true";
  if (root.dataset.state === "loading") root.dataset.state = "ready";
}
