/**
 * The bootstrap of a widget drawn on the server from its form (the pool animation, the cells,
 * static-stability, cell-size, headroom and canary widgets; the shuffle explorer flags an early
 * change too): mountOnFirstTouch (first-touch.ts) with the reader's values kept. Apart from
 * first-touch.ts, so that a page whose only widget is a playground or a game does not load it.
 */
import { type LazyMountOptions, mountOnFirstTouch } from "./first-touch.ts";

/**
 * A change made before the widget mounted is flagged on `root` (data-pending-change), so the
 * mount applies it and shows the clamped values; the mount sets data-ready.
 */
export function flagEarlyChange(root: HTMLElement): void {
  root.addEventListener(
    "change",
    () => {
      if (!root.dataset.ready) root.dataset.pendingChange = "true";
    },
    { capture: true },
  );
}

/** The option a select's markup chooses: the last one marked selected, or else its first. */
function markupChoice(select: HTMLSelectElement): number {
  let chosen = 0;
  for (const [index, option] of Array.from(select.options).entries()) if (option.defaultSelected) chosen = index;
  return chosen;
}

/**
 * Whether a control under `root` holds another value than its markup gave it: one the browser
 * put back, after Back when the page was not kept whole (the back/forward cache holds a page a
 * few minutes at most), or on a reload that keeps what was typed (Firefox), without a `change`
 * event.
 */
export function differsFromMarkup(root: ParentNode): boolean {
  for (const control of Array.from(root.querySelectorAll("input, select, textarea"))) {
    if (control instanceof HTMLSelectElement) {
      if (!control.multiple && control.selectedIndex !== markupChoice(control)) return true;
    } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
      if (control.checked !== control.defaultChecked) return true;
    } else if (
      (control instanceof HTMLInputElement || control instanceof HTMLTextAreaElement) &&
      control.value !== control.defaultValue
    )
      return true;
  }
  return false;
}

/**
 * The bootstrap of a widget drawn on the server from its form: `mountOnFirstTouch`, with a change
 * made before the mount flagged (`flagEarlyChange`), and one rule for values the browser put back
 * in its controls: the reader's, so they are kept. When the bootstrap runs and at each `pageshow`,
 * a widget not yet mounted whose controls differ from its markup is flagged as changed and mounts
 * at once; its mount reads the form as it finds it and draws that, so the drawing never shows the
 * server's defaults under the reader's values.
 */
export function mountFormOnFirstTouch(
  root: HTMLElement,
  mount: () => Promise<unknown>,
  options: LazyMountOptions = {},
): () => Promise<void> {
  const start = mountOnFirstTouch(root, mount, options);
  flagEarlyChange(root);
  const keepRestored = () => {
    if (root.dataset.ready || !differsFromMarkup(root)) return;
    root.dataset.pendingChange = "true";
    void start();
  };
  keepRestored();
  window.addEventListener("pageshow", keepRestored);
  return start;
}
