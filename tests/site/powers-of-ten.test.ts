/**
 * A power of ten reads as one on every built page: its exponent set as a superscript (10⁻⁸, as
 * src/format's percentAnySizeHtml and powerOfTen(...).html write it), never a caret typed in
 * ("10^-6", "4^3") in the text a reader sees. Code, math source, scripts and templates are not
 * visible text and keep their own notation.
 */
import { expect, test } from "vitest";
import { loadBuiltSite } from "../../tools/built-site.ts";
import { notVisible, pageTexts } from "../support/page-text.ts";

const caret = /\d\^-?\d/g;

/** Each caret power in a document's visible text, with some context. */
function caretPowers(html: string): string[] {
  return pageTexts(html, { skip: notVisible, hidden: false, spoken: false }).flatMap(({ text }) =>
    [...text.matchAll(caret)].map((m) => {
      const at = m.index ?? 0;
      return `"…${text.slice(Math.max(0, at - 40), at + 40).replace(/\s+/g, " ")}…"`;
    }),
  );
}

test("the checker finds a caret power in visible text, and leaves superscripts and code alone", () => {
  expect(caretPowers("<p>exact 1.33 × 10^-6% here</p>")).toHaveLength(1);
  expect(caretPowers("<p>4^3 = 64</p>")).toHaveLength(1);
  expect(caretPowers("<p>1.33 × 10<sup>-6</sup>%</p>")).toEqual([]);
  expect(caretPowers("<p><code>2^53</code></p><pre>10^-6</pre><template>1^2</template>")).toEqual([]);
});

test("no built page writes a power of ten with a caret where a reader sees it", { timeout: 60_000 }, () => {
  const found = loadBuiltSite().flatMap((page) => caretPowers(page.html).map((c) => `${page.path}: ${c}`));
  expect(found).toEqual([]);
});
