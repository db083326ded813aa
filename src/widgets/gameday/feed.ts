/** The feed (newest first: notices, alerts, the player's actions) and the list of alerts firing. */
import { clock as clockText } from "../../sim/gameday/report.ts";
import { alertRules } from "../../sim/gameday/slo.ts";
import { escapeHtml } from "../escape-html.ts";
import { handFocus, holdsFocus } from "../focus.ts";
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

/** The feed's name while it is a Tab stop. */
export const feedName = "Monitoring feed, newest first";

/**
 * A line of the feed, as HTML: its time and its text, each in its own column (gameday.css), so a
 * text that wraps goes on under its text, not under the time. A space between them keeps the
 * line's words apart where it is read as text ("0 s You are on call: ..."). `html` makes each
 * part's escaped text the HTML written (the results' timeline keeps its figures whole with it).
 */
export function feedLineHtml(
  at: number,
  text: string,
  html: (escaped: string) => string = (escaped) => escaped,
): string {
  return `<span class="gd-feed-time">${html(escapeHtml(clockText(at)))}</span> <span class="gd-feed-text">${html(escapeHtml(text))}</span>`;
}

export function createFeed(root: HTMLElement): Feed {
  const feed = q<HTMLElement>(root, "[data-feed]");
  const firing = q<HTMLElement>(root, "[data-firing]");
  const heading = feed.parentElement?.querySelector<HTMLElement>("h3") ?? null;
  // What the feed will show, until its first line: static text, out of any live region, so it is
  // read where it stands, never announced. Gone with the first line, it stays gone.
  const empty = root.querySelector<HTMLElement>("[data-feed-empty]");
  let shownFiring: string | null = null;

  /**
   * The feed keeps its last lines and scrolls past what its room shows (gameday.css): as the list
   * of actions under way does (actions-panel.ts), it is a named Tab stop while it scrolls, and only
   * then, or a keyboard user cannot scroll it (axe-core's scrollable-region-focusable; Chromium
   * happens to make it one, unnamed, Safari does not). Losing it with the focus on it (a new game
   * emptied it), the focus goes to the feed's heading, not to the page's body.
   */
  const reach = () => {
    const scrolls = feed.scrollHeight > feed.clientHeight + 1;
    if (scrolls === feed.hasAttribute("tabindex")) return;
    if (scrolls) {
      feed.tabIndex = 0;
      feed.setAttribute("aria-label", feedName);
      return;
    }
    const hadFocus = holdsFocus(feed);
    feed.removeAttribute("tabindex");
    feed.removeAttribute("aria-label");
    if (hadFocus && heading) {
      heading.tabIndex = -1;
      handFocus({ preventScroll: true }, heading);
    }
  };
  // Measured once a frame at most: an update may add several lines, each measure a layout.
  let reachQueued = false;
  const reachSoon = () => {
    if (reachQueued) return;
    reachQueued = true;
    requestAnimationFrame(() => {
      reachQueued = false;
      reach();
    });
  };
  // Its width changes the lines its entries take (a phone turned, a window resized).
  new ResizeObserver(reachSoon).observe(feed);
  return {
    add(at, text, kind) {
      const li = document.createElement("li");
      li.dataset.kind = kind;
      li.innerHTML = feedLineHtml(at, text);
      feed.prepend(li);
      if (empty) empty.hidden = true;
      while (feed.children.length > feedLines) feed.lastElementChild!.remove();
      reachSoon();
    },
    clear() {
      feed.textContent = "";
      reachSoon();
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
