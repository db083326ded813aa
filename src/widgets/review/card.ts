/**
 * One due review on /review/, once it comes up: the exercise brought up with the review's numbers,
 * its checks, hints and giving up counted against the review (attempts.ts), the parts answered
 * before a reload brought back, and the rating step. The page (page.ts) imports it, with the
 * exercise widget's bootstrap it takes (exercise.ts), only when a review is shown: a reader with
 * none due loads none of it (the /review/ page's script before any interaction is within 30 KB,
 * tools/budgets.ts). The page's doc comment says what a review does; this is its code.
 */
import {
  type DueCard,
  giveUpQuestion,
  outcomes,
  type ReviewOutcome,
  ratingNote,
  ratingsAllowed,
  rateReview,
  recordReview,
  reviewSeed,
} from "../../course/review.ts";
import { rememberedParts } from "../../grader/same-answers.ts";
import type { SolutionModule } from "../../grader/solution.ts";
import { reviewHintAsked } from "../../course/review-hint.ts";
import type { Progress } from "../../course/progress.ts";
import { readProgress, updateProgress } from "../progress/store.ts";
import { countOf } from "../../format/number.ts";
import {
  attemptsFor,
  combineAttempts,
  countsMore,
  dealAttempts,
  keepAttempts,
  keepTyped,
  pruneAttempts,
  type ReviewAttempts,
  readAttempts,
} from "./attempts.ts";
import { compareDecline, compareQuestion } from "./compare.ts";
import { answeredNote, dealtNote } from "./status.ts";
import { element, when } from "./draw.ts";
import type { Fields } from "../exercise/form-fields.ts";
import { bootExercises, exerciseWidget, fillForm, formFields, readPayload, showHintButton } from "./exercise.ts";
import { handFocus, holdsFocus } from "../focus.ts";

/** The status when the exercise on show cannot deal the review's numbers. */
const noNumbers = "This exercise has no new numbers to deal. Reload the page to try again.";

/**
 * Why a review on show can no longer be rated (ReviewPage's closedBy): its exercise left the
 * schedule, or the review was rated elsewhere, the exercise then due back at `due`.
 */
export type Closed = { left: true } | { left: false; due: Date };

/** The review on show, from the page's show() until it moves on; closed once it can no longer be rated here. */
export interface OnShow {
  card: DueCard;
  closed: boolean;
  close: () => void;
}

/** What a review takes of its page (page.ts): the card's controls, and the session it is a step of. */
export interface ReviewPage {
  where: HTMLElement;
  slot: HTMLElement;
  giveUp: HTMLButtonElement;
  rate: HTMLElement;
  rateNote: HTMLElement;
  rateButtons: HTMLElement;
  now: () => Date;
  /** A status that says nothing of how many reviews are left. */
  say: (text: string) => void;
  /** The status line as it reads with `n` reviews left today. */
  setStatus: (text: (n: number) => string) => void;
  /** The review on show (page.ts's onShow). */
  onShow: () => OnShow | undefined;
  /** The list names the review at `place` in the queue by `title`, the title its numbers were dealt under. */
  dealtTitle: (place: number, title: string) => void;
  /** Why the review of `card` can no longer be rated, by the stored `progress`; undefined while it can. */
  closedBy: (card: DueCard, progress: Progress) => Closed | undefined;
  /** What the page says of a review it could not rate. */
  closedText: (closed: Closed, at: Date) => string;
  /** The review on show is over, rated here or not: the session goes on (page.ts). */
  moveOn: (said: string, how: string, left: boolean, focus: boolean) => void;
  /** The exercise's live regions made quiet (quiet), with their politeness: the page wakes them when the learner acts. */
  quieted: Map<HTMLElement, string>;
  /**
   * The review on show, told that its stored record changed (another tab counted something
   * against it): it takes it in. Unset between reviews (the page's moveOn).
   */
  attemptsChanged: (() => void) | undefined;
}

const labels: Record<ReviewOutcome, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };

/**
 * The exercise's live regions (its feedback, its status line, its hints), each made quiet
 * (aria-live="off") and returned with the politeness it had. The page brings the exercise up
 * itself (deals the review's numbers, brings back the parts answered before a reload, with their
 * verdicts): what it writes there is shown, and said once by the page's own status line, not read
 * out region by region as if the learner had just checked each part.
 */
function quiet(root: HTMLElement): Map<HTMLElement, string> {
  const regions = new Map<HTMLElement, string>();
  for (const region of root.querySelectorAll<HTMLElement>("[aria-live]")) {
    const live = region.getAttribute("aria-live")!;
    if (live === "off") continue;
    regions.set(region, live);
    region.setAttribute("aria-live", "off");
  }
  return regions;
}

