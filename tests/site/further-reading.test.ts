/**
 * Every chapter's further reading, as built: its frontmatter's sources in order, each item
 * reading "Title, Source" with no space before the comma (a line break in the template would put
 * one there). The text is the page's as a reader sees it: tags left out, runs of white space one
 * space, as a browser lays out inline text.
 */
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { loadBuiltSite } from "../../tools/built-site.ts";

const pages = new Map(loadBuiltSite().map((page) => [page.path, page]));

/** The items of the page's further reading, as text. */
function furtherReading(html: string): string[] {
  const section = /<section class="further-reading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
  return [...section.matchAll(/<li>([\s\S]*?)<\/li>/g)].map((m) =>
    (m[1] ?? "")
      .replace(/<[^>]+>/g, "")
      .replace(/&#39;/g, "'")
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&amp;/g, "&")
      .replace(/\s+/g, " ")
      .trim(),
  );
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
