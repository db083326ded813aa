/**
 * A focus on a control the /review/ page takes away (hides, removes, disables, or draws anew):
 * Chromium drops it to the page's body, where a keyboard user loses their place and a screen
 * reader says nothing of where they are. The page asks, before the control goes, whether it holds
 * the focus (holdsFocus), and once it has gone hands the focus on (handFocus) to the first of its
 * heirs that can take it.
 */

/** Whether the focus is on one of `controls`, or inside one: asked before they go. */
export function holdsFocus(...controls: (Element | null | undefined)[]): boolean {
  const active = document.activeElement;
  return !!active && controls.some((control) => control?.contains(active));
}

/**
 * Focuses the first of `heirs` that takes the focus: one hidden, disabled or not on the page does
 * not, and the next is tried. Returns the one that took it, if any.
 */
export function handFocus(...heirs: (HTMLElement | null | undefined)[]): HTMLElement | undefined {
  for (const heir of heirs) {
    if (!heir) continue;
    heir.focus();
    if (document.activeElement === heir) return heir;
  }
  return undefined;
}
