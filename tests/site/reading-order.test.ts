/**
 * The reading order a newcomer follows with Previous and Next: Start here, then the chapters in
 * course order. Starlight takes Previous and Next from the sidebar, where Daily review sits between
 * the landing and the first chapter, so the first chapter's Previous was Daily review, whose own
 * Previous was the landing: a newcomer met a review page with nothing due before any chapter.
 * Daily review keeps its place in the sidebar and is no step of that order.
 */
import { parse } from "parse5";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import {
  assertBuiltUnder,
  attr,
  distDir,
  findAll,
  hasClass,
  loadBuiltSite,
  resolveInternal,
  textOf,
} from "../../tools/built-site.ts";

assertBuiltUnder(distDir);

const site = loadBuiltSite();
const chapters = loadChapters();

/** A page's Previous and Next as Starlight's pagination links them: site paths, and their labels. */
function pagination(path: string) {
  const page = site.find((p) => p.path === path);
  expect(page, path).toBeDefined();
  const links = findAll(parse(page!.html), (el) => hasClass(el, "pagination-links")).flatMap((nav) =>
    findAll(nav, (a) => a.tagName === "a"),
  );
  const link = (rel: string) => {
    const found = links.filter((a) => attr(a, "rel") === rel);
    expect(found.length, `${path}: ${rel}`).toBeLessThanOrEqual(1);
    if (!found[0]) return undefined;
    return { path: resolveInternal(attr(found[0], "href")!, path)!.path, text: textOf(found[0]).replace(/\s+/g, " ") };
  };
  return { prev: link("prev"), next: link("next") };
}

test("Start here leads to the first chapter and the first chapter back to Start here", () => {
  const first = `/${chapters[0]!.slug}/`;
  expect(pagination("/").next?.path).toBe(first);
  const back = pagination(first).prev;
  expect(back?.path).toBe("/");
  expect(back?.text).toContain("Start here");
});

test("each chapter's Previous and Next are its neighbours in course order", () => {
  // Chapter after chapter, across parts: what the sidebar lists, with Daily review left out.
  for (const [i, chapter] of chapters.entries()) {
    const { prev, next } = pagination(`/${chapter.slug}/`);
    if (i > 0) expect(prev?.path, chapter.slug).toBe(`/${chapters[i - 1]!.slug}/`);
    if (i + 1 < chapters.length) expect(next?.path, chapter.slug).toBe(`/${chapters[i + 1]!.slug}/`);
  }
});

test("no page's Previous or Next is Daily review, and Daily review has neither", () => {
  const toReview = site.flatMap((page) => {
    const { prev, next } = pagination(page.path);
    return [prev, next].filter((l) => l?.path === "/review/").map(() => page.path);
  });
  expect(toReview).toEqual([]);
  expect(pagination("/review/")).toEqual({ prev: undefined, next: undefined });
  // It is still in the sidebar, between Start here and the first chapter.
  const first = `/${chapters[0]!.slug}/`;
  const sidebar = findAll(
    parse(site.find((p) => p.path === first)!.html),
    (el) => attr(el, "id") === "starlight__sidebar",
  );
  expect(sidebar).toHaveLength(1);
  const hrefs = findAll(sidebar[0]!, (a) => a.tagName === "a").map(
    (a) => resolveInternal(attr(a, "href")!, first)!.path,
  );
  expect(hrefs.slice(0, 3)).toEqual(["/", "/review/", first]);
});
