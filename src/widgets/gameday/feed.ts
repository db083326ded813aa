/** The feed (newest first: notices, alerts, the player's actions) and the list of alerts firing. */
import { clock as clockText } from "../../sim/gameday/report.ts";
import { alertRules } from "../../sim/gameday/slo.ts";
import { escapeHtml } from "../escape-html.ts";
import { q } from "./dom.ts";

/** The feed keeps this many lines, the newest. */
const feedLines = 80;

export interface Feed {
  /** A line at the top of the feed: `kind` is "notice", "action", "resolved" or an alert's severity. */
  add(at: number, text: string, kind: string): void;
  clear(): void;
  /**
   * The alerts firing now, by rule id, redrawn only when they change (rebuilding the list every
   * update cost style and layout); returns them as the widget's `data-alerts` holds them.
   */
  showFiring(ids: readonly string[]): string;
  /** Forget what the firing list shows, so the next `showFiring` draws it (a new game). */
  forgetFiring(): void;
}

export function createFeed(root: HTMLElement): Feed {
  const feed = q<HTMLElement>(root, "[data-feed]");
  const firing = q<HTMLElement>(root, "[data-firing]");
  let shownFiring: string | null = null;
  return {
    add(at, text, kind) {
      const li = document.createElement("li");
      li.dataset.kind = kind;
      li.innerHTML = `<span class="gd-feed-time">${escapeHtml(clockText(at))}</span> ${escapeHtml(text)}`;
      feed.prepend(li);
      while (feed.children.length > feedLines) feed.lastElementChild!.remove();
    },
    clear() {
      feed.textContent = "";
    },
    showFiring(ids) {
      const now = ids.join(" ");
      if (now !== shownFiring) {
        shownFiring = now;
        firing.innerHTML = ids.length
          ? ids
              .map(
                (id) => `<li data-severity="${alertRules.find((r) => r.id === id)!.severity}">${escapeHtml(id)}</li>`,
              )
              .join("")
          : '<li data-severity="none">No alert firing</li>';
      }
      return now;
    },
    forgetFiring() {
      shownFiring = null;
    },
  };
}
