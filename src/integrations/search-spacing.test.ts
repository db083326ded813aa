import { parse } from "parse5";
import { expect, test } from "vitest";
import { textOf } from "../../tools/built-site.ts";
import { spaceBlocksForSearch } from "./search-spacing.ts";

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><title>T</title></head><body>${body}</body></html>`;
const indexed = (html: string) => page(`<main data-pagefind-body>${html}</main>`);
/** The attributes that give the index a cell's words with a mark in place of its contents. */
const reads = (text: string) =>
  ` data-pagefind-ignore data-pagefind-index-attrs="data-search-text" data-search-text="${text}"`;

test("a table's cells, rows and row groups get a space between them, and its headers and caption the mark they lack; nothing else of the page changes", () => {
  const table =
    '<table class="stack-narrow"><caption>Kinds</caption><thead><tr><th scope="col">Failure kind</th><th>How it shows up</th></tr></thead>' +
    '<tbody><tr><th scope="row">Crash</th><td data-label="How">Refused &amp; <code>ECONNREFUSED</code></td></tr>' +
    "<tr><td>Slow</td><td>Time-outs</td></tr></tbody></table>";
  expect(spaceBlocksForSearch(indexed(table))).toBe(
    indexed(
      `<table class="stack-narrow"><caption${reads("Kinds.")}>Kinds</caption> <thead><tr><th scope="col"${reads("Failure kind;")}>Failure kind</th> <th${reads("How it shows up.")}>How it shows up</th></tr></thead> ` +
        `<tbody><tr><th scope="row"${reads("Crash:")}>Crash</th> <td data-label="How">Refused &amp; <code>ECONNREFUSED</code></td></tr> ` +
        "<tr><td>Slow</td> <td>Time-outs</td></tr></tbody></table>",
    ),
  );
});

test("a row header reads 'header: cells', column headers 'one; two.', and a cell Pagefind ends with nothing gets a full stop", () => {
  const marked = (html: string) => spaceBlocksForSearch(indexed(`<table>${html}</table>`));
  // A row header before its cells, and one with none after it (a row group's heading).
  expect(marked("<tr><th>Crash</th> <td>Dead</td></tr>")).toBe(
    indexed(`<table><tr><th${reads("Crash:")}>Crash</th> <td>Dead</td></tr></table>`),
  );
  expect(marked('<tr><th scope="rowgroup">Morning</th></tr>')).toBe(
    indexed(`<table><tr><th scope="rowgroup"${reads("Morning.")}>Morning</th></tr></table>`),
  );
  // Column headers in a body row (a transposed table), after the row's own header.
  expect(marked('<tr><th scope="row">Pair</th> <th scope="col">1</th> <th scope="col">2</th></tr>')).toBe(
    indexed(
      `<table><tr><th scope="row"${reads("Pair:")}>Pair</th> <th scope="col"${reads("1;")}>1</th> <th scope="col"${reads("2.")}>2</th></tr></table>`,
    ),
  );
  // Pagefind ends a <td> with a full stop when it ends in a letter, a digit, a quote or ")": not after "%" or "–",
  // nor after white space.
  expect(marked("<tr><td>99.9%</td> <td>–</td> <td>800\n</td> <td>(ok)</td> <td>x</td></tr>")).toBe(
    indexed(
      `<table><tr><td${reads("99.9%.")}>99.9%</td> <td${reads("–.")}>–</td> <td${reads("800.")}>800\n</td> <td>(ok)</td> <td>x</td></tr></table>`,
    ),
  );
});

test("a marked cell gives the index the words Pagefind would read of it: a block's own full stops, entities, and not what it leaves out", () => {
  expect(
    spaceBlocksForSearch(
      indexed(
        '<table><tr><th>Tom &amp; "Jerry"<span data-pagefind-ignore> (left out)</span><svg><text>x</text></svg></th> <td><ul><li>A</li> <li>B%</li></ul></td></tr></table>',
      ),
    ),
  ).toBe(
    indexed(
      `<table><tr><th${reads("Tom &amp; &quot;Jerry&quot;:")}>Tom &amp; "Jerry"<span data-pagefind-ignore> (left out)</span><svg><text>x</text></svg></th> <td${reads("A. B%.")}><ul><li>A</li> <li>B%</li></ul></td></tr></table>`,
    ),
  );
});

test("a table inside a cell is marked as a table of its own, and the cell holding it keeps its words where they are", () => {
  // Marked itself, the outer header would be left out with all it holds (Pagefind indexes no
  // attribute inside an ignored element), and its mark read "OuterInner oneInner two:".
  expect(
    spaceBlocksForSearch(
      indexed(
        "<table><tr><th>Outer<table><tr><th>Inner one</th><th>Inner two</th></tr><tr><th>Row</th><td>50%</td></tr></table></th><td>Cell</td></tr></table>",
      ),
    ),
  ).toBe(
    indexed(
      `<table><tr><th>Outer <table><tr><th${reads("Inner one;")}>Inner one</th> <th${reads("Inner two.")}>Inner two</th></tr> <tr><th${reads("Row:")}>Row</th> <td${reads("50%.")}>50%</td></tr></table></th> <td>Cell</td></tr></table>`,
    ),
  );
});

test("a marked cell's words read apart where two blocks in it meet, as the spaces set them apart in the page", () => {
  expect(
    spaceBlocksForSearch(indexed("<table><tr><th>Term</th><td><dl><dt>A</dt><dd>B%</dd></dl></td></tr></table>")),
  ).toBe(
    indexed(
      `<table><tr><th${reads("Term:")}>Term</th> <td${reads("A B%.")}><dl><dt>A</dt> <dd>B%</dd></dl></td></tr></table>`,
    ),
  );
});

test("a cell that ends in its own stop, an empty one, one that holds an anchor, and tables search does not read are left as they are", () => {
  const unchanged = [
    indexed(
      '<table><tr><th scope="col">Is it up?</th> <th scope="col">Notes:</th> <th scope="col">Done.</th> <th scope="col"></th></tr> <tr><td>a</td> <td></td></tr></table>',
    ),
    // An element with an id is an anchor Pagefind indexes only from text it reads.
    indexed('<table><tr><th><span id="crash">Crash</span></th> <td>Dead</td></tr></table>'),
    indexed("<figure data-pagefind-ignore><table><tr><th>A</th> <td>B</td></tr></table></figure>"),
    indexed("<table><tr><th data-pagefind-ignore>A</th> <td>B</td></tr></table>"),
    page("<main><table><tr><th>A</th> <td>B</td></tr></table></main><main data-pagefind-body><p>x</p></main>"),
  ];
  for (const html of unchanged) expect(spaceBlocksForSearch(html)).toBe(html);
});

test("what a reader sees and a script reads stays as it was: no element's text changes but by the spaces between blocks", () => {
  const html = indexed(
    '<table><caption>Kinds</caption><thead><tr><th scope="col">Kind</th><th>Share</th></tr></thead><tbody><tr><th scope="row">Crash</th><td>99%</td></tr></tbody></table>',
  );
  const words = (h: string) => textOf(parse(h)).replace(/\s+/g, "");
  const spaced = spaceBlocksForSearch(html);
  expect(spaced).not.toBe(html);
  expect(words(spaced)).toBe(words(html));
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
    indexed(`<table><caption${reads("C.")}>C</caption> <tr><td>A</td></tr></table>`),
  );
});

test("nothing changes where a space would show or is there already, or where search does not read", () => {
  const unchanged = [
    // Inline elements side by side: a space between them would show.
    indexed("<p><span>Alpha</span><span>Beta</span><button>Go</button><button>Stop</button></p>"),
    // White space, or a line break, already between the blocks.
    indexed(
      "<table><tr><td>Alpha</td>\n<td>Beta</td></tr></table>\n<ul><li>A</li> <li>B</li></ul>\n<p>A<br><b>B</b></p>",
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
