/**
 * The /review/ page: enters newly solved exercises into the schedule, lists what is due, and shows
 * the due exercises one at a time. Each is fetched when it comes up (/review/<id>.json, the
 * chapter's own markup), deals the review's variant (reviewSeed: never the chapter's numbers)
 * through the exercise's own variant form and is graded by the exercise's own grader. Once every
 * part is right, or the learner gives up, the learner rates the review among the grades their
 * attempts earned (ratingsAllowed), and that schedules the next one. What counts against a review
 * until it is rated (wrong answers, hints, giving up), the last answer checked in each part, and
 * what was typed in a part and not checked since, are kept in storage by exercise and seed
 * (attempts.ts), so a reload or another tab brings the review back as the learner left it, its
 * parts answered as they were and the text typed since back in its field (checked, counted and
 * rated by nothing), with the same grades on offer, the focus where a page load leaves it and the
 * status line written once. A review rated, or dealt new numbers, brings back none of it. A part's
 * form is read and filled as a chapter's exercise keeps it (form-fields.ts). What the page
 * writes in the exercise to bring it up (the numbers dealt, the verdicts brought back) is
 * shown, not read out: its live regions are quiet until the learner acts in it (card.ts, quiet).
 * The table of topics shows how durable each chapter's memory is. What the learner does in a review counts
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
 * Schedule logic lives in src/course/review.ts; this file is the glue: the session (the queue, the
 * list, the status line, the table of topics, following other tabs). One review's own code, from
 * its exercise brought up to its rating, is card.ts, loaded with the first review: a reader with
 * none due does not load it.
 */
import {
  type DueCard,
  dueCards,
  durability,
  enrol,
  type Reviewable,
  recallPercent,
  targetRecallPercent,
} from "../../course/review.ts";
import type { SolutionModule } from "../../grader/solution.ts";
import type { Progress } from "../../course/progress.ts";
import { changesProgress, readProgress, updateProgress } from "../progress/store.ts";
import { countOf } from "../../format/number.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { attemptsKey, pruneAttempts } from "./attempts.ts";
import type { Closed, OnShow, ReviewPage } from "./card.ts";
import { element, when } from "./draw.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { emptyReview } from "./empty.ts";
import { siteStorage } from "../site-storage.ts";
import { reviewedToday } from "./today.ts";

interface Entry extends Reviewable {
  title: string;
  chapterTitle: string;
}

/** The "holds for" cell: whole days until recall falls below the target (durability's holdsDays). */
function holdsFor(days: number): string {
  if (days === 0) return `below ${targetRecallPercent}% now`;
  return keepUnitWithNumber(countOf(days, "day"));
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
  const quieted = new Map<HTMLElement, string>();
  const wake = () => {
    for (const [region, live] of quieted) region.setAttribute("aria-live", live);
    quieted.clear();
  };
  for (const type of ["keydown", "pointerdown"]) session.addEventListener(type, (e) => e.isTrusted && wake(), true);
  session.addEventListener("focusin", (e) => {
    if ((e.target as HTMLElement).closest("form[data-part]")) wake();
  });

  // Newly solved exercises join the schedule, as reviewed when solved, rated by how the solve went (firstRating).
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

  // The session: the cards reviewed earlier today (on another page load, in another tab, in the
  // terminal and imported), listed as reviewed and counted in "Review 2 of 3" and "Done: 3 reviews
  // today", then the cards due when the page opened, in order; done ones stay listed.
  const due = dueCards(readProgress(), entries, now());
  const earlier = reviewedToday(readProgress(), entries, now(), new Set(due.map((c) => c.id)));
  const queue: DueCard[] = [...earlier, ...due];
  let index = earlier.length;
  // The title each exercise was dealt under, by its place in the queue: a title that names one of
  // the exercise's numbers ("The 16-worker problem") takes the review's numbers.
  const dealtTitles: string[] = [];
  /** The places in the queue of reviews that could not be rated: their exercise left the schedule. */
  const leftSchedule = new Set<number>();
  /**
   * The review on show, from show() until moveOn: its card, and what closes it once it can no
   * longer be rated here (followSchedule). Undefined between reviews.
   */
  let onShow: OnShow | undefined;
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
    reviewPage.attemptsChanged = undefined;
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

  window.addEventListener("storage", (event) => {
    // A null key: the storage was cleared.
    if (event.key === attemptsKey || event.key === null) reviewPage.attemptsChanged?.();
    if (changesProgress(event.key)) followSchedule();
  });

  /** What the review on show (card.ts) takes of the page. */
  const reviewPage: ReviewPage = {
    where,
    slot,
    giveUp,
    rate,
    rateNote,
    rateButtons,
    now,
    say,
    setStatus,
    onShow: () => onShow,
    dealtTitle: (place, title) => {
      dealtTitles[place] = title;
      drawDueList();
    },
    closedBy,
    closedText,
    moveOn,
    quieted,
    attemptsChanged: undefined,
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
    /** The exercise's solution: its variant() deals the review's numbers, and its answers say which the chapter's answer (reviewSeed skips them). */
    let solution: SolutionModule | undefined;
    try {
      // The review's own code (card.ts), with the exercise widget's bootstrap and loaders it takes
      // (exercise.ts), comes with the first review: a reader with none due loads none of them.
      const [response, loaded] = await Promise.all([
        fetch(`${base}${encodeURIComponent(card.id)}.json`),
        import("./exercise.ts").then((m) => m.loadSolution(card.id)),
        import("./card.ts"),
      ]);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      html = ((await response.json()) as { html: string }).html;
      solution = loaded;
    } catch (error) {
      if (!review.closed)
        say(`The exercise could not load (${String(error)}). Check your connection and reload the page.`);
      return;
    }
    // Loaded above (a module is fetched and run once): this takes it as it is.
    const { showReview } = await import("./card.ts");
    showReview(reviewPage, card, place, review, html, solution);
  };

  next.addEventListener("click", () => {
    if (index < queue.length) void show(queue[index]!, true);
    else finishSession(true);
  });

  drawTopics();
  if (index < queue.length) void show(queue[index]!, false);
  else finishSession(false);
}
