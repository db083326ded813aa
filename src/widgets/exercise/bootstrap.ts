/**
 * The only exercise code that runs before a reader interacts: it shows saved progress (solved
 * parts, hints already revealed, a solution seen), follows it as other tabs change it, opening the
 * hints and the solution another tab opened (followOtherTabs), brings back what was typed in its
 * answer fields and keeps each edit (typed-answers.ts), and waits. On the first focus,
 * pointer, key or submit inside an exercise it loads the widget (grader, mathjs, editor) and
 * hands over; a submit or a button click made while it loads, or before this module ran (held by
 * the page's early script, first-touch.ts, its button shown busy meanwhile), is replayed once it
 * is ready. A code exercise with edited code saved loads at once, so the reader sees their code,
 * not the starter. A page that hosts an exercise (/review/) asks its widget for what it does
 * itself through exerciseWidget.
 */
import { type Progress, partEarned } from "../../course/progress.ts";
import { prewarm } from "../../playground/worker-pool.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { onStoredProgressChange } from "../progress/store.ts";
import { openedElsewhere } from "./opened-elsewhere.ts";
import { pageProgress } from "./page-progress.ts";
import { readPayload } from "./payload.ts";
import { keepTypedAnswers } from "./typed-answers.ts";
import { siteStorage } from "../site-storage.ts";
import type { EarlyGlobal } from "../first-touch.ts";
import { type SolutionOffer, solutionOffer, solutionUnlocked, statusLine } from "../../course/solution-offer.ts";
import { allAnsweredOnShow } from "../../course/on-show.ts";

/**
 * Show the progress of an exercise: which parts are solved (or answered only after the solution
 * was shown, marked apart), the status line, the solution unlocked once any part was tried, and,
 * outside /review/, Show a hint gone once every part on show is answered right, with Show
 * solution's confirmation worded for the record (showAnswered).
 * The widget calls it again after each attempt and after the solution is shown. It reads the
 * page's progress (page-progress.ts): the stored one, plus what this page view could not store.
 * While a generated variant is shown, `variant` holds the parts answered rightly for its numbers:
 * the parts' marks show those (a mark from the chapter's numbers says nothing about new ones),
 * and the status line says both apart (statusLine: "✓ Solved before · these numbers (variant 42):
 * 0 of 2 parts answered right so far"), "before" only of the parts the record held answered when
 * the variant was dealt (`before`, kept by mount.ts): a part solved on its numbers is newly solved.
 */
export function showPartProgress(
  root: HTMLElement,
  id: string,
  partIds: string[],
  progress: Progress = pageProgress.read(),
  variant?: { seed: number; solved: ReadonlySet<string>; before?: readonly string[] },
): void {
  const entry = progress.exercises[id];
  const solvedParts = partIds.filter((p) => partEarned(entry?.parts[p]));
  const afterParts = partIds.filter((p) => entry?.parts[p]?.afterReveal === true);
  const marked = variant ? partIds.filter((p) => variant.solved.has(p)) : [...solvedParts, ...afterParts];
  for (const part of partIds) {
    const box = root.querySelector(`[data-part="${part}"]`);
    if (!marked.includes(part)) box?.removeAttribute("data-solved");
    // A part answered only after the solution was shown is marked so, never with the tick.
    else box?.setAttribute("data-solved", !variant && afterParts.includes(part) ? "after-reveal" : "");
  }
  const status = root.querySelector<HTMLElement>("[data-status]");
  if (status) {
    const { text, unearned } = statusLine(
      progress,
      id,
      partIds,
      // On /review/, the seed is named once every part is answered (NumbersOnShow's `unnamed`).
      variant && {
        seed: variant.seed,
        answered: marked,
        before: variant.before,
        unnamed: root.dataset.inReview !== undefined && marked.length < partIds.length,
      },
    );
    // Answered after the solution, the solution seen and nothing solved, or new numbers not all
    // answered yet: not in the solved colour. The text is set only when it changes: the line is a
    // live region, and the same words written again (a redraw for another tab's change to another
    // exercise: followOtherTabs) could be read out again.
    status.toggleAttribute("data-unearned", unearned);
    if (status.textContent !== text) status.textContent = text;
  }
  // On /review/ the review's page says what is left to do there (src/widgets/review/page.ts).
  if (root.dataset.inReview === undefined) {
    // The rule the terminal's `hint` follows too (allAnsweredOnShow).
    const answered = allAnsweredOnShow(progress, id, partIds, variant && { answered: marked });
    showAnswered(root, answered, solutionOffer(progress, id, partIds, answered));
  }
  // The lock the terminal's `solution` keeps too (solutionUnlocked).
  if (solutionUnlocked(progress, id)) unlockSolution(root);
}

