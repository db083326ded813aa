/**
 * Search says what it found to a screen reader. Pagefind's UI shows "27 results for retry budget"
 * or "No results for zzqqxx" in a paragraph it makes anew for every search (its "Searching for…"
 * paragraph stands in its place meanwhile), with no live region: a screen reader heard nothing
 * after typing. A live region is read when its text changes, not when it is put on the page with
 * its text already in it, so the UI's own paragraph cannot be one. This keeps one status line in
 * the UI, visually hidden, for its whole life, and writes into it the words of the results
 * paragraph once a search has ended: one announcement per search (Pagefind waits for typing to
 * pause before it searches), never "Searching for…", and the same words as on screen. While a search
 * runs, and once the box is emptied, the line is empty, so the same search made again is announced
 * again.
 *
 * Pagefind's UI calls this on its root element when it makes it (src/integrations/pagefind-ui-patch.ts).
 */

/** The words of the paragraph that ends a search (the one followed by the results' list), or "". */
function resultsMessage(root: Element): string {
  const message = root.querySelector(".pagefind-ui__results-area > .pagefind-ui__results")?.previousElementSibling;
  return message?.classList.contains("pagefind-ui__message") ? (message.textContent ?? "").trim() : "";
}

export function announceSearchResults(root: HTMLElement): void {
  const status = document.createElement("p");
  // Starlight's `sr-only`, written on the element: the UI's reset (`.pagefind-ui--reset *`, `all:
  // unset`) is outside the cascade layer Starlight's class is in, and undid it (the line showed
  // above the search box).
  status.style.cssText =
    "position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0";
  status.setAttribute("role", "status");
  root.append(status);
  new MutationObserver(() => {
    const words = resultsMessage(root);
    // Written only when the words change: a screen reader may read the same words written again.
    if (status.textContent !== words) status.textContent = words;
  }).observe(root, { childList: true, subtree: true, characterData: true });
}
