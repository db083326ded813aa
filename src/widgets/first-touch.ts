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
}

/**
 * Runs `mount` once, on the first touch of `root`. Returns a function that starts it at once
 * (a shared link in the URL) and gives the same promise every time.
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
  if (replayClick) {
    root.addEventListener(
      "click",
      (event) => {
        if (!mounted) pendingClick = (event.target as Element).closest(replayClick) ?? pendingClick;
      },
      { capture: true },
    );
  }
  let loading: Promise<void> | undefined;
  const start = (): Promise<void> => {
    if (!loading) {
      for (const type of events) root.removeEventListener(type, start, true);
      loading = mount().then(() => {
        mounted = true;
        pendingClick?.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      });
    }
    return loading;
  };
  for (const type of events) root.addEventListener(type, start, { capture: true, passive: true });
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
