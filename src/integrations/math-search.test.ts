import { expect, test } from "vitest";
import rehypeMathSearch from "./math-search.ts";

type Node = { type: string; tagName?: string; properties?: Record<string, unknown>; children?: Node[] };
const el = (tagName: string, properties: Record<string, unknown> = {}, children: Node[] = []): Node => ({
  type: "element",
  tagName,
  properties,
  children,
});
const text = (value: string) => ({ type: "text", value }) as Node;

test("each formula is marked for search to leave out, with all it holds; the prose around it is not", () => {
  const annotation = el("annotation", { encoding: "application/x-tex" }, [text("q / \\text{capacity}")]);
  const inline = el("math", { xmlns: "http://www.w3.org/1998/Math/MathML" }, [
    el("semantics", {}, [el("mrow", {}, [el("mi", {}, [text("q")])]), annotation]),
  ]);
  const block = el("math", { display: "block" }, [el("mi", {}, [text("L")])]);
  const paragraph = el("p", {}, [text("A request waits "), el("span", { className: ["katex"] }, [inline])]);
  const display = el("span", { className: ["katex-display"] }, [el("span", { className: ["katex"] }, [block])]);
  rehypeMathSearch()({ type: "root", children: [paragraph, display] });
  expect(inline.properties).toEqual({ xmlns: "http://www.w3.org/1998/Math/MathML", dataPagefindIgnore: "" });
  expect(block.properties).toEqual({ display: "block", dataPagefindIgnore: "" });
  // The annotation stays, unchanged, inside the marked formula.
  expect(annotation.properties).toEqual({ encoding: "application/x-tex" });
  for (const node of [paragraph, display]) expect(node.properties).not.toHaveProperty("dataPagefindIgnore");
});
