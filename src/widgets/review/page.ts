/**
 * The /review/ page: enters newly solved exercises into the schedule, lists what is due, and shows
 * the due exercises one at a time. Each is fetched when it comes up (/review/<id>.json, the
 * chapter's own markup), deals the review's variant (reviewSeed: never the chapter's numbers)
 * through the exercise's own variant form and is graded by the exercise's own grader. Once every
 * part is right, or the learner gives up, the learner rates the review among the grades their
 * attempts earned (ratingsAllowed), and that schedules the next one. What counts against a review
 * until it is rated (wrong answers, hints, giving up), and the last answer checked in each part,
 * are kept in storage by exercise and seed (attempts.ts), so a reload or another tab brings the
 * review back as the learner left it, its parts answered as they were, with the same grades on
 * offer, the focus where a page load leaves it and the status line written once. What the page
 * writes in the exercise to bring it up (the numbers dealt, the verdicts brought back) is
 * shown, not read out: its live regions are quiet until the learner acts in it (quiet). The table
 * of topics shows how durable each chapter's memory is. What the learner does in a review counts
 * in the review alone, never in the exercise's record in its chapter (these were the review's
 * numbers): its answers and hints are not added to the chapter's attempts and hints (the exported
 * progress), and giving up (the page's button, or the exercise's own Show solution) rates it
 * "again" while the chapter's status there and on /progress/ does not say its solution was seen.
 * A review answered right offers no more hints (a focus on Show a hint goes to the grades), and
 * still its worked solution, to compare with: seen then, it counts nothing. The session follows
 * the schedule as other tabs change it (their storage events): a review still to come that left the
 * schedule (a progress reset, replaced or cleared) or was rated elsewhere and is no longer due
 * leaves the queue, one rated and due still deals the numbers of its reviews so far, and the review
 * on show, once it can no longer be rated here, is closed at once: the page says what happened and
 * offers Next review, the exercise left as the learner left it (what they typed stays) and the
 * focus where it is, unless on a control that goes. One found closed only when it is answered
 * (its storage event not here yet) offers no grades either, and says the same. The exercise's variant
 * form, through which the page deals the review's numbers, is never shown here. A focus on a
 * control the page takes away (Show a hint, the give-up button, Next review, grades drawn anew
 * after another tab counted more) goes on to what the reader does next, or to the card's heading
 * (focus.ts), never to the page's body.
 * Schedule logic lives in src/course/review.ts; this file is the glue.
 */
import {
  type DueCard,
  dueCards,
  durability,
  enrol,
  giveUpQuestion,
  outcomes,
  type ReviewOutcome,
  type Reviewable,
  ratingNote,
  ratingsAllowed,
  rateReview,
  recallPercent,
  recordReview,
  reviewSeed,
  targetRecallPercent,
  whenText,
} from "../../course/review.ts";
import type { Variant } from "../../course/review-seed.ts";
import { reviewHintAsked } from "../../course/review-hint.ts";
import type { Progress } from "../../course/progress.ts";
import { changesProgress, readProgress, updateProgress } from "../progress/store.ts";
import { countOf } from "../../format/number.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import {
  attemptsFor,
  attemptsKey,
  combineAttempts,
  countsMore,
  dealAttempts,
  keepAttempts,
  pruneAttempts,
  type ReviewAttempts,
  readAttempts,
} from "./attempts.ts";
import { compareDecline, compareQuestion } from "./compare.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { emptyReview } from "./empty.ts";
import { siteStorage } from "../site-storage.ts";

interface Entry extends Reviewable {
  title: string;
  chapterTitle: string;
}

/** The status when the exercise on show cannot deal the review's numbers. */
const noNumbers = "This exercise has no new numbers to deal. Reload the page to try again.";

/**
 * Why a review on show can no longer be rated (closedBy in mountReviewPage): its exercise left the
 * schedule, or the review was rated elsewhere, the exercise then due back at `due`.
 */
