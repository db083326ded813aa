/**
 * The part of a widget's bootstrap every widget shares: its page code loads on the first touch
 * (pointer, focus, key or input inside its root), so nothing heavy ships before interaction.
 * Kept tiny and free of imports: it runs on every page that has a widget.
 */
const firstTouch = ["pointerdown", "focusin", "keydown", "input"] as const;

export interface LazyMountOptions {
  /** Further events that also count as a first touch (e.g. "toggle", "change", "click"). */
  alsoOn?: readonly string[];
  /**
   * Clicks on a target matching this selector made before the widget has mounted: the last one
   * is clicked again once it has (its handlers exist only then).
   */
  replayClick?: string;
  /**
   * Told when the widget's code could not load (the network dropped, a build replaced the files
   * under the page), for the widget to say so. Whether or not it is given, a load that fails is
   * forgotten: the next touch, or a click on `replayClick`'s target, loads it again, and the
   * click held for the failed load is dropped (the reader presses again).
   */
  failed?: (error: unknown) => void;
}

/**
 * Runs `mount` once, on the first touch of `root`: once it has succeeded, that is, for a load
 * that fails is tried again on the next touch (`failed`). Returns a function that starts it at
 * once (a shared link in the URL) and gives the same promise every time while a load is under
 * way or done; it rejects with the error of a load that failed.
 */
export function mountOnFirstTouch(
  root: EventTarget,
  mount: () => Promise<unknown>,
  options: LazyMountOptions = {},
): () => Promise<void> {
  const events = [...firstTouch, ...(options.alsoOn ?? [])];
  let mounted = false;
  let pendingClick: Element | null = null;
  const { replayClick } = options;
  let loading: Promise<void> | undefined;
  // A touch starts the load; a failure the widget is told of (`failed`) is handled there, and one
  // it is not told of is left unhandled, for the console to show.
  const touched = () => {
    start().catch((error: unknown) => {
      if (!options.failed) throw error;
    });
  };
  const arm = () => {
    for (const type of events) root.addEventListener(type, touched, { capture: true, passive: true });
  };
  const start = (): Promise<void> => {
    if (!loading) {
      for (const type of events) root.removeEventListener(type, touched, true);
      loading = mount().then(
        () => {
          mounted = true;
          pendingClick?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
        },
        (error: unknown) => {
          loading = undefined;
          pendingClick = null;
          arm();
          options.failed?.(error);
          throw error;
        },
      );
    }
    return loading;
  };
  if (replayClick) {
    root.addEventListener(
      "click",
      (event) => {
        if (mounted) return;
        const target = (event.target as Element).closest(replayClick);
        if (!target) return;
        pendingClick = target;
        // A press after a load failed (one quick to fail can fail before the press ends) loads again.
        if (!loading) touched();
      },
      { capture: true },
    );
  }
  arm();
  return start;
}

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
