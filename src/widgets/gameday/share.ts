/**
 * What the page's bootstrap needs to know about shared runs, without loading the game: whether
 * the address carries a result code, and where the player's name is kept.
 */

/** The result code carried after `#code=` in a link, or null. */
export function codeInHash(hash: string): string | null {
  const match = /(?:^#|[#&])code=([^&#\s]+)/.exec(hash);
  return match ? decodeURIComponent(match[1]!) : null;
}

/** Where the name a player puts on the room's board is remembered. */
export const nameKey = "blast-radius:gameday-name:v1";