/**
 * Show solution unlocked (an answer checked): enabled, and no longer described by the note that
 * says to check an answer first, which goes. A note hidden but still named by aria-describedby is
 * read out all the same (the description is computed from hidden text too), so the button drops
 * the reference with it: its description is true in each state (ExerciseBody.astro).
 */
function unlockSolution(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('[data-action="solution"]');
  button?.removeAttribute("disabled");
  button?.removeAttribute("aria-describedby");
  root.querySelector<HTMLElement>(".br-ex__note")?.setAttribute("hidden", "");
}

/**
 * Once every part on show is answered right, Show a hint goes: a hint helps with nothing then, and
 * would only add to the record's hints (the hints opened stay open). It comes back with new numbers
 * (mount.ts, deal), as it does after a solution was on show, and when the parts are no longer all
 * answered for another reason (a reset in another tab: followOtherTabs), unless a solution is on
 * show (showSeenSolution). The confirmation of Show solution says what seeing the solution changes
 * in this record, and its other button whether anything is left to try (solutionOffer). Each text
 * is set only when it changes.
 */
function showAnswered(root: HTMLElement, answered: boolean, offer: SolutionOffer): void {
  const hint = root.querySelector<HTMLElement>('[data-action="hint"]');
  const solution = root.querySelector<HTMLElement>("[data-solution]");
  if (hint) hint.hidden = answered || (!!solution && !solution.hidden);
  const question = root.querySelector("[data-confirm] p");
  if (question && question.textContent !== offer.question) question.textContent = offer.question;
  const decline = root.querySelector('[data-action="cancel-solution"]');
  if (decline && decline.textContent !== offer.decline) decline.textContent = offer.decline;
}

/** Show saved progress before the widget loads: solved parts and the hints already revealed. */
function showSavedState(root: HTMLElement): void {
  const data = readPayload(root);
  if (!data) return;
  const progress = pageProgress.read();
  const entry = progress.exercises[data.id];
  if (!entry) return;
  showPartProgress(
    root,
    data.id,
    data.parts.map((p) => p.id),
    progress,
  );
  openHints(root, entry.hints);
  // A solution seen before a reload is on show again, as the page was left (the widget, once
  // loaded, shows it as its own: mount.ts restoreReveal). Not on /review/: its numbers are the review's.
  if (entry.revealed && root.dataset.inReview === undefined) showSeenSolution(root);
}

/**
 * The first `count` hints open (none is closed), and the hint button saying what is left: from the
 * saved progress, and as another tab opens more (followOtherTabs).
 */
function openHints(root: HTMLElement, count: number): void {
  if (count === 0) return;
  for (const [i, hint] of root.querySelectorAll<HTMLElement>("[data-hint]").entries())
    if (i < count) hint.hidden = false;
  showHintButton(root);
}

/**
 * The worked solution on show, copied from the markup, and Show solution, its confirmation and Show
 * a hint gone (the hints opened stay open): here from the saved progress or another tab's, and in
 * mount.ts's showSolution, however it is shown. A focus on what goes moves to the solution
 * (focus.ts); a focus elsewhere stays where it is. Returns the solution shown, or null for an
 * exercise with none.
 */
export function showSeenSolution(root: HTMLElement): HTMLElement | null {
  const solution = root.querySelector<HTMLElement>("[data-solution]");
  const source = root.querySelector<HTMLElement>("[data-solution-source]");
  if (!solution || !source) return null;
  const controls = [
    ...root.querySelectorAll<HTMLElement>('[data-action="solution"], [data-confirm], [data-action="hint"]'),
  ];
  const lost = holdsFocus(...controls);
  solution.replaceChildren(...[...source.childNodes].map((n) => n.cloneNode(true)));
  solution.hidden = false;
  for (const control of controls) control.hidden = true;
  if (lost) handFocus(solution);
  return solution;
}

