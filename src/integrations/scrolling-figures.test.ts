import { expect, test } from "vitest";
import rehypeScrollingFigures from "./scrolling-figures.ts";

type Node = {
  type: string;
  name?: string;
  attributes?: { type: string; name: string; value: unknown }[];
  children?: Node[];
};
const attr = (name: string, value: unknown) => ({ type: "mdxJsxAttribute", name, value });
const jsx = (name: string, attrs: Record<string, unknown>, children: Node[] = []): Node => ({
  type: "mdxJsxFlowElement",
  name,
  attributes: Object.entries(attrs).map(([k, v]) => attr(k, v)),
  children,
});
const attrsOf = (node: Node) => Object.fromEntries((node.attributes ?? []).map((a) => [a.name, a.value]));
const run = (...children: Node[]) => {
  const tree: Node = { type: "root", children };
  rehypeScrollingFigures()(tree);
  return tree;
};

test("a diagram figure takes focus and is named by its caption, which gets an id of its own", () => {
  const caption = jsx("figcaption", {});
  const figure = jsx("figure", { class: "diagram not-content" }, [
    jsx("svg", { role: "img", "aria-labelledby": "t" }),
    caption,
  ]);
  const other = jsx("figure", { class: "course-figure" }, [
    jsx("svg", { role: "img" }),
    jsx("figcaption", { id: "kept" }),
  ]);
  run(figure, { type: "element", children: [other] });
  expect(attrsOf(figure)).toMatchObject({ tabindex: "0", "aria-labelledby": "figure-caption-1" });
  expect(attrsOf(caption)).toEqual({ id: "figure-caption-1" });
  expect(attrsOf(other)).toMatchObject({ tabindex: "0", "aria-labelledby": "kept" });
});

test("without a caption the figure takes its drawing's name", () => {
  const figure = jsx("figure", { class: "diagram" }, [jsx("svg", { role: "img", "aria-labelledby": "regions-title" })]);
  run(figure);
  expect(attrsOf(figure)).toMatchObject({ tabindex: "0", "aria-labelledby": "regions-title" });
});

test("figures that never scroll stay out of the Tab order: other classes, or no svg image as a child", () => {
  const plain = jsx("figure", { class: "br-sit__log" }, [jsx("svg", { role: "img" }), jsx("figcaption", {})]);
  const noImage = jsx("figure", { class: "diagram" }, [jsx("svg", { "aria-hidden": "true" }), jsx("figcaption", {})]);
  run(plain, noImage);
  expect(attrsOf(plain)).toEqual({ class: "br-sit__log" });
  expect(attrsOf(noImage)).toEqual({ class: "diagram" });
});

test("a diagram with nothing to name it by is refused, saying what it needs", () => {
  expect(() => run(jsx("figure", { class: "diagram" }, [jsx("svg", { role: "img" })]))).toThrow(
    /needs a <figcaption> or an <svg aria-labelledby>/,
  );
});
