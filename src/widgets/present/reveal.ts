/**
 * Predict first, for every presenter view (/present/*): the one implementation of the reveal,
 * its tool bar (the "predict first" switch, the reveal button, the status line, fullscreen) and
 * the clicker keys. A view has a number of stages: 1 for a single reveal (the explorer's shares,
 * the replay's summaries), more for a view told step by step (the opening, the map builder).
 * Elements marked data-reveal-step="n" show from stage n on; the root carries data-reveal
 * ("on" while predicting), data-stage and, at the last stage, data-revealed, so a view's CSS can
 * hide whatever else waits. Page Down, Page Up and the arrow keys (what a presentation clicker
 * sends) step forward and back, the page keys whatever has the focus (fieldKeepsKey); a view with
 * stops of its own (the replay's key moments) takes the keys first. Optional [data-step-next] and
 * [data-step-back] buttons step as the keys do.
 */
import { returnsToPlace } from "../reading-place.ts";
import { keep, tabStoreOrNothing } from "../site-storage.ts";

/** The step a key asks for: 1 forward, -1 back, 0 for any other key. */
export function keyDirection(key: string): 1 | -1 | 0 {
  if (key === "PageDown" || key === "ArrowRight" || key === "ArrowDown") return 1;
  if (key === "PageUp" || key === "ArrowLeft" || key === "ArrowUp") return -1;
  return 0;
}

/** Input types that take no typed text: a click, a tick, a choice or a drag sets them. */
const typesNoText = new Set(["checkbox", "radio", "range", "button", "submit", "reset", "color", "file", "image"]);

/** Whether a field takes typed text: a text area, or an input of any type but those above (text, number, search...). */
export function takesText(tag: string, type: string): boolean {
  return tag === "textarea" || (tag === "input" && !typesNoText.has(type));
}

/**
 * Whether a focused field uses a key itself, so a presenter view leaves it alone.
 *
 * Page Down and Page Up are a presentation clicker's, and a presenter never means them for a
 * field: on a slider they page it (the replay's playhead jumped 72 s back, to before the
 * trigger, on a Page Down), on a pick list they change the choice (the chart, the speed). So they
 * step the view whatever has the focus, with one exception: a field that takes text while it is
 * being typed in (`typing`: an edit not yet committed, as Enter or leaving the field commits it).
 * There the edit is not yet the view's setting: the shares revealed would be the ones of the
 * setting before it, hidden again as the edit commits (a new setting is a new prediction). Once
 * committed, the clicker steps again, the focus still in the field.
 *
 * The arrows step too, but a slider, a text or number box and a pick list keep theirs (they move
 * the playhead a second, the caret, the choice), as radio buttons do (they move between the
 * choices); a checkbox or a button takes none, so the clicker's arrows step the view even after a
 * presenter has ticked a box. Home and End step nothing: they stay the field's.
 */
export function fieldKeepsKey(tag: string, type: string, key: string, typing = false): boolean {
  if (keyDirection(key) === 0) return true;
  if (key === "PageDown" || key === "PageUp") return typing && takesText(tag, type);
  if (tag !== "input") return true;
  return !(type === "checkbox" || type === "button" || type === "submit" || type === "reset");
}

/** A place kept in the tab (a stage, a second), read back: a whole number from 0, or 0 for anything else (nothing kept, a damaged value). */
export function keptStage(text: string | null): number {
  const stage = Number(text ?? "");
  return text !== null && /^\d+$/.test(text) && Number.isSafeInteger(stage) ? stage : 0;
}

/** A presenter view's place in the tab: what a reload, or Back to the view, comes back to. */
export interface TabPlace {
  /** The place kept before this page's reload or return through the history; 0 when the page was opened anew (a link, a new tab) or nothing was kept. */
  readonly kept: number;
  /** Keeps the place the presenter is at now. */
  keep(place: number): void;
}

/**
 * The one way a presenter view keeps its place (the reveal's stage, the replay's playhead): in
 * the tab's sessionStorage under `name` and the page's address (path, query and hash, as they
 * are at each write: the explorer and the replay write their settings into the query), read back
 * on a reload and on a return through the history (Back to the view from the chapter it links
 * to, say), by the rule a chapter's reading place follows (returnsToPlace). A return the browser
 * serves from its back/forward cache needs none of this: the page comes back as it was left,
 * script and all. A link opened anew (from the run sheet, say) starts at the beginning, the
 * answers held back, even where the presenter revealed them earlier in this tab.
 */
