/**
 * What the page's bootstrap needs to know about shared runs, without loading the game: whether
 * the address carries a result code, and where the player's name is kept.
 */

import { basePath, joinBase } from "../../course/url.ts";

/** The address (below the host) that replays a run: its scenario's page, the code after `#code=`. */
export function replayLink(scenario: string, code: string, base: string = basePath): string {
  return `${joinBase(base, `gameday/${scenario}/`)}#code=${encodeURIComponent(code)}`;
}

/** Where the name a player puts on the room's board is remembered. */
export const nameKey = "blast-radius:gameday-name:v1";