type Closed = { left: true } | { left: false; due: Date };

const labels: Record<ReviewOutcome, string> = { again: "Again", hard: "Hard", good: "Good", easy: "Easy" };

/** The "holds for" cell: whole days until recall falls below the target (durability's holdsDays). */
function holdsFor(days: number): string {
  if (days === 0) return `below ${targetRecallPercent}% now`;
  return keepUnitWithNumber(countOf(days, "day"));
}

/**
 * `whenText`, its number kept on the line of its unit ("in 9 days"), as the build keeps the
 * site's pages' numbers (src/format/units.ts).
 */
function when(due: Date, now: Date): string {
  return keepUnitWithNumber(whenText(due, now));
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  el.append(...children);
  return el;
}

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

export function mountReviewPage(): void {
  const page = document.querySelector<HTMLElement>("[data-review-page]");
  if (!page) return;
  const $ = <T extends HTMLElement>(selector: string) => page.querySelector<T>(selector)!;
  const entries = JSON.parse($("[data-review-data]").textContent ?? "[]") as Entry[];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const base = page.dataset.reviewBase ?? "/review/";
  const chapterPath = base.replace(/review\/$/, "");
  const status = $("[data-review-status]");
  const dueSection = $("[data-review-due-section]");
  const dueList = $("[data-review-due]");
  const session = $("[data-review-session]");
  const where = $("[data-review-where]");
  const slot = $("[data-review-slot]");
  const giveUp = $<HTMLButtonElement>("[data-review-giveup]");
  const rate = $("[data-review-rate]");
  const rateNote = $("[data-review-rate-note]");
  const rateButtons = $("[data-review-rate-buttons]");
  const result = $("[data-review-result]");
  const next = $<HTMLButtonElement>("[data-review-next]");
  const topics = $("[data-review-topics]");
  const topicsSection = $("[data-review-topics-section]");
  const now = () => new Date();
  // Where the browser refuses storage there is no schedule to export or import: the page does not offer it.
  if (!siteStorage()) for (const kept of page.querySelectorAll<HTMLElement>("[data-storage-kept]")) kept.hidden = true;

  /**
   * The live regions of the exercise on show, quiet since the page brought it up (quiet()), until
   * the learner acts in the review: a key, a press, or the focus in a part's answer. From then on
   * what they do there is read out, as in a chapter. What the page does itself (the focus it
   * moves, the solution it shows for a review given up before a reload) does not wake them.
   */
  let quieted = new Map<HTMLElement, string>();
  const wake = () => {
    for (const [region, live] of quieted) region.setAttribute("aria-live", live);
    quieted.clear();
  };
  for (const type of ["keydown", "pointerdown"]) session.addEventListener(type, (e) => e.isTrusted && wake(), true);
  session.addEventListener("focusin", (e) => {
    if ((e.target as HTMLElement).closest("form[data-part]")) wake();
  });

  // Newly solved exercises join the schedule, as reviewed "good" when first seen.
  const enrolled = updateProgress((p) => {
    const enrolled = enrol(p, entries, now());
    if (enrolled !== p) p.review = enrolled.review;
  });
  // Records of reviews rated since they were kept (in another tab, in the terminal) go.
  pruneAttempts(enrolled);

  /** The table of topics as last drawn (drawTopics). */
  let topicsDrawn = "";
  const drawTopics = () => {
    const at = now();
    const rows = durability(readProgress(), entries, at);
    // Nothing in review: the status line says so, and the table is not drawn to say it again.
    topicsSection.hidden = rows.length === 0;
    if (rows.length === 0) return;
    // Each cell carries its column's name, shown beside it where the rows stack (narrow screens).
    const columns = [...page.querySelectorAll(".br-review__topics thead th")].map((th) => th.textContent ?? "");
    const table = rows.map((r) => ({
      chapter: r.chapter,
      chapterTitle: entries.find((e) => e.chapter === r.chapter)?.chapterTitle ?? r.chapter,
      cells: [
        String(r.cards),
        String(r.due),
        `${recallPercent(r.recall)}%`,
        holdsFor(r.holdsDays),
        r.due > 0 ? "now" : when(r.nextDue, at),
      ],
    }));
    // Drawn again only when it changed (another tab's change of the schedule may leave it as it
    // was), and a focus on a chapter's link stays on that chapter's link.
    const drawn = JSON.stringify(table);
    if (drawn === topicsDrawn) return;
    topicsDrawn = drawn;
    const focused = topics.contains(document.activeElement) ? document.activeElement?.getAttribute("href") : null;
    topics.replaceChildren(
      ...table.map(({ chapter, chapterTitle, cells }) => {
        return element(
          "tr",
          {},
          element("td", {}, element("a", { href: `${chapterPath}${chapter}/`, textContent: chapterTitle })),
          ...cells.map((t, i) => {
            const td = element("td", { textContent: t });
            td.dataset.label = columns[i + 1] ?? "";
            return td;
          }),
        );
      }),
    );
    if (focused) handFocus([...topics.querySelectorAll("a")].find((a) => a.getAttribute("href") === focused));
  };

  // The session: the cards due when the page opened, in order; done ones stay listed.
  const queue: DueCard[] = dueCards(readProgress(), entries, now());
  let index = 0;
  // The title each exercise was dealt under, by its place in the queue: a title that names one of
  // the exercise's numbers ("The 16-worker problem") takes the review's numbers.
  const dealtTitles: string[] = [];
  /** The places in the queue of reviews that could not be rated: their exercise left the schedule. */
  const leftSchedule = new Set<number>();
  /**
   * The review on show, from show() until moveOn: its card, and what closes it once it can no
   * longer be rated here (followSchedule). Undefined between reviews.
   */
  let onShow: { card: DueCard; closed: boolean; close: () => void } | undefined;
  /** The session is over (finishSession): its status says when the next review is. */
  let finished = false;
  /** Reviews left today: the one on show and those still to come. */
  const left = () => queue.length - index;
  /**
   * The status line as it reads with `n` reviews left today, written again when the queue changes
   * under it (followSchedule). Undefined while it says nothing of the count (say).
   */
  let statusFor: ((n: number) => string) | undefined;
  const setStatus = (text: (n: number) => string) => {
    statusFor = text;
    status.textContent = text(left());
  };
  /** A status that says nothing of how many reviews are left. */
  const say = (text: string) => {
    statusFor = undefined;
    status.textContent = text;
  };
  /**
   * The card's heading says "Review 2 of 5: from " in this text, apart from the chapter's link
   * beside it, so the count follows the queue without taking a focus off the link.
   */
  const whereCount = document.createTextNode("");
  /** The place in the queue of the review the card's heading names. */
  let whereAt = 0;
  const countWhere = () => {
    whereCount.data = `Review ${whereAt + 1} of ${queue.length}: from `;
  };
  const nextLabel = () => (index < queue.length ? `Next review (${left()} left)` : "Finish");

  const drawDueList = () => {
    dueSection.hidden = queue.length === 0;
    dueList.replaceChildren(
      ...queue.map((card, i) => {
        const entry = byId.get(card.id)!;
        const title = dealtTitles[i] ?? entry.title;
        const li = element("li", {}, `${title} `, element("span", { textContent: `(${entry.chapterTitle})` }));
        if (title !== entry.title) li.append(`, the chapter's "${entry.title}" with new numbers`);
        if (i < index) {
          li.dataset.done = "";
          li.append(leftSchedule.has(i) ? ": not rated, it left the schedule" : " ✓ reviewed");
        }
        if (i === index) li.setAttribute("aria-current", "step");
        return li;
      }),
    );
  };

  /**
   * The end of the session; `focus` when the learner pressed Finish. Its button goes with the
   * session: the focus (a press's, or one left in the session) goes to the status line that says
   * the session is over.
   */
  const finishSession = (focus: boolean) => {
    const lost = holdsFocus(session);
    finished = true;
    session.hidden = true;
    slot.replaceChildren();
    drawDueList();
    sayFinished();
    if (focus || lost) handFocus(status);
  };

  /**
   * What the status says once the session is over: how many were reviewed and when the next is
   * due. Written only when it changed: another tab's change of the schedule may leave it as it was.
   */
  const sayFinished = () => {
    const cards = Object.values(readProgress().review ?? {});
    let text = emptyReview();
    // The schedule emptied meanwhile (the progress reset in another tab): the page's empty state.
    if (cards.length > 0) {
      const soonest = new Date(Math.min(...cards.map((c) => Date.parse(c.due))));
      const reviewed = index - leftSchedule.size;
      const done = reviewed > 0 ? `Done: ${countOf(reviewed, "review")} today. ` : "Nothing is due. ";
      text = `${done}The next review is ${when(soonest, now())}.`;
    }
    if (status.textContent !== text) say(text);
  };

  /**
   * The rating step: the grades the attempts earned, each with the date it would give. `focus`
   * puts the focus on the default grade; not when the page comes back to a review on loading.
   * A focus on what goes here (the give-up button, the grades drawn anew) or went before it
   * (`dropped`: Show a hint) goes to the default grade too (or the card's heading, should that not
   * take it): never to the page's body. Where no grade would record anything (closedBy: the card
   * left the schedule, or was rated, in another tab), none is offered: the page says why and goes
   * on (moveOn), the focus then to Next review.
   */
  const offerRating = (card: DueCard, attempts: ReviewAttempts, focus: boolean, dropped = false) => {
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
      button.addEventListener("click", () => rated(card, attempts, outcome));
      return button;
    });
    rateButtons.replaceChildren(...buttons);
    rate.hidden = false;
    say(
      attempts.gaveUp ? "Answers shown. Rate the review to schedule it." : "Answered. Rate the review to schedule it.",
    );
    // The default grade (the terminal records it when none is named) has the focus.
    const fallback = rateReview(attempts).outcome;
    const grade = buttons.find((b) => b.dataset.rating === fallback);
    if (lost) handFocus(grade, where);
    else if (focus) handFocus(grade);
  };

  /**
   * Why the review of `card` on show can no longer be rated, by what `progress` (the stored one,
   * read now) holds of it: its exercise left the schedule (the progress was reset, replaced or
   * cleared in another tab), or it was rated since this page dealt it (its reviews moved on: in
   * another tab, or in the terminal and imported). Undefined while it can be rated.
   */
  const closedBy = (card: DueCard, progress: Progress): Closed | undefined => {
    const stored = progress.review?.[card.id];
    if (!stored) return { left: true };
    if (stored.reps !== card.reps) return { left: false, due: new Date(stored.due) };
    return undefined;
  };

  /** What the page says of a review it could not rate (closedBy): what happened, in plain words. */
  const closedText = (closed: Closed, at: Date) =>
    closed.left
      ? "This review cannot be rated: the exercise is no longer in your review schedule (your progress was reset or replaced in another tab)."
      : `This review was rated already, in another tab or in the terminal: the exercise comes back ${when(closed.due, at)}.`;

  /**
   * The review on show is over, rated here or not (closedBy; `left`: its exercise left the
   * schedule): the result says how (`said`), the status where the session is (`how`), and Next
   * review (or Finish) goes on, with the focus when `focus`. Cards still queued whose exercise left
   * the schedule are not brought up: none could be rated.
   */
  const moveOn = (said: string, how: string, left: boolean, focus: boolean): void => {
    storedAttemptsChanged = undefined;
    onShow = undefined;
    rate.hidden = true;
    // Gone already once answered; still there when the review is closed while worked on.
    giveUp.hidden = true;
    if (left) leftSchedule.add(index);
    index++;
    followQueue(readProgress(), now());
    countWhere();
    result.textContent = said;
    // The status said "Rate the review to schedule it": it now says where the session is.
    setStatus((n) =>
      n > 0 ? `${how}: ${countOf(n, "review")} left today.` : `${how}: that was the last review for today.`,
    );
    next.textContent = nextLabel();
    next.hidden = false;
    if (focus) handFocus(next);
    drawDueList();
    drawTopics();
  };

  /**
   * The reviews still to come, brought to the stored schedule (`progress`, at `at`): one whose
   * exercise left it, or rated since this page queued it (in another tab, or in the terminal and
   * imported) and not due again, leaves the queue; one rated and due again takes its new reviews,
   * so it deals their numbers. Returns whether the queue changed.
   */
  const followQueue = (progress: Progress, at: Date): boolean => {
    const schedule = progress.review ?? {};
    let changed = false;
    for (let i = queue.length - 1; i >= (onShow ? index + 1 : index); i--) {
      const card = queue[i]!;
      const stored = schedule[card.id];
      if (stored?.reps === card.reps) continue;
      changed = true;
      if (stored && Date.parse(stored.due) <= at.getTime())
        queue[i] = { id: card.id, due: new Date(stored.due), reps: stored.reps };
      else queue.splice(i, 1);
    }
    return changed;
  };

  /**
   * Another tab changed the stored progress: the session follows it at once, not when the learner
   * next answers. The review on show, should it no longer be rated here (closedBy), is closed: the
   * result says why, as it would have on answering, and Next review (or Finish) is offered, the
   * exercise left as it is (what the learner typed stays) and the focus where it is, unless on the
   * give-up button or a grade, which go (it goes to Next review then). The reviews to come follow
   * the schedule (followQueue), and the counts that name them follow the queue. Once the session
   * is over, its status follows (a reset elsewhere empties the schedule).
   */
  const followSchedule = () => {
    const progress = readProgress();
    const at = now();
    if (finished) {
      sayFinished();
      return drawTopics();
    }
    const closed = onShow && closedBy(onShow.card, progress);
    if (onShow && closed) {
      const lost = holdsFocus(giveUp, rateButtons);
      onShow.close();
      return moveOn(closedText(closed, at), "Not rated here", closed.left, lost);
    }
    const before = left();
    if (followQueue(progress, at)) {
      countWhere();
      if (!next.hidden) next.textContent = nextLabel();
      if (statusFor && left() !== before) status.textContent = statusFor(left());
      drawDueList();
    }
    drawTopics();
  };

  /**
   * The review on show, told that its stored record changed (another tab counted something
   * against it): it takes it in. Unset between reviews.
   */
  let storedAttemptsChanged: (() => void) | undefined;
  window.addEventListener("storage", (event) => {
    // A null key: the storage was cleared.
    if (event.key === attemptsKey || event.key === null) storedAttemptsChanged?.();
    if (changesProgress(event.key)) followSchedule();
  });

  const rated = (card: DueCard, offered: ReviewAttempts, outcome: ReviewOutcome) => {
    // Another tab counted more against this review since these grades were offered, and the
    // grade is no longer earned (its storage event is not here yet): the review takes that in and
    // offers its grades anew.
    const stored = readAttempts();
    const attempts = stored ? combineAttempts(offered, attemptsFor(stored, card.id, offered.seed)) : offered;
    if (!ratingsAllowed(attempts).includes(outcome)) return storedAttemptsChanged?.();
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
  };

  /**
   * Bring up the review of `card`; `focus` when the learner pressed Next review, which takes the
   * focus to the card's heading.
   */
  const show = async (card: DueCard, focus: boolean) => {
    const entry = byId.get(card.id)!;
    const place = index;
    // Next review goes, with the exercise before: a focus on either (or the press's) goes to the
    // card's heading once it names this review, not to the page's body while the exercise loads
    // (or fails to).
    const lost = focus || holdsFocus(next, slot);
    drawDueList();
    result.textContent = "";
    next.hidden = true;
    rate.hidden = true;
    giveUp.hidden = false;
    giveUp.disabled = true;
    slot.replaceChildren();
    whereAt = place;
    countWhere();
    where.replaceChildren(
      whereCount,
      element("a", { href: `${chapterPath}${entry.chapter}/#ex-${entry.id}`, textContent: entry.chapterTitle }),
    );
    session.hidden = false;
    if (lost) handFocus(where);
    setStatus((n) => `${countOf(n, "review")} left today. Loading the exercise…`);
    /** This review while on show; closed (followSchedule) once it can no longer be rated here. */
    const review = {
      card,
      closed: false,
      close: () => {
        review.closed = true;
      },
    };
    onShow = review;

    let html: string;
    /** The exercise's variant(), which deals the review's numbers (reviewSeed needs it to skip the chapter's). */
    let variant: Variant | undefined;
    try {
      // The exercise widget's bootstrap and loaders (exercise.ts) come with the first review:
      // a reader with none due loads none of them.
      const [response, solution] = await Promise.all([
        fetch(`${base}${encodeURIComponent(card.id)}.json`),
        import("./exercise.ts").then((m) => m.loadSolution(card.id)),
      ]);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      html = ((await response.json()) as { html: string }).html;
      variant = solution.variant;
    } catch (error) {
      if (!review.closed)
        say(`The exercise could not load (${String(error)}). Check your connection and reload the page.`);
      return;
    }
    // Loaded above (a module is fetched and run once): this takes it as it is.
    const { bootExercises, exerciseWidget, fillForm, formFields, readPayload, showHintButton } = await import(
      "./exercise.ts"
    );
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
    quieted = quiet(root);
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
    const seed = reviewSeed(card.id, card.reps, { variant, chapter: payload.params });
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
      offerRating(card, attempts, focus, leftHint);
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
        if (restoring.delete(target)) continue;
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
     * The parts answered before a reload, as they were left: each answer back in its form and
     * checked again by the exercise's own grader (for these numbers it gives the same verdict),
     * which counts nothing against the review. Returns how many parts came back.
     */
    const restoreAnswers = () => {
      let restored = 0;
      for (const [part, given] of Object.entries(attempts.answers)) {
        const form = root.querySelector<HTMLFormElement>(`form[data-part="${CSS.escape(part)}"]`);
        const feedback = form?.querySelector<HTMLElement>("[data-feedback]");
        if (!form || !feedback) continue;
        fillForm(form, given.fields);
        restoring.add(feedback);
        form.requestSubmit();
        restored++;
      }
      return restored;
    };
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
    storedAttemptsChanged = () => {
      const stored = readAttempts();
      if (!stored || !countsMore(attempts, attemptsFor(stored, card.id, seed))) return;
      attempts = combineAttempts(attempts, attemptsFor(stored, card.id, seed));
      if (!dealtIn) return;
      const focus = rate.contains(document.activeElement);
      const wasAnswered = answered;
      showRecord(focus);
      if (wasAnswered) offerRating(card, attempts, focus);
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
          if (title) dealtTitles[place] = title;
          drawDueList();
        }
        giveUp.disabled = false;
        verdicts.observe(root, { attributes: true, attributeFilter: ["data-verdict"], subtree: true });
        const restored = restoreAnswers();
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
        const dealtNote =
          restored > 0
            ? `Back to variant ${seed} as you left it, with your answers to ${restored} of ${countOf(forms.length, "part")}.`
            : `New numbers are in (variant ${seed}): work it out again.`;
        setStatus((n) => `${countOf(n, "review")} left today. ${dealtNote}${counted}`);
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
  };

  next.addEventListener("click", () => {
    if (index < queue.length) void show(queue[index]!, true);
    else finishSession(true);
  });

  drawTopics();
  if (queue.length > 0) void show(queue[0]!, false);
  else finishSession(false);
}