export function placeInTab(name: string): TabPlace {
  const tab = tabStoreOrNothing();
  const key = () => `present-${name}:${location.pathname}${location.search}${location.hash}`;
  const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  return {
    kept: returnsToPlace(navigation?.type) ? keptStage(tab.getItem(key())) : 0,
    keep: (place) => void keep(key(), String(place), tab),
  };
}

/** At most how often a place that moves by itself (a replay playing) is written to the tab, in ms. */
export const keepEveryMillis = 1000;

/**
 * Whether a place that has just changed is written to the tab now. A place the presenter moved
 * (a key, the slider, a click), or one that stands still (paused), is written at once; one moving
 * by itself, as a replay plays (every frame), at most once every `keepEveryMillis` (`lastKept`:
 * when it was last written, null if never), so a reload mid-play comes back within a second of
 * where it was (and exactly there: the view also writes its place as the page goes away).
 */
export function keepNow(moving: boolean, now: number, lastKept: number | null): boolean {
  return !moving || lastKept === null || now - lastKept >= keepEveryMillis;
}

/** The stage after a step, kept within 0..stages. */
export function stepStage(stage: number, stages: number, direction: 1 | -1): number {
  return Math.min(stages, Math.max(0, stage + direction));
}

export interface RevealOptions {
  /** The presented piece: gets data-reveal, data-stage and data-revealed. */
  root: HTMLElement;
  /** The tool bar: [data-predict], [data-reveal], [data-reveal-status], [data-fullscreen]. */
  tools: HTMLElement;
  /** How many stages the reveal has (1: hidden, then revealed). */
  stages: number;
  /** The status line's words. */
  say: { everything: string; revealed: string; hidden: (stage: number, stages: number) => string };
  /** A view's own stops for a key; return true when it moved, false to let the key step the reveal. */
  onKey?: (direction: 1 | -1) => boolean;
  /** Called after every change, with the stage and whether the room is predicting. */
  onStage?: (stage: number, predicting: boolean) => void;
  /**
   * Keep the stage in the tab (placeInTab), so that a reload mid-session, or Back to the view,
   * comes back to the slide or resource the room was on; a link opened anew, or a new tab, starts
   * at stage 0.
   */
  keepStage?: boolean;
}

export interface Reveal {
  readonly stage: number;
  readonly predicting: boolean;
  /** Goes to a stage (clamped). */
  go(stage: number): void;
  /** Back to stage 0: a new setting is a new prediction. */
  reset(): void;
  /** Changes the number of stages (a new map has other resources), back at stage 0, or at the kept stage with keepStage. */
  setStages(stages: number): void;
}

