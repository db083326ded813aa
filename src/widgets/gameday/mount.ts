/**
 * The on-call dashboard, loaded on first interaction: it starts the game in a worker, draws what
 * monitoring shows each second, takes the player's actions, announces alerts politely, and at the
 * end shows the results. This module holds the game's state and the controls; what it draws is
 * in charts.ts (users, p99 and burn rate), rows.ts (the components' table), feed.ts (the feed and
 * the alerts firing), actions-panel.ts (actions under way and the offers), results.ts (the score,
 * timeline, debrief and sharing), and the words in text.ts.
 */
import type { ActionId } from "../../sim/gameday/actions.ts";
import {
  clock as clockText,
  entryText,
  gameClock,
  mitigationText,
  startLabel,
  startLabels,
  verdictText,
} from "../../sim/gameday/report.ts";
import { resumedText, type SavedGame, savedGame } from "../../sim/gameday/saved.ts";
import type { LogEntry } from "../../sim/gameday/scenarios.ts";
import type { Slo } from "../../sim/gameday/slo.ts";
import type { GameSummary } from "../../sim/gameday/summary.ts";
import type { Frame } from "../../sim/gameday/telemetry.ts";
import { codeInLink } from "../../sim/gameday/code-link.ts";
import { countOf, times } from "../../format/number.ts";
import { handFocus, holdsFocus, setHidden } from "../focus.ts";
import { tabStoreOrNothing } from "../site-storage.ts";
import { createActionsPanel } from "./actions-panel.ts";
import { createCharts } from "./charts.ts";
import { frameJobs, q, setData, setText } from "./dom.ts";
import { createFeed } from "./feed.ts";
import type { FromWorker, GameUpdate, Speed, ToWorker } from "./protocol.ts";
import { replaySpeed, speedForKey, speeds, startingSpeed } from "./protocol.ts";
import { shortcutKey } from "../replay/shortcut-key.ts";
import { type ResultCode, showResults } from "./results.ts";
import { createRows } from "./rows.ts";
import { keepSavedGame, loadSavedGame } from "./saved-game.ts";
import { fieldSeed, seedErrorText } from "./seed-field.ts";
import { hashWithCode, replayLink } from "./share.ts";
import {
  ackText,
  alertText,
  type ErrorLine,
  goesOnPiece,
  type Lasting,
  replayedLine,
  replayedText,
  workerFailedText,
} from "./text.ts";

/** The arrow keys in the speeds' radio group: to the next speed (right, down) or the one before. */
const arrowSteps: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

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

/**
 * The start button keeps room for its widest label, every label drawn hidden in the same cell
 * under the one shown (as the clock keeps room for its longest text): pressing it turns "Start
 * the game" into the shorter "New game", which on a 350 px phone pulled the seed field up beside
 * it and moved everything below. The server's label is the widest, so this moves nothing.
 * Returns the element that shows the current label.
 */
function startButtonFace(startButton: HTMLButtonElement): HTMLElement {
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
  return startText;
}

/**
 * The error's box: the message (role="alert") and, on its line while there is room, a disclosure
 * of what a workshop facilitator debugging it needs and a learner cannot act on (which entry of a
 * saved game's log the game refused), its text under them once opened. The disclosure sits beside
 * the message where the resume offer's buttons sat, so the box takes no more room than the offer
 * it replaces (keepingRoom), and it is outside the alert, so only the message is read out. Opened,
 * the button stays where it was pressed. The message's words true only while something lasts
 * (text.ts, ErrorLine) are each in a span of their own, which goes when that ends (`ended`).
 */
function errorBox(error: HTMLElement): {
  box: HTMLElement;
  show(line: ErrorLine, details: string | undefined): void;
  ended(what: Lasting): void;
  hide(): void;
} {
  const box = document.createElement("div");
  box.className = "gd-error-box";
  box.hidden = true;
  const more = document.createElement("button");
  more.type = "button";
  more.className = "gd-error-more";
  more.dataset.errorDetails = "";
  more.dataset.print = "hide";
  more.textContent = "Details for a facilitator";
  const reason = document.createElement("p");
  reason.className = "gd-error-reason";
  reason.id = `${error.closest("[data-gameday]")?.id ?? "gd"}-error-reason`;
  reason.dataset.print = "hide";
  more.setAttribute("aria-controls", reason.id);
  const open = (opened: boolean) => {
    more.setAttribute("aria-expanded", String(opened));
    reason.hidden = !opened;
  };
  more.addEventListener("click", () => open(more.getAttribute("aria-expanded") !== "true"));
  error.before(box);
  box.append(error, more, reason);
  return {
    box,
    show(line, details) {
      box.style.minHeight = "";
      error.replaceChildren(
        ...line.map((piece) => {
          if (typeof piece === "string") return piece;
          const lasting = document.createElement("span");
          lasting.dataset.while = piece.while;
          lasting.textContent = piece.text;
          return lasting;
        }),
      );
      error.hidden = false;
      reason.textContent = details ?? "";
      more.hidden = details === undefined;
      open(false);
      box.hidden = false;
    },
    ended(what) {
      for (const piece of error.querySelectorAll(`[data-while="${what}"]`)) piece.remove();
    },
    hide() {
      error.hidden = true;
      box.hidden = true;
    },
  };
}

