/**
 * The game day a workshop adds with more time (the kit's "With 30 more minutes: a game day"): the
 * room plays one of the game day's scenarios on its own devices, at the speed the game day's
 * facilitator page suggests, and the results board ranks the runs. The figures come from the game
 * day itself: how long a game is (each scenario's `seconds`) and, at the room's speed, how long it
 * takes in real time. The facilitator page says the same in its run sheet
 * (src/pages/gameday/facilitator/index.astro; tests/site/workshop-kit-words.test.ts reads both).
 */
import { scenarios } from "../../sim/gameday/scenarios.ts";

/**
 * The speed a room plays at, simulated seconds per real second: the one the game day facilitator
 * page's run sheet suggests, and one of the dashboard's speeds (tests check both).
 */
export const roomSpeed = 5;

/** The longest game, in simulated seconds: every scenario's, not only the first one's. */
export const longestGameSeconds = Math.max(...scenarios.map((s) => s.seconds));

/** Real minutes the longest game takes at the room's speed, rounded up to a whole minute. */
export const gameMinutes = Math.ceil(longestGameSeconds / roomSpeed / 60);

/** The game day's own pages, below the site's base, that the kit and the run sheets link. */
export const gameDayPages = {
  facilitator: "/gameday/facilitator/",
  board: "/gameday/board/",
  cards: "/gameday/cards/",
} as const;
