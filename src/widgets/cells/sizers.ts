/**
 * The slider widgets' unseen sizers (`cw-stack` and `cw-sizer`, cells.css): a text that changes
 * as the slider moves is laid in one grid cell with the longest text of each of its wordings, so
 * it is as tall at every setting as the tallest it can be and moving the slider does not move the
 * page below it (the cell-size and zone-headroom widgets, and SliderField's label).
 */

/**
 * The longest of `text` in each of its wordings over `views`, one view per setting the slider
 * offers. `wording` names the sentences a view's text uses: texts of one wording differ only in
 * their figures, so the longest of each is the tallest it can be.
 */
export function longestWordings<V>(
  views: readonly V[],
  text: (view: V) => string,
  wording: (view: V) => string,
): readonly string[] {
  const longest = new Map<string, string>();
  for (const view of views) {
    const kind = wording(view);
    const said = text(view);
    if (said.length > (longest.get(kind)?.length ?? -1)) longest.set(kind, said);
  }
  return [...longest.values()];
}
