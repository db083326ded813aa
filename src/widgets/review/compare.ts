import { notNow } from "../../course/solution-offer.ts";

/**
 * What the exercise's confirmation asks on /review/ once the review is answered, every part right:
 * the worked solution is there to compare with, and no longer gives the review up (giveUpQuestion,
 * src/course/review.ts, is what it asks before). Its other button, "Keep trying" before, says
 * compareDecline: there is nothing left to try, as a chapter's exercise says once answered
 * (src/course/solution-offer.ts).
 */
export const compareQuestion =
  "Show the worked solution and the answers for these numbers, to compare with yours? The review is answered: seeing them changes nothing, here or in the chapter.";

export const compareDecline = notNow;
