/**
 * The site's one rule for a focus on a control a widget takes away (hides, disables, removes or
 * draws anew): Chromium drops it to the page's body, where a keyboard user loses their place, Tab
 * starts again from the top, and a screen reader says nothing of where they are. So a widget asks,
 * before the control goes, whether it holds the focus (holdsFocus), and hands the focus on
 * (handFocus) to the first of its heirs that can take it, never to the body. setHidden does both
 * for a control hidden.
 *
 * Only `document.activeElement`, `focus()`, `parentElement` and `hidden` are used, so a unit test
 * needs no more of the DOM than a fake of those (src/widgets/focus.test.ts).
 */

type Maybe<T> = T | null | undefined;

/** Whether the focus is on one of `controls`, or inside one: asked before they go. */
export function holdsFocus(...controls: Maybe<Element>[]): boolean {
  // The focused element and its ancestors, each checked against the controls: `contains` asked
  // the other way round.
  for (let el: Maybe<Element> = document.activeElement; el; el = el.parentElement)
    if (controls.includes(el)) return true;
  return false;
}

/** How the focus is handed on: `preventScroll`, as `focus()` takes it, leaves the page where it is. */
export interface HandOptions {
  preventScroll?: boolean;
}

/**
 * Focuses the first of `heirs` that takes the focus: one hidden, disabled or not on the page does
 * not, and the next is tried. Returns the one that took it, if any. Given `options` first, each
 * heir is focused with them (`preventScroll`: an heir out of sight is not scrolled to, where the
 * learner's eyes are on something else, as the game day's feed and actions are at each tick).
 */
export function handFocus(...heirs: Maybe<HTMLElement>[]): HTMLElement | undefined;
export function handFocus(options: HandOptions, ...heirs: Maybe<HTMLElement>[]): HTMLElement | undefined;
export function handFocus(...args: (Maybe<HTMLElement> | HandOptions)[]): HTMLElement | undefined {
  // An element has focus(); the options do not.
  const first = args[0];
  const options = first && !("focus" in first) ? first : undefined;
  for (const heir of (options ? args.slice(1) : args) as Maybe<HTMLElement>[]) {
    if (!heir) continue;
    heir.focus(options);
    if (document.activeElement === heir) return heir;
  }
  return undefined;
}

/**
 * Hides `control` or shows it again. Hidden with the focus on it (or in it), the focus goes first
 * to the first of `heirs` that takes it.
 */
export function setHidden(control: HTMLElement, hidden: boolean, ...heirs: Maybe<HTMLElement>[]): void {
  if (hidden && !control.hidden && holdsFocus(control)) handFocus(...heirs);
  control.hidden = hidden;
}
