import { expect, test } from "vitest";
import { spaceBlocksForSearch } from "./search-spacing.ts";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>T</title></head><body>${body}</body></html>`;
const indexed = (html: string) => page(`<main data-pagefind-body>${html}</main>`);

test("a table's cells, rows and row groups get a space between them, and nothing else of the page changes", () => {
  const table =
    '<table class="stack-narrow"><caption>Kinds</caption><thead><tr><th scope="col">Failure kind</th><th>How it shows up</th></tr></thead>' +
    '<tbody><tr><th scope="row">Crash</th><td data-label="How">Refused &amp; <code>ECONNREFUSED</code></td></tr>' +
    "<tr><td>Slow</td><td>Time-outs</td></tr></tbody></table>";
  expect(spaceBlocksForSearch(indexed(table))).toBe(
    indexed(
      '<table class="stack-narrow"><caption>Kinds</caption> <thead><tr><th scope="col">Failure kind</th> <th>How it shows up</th></tr></thead> ' +
        '<tbody><tr><th scope="row">Crash</th> <td data-label="How">Refused &amp; <code>ECONNREFUSED</code></td></tr> ' +
        "<tr><td>Slow</td> <td>Time-outs</td></tr></tbody></table>",
    ),
  );
});

test("list items, terms and answers, options, and a heading and its paragraph get a space; text beside a block does too", () => {
  expect(spaceBlocksForSearch(indexed("<dl><dt>Was it load-tested?</dt><dd>Assume: no</dd></dl>"))).toBe(
    indexed("<dl><dt>Was it load-tested?</dt> <dd>Assume: no</dd></dl>"),
  );
  expect(
    spaceBlocksForSearch(
      indexed('<select><optgroup label="L"><option>Mid</option><option>Senior</option></optgroup></select>'),
    ),
  ).toBe(indexed('<select><optgroup label="L"><option>Mid</option> <option>Senior</option></optgroup></select>'));
  expect(spaceBlocksForSearch(indexed("<ul><li>One<ul><li>Two</li></ul></li><li>Three</li></ul>"))).toBe(
    indexed("<ul><li>One <ul><li>Two</li></ul></li> <li>Three</li></ul>"),
  );
  expect(spaceBlocksForSearch(indexed("<section><h3>Title</h3><p>Text</p></section>"))).toBe(
    indexed("<section><h3>Title</h3> <p>Text</p></section>"),
  );
});

test("an empty cell between two is passed over: the space goes before the next cell with words", () => {
  expect(spaceBlocksForSearch(indexed("<table><tr><td>A</td><td></td><td>B</td></tr></table>"))).toBe(
    indexed("<table><tr><td>A</td><td></td> <td>B</td></tr></table>"),
  );
  // A row group the parser implied (no <tbody> in the source) starts where its first row does.
  expect(spaceBlocksForSearch(indexed("<table><caption>C</caption><tr><td>A</td></tr></table>"))).toBe(
    indexed("<table><caption>C</caption> <tr><td>A</td></tr></table>"),
  );
});

test("nothing changes where a space would show or is there already, or where search does not read", () => {
  const unchanged = [
    // Inline elements side by side: a space between them would show.
    indexed("<p><span>Alpha</span><span>Beta</span><button>Go</button><button>Stop</button></p>"),
    // White space, or a line break, already between the blocks.
    indexed(
      "<table><tr><th>Alpha</th>\n<th>Beta</th></tr></table>\n<ul><li>A</li> <li>B</li></ul>\n<p>A<br><b>B</b></p>",
    ),
    indexed("<ul><li>Alpha <ul><li>Beta</li></ul></li>\n<li><p>Gamma</p> Delta</li></ul>"),
    // Preformatted text keeps its white space as written.
    indexed('<pre><code><div class="ec-line">a</div><div class="ec-line">b</div></code></pre>'),
    // What Pagefind leaves out: an ignored element, a form, and everything outside the indexed body.
    indexed("<figure data-pagefind-ignore><p>a</p><p>b</p></figure><form><p>a</p><p>b</p></form>"),
    page(
      "<header><p>a</p><p>b</p></header><main data-pagefind-body><p>Prose</p></main><aside><p>a</p><p>b</p></aside>",
    ),
    // An element without words beside a block (Starlight's heading anchor: an icon and ignored words).
    indexed(
      '<div class="sl-heading-wrapper"><h2 id="x">Title</h2><a href="#x"><span data-pagefind-ignore>Section titled</span><svg><path d="M0"/></svg></a></div>',
    ),
  ];
  for (const html of unchanged) expect(spaceBlocksForSearch(html)).toBe(html);
});

test("spacing a page twice changes nothing more", () => {
  const html = indexed("<table><tr><th>A</th><td>B</td></tr></table><dl><dt>C</dt><dd>D</dd></dl>");
  const once = spaceBlocksForSearch(html);
  expect(once).not.toBe(html);
  expect(spaceBlocksForSearch(once)).toBe(once);
});
