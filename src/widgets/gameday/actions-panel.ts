/**
 * The actions: the list of those under way, each with when it lands, and the offer forms, each
 * button enabled or disabled with why in its title (and each target in a list likewise); while no
 * game runs, every button waits for one, with a note saying so (`wait`).
 *
 * The target lists do not wait: choosing a target takes no action, it only prepares one, and the
 * choice is kept for the game, so a learner can read the targets and pick one before Start.
 * Made aria-disabled, a list would still open and change, saying it could not; made disabled, it
 * would leave the Tab order that the buttons beside it keep.
 */
import { entryText } from "../../sim/gameday/report.ts";
import { escapeHtml } from "../escape-html.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { q } from "./dom.ts";
import type { GameUpdate } from "./protocol.ts";
import { actionsWaitText, countdownText, notStartedText } from "./text.ts";

export interface ActionsPanel {
  /** The offer forms, one an action (`data-offer` names it). */
  readonly forms: readonly HTMLFormElement[];
  /** Draw what `update` says of the actions: those under way, and which can be taken now. */
  draw(update: GameUpdate): void;
  /** None under way (a new game, before its first update). */
  clear(): void;
  /**
   * Whether the actions wait for a game (none runs, as before the first): each button is then
   * aria-disabled, described by the note beside the actions' heading, which shows. They stay Tab
   * stops, so a keyboard or screen-reader user finds the actions and hears why they wait. Waiting
   * after a game stopped (its worker failed), nothing of that game holds: its actions under way
   * will not land, and what its last update disabled (a button, a target already ejected) is
   * enabled again, as before the first game.
   */
  wait(waiting: boolean): void;
  /**
   * The start button reads `label`: the note the actions wait with names it so. Named as the
   * actions begin to wait, not as the label changes mid-game: the hidden note keeps its room
   * during a game, and a new text there could change it under the player.
   */
  nameStart(label: string): void;
  /**
   * Say right under the button of `form`, just pressed while the actions wait, that nothing was
   * done: where the player is looking (the refusal once went under the whole list, off the
   * screen). Not a live region: returns the words for the widget's to say. They count the presses
   * since the actions began to wait (`notStartedText`), so no two presses in a row say the same.
   */
  refuseHere(form: HTMLFormElement): string;
}

export function createActionsPanel(
  root: HTMLElement,
  game: {
    /** Whether a shared run is being replayed (it takes only that run's actions). */
    replaying(): boolean;
    /** The newest update, to redraw from when a target list's choice changes. */
    latest(): GameUpdate | undefined;
  },
): ActionsPanel {
  const pendingList = q<HTMLElement>(root, "[data-pending]");
  const actionsHeading = q<HTMLElement>(root, "[data-actions-heading]");
  const forms = [...root.querySelectorAll<HTMLFormElement>("[data-offer]")];
  const waitNote = q<HTMLElement>(root, "[data-actions-wait]");
  const refusedHere = document.createElement("p");
  refusedHere.className = "gd-refused";
  refusedHere.dataset.refusedHere = "";
  let shownPending = "";
  /** Presses refused since the actions began to wait. */
  let refusals = 0;

  /**
   * Enable or disable an action's button, saying why in its title. A button disabled with the
   * focus on it (the action just taken with Enter) drops the focus to the page's body, where the
   * speed keys do nothing and Tab starts from the top: it goes to `beside` instead, the action's
   * target list or the actions' heading (the heading if the list cannot take it), without
   * scrolling (focus.ts, the site's one hand-off).
   */
  const setButton = (button: HTMLButtonElement, why: string | null, beside: HTMLElement = actionsHeading) => {
    if (button.disabled !== Boolean(why)) {
      const hadFocus = holdsFocus(button);
      button.disabled = Boolean(why);
      if (hadFocus && button.disabled) handFocus({ preventScroll: true }, beside, actionsHeading);
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
    const hadFocus = holdsFocus(pendingList);
    pendingList.removeAttribute("tabindex");
    pendingList.removeAttribute("aria-label");
    if (hadFocus) handFocus({ preventScroll: true }, actionsHeading);
  };
  // Its width changes the lines its entries take (a phone turned, a window resized).
  new ResizeObserver(reachPending).observe(pendingList);

  const nonePending = "<li>No action under way.</li>";
  const showPending = (html: string) => {
    if (html === shownPending) return;
    shownPending = html;
    pendingList.innerHTML = html;
    reachPending();
  };

  function draw(update: GameUpdate): void {
    const pendingHtml = update.pending.length
      ? update.pending
          // Numbers and units bound ("15 s" never parts at the line's end in the list's narrow room).
          .map(
            (p) =>
              `<li>${escapeHtml(keepUnitWithNumber(`${entryText(p.entry)}: ${countdownText(p, update.clock)}`))}</li>`,
          )
          .join("")
      : nonePending;
    showPending(pendingHtml);
    const replaying = game.replaying();
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

  // A target chosen in a list: its button says at once whether that target can be acted on.
  for (const form of forms)
    form.querySelector("select")?.addEventListener("change", () => {
      const latest = game.latest();
      if (latest) draw(latest);
    });
  function wait(waiting: boolean): void {
    // Hidden, the note keeps its room beside the heading: the actions never move as a game starts.
    waitNote.classList.toggle("gd-actions-wait--done", !waiting);
    if (waiting) showPending(nonePending);
    for (const form of forms) {
      const button = q<HTMLButtonElement>(form, "button");
      if (waiting) {
        // A target list left as the stopped game's last update had it kept the targets it had
        // disabled until the next game's first update: a learner could not pick one before Start.
        for (const option of form.querySelector("select")?.options ?? []) option.disabled = false;
        setButton(button, null);
      }
      // A note hidden still names what it describes: it is dropped from the description.
      const hint = (button.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== waitNote.id);
      button.setAttribute("aria-describedby", (waiting ? [waitNote.id, ...hint] : hint).join(" "));
      if (waiting) button.setAttribute("aria-disabled", "true");
      else button.removeAttribute("aria-disabled");
    }
    if (!waiting) {
      refusedHere.remove();
      refusals = 0;
    }
  }

  function refuseHere(form: HTMLFormElement): string {
    const text = notStartedText(++refusals);
    refusedHere.textContent = text;
    // Right under the button, above what the action does and costs.
    const button = q<HTMLButtonElement>(form, "button");
    if (refusedHere.previousElementSibling !== button) button.after(refusedHere);
    return text;
  }

  function nameStart(label: string): void {
    const text = actionsWaitText(label);
    if (waitNote.textContent !== text) waitNote.textContent = text;
  }

  return { forms, draw, clear: () => showPending(nonePending), wait, nameStart, refuseHere };
}