/**
 * The hint button offers the next hidden hint by number, or says there are no more once all are
 * shown. It stays focusable then (aria-disabled, not disabled): the keyboard user who pressed it
 * for the last hint keeps their place, where a disabled button would drop the focus to the page.
 */
export function showHintButton(root: HTMLElement): void {
  const button = root.querySelector<HTMLButtonElement>('[data-action="hint"]');
  if (!button) return;
  const hints = [...root.querySelectorAll<HTMLElement>("[data-hint]")];
  const shown = hints.filter((h) => !h.hidden).length;
  const none = shown === hints.length;
  button.setAttribute("aria-disabled", String(none));
  button.textContent = none ? "No more hints" : `Show a hint (${shown + 1} of ${hints.length})`;
}

/**
 * How an exercise follows another tab's change (followOtherTabs): `redraw` its marks, status line
 * and Show solution's offer (showPartProgress; once mounted, the widget's own, which knows a dealt
 * variant's numbers), and `showSolution` as the page shows one itself (showSeenSolution; once
 * mounted, the widget's, which adds a dealt variant's answers and a code exercise's reference code).
 */
export interface TabFollower {
  redraw(): void;
  showSolution(): void;
}

/** Each followed exercise's follower: the bootstrap's until its widget mounts, then the widget's. */
const followers = new WeakMap<HTMLElement, TabFollower>();

/**
 * Progress changed in another tab (an exercise answered there, a hint or the solution opened, a
 * reset or an import on /progress/): exercise `id` in `root` follows it, through `follower`, which
 * takes the place of the one given before (the bootstrap's, until the widget mounts). Its marks,
 * status line and Show solution's offer are redrawn; the hints another tab opened open here, and
 * the solution it showed is shown here (openedElsewhere: only what that write opened, so hints and
 * a solution this page closed on dealing new numbers stay closed when another tab changes something
 * else). Not on /review/, whose hints and solution are the review's (src/widgets/review/card.ts).
 * Nothing closes: the answers typed, the verdicts, the hints opened and a solution on show stay as
 * they are, and the status line, a live region, speaks only when its own words change. The focus
 * stays where it is, unless on a control that goes (focus.ts): Show a hint goes once every part is
 * answered there, the focus then to Show solution beside it (else to the status line that says
 * why), not to the page's start; a solution shown takes the focus from Show solution, its
 * confirmation and Show a hint, which go with it.
 */
export function followOtherTabs(root: HTMLElement, id: string, follower: TabFollower): void {
  const first = !followers.has(root);
  followers.set(root, follower);
  if (!first) return;
  onStoredProgressChange((event) => {
    const { redraw, showSolution } = followers.get(root)!;
    const opened =
      root.dataset.inReview === undefined
        ? openedElsewhere(event.key, event.oldValue, event.newValue, id)
        : { hints: 0, revealed: false };
    const hint = root.querySelector<HTMLElement>('[data-action="hint"]');
    const onHint = holdsFocus(hint);
    openHints(root, opened.hints);
    redraw();
    if (onHint && hint?.hidden) handFocusFromHint(root);
    // Shown after: a focus handed to Show solution goes on to the solution.
    if (opened.revealed) showSolution();
  });
}

/**
 * Show a hint went with the focus on it (every part answered): the focus goes to Show solution
 * beside it, else to the status line that says why, not to the page's start.
 */
function handFocusFromHint(root: HTMLElement): void {
  if (handFocus(root.querySelector<HTMLButtonElement>('[data-action="solution"]'))) return;
  // The status line takes the focus only as the last heir: a tab stop for script alone.
  const status = root.querySelector<HTMLElement>("[data-status]");
  if (!status) return;
  status.tabIndex = -1;
  handFocus(status);
}

const triggers = ["focusin", "pointerdown", "keydown", "submit", "click"] as const;

/** Where mount.ts keeps a code exercise's edited code (nothing is kept while it is the starter). */
export const exerciseCodeKey = (id: string) => `blast-radius:exercise-code:v1:${id}`;

/** Whether this code exercise has edited code saved, which the reader should see at once. */
function hasSavedCode(root: HTMLElement): boolean {
  const id = root.dataset.exercise;
  return root.dataset.kind === "code" && !!id && !!siteStorage()?.getItem(exerciseCodeKey(id));
}

/**
 * What a page that hosts an exercise may ask of it once mounted (exerciseWidget), besides the
 * learner's own presses.
 */
