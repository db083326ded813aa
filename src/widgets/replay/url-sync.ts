/** The replay's state in the page address, so a link reproduces what the reader sees. */
import { fromQuery, queryHasState, toQuery, type ReplayState } from "./state.ts";

/** The state a shared link carries, or null when the address has none. */
export function stateInUrl(): ReplayState | null {
  const query = new URLSearchParams(location.search);
  return queryHasState(query) ? fromQuery(query) : null;
}

/** Put `state` in the address (replacing the entry: the back button still leaves the page). */
export function writeUrl(state: ReplayState): void {
  const query = toQuery(state, new URLSearchParams(location.search)).toString();
  history.replaceState(history.state, "", `${location.pathname}${query ? `?${query}` : ""}${location.hash}`);
}
