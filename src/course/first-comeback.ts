/**
 * When a solved exercise first comes back, from its solve, as /review/ and the terminal's `review`
 * say it before anything is in review: "in 3 days, or in 2 days if you answered a part wrong or
 * took a hint" (the intervals of firstRating's two first cards, review-first.ts). A module of its
 * own: review-first.ts is loaded by every chapter page, which never says this.
 */
import { countOf } from "../format/number.ts";
import { firstIntervals } from "./review-first.ts";

export const firstComeback = `in ${countOf(firstIntervals.good, "day")}, or in ${countOf(firstIntervals.hard, "day")} if you answered a part wrong or took a hint`;
