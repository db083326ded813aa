/**
 * A rehype step for the course's MDX, after rehype-katex: formulas stay out of the site search's
 * index. KaTeX's MathML keeps a formula's LaTeX source in `<annotation encoding="application/x-tex">`
 * beside what the reader sees, and Pagefind indexed both, run together: a result's excerpt read
 * "q/capacityq / \text{capacity}", and a nonsense query matched the "qq" they made.
 *
 * What the reader sees does not read as text either: MathML flattened to text loses its layout,
 * so 2^{53} reads "253", N/(N-1) reads "NN−1" and attempts^{layers} "attemptslayers". And a
 * formula's one-letter names (q, n, p, k) become words of their own, which a query falls back on
 * when it matches nothing longer (search finds the longest start of a query that is a word), so
 * "qqzzxx" found the chapter that names a queue q. The whole formula is left out: an excerpt reads
 * the prose around it, and the page itself keeps every formula, annotation included, as it was.
 *
 * Pagefind leaves out an element marked `data-pagefind-ignore` and all it holds
 * (https://pagefind.app/docs/indexing/#removing-individual-elements-from-the-index; Starlight's
 * https://starlight.astro.build/guides/site-search/#exclude-part-of-a-page). Starlight 0.37 runs
 * Pagefind with its defaults and takes no exclude selectors (its `pagefind` option sets only
 * ranking and merged indexes), so each formula is marked here.
 */

interface HastNode {
  type: string;
  tagName?: string;
  properties?: Record<string, unknown>;
  children?: HastNode[];
}

/** Marks every MathML formula of the tree (a `<math>` element) for Pagefind to leave out. */
export default function rehypeMathSearch() {
  return (tree: HastNode): void => {
    const visit = (node: HastNode) => {
      if (node.type === "element" && node.tagName === "math") {
        node.properties = { ...node.properties, dataPagefindIgnore: "" };
        return;
      }
      for (const child of node.children ?? []) visit(child);
    };
    visit(tree);
  };
}
