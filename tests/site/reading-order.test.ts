/**
 * The reading order a newcomer follows with Previous and Next: Start here, then the chapters in
 * course order. Starlight takes Previous and Next from the sidebar, where Daily review sits between
 * the landing and the first chapter, so the first chapter's Previous was Daily review, whose own
 * Previous was the landing: a newcomer met a review page with nothing due before any chapter.
 * Daily review keeps its place in the sidebar and is no step of that order; nor is Your progress
 * (export, import, reset), which stands beside it in the sidebar (it was in none: reachable only
 * from the landing page and a sentence on /review/).
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";
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

type Element = DefaultTreeAdapterMap["element"];

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

test("no page's Previous or Next is Daily review or Your progress, and they have neither", () => {
  const asides = ["/review/", "/progress/"];
  const toAside = site.flatMap((page) => {
    const { prev, next } = pagination(page.path);
    return [prev, next].filter((l) => l && asides.includes(l.path)).map((l) => `${page.path} -> ${l!.path}`);
  });
  expect(toAside).toEqual([]);
  for (const aside of asides) expect(pagination(aside), aside).toEqual({ prev: undefined, next: undefined });
  // Both are in the sidebar, between Start here and the first chapter.
  const first = `/${chapters[0]!.slug}/`;
  const hrefs = sidebarLinks(first).map((l) => l.path);
  expect(hrefs.slice(0, 4)).toEqual(["/", "/review/", "/progress/", first]);
});

/** The links of the sidebar a built page shows: site paths, and their words. */
function sidebarLinks(path: string): { path: string; text: string }[] {
  const sidebar = findAll(
    parse(site.find((p) => p.path === path)!.html),
    (el) => attr(el, "id") === "starlight__sidebar",
  );
  expect(sidebar, path).toHaveLength(1);
  return findAll(sidebar[0]!, (a) => a.tagName === "a").map((a) => ({
    path: resolveInternal(attr(a, "href")!, path)!.path,
    text: textOf(a).replace(/\s+/g, " ").trim(),
  }));
}

test("the 404 page lists every page the sidebar does, in its words, besides its way home", () => {
  // It listed the chapters alone: no daily review, progress or game day.
  const page = site.find((p) => p.path === "/404.html");
  expect(page).toBeDefined();
  const doc = parse(page!.html);
  const links = (el: Element) =>
    findAll(el, (a) => a.tagName === "a").map((a) => ({
      path: resolveInternal(attr(a, "href")!, "/404.html")!.path,
      text: textOf(a).replace(/\s+/g, " ").trim(),
    }));
  const [lists] = findAll(doc, (el) => hasClass(el, "not-found"));
  expect(lists).toBeDefined();
  const home = findAll(lists!, (a) => a.tagName === "a" && hasClass(a, "br-button"));
  expect(home.flatMap(links)).toEqual([{ path: "/", text: "Go to the course home" }]);
  const listed = findAll(lists!, (el) => el.tagName === "nav").flatMap(links);
  const sidebar = sidebarLinks(`/${chapters[0]!.slug}/`).filter((l) => l.path !== "/");
  const byPath = (a: { path: string }, b: { path: string }) => a.path.localeCompare(b.path);
  expect([...listed].sort(byPath)).toEqual([...sidebar].sort(byPath));
  for (const aside of ["/review/", "/progress/", "/gameday/"]) expect(listed.map((l) => l.path)).toContain(aside);
});
