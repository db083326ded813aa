/** The reviews the learner rated earlier today, which the page's session counts with its own. */
import { type DueCard, dayOf, type Reviewable } from "../../course/review.ts";
import type { Progress } from "../../course/progress.ts";

/**
 * The cards of `reviewables` rated in a review on `now`'s day, the learner's (dayOf: the day the
 * page's "later today" names), in the order they were rated, leaving out those in `queued` (due again now: the session
 * brings them up). A card whose last review is its solving (one review so far: enrol enters a newly
 * solved exercise as reviewed when solved) was not reviewed today.
 */
export function reviewedToday(
  progress: Progress,
  reviewables: readonly Reviewable[],
  now: Date,
  queued: ReadonlySet<string>,
): DueCard[] {
  const known = new Set(reviewables.map((r) => r.id));
  const today = dayOf(now);
  return Object.entries(progress.review ?? {})
    .flatMap(([id, card]) => {
      const last = card.last_review ? new Date(card.last_review) : undefined;
      if (!known.has(id) || queued.has(id) || card.reps < 2 || !last || Number.isNaN(last.getTime())) return [];
      if (last.getTime() > now.getTime() || dayOf(last) !== today) return [];
      return [{ card: { id, due: new Date(card.due), reps: card.reps }, at: last.getTime() }];
    })
    .sort((a, b) => a.at - b.at || (a.card.id < b.card.id ? -1 : 1))
    .map(({ card }) => card);
}