export async function mountGameday(root: HTMLElement): Promise<void> {
  const setup = JSON.parse(root.dataset.setup ?? "{}") as Setup;
  const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
  const clockOut = q<HTMLElement>(root, "[data-clock]");
  const speedGroup = q<HTMLElement>(root, "[data-speeds]");
  const speedButtons = [...speedGroup.querySelectorAll<HTMLButtonElement>("[data-speed]")];
  const startButton = q<HTMLButtonElement>(root, "[data-start]");
  const endButton = q<HTMLButtonElement>(root, "[data-end]");
  const seedInput = q<HTMLInputElement>(root, "[data-seed]");
  const seedError = q<HTMLElement>(root, "[data-seed-error]");
  const errorOut = q<HTMLElement>(root, "[data-error]");
  const live = q<HTMLElement>(root, "[data-live]");
  const refusedOut = q<HTMLElement>(root, "[data-refused]");
  const results = q<HTMLElement>(root, "[data-results]");
  const resumeOffer = q<HTMLElement>(root, "[data-resume-offer]");
  const unreadableNote = q<HTMLElement>(root, "[data-resume-unreadable]");
  const resumeButton = q<HTMLButtonElement>(resumeOffer, "[data-resume]");
  const errorShown = errorBox(errorOut);
  root.dataset.state = "loading";
  const startText = startButtonFace(startButton);

  // uPlot's stylesheet comes with the component: Astro drops CSS imported by a lazy client module.
  const { default: uPlot } = await import("uplot");
  /**
   * The game's worker: made when the page loads, and again for the game after one that crashed
   * (`crashed`). Not at once after a crash: a worker whose script cannot load would fail again,
   * and again.
   */
  let worker: Worker | null = startWorker();

  let frames: Frame[] = [];
  let log: LogEntry[] = [];
  let replaying = false;
  // A game left under way in this tab (a reload), offered by the bootstrap; the one resuming,
  // until its first update; and the clock it was resumed at, for the results.
  const tabStore = tabStoreOrNothing();
  let saved = loadSavedGame(tabStore, setup.scenario, setup.seconds);
  let resuming: SavedGame | null = null;
  /** The saved game asked to resume (game `asked`), until the worker says it resumes or cannot. */
  let resumeAsked: SavedGame | null = null;
  /** Whether a shared run's replay was asked for (game `asked`), until the worker says it replays it or not. */
  let replayAsked = false;
  let resumedAt: number | null = null;
  let lastKept = "";
  let seed = setup.seed;
  let nextAct = 1;
  const clicks = new Map<number, number>();
  let pendingRender: GameUpdate | undefined;
  let renderQueued = false;
  /** What shows the results' code; `codeAsked` numbers each code asked for, `codeWanted` the one still awaited. */
  let codeShown: ResultCode | null = null;
  let codeAsked = 0;
  let codeWanted: number | null = null;
  /**
   * The speed a key asked for, until the game runs at it. A click is heard on the button it
   * presses; a speed key may be pressed with the focus anywhere, so what it did is said once in
   * force. An arrow key in the speeds' group (`arrowed`) is heard as a click is: on the speed it
   * moves the focus to, checked, once the game runs at it.
   */
  let keyedSpeed: Speed | null = null;
  let arrowed = false;
  let replayName = "";
  /** The code of the shared run last asked for, and of the one the dashboard replays. */
  let replayCode = "";
  let shownReplayCode = "";
  /**
   * Games are numbered as the page asks for them (`ToWorker`): `asked` is the last asked for,
   * `shownGame` the one the dashboard shows. A shared run is shown only once the worker has
   * checked its code and replays it; until then, and if it is refused, the game shown runs on.
   */
  let asked = 0;
  let shownGame = 0;
  /** How many of a replayed run's actions the feed shows: each is said as the replay takes it. */
  let replayedShown = 0;

  const charts = createCharts(root, setup, uPlot);
  const rows = createRows(root);
  const feed = createFeed(root);
  const actions = createActionsPanel(root, { replaying: () => replaying, latest: () => pendingRender });

  /** Charts and rows redraw at most this often (ms): enough to follow at 20x, cheap for the page's thread. */
  const redrawEvery = 250;
  let lastRedraw = -Infinity;
  let drawnFrames = -1;
  // A redraw is a round of four jobs (three charts and the components' rows), one per animation
  // frame; one asked for while a round is under way comes after it (frameJobs).
  const redraws = frameJobs();
  const redrawJobs = [...charts.draws, () => rows.draw(frames)];
  /** The charts and the rows redrawn from the frames so far: now, or after the round under way. */
  const redraw = () => redraws.schedule(redrawJobs);

  function render(): void {
    renderQueued = false;
    // A new game cleared the dashboard after this render was asked for: nothing of the last to draw.
    const update = pendingRender;
    if (!update) return;
    setText(clockOut, gameClock(update.clock, update.seconds));
    // One radio group (GameDay.astro): the speed the game runs at is checked, and it is the
    // group's one Tab stop (roving tabindex), as the APG's radio group has it.
    for (const b of speedButtons) {
      const running = Number(b.dataset.speed) === update.speed;
      const checked = String(running);
      if (b.getAttribute("aria-checked") !== checked) b.setAttribute("aria-checked", checked);
      b.tabIndex = running ? 0 : -1;
      b.disabled = update.over;
    }
    const now = performance.now();
    if (frames.length !== drawnFrames && (now - lastRedraw >= redrawEvery || update.over || update.speed === 0)) {
      drawnFrames = frames.length;
      lastRedraw = now;
      redraw();
    }
    actions.draw(update);
    setData(root, "clock", String(update.clock));
    setData(root, "log", JSON.stringify(log));
  }

  function onUpdate(update: GameUpdate): void {
    if (update.frames.length) {
      for (const f of update.frames) frames.push(f);
      charts.add(update.frames);
    }
    log = update.log;
    if (!replaying) keepGame(update);
    // Everything this update has to say, said at once: one sentence written over another in the
    // live region is never read out.
    const said: string[] = [];
    if (resuming) said.push(showResumed(update, resuming));
    else {
      for (const n of update.feed) feed.add(n.at, n.text, "notice");
      for (const a of update.alertChanges) {
        const text = alertText(a, setup.slo);
        feed.add(a.resolvedAt ?? a.firedAt, text, a.resolvedAt === null ? a.severity : "resolved");
        said.push(text);
      }
    }
    setData(root, "alerts", feed.showFiring(frames.at(-1)?.alerts ?? []));
    if (update.refused) {
      refusedOut.textContent = `Not done: ${update.refused}.`;
    }
    if (replaying) {
      // The shared run's actions as its replay takes them: in the feed as the shared player's,
      // and said as the player's own are ("Done at ...").
      for (const [i, entry] of update.log.entries()) {
        if (i < replayedShown) continue;
        feed.add(entry.at, replayedLine(replayName, entry), "action");
        said.push(
          replayedText(
            replayName,
            entry,
            update.pending.find((p) => p.index === i),
          ),
        );
      }
      replayedShown = update.log.length;
    }
    for (const id of update.acked) {
      const clicked = clicks.get(id);
      if (clicked !== undefined) root.dataset.actLatency = String(performance.now() - clicked);
      clicks.delete(id);
      if (!update.refused) {
        const entry = update.log.at(-1);
        if (entry) {
          feed.add(entry.at, `You: ${entryText(entry)}`, "action");
          said.push(
            ackText(
              entry,
              update.pending.find((p) => p.index === update.log.length - 1),
            ),
          );
        }
      }
    }
    const keyedNow = keyedSpeed !== null && update.speed === keyedSpeed;
    if (keyedNow) {
      if (!arrowed)
        said.push(
          update.speed === 0 ? `Paused at ${clockText(update.clock)}.` : `Running at ${times(update.speed)} speed.`,
        );
      keyedSpeed = null;
      arrowed = false;
    }
    if (said.length) live.textContent = said.join(" ");
    pendingRender = update;
    if (update.acked.length || keyedNow) {
      // An action's effect shows at once, not at the next frame; so does a speed key's, whose
      // button the focus may go to (below), pressed before it is reached.
      render();
    } else if (!renderQueued) {
      renderQueued = true;
      requestAnimationFrame(render);
    }
    // A speed key (or an arrow) pressed with the focus on a speed: the focus goes to the speed
    // running now, as a click leaves it on the speed it pressed. It stayed where it was, and its
    // ring on 1× beside 20× filled read as two speeds chosen; a screen reader heard nothing of the
    // speed chosen but the live region's words.
    if (keyedNow && speedButtons.includes(document.activeElement as HTMLButtonElement))
      speedButtons.find((b) => b.getAttribute("aria-checked") === "true" && !b.disabled)?.focus();
    endButton.disabled = update.over;
    const startHadFocus = holdsFocus(startButton, seedInput);
    startable(update.over || update.clock === 0);
    // A disabled control loses focus to the page's body, where the speed keys (listened for in
    // the widget) do nothing: keep the player in the game, on the speed it runs at.
    if (startHadFocus && startButton.disabled)
      handFocus(
        speedButtons.find((b) => Number(b.dataset.speed) === update.speed),
        speedButtons[0],
      );
    const label = startLabel(update.clock, update.over);
    if (startText.textContent !== label) startText.textContent = label;
  }

  /**
   * Whether a new game can be started: Start, and the seed it starts with. Once a game's clock runs
   * neither can, until it is over (or stopped): the seed field stayed editable, and "25" typed
   * during a game read 251 while the game played seed 1.
   */
  function startable(can: boolean): void {
    startButton.disabled = !can;
    seedInput.disabled = !can;
  }

  /** Keep the game in the tab as it runs, so a reload can resume it; a game over is dropped. */
  function keepGame(update: GameUpdate): void {
    const key = `${update.clock}|${update.log.length}|${update.over}`;
    if (key === lastKept) return;
    lastKept = key;
    keepSavedGame(
      tabStore,
      setup.scenario,
      setup.seconds,
      update.over ? null : savedGame(seed, update.clock, update.log),
    );
  }

  /**
   * A resumed game's first update holds everything so far: the feed gets it in time order (the
   * actions taken too), then says the game was resumed, and only that is read out.
   */
  function showResumed(update: GameUpdate, from: SavedGame): string {
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
    for (const line of lines) feed.add(line.at, line.text, line.kind);
    const note = resumedText(from);
    feed.add(update.clock, note, "notice");
    root.dataset.resumed = String(update.clock);
    return note;
  }

  /** The game is over and scored: its results, with the focus on their heading. */
  function renderResults(summary: GameSummary): void {
    codeShown = showResults(results, summary, {
      ...setup,
      replayName: replaying ? replayName : null,
      resumedAt,
      dashboardSpent: frames.at(-1)?.budgetSpent ?? null,
      // The run itself goes with the question: any worker answers it (a new one after a crash).
      requestCode: (name) => {
        codeWanted = ++codeAsked;
        delete root.dataset.resultCode;
        const { scenario, seed, log } = summary;
        send({
          type: "code",
          request: codeWanted,
          name,
          scenario,
          seed,
          log,
          tenantMinutes: summary.score.tenantMinutes,
        });
      },
      playAgain: () => start({ kind: "play" }),
      announce: (text) => {
        live.textContent = text;
      },
    });
    results.hidden = false;
    root.dataset.summary = JSON.stringify(summary, null, 2);
    root.dataset.state = "over";
    errorShown.ended("running");
    q<HTMLElement>(results, ".gd-results-title").focus({ preventScroll: reducedMotion.matches });
    live.textContent = `Game over. ${verdictText(summary)} Time to mitigate: ${mitigationText(summary.score)}.`;
  }

  function startWorker(): Worker {
    const made = new Worker(new URL("./game.worker.ts", import.meta.url), { type: "module" });
    made.onmessage = heard;
    // An error the worker did not catch (one in a tick of its clock, a script that does not load),
    // or a message of its that cannot be read: the game it ran is gone.
    made.onerror = (event) => {
      event.preventDefault();
      crashed(`The game's worker failed: ${event.message || "it gave no reason"}.`);
    };
    made.onmessageerror = () => crashed("A message from the game's worker could not be read.");
    return made;
  }

  /**
   * The worker crashed: it is let go (a new one is made for the next game), and the page says the
   * game stopped and gives back Start, as for an error the worker reported. Before, the dashboard
   * went on showing a game whose clock had stopped, its controls live and its actions answered by
   * nothing.
   */
  function crashed(details: string): void {
    worker?.terminate();
    worker = null;
    failed(details);
  }

  /**
   * The worker failed (crashed, or said it could go no further). With the results shown and their
   * code asked for, the code is what failed: the results say so in its place (the game was over,
   * and stays so), and Try again asks a new worker. With the results shown and nothing else asked
   * of the worker, nothing failed that the page shows or needs: the results are whole, their code
   * and link made, and whatever asks the worker next (a new name's code, Play again, a shared
   * link) asks a new one. The page says nothing (it said "The game's simulation failed. Start a
   * new game." under a game scored and shared), and keeps `details` for a facilitator. Anything
   * else, a link's run or the saved game asked for among them, and the page says what failed
   * (gameFailed).
   */
  function failed(details: string): void {
    const codeLost = codeWanted !== null && codeShown !== null;
    if (codeLost) codeFailed(details);
    if (codeShown && resumeAsked === null && !replayAsked) {
      if (!codeLost) root.dataset.workerFailure = details;
      return;
    }
    gameFailed(details);
  }

  /** The results' code could not be made: said in its place, and `details` kept for a facilitator. */
  function codeFailed(details: string): void {
    codeWanted = null;
    codeShown?.codeFailed();
    root.dataset.codeFailure = details;
  }

  /**
   * The worker can go no further: say what stopped with it (the game or the replay shown, running
   * or paused) and what it had been asked and left unanswered (a link's run, the saved game), and
   * what the learner can do now (workerFailedText), with what failed folded away for a facilitator
   * (a learner can do nothing with it). A game shown stops, and Start is given back; results shown
   * stay, and so does the resume offer, whose buttons work again. It once said "The game stopped"
   * under someone else's replay, "Start a new game" alone beside the offer of a saved game still
   * kept, and nothing of a link it had not replayed.
   */
  function gameFailed(details: string): void {
    const asked = resumeAsked ? "resume" : replayAsked ? "replay" : null;
    // Neither will be answered now: Discard works again, and the offer (still shown) can be
    // answered afresh; a link followed again is asked afresh.
    resumeAsked = null;
    replayAsked = false;
    const state = root.dataset.state;
    const shown = state === "playing" || state === "scoring";
    const text = workerFailedText(
      { running: shown ? (replaying ? "replay" : "game") : null, scoring: state === "scoring", asked },
      resumeButton.textContent ?? "",
    );
    if (state === "over") showError(text, details);
    else stopWith(text, "error", details);
  }

  function heard(event: MessageEvent<FromWorker>): void {
    const message = event.data;
    switch (message.type) {
      case "update":
        // An update of a game no longer shown (still on its way when another was asked for).
        if (message.game === shownGame) onUpdate(message);
        return;
      case "summarizing":
        if (message.game !== shownGame) return;
        root.dataset.state = "scoring";
        // The game shown runs no more: the error line no longer says it goes on.
        errorShown.ended("running");
        live.textContent = "Game over: scoring your run against doing nothing and par.";
        return;
      case "summary":
        if (message.game === shownGame) renderResults(message.summary);
        return;
      case "code":
        // Only the code of the name asked for last: one on its way as the name changed is not it.
        if (message.request !== codeWanted || !codeShown) return;
        codeWanted = null;
        codeShown.code(message.code);
        root.dataset.resultCode = message.code;
        return;
      case "code-failed":
        if (message.request === codeWanted) codeFailed(`The worker said: ${message.message}.`);
        return;
      case "replaying":
        // A link followed before another game was asked for: that game is the one shown.
        if (message.game !== asked) return;
        replayAsked = false;
        // A run of another game day, in a link edited by hand: its own page replays it.
        if (message.scenario !== setup.scenario) {
          location.replace(replayLink(message.scenario, replayCode));
          return;
        }
        // The code checked, the game shown until now gives way to the replay.
        showNewGame(message.game, "replay");
        shownReplayCode = replayCode;
        send({ type: "speed", speed: replaySpeed });
        feed.add(0, "Replay started: the shared run's actions are taken at their times.", "notice");
        seed = message.seed;
        seedInput.value = String(seed);
        replayName = message.name;
        live.textContent = `Replaying ${message.name}'s run (seed ${message.seed}, ${countOf(message.log.length, "action")}) at 20 times real time.`;
        return;
      case "resuming": {
        if (message.game !== asked || !resumeAsked) return;
        // The saved game checked, the game shown until now (a replay, if any) gives way to it.
        const from = resumeAsked;
        resumeAsked = null;
        showNewGame(message.game, "resume");
        // Paused where it was left: the feed says so once the game is back (showResumed).
        resuming = from;
        seed = from.seed;
        seedInput.value = String(seed);
        return;
      }
      case "resume-failed": {
        if (message.game !== asked) return;
        resumeAsked = null;
        // The saved game is dropped: offered again, it would fail again.
        keepSavedGame(tabStore, setup.scenario, setup.seconds, null);
        saved = null;
        // The worker's reason ("entry 2: at 100 s comes before…") is no help to a learner, who
        // can do nothing with it, and in the message it took two lines at 1280 px where the offer
        // it replaces took one (five on a phone), so the page below moved down. A facilitator
        // debugging a save needs it: it is folded away beside the message (errorBox).
        const text = "The saved game could not be resumed, so it was dropped.";
        const details = `The game's check of the saved game said: ${message.message}.`;
        const state = root.dataset.state;
        keepingRoom(() => {
          // Refused before anything was touched: a replay under way runs on, with its controls (it
          // was once cleared and stopped first, leaving only Start), and the line says so while it
          // runs, not after (goesOnPiece: it stayed under the replay's results); one being scored
          // or finished keeps its results.
          if (state === "playing") showError([text, goesOnPiece(replaying ? "replay" : "game")], details);
          else if (state === "scoring" || state === "over") showError(`${text} Start a new game.`, details);
          else stopWith(`${text} Start a new game.`, "ready", details);
          hideOffer();
        });
        return;
      }
      case "link-refused": {
        if (message.game !== asked) return;
        replayAsked = false;
        // The address no longer holds the code refused: a reload refused it again, and a copy
        // shared a broken link. A replay shown takes its own back: the run on the screen.
        linkTo(replaying ? shownReplayCode : null);
        const text = `This link cannot be replayed: ${message.reason}.`;
        const state = root.dataset.state;
        // Refused before anything was touched: a game under way runs on, with its controls (the
        // page once cleared it first, leaving no control but a reload), said while it runs
        // (goesOnPiece); a game being scored or finished keeps its results.
        if (state === "playing") showError([text, goesOnPiece(replaying ? "replay" : "game")]);
        else if (state === "scoring" || state === "over") showError(text);
        else stopWith(text, "error");
        return;
      }
      case "error":
        failed(`The game's simulation said: ${message.message}.`);
        return;
    }
  }

  /**
   * Say `text` where it can be seen (role="alert" reads it out too, not only to screen readers),
   * and `details` for a facilitator, if any, folded away under it.
   */
  function showError(text: string | ErrorLine, details?: string): void {
    errorShown.show(typeof text === "string" ? [text] : text, details);
  }

  /**
   * Make `change`, which shows the error in place of what stood above it (the resume offer), and
   * keep the room that took: the error, if shorter, is made as tall, so what follows it does not
   * move up under the reader's eyes. (An error taller than that room still pushes it down.)
   */
  function keepingRoom(change: () => void): void {
    const { box } = errorShown;
    let below = box.nextElementSibling;
    while (below && below.getClientRects().length === 0) below = below.nextElementSibling;
    const top = below?.getBoundingClientRect().top;
    change();
    if (!below || top === undefined || box.hidden) return;
    const short = top - below.getBoundingClientRect().top;
    if (short > 0) box.style.minHeight = `${box.getBoundingClientRect().height + short}px`;
  }

  /**
   * No game runs any more: say why, take away the controls that would act on it, and give back
   * Start (it stayed disabled from the game before, which left no control but a reload). The
   * focus on a control taken away goes to Start, not to the page's body.
   */
  function stopWith(text: string | ErrorLine, state: "ready" | "error", details?: string): void {
    showError(text, details);
    // What the live region last said is of the game stopped ("Replaying Ada's run at 20 times real
    // time."): found there later, it would tell a screen reader user something no longer true.
    live.textContent = "";
    keyedSpeed = null;
    arrowed = false;
    // Nothing of a game stopped is drawn again: a render still queued, or a target chosen in a
    // list (which redraws the actions from the newest update), would disable again what its last
    // update disabled.
    pendingRender = undefined;
    const hadFocus = holdsFocus(...speedButtons, endButton);
    for (const b of speedButtons) b.disabled = true;
    endButton.disabled = true;
    startable(true);
    if (hadFocus) handFocus(startButton);
    // The note the actions wait with names the button as it reads now ("New game" after a game).
    actions.nameStart(startText.textContent ?? "");
    actions.wait(true);
    root.dataset.state = state;
  }

  /**
   * The address holds `code` as its shared run (null: none), the rest of it as it was, in place:
   * no new entry in the history, and no hashchange (which would replay it).
   */
  function linkTo(code: string | null): void {
    const hash = hashWithCode(location.hash, code);
    if (hash !== location.hash) history.replaceState(history.state, "", location.pathname + location.search + hash);
  }

  /**
   * The offer of the tab's saved game is answered: it goes. Hidden with the focus on it, the
   * focus went to the page's body: it goes to what starts a game (or, a game running, to the
   * speed it runs at), where Tab and the speed keys go on (setHidden, the site's one hand-off).
   */
  function hideOffer(): void {
    setHidden(
      resumeOffer,
      true,
      startButton,
      speedButtons.find((b) => b.getAttribute("aria-checked") === "true"),
    );
    // Its button gone, the error line no longer says to press it.
    errorShown.ended("offer");
  }

  function send(message: ToWorker): void {
    worker ??= startWorker();
    worker.postMessage(message);
  }

  /**
   * The seed the field starts a game with (fieldSeed: empty is the scenario's own, as in the
   * terminal without --seed), or undefined after saying that what it holds is not a seed, the
   * focus kept on it.
   */
  function seedToStart(): number | undefined {
    const chosen = fieldSeed(seedInput.value, setup.seed, seedInput.validity.badInput);
    const ok = chosen !== undefined;
    seedInput.setAttribute("aria-invalid", String(!ok));
    seedError.hidden = ok;
    seedError.textContent = ok ? "" : seedErrorText(setup.seed);
    if (!ok) seedInput.focus();
    return chosen;
  }

  type Begin = { kind: "play" } | { kind: "replay"; code: string } | { kind: "resume"; saved: SavedGame };

  /**
   * A new game, a shared run's replay, or the tab's saved game resumed (paused where it was left).
   * A replay's code and a saved game are checked by the worker first: the dashboard changes only
   * once it replays or resumes (`replaying`, `resuming`), and one refused leaves the game shown
   * as it was.
   */
  function start(how: Begin): void {
    // A new game starts only with a seed (the field says why not); a replay or a resume has its own.
    const chosen = how.kind === "play" ? seedToStart() : null;
    if (chosen === undefined) return;
    const game = ++asked;
    // A resume or a replay asked before is answered no more: what the worker says of it is of a game not asked.
    resumeAsked = null;
    replayAsked = how.kind === "replay";
    if (how.kind === "replay") {
      replayCode = how.code;
      send({ type: "replay", game, code: replayCode, scenario: setup.scenario });
      return;
    }
    if (how.kind === "resume") {
      resumeAsked = how.saved;
      send({ type: "resume", game, scenario: setup.scenario, saved: how.saved });
      return;
    }
    showNewGame(game, how.kind);
    seed = chosen!;
    // An empty field shows the seed it played.
    seedInput.value = String(seed);
    send({ type: "start", game, scenario: setup.scenario, seed });
    send({ type: "speed", speed: startingSpeed });
    feed.add(0, `You are on call: ${setup.title}.`, "notice");
  }

  /**
   * The dashboard gives way to game `game`: everything the game before showed is cleared (the
   * charts, the rows and the line under them, the clock, the feed, the alerts, the actions under
   * way), so nothing of it is shown as this one's before this one's first update.
   */
  function showNewGame(game: number, mode: Begin["kind"]): void {
    shownGame = game;
    const asReplay = mode === "replay";
    // The results, the resume offer and the error are hidden below: the focus in them (Play again,
    // Resume it, an error's details) goes to the speed the game starts at, where the speed keys
    // work, not to the page's body.
    const hadFocus = holdsFocus(results, resumeOffer, errorShown.box);
    seedError.hidden = true;
    seedInput.removeAttribute("aria-invalid");
    frames = [];
    log = [];
    pendingRender = undefined;
    charts.clear();
    redraws.clear();
    drawnFrames = -1;
    redraw();
    rows.clear();
    actions.clear();
    actions.wait(false);
    feed.forgetFiring();
    feed.clear();
    setData(root, "alerts", feed.showFiring([]));
    setText(clockOut, gameClock(0, setup.seconds));
    setData(root, "clock", "0");
    setData(root, "log", "[]");
    results.hidden = true;
    results.textContent = "";
    codeShown = null;
    codeWanted = null;
    delete root.dataset.codeFailure;
    delete root.dataset.workerFailure;
    refusedOut.textContent = "";
    replaying = asReplay;
    root.dataset.mode = asReplay ? "replay" : "play";
    errorShown.hide();
    resuming = null;
    resumedAt = null;
    keyedSpeed = null;
    arrowed = false;
    lastKept = "";
    replayedShown = 0;
    // What the live region said of the game before (a refused press, its last alert) goes with it:
    // held on, the same words said first in this game (a press refused again once it stops, the
    // same alert at the same time with the same seed) would not be read out.
    live.textContent = "";
    delete root.dataset.resumed;
    // The learner's own game (new or resumed) answers the offer, and the note that a saved game
    // could not be read; a shared run's replay does not. Nor does the address still hold the
    // shared run's code: copied, it shared someone else's run, and a reload replayed it.
    if (!asReplay) {
      resumeOffer.hidden = true;
      unreadableNote.hidden = true;
      linkTo(null);
    }
    for (const b of speedButtons) b.disabled = false;
    root.dataset.state = "playing";
    if (hadFocus) {
      const speed = mode === "replay" ? replaySpeed : mode === "resume" ? 0 : startingSpeed;
      handFocus(speedButtons.find((b) => Number(b.dataset.speed) === speed));
    }
  }

  // --- Controls ---------------------------------------------------------------------------------
  startButton.addEventListener("click", () => start({ kind: "play" }));
  resumeButton.addEventListener("click", () => {
    if (saved) start({ kind: "resume", saved });
  });
  q<HTMLButtonElement>(resumeOffer, "[data-discard]").addEventListener("click", () => {
    // Pressed after Resume, before the worker's answer: that answer hides the offer either way.
    if (resumeAsked) return;
    keepSavedGame(tabStore, setup.scenario, setup.seconds, null);
    saved = null;
    hideOffer();
    live.textContent = "The unfinished game was discarded.";
  });
  for (const b of speedButtons)
    b.addEventListener("click", () => {
      if (root.dataset.state !== "playing") return;
      send({ type: "speed", speed: Number(b.dataset.speed) as Speed });
    });
  endButton.addEventListener("click", () => send({ type: "finish" }));
  for (const form of actions.forms) {
    const select = form.querySelector<HTMLSelectElement>("select");
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      // A replay's buttons are disabled, with their reason: it takes only the shared run's actions.
      if (replaying) return;
      if (root.dataset.state !== "playing") {
        // Before a game (or after one stopped) the buttons are aria-disabled, the note beside the
        // actions' heading saying why; a press says why it did nothing under the button pressed,
        // where the player looks, and out loud (each press in words of its own, or a second
        // press, the same words as the first, went unheard).
        live.textContent = actions.refuseHere(form);
        return;
      }
      const id = nextAct++;
      clicks.set(id, performance.now());
      refusedOut.textContent = "";
      send({ type: "act", id, action: form.dataset.offer as ActionId, target: select?.value ?? null });
    });
  }
  // The speed keys work with the focus anywhere in the game but where a typed character is the
  // control's (shortcutKey, the replay's rule too): a text field (the seed, the name) and an
  // action's target list, where a character picks the option it starts (a "2" there once set the
  // game to 20x). Never with Ctrl, Alt or Meta held: Ctrl+0 (the browser's zoom reset) paused the game.
  root.addEventListener("keydown", (event) => {
    if (!shortcutKey(event)) return;
    const speed = speedForKey(event.key);
    if (speed === undefined || root.dataset.state !== "playing") return;
    keyedSpeed = speed;
    arrowed = false;
    send({ type: "speed", speed });
  });
  // The speeds are a radio group (the APG's pattern): one of them always in force, chosen in
  // place of the others, as a radio button is checked; the arrow keys choose the next speed or the
  // one before, round the group, and the focus goes with the choice. Before, each speed was a Tab
  // stop of its own and the arrows did nothing.
  speedGroup.addEventListener("keydown", (event) => {
    const step = arrowSteps[event.key];
    if (step === undefined || event.ctrlKey || event.altKey || event.metaKey) return;
    // The arrows are the group's, never the page's scroll, whether or not a game runs.
    event.preventDefault();
    const from =
      keyedSpeed ?? Number((event.target as HTMLElement).closest<HTMLElement>("[data-speed]")?.dataset.speed);
    const at = speeds.indexOf(from as Speed);
    if (at < 0 || root.dataset.state !== "playing") return;
    // From the speed asked for last, while the game has not yet answered: two arrows pressed
    // quickly move two speeds on.
    keyedSpeed = speeds[(at + step + speeds.length) % speeds.length]!;
    arrowed = true;
    send({ type: "speed", speed: keyedSpeed });
  });

  // A tab in the background: the player can neither see nor answer the incident, so the clock
  // stops until they come back, whatever the browser does to timers in a hidden tab.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState !== "hidden" || root.dataset.state !== "playing") return;
    if (!pendingRender || pendingRender.speed === 0 || pendingRender.over) return;
    send({ type: "speed", speed: 0 });
    feed.add(pendingRender.clock, "Paused while this tab was in the background: press a speed to go on.", "notice");
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