/**
 * The rating step: the grades the attempts earned, each with the date it would give. `focus`
 * puts the focus on the default grade; not when the page comes back to a review on loading.
 * A focus on what goes here (the give-up button, the grades drawn anew) or went before it
 * (`dropped`: Show a hint) goes to the default grade too (or the card's heading, should that not
 * take it): never to the page's body. Where no grade would record anything (closedBy: the card
 * left the schedule, or was rated, in another tab), none is offered: the page says why and goes
 * on (moveOn), the focus then to Next review.
 */
function offerRating(page: ReviewPage, card: DueCard, attempts: ReviewAttempts, focus: boolean, dropped = false): void {
  const { giveUp, rate, rateNote, rateButtons, where, say, closedBy, closedText, moveOn, now } = page;
  const lost = dropped || holdsFocus(giveUp, rateButtons);
  giveUp.hidden = true;
  const at = now();
  const progress = readProgress();
  // No grade would record anything: the page says why and goes on, the focus on what goes
  // (or the learner's own act) going to Next review.
  const closed = closedBy(card, progress);
  if (closed) return moveOn(closedText(closed, at), "Not rated here", closed.left, focus || lost);
  const allowed = ratingsAllowed(attempts);
  rateNote.textContent = ratingNote(attempts);
  const buttons = outcomes.map((outcome) => {
    const enabled = allowed.includes(outcome);
    const due = enabled ? new Date(recordReview(progress, card.id, outcome, at).review![card.id]!.due) : undefined;
    const button = element(
      "button",
      { type: "button", className: "br-button", disabled: !enabled },
      labels[outcome],
      element("small", { textContent: due ? `back ${when(due, at)}` : "not earned" }),
    );
    button.dataset.rating = outcome;
    button.addEventListener("click", () => rated(page, card, attempts, outcome));
    return button;
  });
  rateButtons.replaceChildren(...buttons);
  rate.hidden = false;
  say(answeredNote(attempts.gaveUp, attempts.seed));
  // The default grade (the terminal records it when none is named) has the focus.
  const fallback = rateReview(attempts).outcome;
  const grade = buttons.find((b) => b.dataset.rating === fallback);
  if (lost) handFocus(grade, where);
  else if (focus) handFocus(grade);
}

function rated(page: ReviewPage, card: DueCard, offered: ReviewAttempts, outcome: ReviewOutcome): void {
  const { closedBy, closedText, moveOn, now } = page;
  // Another tab counted more against this review since these grades were offered, and the
  // grade is no longer earned (its storage event is not here yet): the review takes that in and
  // offers its grades anew.
  const stored = readAttempts();
  const attempts = stored ? combineAttempts(offered, attemptsFor(stored, card.id, offered.seed)) : offered;
  if (!ratingsAllowed(attempts).includes(outcome)) return page.attemptsChanged?.();
  const at = now();
  /** Why the review could not be rated after all (since these grades were offered). */
  let closed: Closed | undefined;
  let due: Date | undefined;
  const progress = updateProgress((p) => {
    closed = closedBy(card, p);
    if (closed) return;
    p.review = recordReview(p, card.id, outcome, at).review;
    due = new Date(p.review![card.id]!.due);
  });
  // Its record goes with it: the card deals new numbers next time.
  pruneAttempts(progress);
  if (closed) moveOn(closedText(closed, at), "Not rated here", closed.left, true);
  else moveOn(`Rated ${outcome}. This exercise comes back ${when(due!, at)}.`, "Rated", false, true);
}

/**
 * Bring up the review of `card`, at `place` in the queue, as `review` (the page's onShow), from
 * the exercise's markup `html` and its solution, whose `variant()` deals the review's numbers.
 */
