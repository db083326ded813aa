/**
 * Every chapter's further reading, as built: its frontmatter's sources in order, each item
 * reading "Title, Source" with no space before the comma (a line break in the template would put
 * one there). The text is the page's as a reader sees it: tags left out, runs of white space one
 * space, as a browser lays out inline text.
 */
import { parse } from "parse5";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { attr, loadBuiltSite, textOf, walk } from "../../tools/built-site.ts";

const pages = new Map(loadBuiltSite().map((page) => [page.path, page]));

/** The items of the page's further reading, as text (entities decoded by the HTML parser). */
function furtherReading(html: string): string[] {
  const items: string[] = [];
  walk(parse(html), (el) => {
    if (el.tagName === "section" && attr(el, "class") === "further-reading")
      walk(el, (li) => {
        if (li.tagName === "li") items.push(textOf(li).replace(/\s+/g, " ").trim());
      });
  });
  return items;
}

test.each(loadChapters().map((c) => [c.slug, c] as const))(
  "%s: its sources in order, each “Title, Source” with no space before the comma",
  (slug, chapter) => {
    const page = pages.get(`/${slug}/`);
    expect(page, `the build has /${slug}/`).toBeDefined();
    const items = furtherReading(page?.html ?? "");
    const one = (text: string) => text.replace(/\s+/g, " ").trim();
    expect(items).toEqual(chapter.reading.map((r) => `${one(r.title)}, ${one(r.source)}`));
    expect(items.filter((item) => / ,/.test(item))).toEqual([]);
  },
);
