/**
 * The replay's presenter tools (on /present/retry-storm/ only), on top of the replay itself:
 *   - predict first: the summaries, the event lists, the data table and every curve to the right
 *     of the playhead stay hidden until the playhead reaches the end or the presenter reveals
 *     them, so the room can predict each next step; a new scenario hides them again;
 *   - key moments: buttons (and a clicker's Page Down / Page Up, whatever has the focus, or the
 *     arrow keys) jump the playhead to the naive run's trigger, pool full, goodput gone, first
 *     refusal, intervention;
 *   - fullscreen;
 *   - a reload mid-session (a frozen projector, a stray F5), or Back from a link followed, comes
 *     back to the same second and the same reveal, paused: the presenter, back at the keyboard,
 *     plays on from there (Play or k).
 *     Kept as the other presenter views keep their stage (placeInTab); a link opened anew starts
 *     at the first second, everything ahead hidden. While it plays the playhead moves every frame;
 *     it is written when the presenter moves it, pauses, reveals or leaves the page, and
 *     otherwise at most once a second (keepNow).
 * The reveal, its tool bar and the keys are the presenter views' one implementation
 * (src/widgets/present/reveal.ts); this file adds the replay's veils and key moments.
 * It drives the replay only through its own controls (the playhead slider), so the replay
 * needs no presenter code, and loads on the presenter's first key or click like any widget
 * (moving the slider is a first touch).
 */
import type { RetryStormSummary } from "../../sim/retry-storm/index.ts";
import { markers, type Marker } from "./view.ts";
import { keepNow, mountReveal, placeInTab } from "../present/reveal.ts";
import { handFocus } from "../focus.ts";

/**
 * The moments a presenter jumps between, in time order, from the naive run's summary: the
 * trigger's start and its end (the workshop pauses where pricing has recovered and the outage
 * has not), and each event once.
 */
export function keyMoments(summary: RetryStormSummary): Marker[] {
  const seen = new Set<string>();
  return markers(summary).filter((m) => {
    const key = m.kind === "trigger" ? m.label : m.kind;
    if (seen.has(key)) return false;
    seen.add(key);
    return m.kind !== "recovered";
  });
}

/**
 * The predict-first status line's words. The page is built predicting (its switch checked), so it
 * writes `hidden` into the line from the first paint and the script's first write changes nothing:
 * a line written only after load took a row of its own and pushed the replay down 27 px.
 */
export const statusWords = {
  everything: "Everything shows.",
  revealed: "Revealed.",
  hidden: "Hidden until the end: summaries and the curves ahead of the playhead. Page Down jumps to the next moment.",
} as const;

/** The second the playhead stops at for a moment: it moves in whole seconds, so 0.473 s is 0 s. */
export const stopSecond = (time: number): number => Math.floor(time);

/** Where a clicker stops, in order: each second once, with the moments it shows there. */
export function clickerStops(moments: readonly Marker[]): { second: number; labels: string[] }[] {
  const stops: { second: number; labels: string[] }[] = [];
  for (const m of moments) {
    const last = stops.at(-1);
    if (last?.second === stopSecond(m.time)) last.labels.push(m.label);
    else stops.push({ second: stopSecond(m.time), labels: [m.label] });
  }
  return stops;
}

/** The moment after (direction 1) or before (-1) the playhead, if any. */
export function nextMoment(moments: readonly Marker[], playhead: number, direction: 1 | -1): Marker | undefined {
  return direction === 1
    ? moments.find((m) => stopSecond(m.time) > playhead)
    : [...moments].reverse().find((m) => stopSecond(m.time) < playhead);
}

