/**
 * One quote style on every page: straight apostrophes and quotes (' and "), never curly ones
 * (‘ ’ “ ”). Markdown once curled the chapters' and exercises' prose (SmartyPants) while titles,
 * objectives, components and widgets wrote straight ones, so a page said "Use Little's law" above
 * "Little’s law for the pool"; the terminal prints the same exercise text with straight quotes.
 * Markdown and MDX now leave quotes as typed (astro.config.ts, src/components/exercise/markdown.ts).
 *
 * Checked in all the text a page holds, hidden text (hints, worked solutions) included, and in
 * what is spoken or shown of an element (aria-label, alt, title, placeholder). Code, scripts,
 * styles and math source keep what they were written with. A page whose file holds no curly quote
 * (nor an entity for one) is not parsed at all, which keeps the check cheap. Text a widget writes
 * in the browser after the page loads is not in the built HTML: its tests check it.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { assertBuiltUnder, distDir } from "../../tools/built-site.ts";
import { pageTexts } from "../support/page-text.ts";

const curly = /[‘’“”]/g;
const anyCurly = /[‘’“”]/;
/** A curly quote as an HTML entity, named or numbered. */
const curlyEntity = /&(?:[lr][sd]quo|#821[6-9]|#822[01]|#x201[89cd]);/i;

/** Elements whose text keeps its own notation: code, scripts, styles, math source. */
const asWritten = new Set(["script", "style", "code", "pre", "textarea", "annotation"]);

/** Every curly quote in a document's text, hidden or not, and in what is spoken of its elements. */
function curlyQuotesIn(html: string): string[] {
  if (!anyCurly.test(html) && !curlyEntity.test(html)) return [];
  return pageTexts(html, { skip: asWritten, hidden: true, spoken: true }).flatMap(({ text, attribute }) =>
    [...text.matchAll(curly)].map((m) => {
      const at = m.index ?? 0;
      const context = `"…${text.slice(Math.max(0, at - 30), at + 30).replace(/\s+/g, " ")}…"`;
      return attribute ? `${attribute}=${context}` : context;
    }),
  );
}

test("the checker finds a curly quote in text and in what is spoken, hidden or not, as a character or an entity", () => {
  expect(curlyQuotesIn("<p>Little’s law</p><li>“Start”</li>")).toHaveLength(3);
  expect(curlyQuotesIn("<div hidden><p>the pool&rsquo;s size</p></div><p>&#8220;x&#x201D;</p>")).toHaveLength(3);
  expect(curlyQuotesIn('<button aria-label="Press ‘Next’">go</button><img alt="it’s" src="a.png">')).toHaveLength(3);
  expect(curlyQuotesIn("<svg><title>a breaker’s states</title></svg>")).toHaveLength(1);
});

test("the checker leaves straight quotes, primes, code, scripts and math source alone", () => {
  expect(
    curlyQuotesIn(
      `<p>Little's law, "the pool", 5′ and 3″</p><code>it’s</code><pre>“a”</pre>` +
        `<script>const s = "’";</script><math><annotation encoding="application/x-tex">f’</annotation></math>`,
    ),
  ).toEqual([]);
});

/** Every built HTML file, with the site path it is served at ("/retry-storm/"). */
function builtPages(dir: string): { path: string; html: string }[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".html") && !name.startsWith("_astro") && !name.startsWith("pagefind"))
    .map((name) => ({
      path: `/${name.replace(/\\/g, "/").replace(/(^|\/)index\.html$/, "$1")}`,
      html: readFileSync(join(dir, name), "utf8"),
    }));
}

test("no built page shows a curly quote", () => {
  assertBuiltUnder(distDir);
  const found = builtPages(distDir).flatMap((page) => curlyQuotesIn(page.html).map((f) => `${page.path}: ${f}`));
  expect(found).toEqual([]);
});
