/**
 * A chapter's diagrams, read from the built pages: every diagram (an SVG in `figure.diagram`) is an
 * image with a name a screen reader reads out, whole enough to stand for the picture (more than 20
 * characters, found through `aria-labelledby` on the same page or in `aria-label`), and each Part II
 * chapter, timeouts to load shedding, has at least one diagram and one exercise. These are facts of
 * the HTML, so they are checked here on every page rather than in a browser; that nothing scrolls
 * sideways at 375 and 320 px is a browser's to say (tests/browser/every-page.test.ts).
 */
import type { DefaultTreeAdapterMap } from "parse5";
import { parse } from "parse5";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { attr, hasClass, loadBuiltSite, textOf, walk } from "../../tools/built-site.ts";

type Element = DefaultTreeAdapterMap["element"];

interface Diagram {
  role: string | undefined;
  name: string;
}

/** Every diagram on a page with its role and accessible name, and how many exercises the page has. */
function readPage(html: string): { diagrams: Diagram[]; exercises: number } {
  const byId = new Map<string, Element>();
  const figures: Element[] = [];
  let exercises = 0;
  walk(parse(html), (el) => {
    const id = attr(el, "id");
    if (id) byId.set(id, el);
    if (el.tagName === "figure" && hasClass(el, "diagram")) figures.push(el);
    if (attr(el, "data-exercise") !== undefined || hasClass(el, "exercise")) exercises++;
  });
  const diagrams: Diagram[] = [];
  for (const figure of figures)
    walk(figure, (el) => {
      if (el.tagName !== "svg") return;
      const labelledBy = attr(el, "aria-labelledby");
      const name = labelledBy
        ? labelledBy
            .split(/\s+/)
            .map((id) => (byId.has(id) ? textOf(byId.get(id)!) : ""))
            .join(" ")
        : (attr(el, "aria-label") ?? "");
      diagrams.push({ role: attr(el, "role"), name: name.trim() });
    });
  return { diagrams, exercises };
}

test("the reader finds a diagram's name through aria-labelledby or aria-label, and counts exercises", () => {
  const { diagrams, exercises } = readPage(
    '<figure class="diagram"><svg role="img" aria-labelledby="t"><title id="t">Two pools, one per dependency.</title></svg></figure>' +
      '<figure class="diagram"><svg aria-label="x"></svg></figure><div data-exercise="a"></div><svg role="img"></svg>',
  );
  expect(diagrams).toEqual([
    { role: "img", name: "Two pools, one per dependency." },
    { role: undefined, name: "x" },
  ]);
  expect(exercises).toBe(1);
});

const pages = loadBuiltSite();
const partTwo = loadChapters()
  .filter((c) => c.part === 2)
  .map((c) => `/${c.slug}/`);

test("every diagram on every page is an image with a name of more than 20 characters", () => {
  const diagrams = pages.flatMap((page) => readPage(page.html).diagrams.map((d) => ({ page: page.path, ...d })));
  expect(diagrams.length).toBeGreaterThan(partTwo.length);
  expect(diagrams.filter((d) => d.role !== "img" || d.name.length <= 20)).toEqual([]);
});

test.each(partTwo)("%s has at least one diagram and one exercise", (path) => {
  const page = pages.find((p) => p.path === path);
  expect(page, `${path} is not in the build`).toBeDefined();
  const { diagrams, exercises } = readPage(page!.html);
  expect(diagrams.length).toBeGreaterThan(0);
  expect(exercises).toBeGreaterThan(0);
});