export function mountPresenterTools(root: HTMLElement, tools: HTMLElement): void {
  const scrub = root.querySelector<HTMLInputElement>("[data-scrub]")!;
  const time = root.querySelector<HTMLOutputElement>("[data-time]")!;
  const form = root.querySelector<HTMLFormElement>("[data-controls]")!;
  const list = tools.querySelector<HTMLElement>("[data-moments]")!;
  let moments: Marker[] = [];

  const playhead = () => Number(scrub.value);
  const seek = (t: number) => {
    scrub.value = String(t);
    scrub.dispatchEvent(new Event("input", { bubbles: true }));
    scrub.dispatchEvent(new Event("change", { bubbles: true }));
  };

  // The playhead kept in the tab for a reload (placeInTab): at once when it stands still or the
  // presenter moved it (a key, the slider, a click: `acted`), when the reveal changes, on a pause
  // and as the page goes away; while it plays by itself, at most once a second (keepNow).
  const kept = placeInTab("playhead");
  const play = root.querySelector<HTMLElement>("[data-play]");
  const playing = () => play?.dataset.playing === "true";
  let acted = false;
  let lastKept: number | null = null;
  let keptPlace: number | null = null;
  /** Writes the playhead if it is not written yet and is due: at once when `still` (or paused). */
  const keepPlayhead = (still: boolean) => {
    const at = playhead();
    const moment = performance.now();
    if (at === keptPlace || !keepNow(playing() && !still, moment, lastKept)) return;
    kept.keep(at);
    keptPlace = at;
    lastKept = moment;
  };
  /** Whether the reveal below is open: its first stage, drawn as it opens, is no change to keep. */
  let opened = false;
  for (const type of ["keydown", "pointerdown", "input"]) root.addEventListener(type, () => void (acted = true));
  tools.addEventListener("click", () => void (acted = true));
  if (play) new MutationObserver(() => keepPlayhead(true)).observe(play, { attributeFilter: ["data-playing"] });
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "hidden") keepPlayhead(true);
  });
  addEventListener("pagehide", () => keepPlayhead(true));

  // Predict first, the tool bar and the clicker keys: the presenter views' one reveal. The keys
  // jump between key moments; past the last one, to the end of the run (which reveals it), and
  // at the end, where the playhead cannot move on, they step the reveal itself (a room told to
  // predict again there still gets its answer from the clicker).
  const reveal = mountReveal({
    root,
    tools,
    stages: 1,
    keepStage: true,
    say: { ...statusWords, hidden: () => statusWords.hidden },
    // Revealed or hidden, the summaries above the charts take room or give it back: the charts
    // fit the screen again (charts.ts sizes a presenter chart to the height left under it).
    onStage: () => {
      window.dispatchEvent(new Event("resize"));
      // Not as the view opens: before a reload's place is back, that would write the first second.
      if (opened) keepPlayhead(true);
    },
    onKey(direction) {
      if (moments.length === 0) return true;
      const next = nextMoment(moments, playhead(), direction);
      if (next) seek(stopSecond(next.time));
      else if (direction === 1) {
        if (playhead() >= Number(scrub.max)) return false;
        seek(Number(scrub.max));
      }
      return true;
    },
  });
  opened = true;

  /**
   * Veils over the part of each chart ahead of the playhead. A playhead moves without the time
   * changing too (a chart resized to the screen moves it to the same second's new place), so each
   * playhead's own style is watched.
   */
  const watched = new WeakSet<HTMLElement>();
  const headMoved = new MutationObserver(() => placeVeils());
  const placeVeils = () => {
    for (const head of root.querySelectorAll<HTMLElement>(".rs-playhead")) {
      if (!watched.has(head)) {
        watched.add(head);
        headMoved.observe(head, { attributes: true, attributeFilter: ["style"] });
      }
      const over = head.parentElement!;
      let veil = over.querySelector<HTMLElement>(":scope > .rs-veil");
      if (!veil) {
        veil = document.createElement("div");
        veil.className = "rs-veil";
        veil.setAttribute("aria-hidden", "true");
        over.append(veil);
      }
      const left = head.style.left || "0px";
      if (veil.style.left !== left) veil.style.left = left;
    }
  };

  // The page draws the buttons for its first scenario (the naive run is the same whatever the
  // defences); once the replay runs, they follow its naive run.
  const readButtons = () => {
    moments = [...list.querySelectorAll<HTMLButtonElement>("button[data-moment-time]")].map((b) => ({
      time: Number(b.dataset.momentTime),
      label: b.textContent ?? "",
      kind: b.dataset.moment as Marker["kind"],
    }));
  };
  const drawMoments = () => {
    const summary = root.dataset.naiveSummary;
    if (!summary) return;
    const drawn = keyMoments(JSON.parse(summary) as RetryStormSummary);
    // The same moments as on show (the page drew them for this run): nothing to draw again, and
    // the button a presenter pressed, which loaded the replay, keeps the focus.
    const same =
      drawn.length === moments.length &&
      drawn.every(
        (m, i) => m.kind === moments[i]!.kind && m.time === moments[i]!.time && m.label === moments[i]!.label,
      );
    if (same) return;
    // Others: the focus on the button of one goes to the new button of the same kind, else the first.
    const focused = list.querySelector<HTMLElement>("button:focus")?.dataset.moment;
    list.replaceChildren(
      ...drawn.map((m) => {
        const button = document.createElement("button");
        button.type = "button";
        button.className = "br-button";
        button.dataset.moment = m.kind;
        button.dataset.momentTime = String(m.time);
        button.textContent = m.label;
        return button;
      }),
    );
    readButtons();
    if (focused !== undefined)
      handFocus(list.querySelector<HTMLElement>(`[data-moment="${focused}"]`), list.querySelector("button"));
  };
  list.addEventListener("click", (event) => {
    const button = (event.target as Element).closest<HTMLButtonElement>("button[data-moment-time]");
    if (button) seek(stopSecond(Number(button.dataset.momentTime)));
  });

  // The replay writes the playhead's time into its output, and its runs into data attributes.
  new MutationObserver(() => {
    keepPlayhead(acted);
    acted = false;
    placeVeils();
    if (reveal.predicting && reveal.stage === 0 && playhead() >= Number(scrub.max)) reveal.go(1);
  }).observe(time, { childList: true, characterData: true, subtree: true });
  new MutationObserver(drawMoments).observe(root, { attributes: true, attributeFilter: ["data-naive-summary"] });
  new MutationObserver(placeVeils).observe(root, { childList: true, subtree: true });
  // A new scenario is a new prediction.
  form.addEventListener("change", () => {
    reveal.reset();
    seek(Number(scrub.min));
  });

  readButtons();
  drawMoments();
  placeVeils();
  // Back where the presenter was before a reload, paused (moving the slider loads the replay).
  if (kept.kept > 0) seek(kept.kept);
}