export function mountReveal(options: RevealOptions): Reveal {
  const { root, tools, say } = options;
  let stages = options.stages;
  const predict = tools.querySelector<HTMLInputElement>("[data-predict]");
  const button = tools.querySelector<HTMLButtonElement>("[data-reveal]");
  const status = tools.querySelector<HTMLElement>("[data-reveal-status]");
  const next = tools.querySelector<HTMLButtonElement>("[data-step-next]");
  const back = tools.querySelector<HTMLButtonElement>("[data-step-back]");
  const place = options.keepStage ? placeInTab("stage") : null;
  /** The stage the presenter last went to: where the view opens (on a reload or Back), and where it goes back when a map loads. */
  let wanted = place?.kept ?? 0;
  let stage = 0;
  const predicting = () => predict?.checked ?? true;

  const draw = () => {
    const on = predicting();
    root.dataset.reveal = on ? "on" : "off";
    root.dataset.stage = String(stage);
    root.toggleAttribute("data-revealed", on && stage >= stages);
    for (const el of root.querySelectorAll<HTMLElement>("[data-reveal-step]"))
      el.toggleAttribute("data-shown", !on || Number(el.dataset.revealStep) <= stage);
    // Done for now, each says so by aria-disabled, not disabled: the presenter who pressed it keeps
    // the focus on it (a disabled one drops it to the page's body), and a press does nothing, as
    // go() and stepStage() leave a stage past the ends where it is.
    button?.setAttribute("aria-disabled", String(!on || stage >= stages));
    next?.setAttribute("aria-disabled", String(stage >= stages));
    back?.setAttribute("aria-disabled", String(stage <= 0));
    if (status) status.textContent = !on ? say.everything : stage >= stages ? say.revealed : say.hidden(stage, stages);
    options.onStage?.(stage, on);
  };
  /** Goes to a stage; `chosen` when the presenter asked for it (not a restore), so it is kept. */
  const go = (next: number, chosen = true) => {
    stage = Math.min(stages, Math.max(0, next));
    if (chosen && place) {
      wanted = stage;
      place.keep(stage);
    }
    draw();
  };

  predict?.addEventListener("change", () => go(0));
  /** A press on a button done for now (aria-disabled, see draw) does nothing, as on a disabled one. */
  const done = (b: HTMLElement) => b.getAttribute("aria-disabled") === "true";
  button?.addEventListener("click", () => {
    if (!done(button)) go(stages);
  });
  tools.querySelector("[data-fullscreen]")?.addEventListener("click", () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen?.();
  });
  const step = (direction: 1 | -1) => {
    if (options.onKey?.(direction)) return;
    go(stepStage(stage, stages, direction));
  };
  // Buttons for the same steps, for a presenter without a clicker.
  next?.addEventListener("click", () => {
    if (!done(next)) step(1);
  });
  back?.addEventListener("click", () => {
    if (!done(back)) step(-1);
  });
  // The fields that take text with an edit not yet committed (fieldKeepsKey's `typing`): typed in
  // since their last change (Enter or leaving the field commits it; leaving it unchanged ends it too).
  const typing = new WeakSet<EventTarget>();
  document.addEventListener("input", (event) => {
    const field = event.target as HTMLInputElement;
    if (takesText(field.localName, field.type ?? "")) typing.add(field);
  });
  for (const type of ["change", "focusout"])
    document.addEventListener(type, (event) => void (event.target && typing.delete(event.target)));
  // Anywhere on the page, a field's own keys apart (fieldKeepsKey): a presenter who has just
  // ticked a defence, dragged the playhead or picked a chart still steps with the clicker.
  document.addEventListener("keydown", (event) => {
    const target = event.target as HTMLElement;
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const field = target.closest<HTMLElement>("input, select, textarea");
    if (field && fieldKeepsKey(field.localName, (field as HTMLInputElement).type ?? "", event.key, typing.has(field)))
      return;
    // A focused box that scrolls sideways ([data-scroll-box]: the map's drawing on a phone) keeps
    // the left and right arrows while it has somewhere to scroll, as radio buttons keep theirs; the
    // page keys, a clicker's, still step.
    const box = target.closest<HTMLElement>("[data-scroll-box]");
    if (box && box.scrollWidth > box.clientWidth && (event.key === "ArrowLeft" || event.key === "ArrowRight")) return;
    const direction = keyDirection(event.key);
    if (direction === 0) return;
    event.preventDefault();
    step(direction);
  });
  go(wanted, false);

  return {
    get stage() {
      return stage;
    },
    get predicting() {
      return predicting();
    },
    go,
    reset: () => go(0),
    setStages(n: number) {
      stages = n;
      go(wanted, false);
    },
  };
}

/**
 * A view told as slides, each with some steps to reveal: the stage each slide opens at, and the
 * number of stages in all. Slide i shows from starts[i] (its question) to starts[i] + steps[i]
 * (its last answer); the next stage opens the next slide.
 */
export function deck(steps: readonly number[]): { starts: number[]; stages: number } {
  const starts: number[] = [];
  let at = 0;
  for (const n of steps) {
    starts.push(at);
    at += n + 1;
  }
  return { starts, stages: Math.max(0, at - 1) };
}

/** The slide a stage belongs to. */
export function slideAt(stage: number, starts: readonly number[]): number {
  let slide = 0;
  for (let i = 0; i < starts.length; i++) if (starts[i]! <= stage) slide = i;
  return slide;
}
