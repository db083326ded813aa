/**
 * What the page's bootstrap needs to know about shared runs, without loading the game: whether
 * the address carries a result code, and where the player's name is kept.
 */

import { basePath, joinBase } from "../../course/url.ts";

/** The address (below the host) that replays a run: its scenario's page, the code after `#code=`. */
export function replayLink(scenario: string, code: string, base: string = basePath): string {
  return `${joinBase(base, `gameday/${scenario}/`)}#code=${encodeURIComponent(code)}`;
}

/** A code in a fragment, as `codeInLink` finds one, with the `&` after it if one follows. */
const codePart = /([#&?])code=[^&#\s]+(&?)/;

/**
 * The fragment `hash` (a location's, "#..." or "") holding the result code `code` in place of
 * the one it held, or no code at all (null); whatever else it holds stays as it was. Every code
 * goes, not only the first that `codeInLink` reads: one left behind would be read next. "" when
 * nothing is left.
 */
export function hashWithCode(hash: string, code: string | null): string {
  let rest = hash;
  for (let m = codePart.exec(rest); m; m = codePart.exec(rest)) {
    const [part, before, after] = m;
    // "#code=x&a" keeps its "#" and drops the "&"; "#a&code=x&b" drops the first "&" only.
    rest = `${rest.slice(0, m.index)}${before === "&" ? after : before}${rest.slice(m.index + part.length)}`;
  }
  if (rest === "#") rest = "";
  if (code === null) return rest;
  const part = `code=${encodeURIComponent(code)}`;
  return rest ? `${rest}&${part}` : `#${part}`;
}

/** Where the name a player puts on the room's board is remembered. */
export const nameKey = "blast-radius:gameday-name:v1";
