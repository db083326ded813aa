/**
 * A rehype step for the course's MDX: every diagram (`<figure class="diagram">` or
 * `<figure class="course-figure">` whose drawing is an `<svg role="img">`) is a box the keyboard
 * can reach and name. Below 47rem src/styles/course.css keeps such a drawing at a width where its
 * labels stay readable and lets the figure scroll sideways (WCAG 1.4.10 at 320 px); a box that
 * scrolls must take focus, or a keyboard user cannot scroll it (axe-core's
 * scrollable-region-focusable). Whether it overflows is known only in the browser, so the build
 * gives every such figure focus, and the page's script (src/widgets/figure-stops.ts) takes the Tab
 * stop away where the figure does not scroll, and gives it back when the window narrows.
 *
 * The figure is named by its caption (given an id when it has none), or, without a caption, by
 * what names its drawing (the svg's aria-labelledby). Chapters write figures as JSX in MDX, so the
 * tree holds them as `mdxJsxFlowElement` nodes, with attributes in a list.
 */

interface JsxAttribute {
  type: string;
  name?: string;
  value?: unknown;
}
interface TreeNode {
  type: string;
  name?: string | null;
  attributes?: JsxAttribute[];
  children?: TreeNode[];
}

const literal = (node: TreeNode, name: string): string | undefined => {
  const value = node.attributes?.find((a) => a.type === "mdxJsxAttribute" && a.name === name)?.value;
  return typeof value === "string" ? value : undefined;
};
const setAttribute = (node: TreeNode, name: string, value: string) => {
  const attributes = (node.attributes ??= []);
  const found = attributes.find((a) => a.type === "mdxJsxAttribute" && a.name === name);
  if (found) found.value = value;
  else attributes.push({ type: "mdxJsxAttribute", name, value });
};
const isJsx = (node: TreeNode, name: string) =>
  (node.type === "mdxJsxFlowElement" || node.type === "mdxJsxTextElement") && node.name === name;

/** Whether the node is a diagram figure that src/styles/course.css lets scroll on a phone. */
function isScrollingFigure(node: TreeNode): boolean {
  if (!isJsx(node, "figure")) return false;
  const classes = (literal(node, "class") ?? literal(node, "className") ?? "").split(/\s+/);
  if (!classes.includes("diagram") && !classes.includes("course-figure")) return false;
  return (node.children ?? []).some((child) => isJsx(child, "svg") && literal(child, "role") === "img");
}

/** Makes one figure focusable and named; `n` numbers the caption ids it has to make up. */
function makeReachable(figure: TreeNode, n: number): void {
  const children = figure.children ?? [];
  const caption = children.find((child) => isJsx(child, "figcaption"));
  const svg = children.find((child) => isJsx(child, "svg"));
  let names: string | undefined;
  if (caption) {
    names = literal(caption, "id");
    if (names === undefined) {
      names = `figure-caption-${n}`;
      setAttribute(caption, "id", names);
    }
  } else if (svg) names = literal(svg, "aria-labelledby");
  if (names === undefined)
    throw new Error(
      "a diagram figure needs a <figcaption> or an <svg aria-labelledby> with a literal value, to name it when it scrolls",
    );
  setAttribute(figure, "tabindex", "0");
  setAttribute(figure, "aria-labelledby", names);
}

/** The rehype plugin (astro.config.ts's markdown.rehypePlugins, which MDX extends). */
export default function rehypeScrollingFigures() {
  return (tree: TreeNode): void => {
    let n = 0;
    const walk = (node: TreeNode) => {
      if (isScrollingFigure(node)) makeReachable(node, ++n);
      for (const child of node.children ?? []) walk(child);
    };
    walk(tree);
  };
}