export function showReview(
  page: ReviewPage,
  card: DueCard,
  place: number,
  review: OnShow,
  html: string,
  solution: SolutionModule | undefined,
): void {
  const variant = solution?.variant;
  const { giveUp, rate, say, setStatus, slot } = page;
  // Closed while it loaded (another tab rated it, or took it out of the schedule): the page has
  // said so and moved on, and does not bring it up.
  if (review.closed) return;
  const template = document.createElement("template");
  template.innerHTML = html;
  // The markup's own boot script is not needed (this page boots it below) and would not run.
  for (const script of template.content.querySelectorAll("script:not([type='application/json'])")) script.remove();
  const root = template.content.querySelector<HTMLElement>("[data-exercise]");
  const payload = root && readPayload(root);
  if (!root || !payload) {
    say("The exercise could not load (its markup is missing). Reload the page to try again.");
    return;
  }
  if (!variant) {
    say(noNumbers);
    return;
  }
  page.quieted.clear();
  for (const [region, live] of quiet(root)) page.quieted.set(region, live);
  // The review's numbers are dealt through the exercise's variant form (below), and stay: it is
  // never offered here (a press on Another variant while they were dealt dealt other numbers).
  // The exercise's own style shows the form: hidden is not enough.
  const form = root.querySelector<HTMLFormElement>("[data-variant-form]");
  if (form) {
    form.hidden = true;
    form.style.display = "none";
  }
  slot.replaceChildren(root);

  // Never the chapter's numbers, which its page shows with the solution free to see.
  const seed = reviewSeed(card.id, card.reps, {
    variant,
    chapter: payload.params,
    remembered: rememberedParts(card.id, payload.parts, solution!),
  });
  /**
   * What counts against this review: what a reload, or another tab, left on record for these
   * numbers, and what the learner does here from now on, kept as it happens.
   */
  let attempts = dealAttempts(card.id, seed, card.reps);
  const remember = () => {
    attempts = keepAttempts(card.id, attempts);
  };
  let answered = false;
  /** The numbers are dealt: the learner works on the review. */
  let dealtIn = false;
  const confirmText = root.querySelector("[data-confirm] p");
  /**
   * Every part answered right: a hint would help with nothing, and counts nothing now, so Show a
   * hint goes (the hints opened stay open). Show solution stays, to compare the worked solution
   * with the learner's own working, and its confirmation says that seeing it changes nothing.
   * Returns whether the focus was on Show a hint.
   */
  const settleAnswered = (): boolean => {
    const hintButton = root.querySelector<HTMLElement>('[data-action="hint"]');
    const hadFocus = holdsFocus(hintButton);
    if (hintButton) hintButton.hidden = true;
    if (confirmText) confirmText.textContent = compareQuestion;
    const decline = root.querySelector('[data-action="cancel-solution"]');
    if (decline) decline.textContent = compareDecline;
    return hadFocus;
  };
  /**
   * The review answered (every part right, or given up): the grades. `focus` when the learner's
   * own act did it: the default grade takes the focus, wherever it was (on Show a hint too, if
   * the learner tabbed there while the last answer was graded). Coming back to a review answered
   * right, the focus stays where a page load leaves it, unless it is on Show a hint (the learner
   * tabbed there while the numbers were dealt): that button goes, and the focus goes to the
   * default grade, what the review offers in its place (or the card's heading, where no grade
   * can be given), not to the page's start.
   */
  const finish = (focus: boolean) => {
    if (answered) return;
    answered = true;
    const leftHint = !attempts.gaveUp && settleAnswered();
    offerRating(page, card, attempts, focus, leftHint);
  };
  /** The learner saw the answers (the review's button, or the exercise's own solution): it counts as forgotten. */
  const markGaveUp = (focus: boolean) => {
    if (answered) return;
    attempts.gaveUp = true;
    remember();
    finish(focus);
  };
  /**
   * The exercise's worked solution and the answers for these numbers, shown by the page (the
   * exercise's widget: exerciseWidget), so the focus stays where it is. The learner's own press
   * on the exercise's Show it gives up through the click listener below.
   */
  const reveal = () => void exerciseWidget(root).then((widget) => widget?.showSolution());
  /** The hints this review has counted stay open (they were counted once; the rest stay closed). */
  const showCountedHints = () => {
    for (const [i, hint] of root.querySelectorAll<HTMLElement>("[data-hint]").entries())
      if (i < attempts.hints) hint.hidden = false;
    showHintButton(root);
  };
  /**
   * Bring the page to the record: the hints counted open and, once given up, the answers shown
   * and "again" to rate. `focus` moves the focus to the grades.
   */
  const showRecord = (focus: boolean) => {
    showCountedHints();
    if (!attempts.gaveUp || answered) return;
    reveal();
    markGaveUp(focus);
  };
  /**
   * The feedback of each part whose answer, kept before a reload, is being checked again by the
   * exercise to show its verdict: that verdict was counted when it was first given.
   */
  const restoring = new Set<HTMLElement>();
  /**
   * What was typed in a part after its answer was checked, kept before a reload (keepTyped): by
   * the part's feedback, the fields put back once that answer has its verdict again (the grader
   * reads the form when its answers have loaded, so not before).
   */
  const typedSince = new Map<HTMLElement, Fields>();
  /**
   * Text typed in `form` and not checked, back as it was left: nothing is checked, counted or
   * said. A mark of a wrong answer on a field (aria-invalid) goes where the text is no longer the
   * answer checked, as it went when the learner edited it (mount.ts, clearWrongMark).
   */
  const showTyped = (form: HTMLFormElement, fields: Fields) => {
    const checked = new Map(formFields(form));
    fillForm(form, fields);
    for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[aria-invalid="true"]'))
      if (field.value !== (checked.get(field.name) ?? "")) field.removeAttribute("aria-invalid");
  };
  // What the learner does in the exercise, until the review is answered: wrong verdicts and hints
  // count against the review (a wrong answer checked again unchanged once: the exercise marks the
  // repeat data-counted="false"), and each part's last answer is kept with its verdict; every
  // part right for the new numbers ends it; showing the solution is giving up.
  const verdicts = new MutationObserver((records) => {
    let counted = 0;
    /** A verdict on an answer the learner checked here, not one brought back. */
    let checked = false;
    for (const r of records) {
      const target = r.target as HTMLElement;
      if (r.attributeName !== "data-verdict") continue;
      if (restoring.delete(target)) {
        const typed = typedSince.get(target);
        const form = target.closest<HTMLFormElement>("form[data-part]");
        typedSince.delete(target);
        if (typed && form) showTyped(form, typed);
        continue;
      }
      const verdict = target.dataset.verdict;
      if (answered || (verdict !== "right" && verdict !== "wrong")) continue;
      checked = true;
      if (verdict === "wrong" && target.dataset.counted !== "false") counted++;
      const form = target.closest<HTMLFormElement>("form[data-part]");
      if (form?.dataset.part) attempts.answers[form.dataset.part] = { fields: formFields(form), verdict };
    }
    if (answered) return;
    if (checked) {
      attempts.wrong += counted;
      remember();
    }
    // Every part right: the grades, with the focus when the learner's own check did it (not
    // when the answers brought back after a reload were all right).
    const parts = [...root.querySelectorAll<HTMLElement>("form[data-part] [data-feedback]")];
    if (parts.length > 0 && parts.every((f) => f.dataset.verdict === "right")) finish(checked);
  });
  /**
   * The parts as they were left before a reload: each answer checked back in its form and
   * checked again by the exercise's own grader (for these numbers it gives the same verdict),
   * which counts nothing against the review; then what was typed since, checked or not, in its
   * field, checked by nothing. Returns how many parts came back answered, and how many with text
   * typed and not checked.
   */
  const restoreAnswers = () => {
    let answeredParts = 0;
    let typedParts = 0;
    for (const form of root.querySelectorAll<HTMLFormElement>("form[data-part]")) {
      const part = form.dataset.part ?? "";
      const given = Object.hasOwn(attempts.answers, part) ? attempts.answers[part] : undefined;
      const typed = Object.hasOwn(attempts.typed, part) ? attempts.typed[part] : undefined;
      const feedback = form.querySelector<HTMLElement>("[data-feedback]");
      // Kept only where it is not the answer checked (attempts.ts, sinceChecked).
      if (given && feedback) {
        fillForm(form, given.fields);
        restoring.add(feedback);
        if (typed) typedSince.set(feedback, typed);
        form.requestSubmit();
        answeredParts++;
      } else if (typed) showTyped(form, typed);
      if (typed?.some(([, value]) => value !== "")) typedParts++;
    }
    return { answeredParts, typedParts };
  };
  // What the learner types in a part, checked or not, is kept for these numbers as it is typed
  // (keepTyped), from the numbers dealt until the review is over here: a reload brings it back.
  // The page's own writes in the forms (the numbers dealt, the parts brought back) fire no event.
  const keepEdit = (event: Event) => {
    if (!dealtIn || review.closed || page.onShow() !== review) return;
    const form = event.target instanceof Element ? event.target.closest<HTMLFormElement>("form[data-part]") : null;
    const part = form?.dataset.part;
    if (form && part) keepTyped(card.id, seed, part, formFields(form));
  };
  root.addEventListener("input", keepEdit);
  root.addEventListener("change", keepEdit);
  root.addEventListener("click", (event) => {
    const action = (event.target as HTMLElement).closest<HTMLElement>("[data-action]")?.dataset.action;
    if (action === "hint") {
      // This listener, on the exercise's root, runs after the hint button's own (mount.ts), so a
      // hint the press opened is open by now; a press that opened none ("No more hints"), or one
      // once the review is answered, counts nothing (reviewHintAsked, the terminal's rule too).
      const open = root.querySelectorAll("[data-hint]:not([hidden])").length;
      const asked = reviewHintAsked({ hints: attempts.hints, answered }, open);
      if (asked.counted > 0) {
        attempts.wrong += asked.counted;
        attempts.hints = asked.shown;
        remember();
      }
    }
    if (action === "confirm-solution") markGaveUp(true);
  });
  // Another tab counted more against these numbers: so does this one.
  page.attemptsChanged = () => {
    const stored = readAttempts();
    if (!stored || !countsMore(attempts, attemptsFor(stored, card.id, seed))) return;
    attempts = combineAttempts(attempts, attemptsFor(stored, card.id, seed));
    if (!dealtIn) return;
    const focus = rate.contains(document.activeElement);
    const wasAnswered = answered;
    showRecord(focus);
    if (wasAnswered) offerRating(page, card, attempts, focus);
  };

  // Deal this review's numbers through the exercise's own variant form, then hand over. The
  // exercise is marked as the review's: a chapter page refuses to deal a due review's numbers
  // (mount.ts), which are for this page, where what shows or checks them counts.
  root.dataset.inReview = "";
  if (confirmText) confirmText.textContent = giveUpQuestion;
  bootExercises();
  // A review starts with its hints closed, since it counts them against the learner:
  // bootExercises reopens the hints opened when the exercise was solved in its chapter (its
  // saved state), and those would help with the review's numbers without being counted. Only
  // this view closes them; the stored count of hints stays as it is. Those this review counted
  // already (before a reload) open again.
  for (const hint of root.querySelectorAll<HTMLElement>("[data-hint]")) hint.hidden = true;
  showCountedHints();
  const note = root.querySelector<HTMLElement>("[data-variant-note]");
  if (!form || !note) {
    say(noNumbers);
    return;
  }
  form.querySelector<HTMLInputElement>('input[name="seed"]')!.value = String(seed);
  const dealt = new MutationObserver(() => {
    const text = note.textContent ?? "";
    if (text.startsWith(`Variant ${seed}`)) {
      dealt.disconnect();
      // The list names the exercise as the dealt heading does.
      const heading = root.querySelector(`#${CSS.escape(`ex-${card.id}-title`)}`)?.cloneNode(true) as
        | HTMLElement
        | undefined;
      if (heading) {
        for (const eyebrow of heading.querySelectorAll(".br-ex__eyebrow")) eyebrow.remove();
        const title = (heading.textContent ?? "").replace(/\s+/g, " ").trim();
        if (title) page.dealtTitle(place, title);
      }
      giveUp.disabled = false;
      verdicts.observe(root, { attributes: true, attributeFilter: ["data-verdict"], subtree: true });
      const { answeredParts: restored, typedParts } = restoreAnswers();
      dealtIn = true;
      // A review given up on before a reload comes back with its answers shown and "again" to
      // rate; one whose every part was answered right, with its grades: the rating step says so
      // in the status line, the one thing it says on coming back (not first the numbers dealt).
      const forms = [...root.querySelectorAll<HTMLFormElement>("form[data-part]")];
      const allRight =
        forms.length > 0 && forms.every((f) => attempts.answers[f.dataset.part ?? ""]?.verdict === "right");
      if (attempts.gaveUp) return showRecord(false);
      if (allRight) return finish(false);
      // Wrong answers counted before a reload are not all on screen (a part shows only its last
      // answer): the status says they count.
      const counted =
        attempts.wrong > 0
          ? ` ${countOf(attempts.wrong, "wrong answer or hint", "wrong answers or hints")} already ${attempts.wrong === 1 ? "counts" : "count"} against this review.`
          : "";
      // What came back: the answers checked, and text typed in a part and not checked since. The
      // variant (its seed) is named only once the review is answered (status.ts).
      const dealtSaid = dealtNote(forms.length, restored, typedParts);
      setStatus((n) => `${countOf(n, "review")} left today. ${dealtSaid}${counted}`);
    } else if (!text.startsWith("The chapter's")) {
      dealt.disconnect();
      say(`The new numbers could not be dealt: ${text}`);
    }
  });
  dealt.observe(note, { childList: true, characterData: true, subtree: true });
  // Closed from here on, it counts and offers nothing more; what the learner typed stays.
  review.close = () => {
    review.closed = true;
    answered = true;
    dealt.disconnect();
    verdicts.disconnect();
  };
  form.requestSubmit();

  giveUp.onclick = () => {
    // Kept before the answers are shown: a reload from here on still shows them, as given up.
    attempts.gaveUp = true;
    remember();
    reveal();
    markGaveUp(true);
  };
}
