/**
 * Every built page's <title> names the site once: Starlight writes "<page> | <site>", so a page
 * whose own title is the site's name (the landing was "Blast Radius | Blast Radius") sets its
 * <title> whole (src/pages/index.astro). The site's name is read from each page's og:site_name.
 */
import { parse } from "parse5";
import { expect, test } from "vitest";
import { attr, findAll, loadBuiltSite, textOf } from "../../tools/built-site.ts";

const pages = loadBuiltSite();

/** A page's <title> text and the site name its og:site_name gives. */
function titleOf(html: string): { title: string | undefined; site: string | undefined } {
  const doc = parse(html);
  const [title] = findAll(doc, (el) => el.tagName === "title" && el.parentNode?.nodeName === "head");
  const [site] = findAll(doc, (el) => el.tagName === "meta" && attr(el, "property") === "og:site_name");
  return { title: title && textOf(title).trim(), site: site && attr(site, "content") };
}

test("no built page's <title> names the site twice, and the landing page's says what the course is", () => {
  const repeated: string[] = [];
  let checked = 0;
  for (const page of pages) {
    const { title, site } = titleOf(page.html);
    if (title === undefined || site === undefined) continue;
    checked++;
    if (title.split(site).length > 2) repeated.push(`${page.path}: ${title}`);
  }
  expect(checked).toBeGreaterThan(50);
  expect(repeated).toEqual([]);
  const home = titleOf(pages.find((p) => p.path === "/")!.html);
  expect(home.title).toMatch(/^Blast Radius\b/);
  expect(home.title).not.toBe("Blast Radius");
});