export interface ExerciseWidget {
  /**
   * Show the worked solution (and a dealt variant's answers) as the learner's Show it does, but
   * leave the focus where it is: for a page that shows it itself, as /review/ does for a review
   * given up (its own button, or before a reload). Show solution and its confirmation go, as they
   * do after Show it, and so does Show a hint (the hints opened stay open); a focus that was on
   * any of them moves to the solution. A press on Show solution or Show it, by the learner (or
   * made again by the bootstrap once the widget has loaded), takes the focus on to what it opens.
   */
  showSolution(): void;
}

/** Each armed exercise's loader: it loads and mounts the widget once, and gives it. */
const loaders = new WeakMap<HTMLElement, () => Promise<ExerciseWidget | undefined>>();

/**
 * The widget of an exercise booted on this page (bootExercises), once it has mounted: loaded now
 * if no touch loaded it yet. Undefined for one not booted here, or that could not load.
 */
export function exerciseWidget(root: HTMLElement): Promise<ExerciseWidget | undefined> {
  return loaders.get(root)?.() ?? Promise.resolve(undefined);
}

function armExercise(root: HTMLElement): void {
  let loading: Promise<ExerciseWidget | undefined> | undefined;
  const replay: (() => void)[] = [];
  const early = (globalThis as EarlyGlobal).brEarly;
  const held = early?.take(root);
  // Until the widget has mounted, a submit or an action button's click is held here (the
  // widget's own handlers may not exist yet, or only some of them) and made again once it has.
  // The hold lasts through the whole mount, which awaits the editor and the starter: a click
  // between the module's arrival and the end of the mount was once lost.
  const onTrigger = (event: Event) => {
    // How the reader arrived: a click means they chose to edit; a key (Tab) means they may be passing by.
    root.dataset.arrivedBy ??= event.type === "pointerdown" || event.type === "click" ? "pointer" : "keyboard";
    if (event.type === "submit") {
      event.preventDefault();
      event.stopImmediatePropagation();
      const form = event.target as HTMLFormElement;
      replay.push(() => form.requestSubmit());
    } else if (event.type === "click") {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button && button.type === "button") {
        event.stopImmediatePropagation();
        replay.push(() => button.click());
      }
    }
    void load();
  };
  const load = () => {
    // A code exercise's checks run in a sandbox worker, the slowest part of a first run to
    // start: boot it now, beside the widget's own loading, not after it.
    if (root.dataset.kind === "code") prewarm();
    loading ??= import("./mount.ts")
      .then(async ({ mountExercise }) => {
        try {
          return await mountExercise(root);
        } finally {
          for (const type of triggers) root.removeEventListener(type, onTrigger, true);
          for (const action of replay.splice(0)) action();
        }
      })
      .catch((error: unknown) => {
        early?.done(held);
        const feedback = root.querySelector("[data-feedback]");
        if (feedback)
          feedback.textContent = `The exercise could not load (${String(error)}). Reload the page to try again.`;
        return undefined;
      });
    return loading;
  };
  loaders.set(root, load);
  for (const type of triggers) root.addEventListener(type, onTrigger, true);
  // A Check (or any press) made before this bootstrap ran, held by the page's early script
  // (first-touch.ts): the widget loads now, and the press is made again once it has mounted, so
  // the answer typed is graded.
  if (held) {
    replay.push(() => early?.again(held));
    void load();
  }
  // Code the reader wrote is shown at once, as a playground shows a saved edit: the starter
  // in its place would look like the edit was lost (and would be what a printed page shows).
  if (hasSavedCode(root)) void load();
}

export function bootExercises(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-exercise]")) {
    if (root.dataset.booted) continue;
    root.dataset.booted = "true";
    showSavedState(root);
    // What was typed in its answer fields before a reload, back, and each edit kept from now on.
    const id = root.dataset.exercise;
    if (id) keepTypedAnswers(root, id);
    // Until its widget mounts, which then follows other tabs itself (mount.ts).
    const data = readPayload(root);
    if (data)
      followOtherTabs(root, data.id, {
        redraw: () =>
          showPartProgress(
            root,
            data.id,
            data.parts.map((p) => p.id),
          ),
        showSolution: () => void showSeenSolution(root),
      });
    armExercise(root);
  }
}
