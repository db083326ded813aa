/**
 * Why the results board refused a code it could not play: not the code's fault (its checker
 * failed to load, or the game met an error of its own), so the board says so and how to try
 * again. Shared by the board and its worker, which import nothing else of each other's.
 */
export const notPlayedReason = (why: string): string =>
  `the board could not play it (${why}): nothing is wrong with the code as far as the board knows; reload the page and paste it again`;
