/**
 * The element `selector` finds under `root`. A widget whose server-rendered markup lacks a part it
 * needs stops at once, naming itself and the part, instead of failing later on a null.
 */
export function requiredElement<T extends Element>(root: ParentNode, selector: string, widget: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`${widget}: missing ${selector}`);
  return el;
}
