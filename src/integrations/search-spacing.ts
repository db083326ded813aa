/**
 * After the build and before Starlight's Pagefind step reads the pages, the words of two blocks
 * that meet with nothing between them get a space between them: the site search indexed a
 * table's column headings as one word ("Failure kindHow it shows upMain defence"), a term and
 * its answer as another ("load-tested?Assume:"), and the mock interview's questions, one
 * <option> after another, as a run of words without a break.
 *
 * Pagefind reads a page's text as the text of its elements run together, and its documentation
 * says nothing of element boundaries. Its parser adds a space only after a few tags (h1 to h6, p,
 * td, div, ul, li, article, section: `SENTENCE_SELECTORS` in pagefind/src/fossick/parser.rs,
 * https://github.com/CloudCannon/pagefind/blob/main/pagefind/src/fossick/parser.rs) and at a
 * <br>. Tried on Pagefind 1.6.0, the version Starlight 0.37 runs here: `<th>Alpha</th><th>Beta</th>`,
 * `<dt>Alpha?</dt><dd>Beta</dd>`, two <option>s, and a <figcaption> before a <blockquote> were
 * each indexed as one word ("AlphaBeta", "Alpha?Beta"); with a space or a line break between the
 * tags, as two. MDX and the course's templates write a table's or a list's tags with nothing
 * between them, so the finished page gets the space wherever two blocks meet, whichever tags
 * they are, and whatever Pagefind does at a tag.
 *
 * A reader sees no change. The space goes between two elements a browser lays out as boxes of
 * their own (`blockTags`: table cells, rows and row groups, list items, terms, options,
 * paragraphs, headings, divs...), or between one of them and text. There white space is dropped
 * (between table cells or rows, between two options, in a flex or grid container) or collapses
 * to nothing at a line's start or end. It would show between two such elements that a style sheet
 * lays out in one line (display: inline-block), or under `white-space: pre`: <pre> and
 * <textarea> are left as they are, and when this step was added every box and every line of text
 * of every built page was measured in Chromium with and without the spaces, at 1280 and 390 px,
 * and none had moved.
 *
 * Only what Pagefind reads changes: the page's indexed body (data-pagefind-body), outside every
 * element it leaves out (data-pagefind-ignore, and the tags it drops: forms, labels, SVG...).
 * Everything else of the page stays byte for byte as it was.
 *
 * A table's cells, spaced apart, still read as one sentence: Pagefind ends a <td> with a full stop
 * when its text ends in a letter or a digit, and nothing else (no <th>, no <caption>, no cell that
 * ends in "%" or "–"). Search showed "Crash or lost instance A dead process on a live host" (a
 * row's header and its first cell) and "Failure kind How it shows up Main defence" (the column
 * headers). So each cell that would run into the next gets the mark it lacks (`tableMarks`): a row
 * header a colon, a column header a semicolon before the next one and a full stop after the last,
 * a <td> or a caption a full stop: "Failure kind; How it shows up; Main defence. Crash or lost
 * instance: A dead process on a live host."
 *
 * The mark is in an attribute, not in the cell's text: the cell is left out of the index
 * (data-pagefind-ignore) and gives it instead its words and the mark, in data-search-text, which
 * data-pagefind-index-attrs names. Pagefind indexes the value of each attribute an element names
 * there where the element starts, an ignored element's too: only `data-pagefind-ignore="all"`
 * drops them (the `index_attrs` branch of parser.rs above; tried on Pagefind 1.6.0, `<th
 * data-pagefind-ignore data-pagefind-index-attrs="data-search-text" data-search-text="Crash:">`
 * before `<td>Dead</td>` is indexed "Crash: Dead."). Punctuation in the cell's text, even hidden
 * from sight and from screen readers as SearchOnly.astro hides it, would reach every reader of
 * that text, not only the index: a script (the review page's reads its column headers'
 * textContent for the labels narrow screens show), a copy, the browser's find. An attribute
 * reaches none of them, nor the accessibility tree, nor the layout.
 */
import type { AstroIntegration } from "astro";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { rewriteBuiltPages } from "./html-files.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/**
 * Tags a browser lays out, by its own style sheet, as boxes apart from the text beside them:
 * block, list item, table parts, and an <option> (each its own line of the list).
 * https://html.spec.whatwg.org/#the-css-user-agent-style-sheet-and-presentational-hints
 */
export const blockTags: ReadonlySet<string> = new Set([
  "address",
  "article",
  "aside",
  "blockquote",
  "body",
  "caption",
  "col",
  "colgroup",
  "dd",
  "details",
  "dialog",
  "div",
  "dl",
  "dt",
  "fieldset",
  "figcaption",
  "figure",
  "footer",
  "form",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "header",
  "hgroup",
  "hr",
  "legend",
  "li",
  "main",
  "menu",
  "nav",
  "ol",
  "optgroup",
  "option",
  "p",
  "pre",
  "search",
  "section",
  "summary",
  "table",
  "tbody",
  "td",
  "tfoot",
  "th",
  "thead",
  "tr",
  "ul",
]);

/**
 * Tags whose text Pagefind leaves out of the index (`REMOVE_SELECTORS` in the same parser.rs);
 * `data-pagefind-ignore` leaves out any element.
 */
const unindexedTags: ReadonlySet<string> = new Set([
  "head",
  "style",
  "script",
  "noscript",
  "label",
  "form",
  "svg",
  "footer",
  "nav",
  "iframe",
  "template",
]);

/** Tags whose text keeps its white space as written: nothing is added inside them. */
const preformatted = new Set(["pre", "textarea"]);

const isElement = (node: Node): node is Element => "tagName" in node;
const isText = (node: Node): node is DefaultTreeAdapterMap["textNode"] => node.nodeName === "#text";
const hasAttr = (el: Element, name: string) => el.attrs.some((a) => a.name === name);

/** Whether Pagefind leaves the element and all it holds out of the index. */
export const unindexed = (el: Element): boolean => unindexedTags.has(el.tagName) || hasAttr(el, "data-pagefind-ignore");

const holding = new WeakMap<Node, boolean>();
/** Whether the node holds text that Pagefind indexes (anything but white space); asked once a node. */
function holdsText(node: Node): boolean {
  if (isText(node)) return /\S/.test(node.value);
  if (!isElement(node) || unindexed(node)) return false;
  let holds = holding.get(node);
  if (holds === undefined) holding.set(node, (holds = node.childNodes.some(holdsText)));
  return holds;
}

/** Whether the element holds a table that Pagefind reads. */
function holdsTable(el: Element): boolean {
  return el.childNodes.some((c) => isElement(c) && !unindexed(c) && (c.tagName === "table" || holdsTable(c)));
}

/** Where the node starts in the page's source; an element the parser implied (a <tbody>) starts where its first child does. */
function startOf(node: Node): number | undefined {
  const at = node.sourceCodeLocation?.startOffset;
  if (at !== undefined) return at;
  if (!isElement(node)) return undefined;
  for (const child of node.childNodes) {
    const childAt = startOf(child);
    if (childAt !== undefined) return childAt;
  }
  return undefined;
}

/**
 * Where a space goes among `parent`'s children: before each child that holds text and follows
 * another that does with no white space between them, where either of the two, or an empty
 * element between them, is one of `blockTags`.
 */
function spacesAmong(parent: Element, at: number[]): void {
  let before: Node | undefined;
  let blockBetween = false;
  let spaceBetween = false;
  for (const child of parent.childNodes) {
    if (isText(child) && !/\S/.test(child.value)) {
      spaceBetween = true;
      continue;
    }
    const block = isElement(child) && blockTags.has(child.tagName);
    if (!holdsText(child)) {
      if (isElement(child) && child.tagName === "br") spaceBetween = true;
      blockBetween ||= block;
      continue;
    }
    if (before !== undefined && !spaceBetween) {
      const spaced = (isText(before) && /\s$/.test(before.value)) || (isText(child) && /^\s/.test(child.value));
      const blockBefore = isElement(before) && blockTags.has(before.tagName);
      const start = startOf(child);
      if (!spaced && (blockBefore || blockBetween || block) && start !== undefined) at.push(start);
    }
    before = child;
    blockBetween = false;
    spaceBetween = false;
  }
}

/** Where spaces go in the node and all it holds, inside the indexed body (`inBody`). */
function spacesIn(node: Node, inBody: boolean, at: number[]): void {
  if (!isElement(node)) {
    if ("childNodes" in node) for (const child of node.childNodes) spacesIn(child, inBody, at);
    return;
  }
  if (unindexed(node) || preformatted.has(node.tagName)) return;
  const body = inBody || hasAttr(node, "data-pagefind-body");
  if (body) spacesAmong(node, at);
  for (const child of node.childNodes) spacesIn(child, body, at);
}

/**
 * Tags after which Pagefind adds a space, and a full stop when their text ends in `sentenceEnd`
 * (`SENTENCE_SELECTORS` and `SENTENCE_CHARS` in parser.rs).
 */
const sentenceTags = new Set(["h1", "h2", "h3", "h4", "h5", "h6", "p", "td", "div", "ul", "li", "article", "section"]);
const sentenceEnd = /[\w'")$*]$/;
/** A phrase that ends in one of these reads apart from the next already. */
const stop = /[.:;!?]$/;

/** The attribute a marked cell gives Pagefind its text in (see the file's comment). */
const searchTextAttr = "data-search-text";

/**
 * The text Pagefind reads of a node and all it holds, white space as it is, with the spaces this
 * step puts before the nodes that start at `spaced` (`spacesIn`), or undefined where it holds what
 * an attribute cannot carry: an anchor (an element with an id, which Pagefind keeps only from text
 * it indexes) or attributes of its own to index.
 */
function pagefindText(node: Node, spaced: ReadonlySet<number>): string | undefined {
  if (isText(node)) return node.value;
  if (!isElement(node) || unindexed(node)) return "";
  if (hasAttr(node, "id") || hasAttr(node, "data-pagefind-index-attrs")) return undefined;
  let inner = "";
  for (const child of node.childNodes) {
    const text = pagefindText(child, spaced);
    if (text === undefined) return undefined;
    const start = startOf(child);
    inner += start !== undefined && spaced.has(start) ? ` ${text}` : text;
  }
  if (node.tagName === "br") return ` ${inner}`;
  if (sentenceTags.has(node.tagName)) return ` ${inner}${sentenceEnd.test(inner) ? "." : ""} `;
  return inner;
}

/** The text Pagefind reads of a cell or caption's contents (white space and all), or undefined (pagefindText). */
function contentsText(el: Element, spaced: ReadonlySet<number>): string | undefined {
  let text = "";
  for (const child of el.childNodes) {
    const part = pagefindText(child, spaced);
    if (part === undefined) return undefined;
    const start = startOf(child);
    text += start !== undefined && spaced.has(start) ? ` ${part}` : part;
  }
  return text;
}

const cellTags = new Set(["th", "td"]);

/** Whether a header cell heads its row (a row header) rather than its column. */
function headsRow(th: Element, row: Element): boolean {
  const scope = th.attrs.find((a) => a.name === "scope")?.value.toLowerCase();
  if (scope === "row" || scope === "rowgroup") return true;
  if (scope === "col" || scope === "colgroup") return false;
  return row.parentNode?.nodeName !== "thead" && row.childNodes.some((c) => isElement(c) && c.tagName === "td");
}

/** What a cell or caption gives the index in place of its contents: its text and the mark it lacks. */
interface TableMark {
  element: Element;
  text: string;
}

/**
 * The cells and captions of the tables in the page's indexed body whose words would run into the
 * next phrase in the index, each with the text to index in their place (see the file's comment).
 * A phrase that ends in its own stop (`.:;!?`), a <td> Pagefind ends with a full stop, and a cell
 * that holds an element with an id (an anchor Pagefind would lose) are left as they are. So is a
 * cell that holds a table: the table inside is marked as a table of its own ("Inner one; Inner
 * two."), and the cell keeps its words where they are. Marked itself, the cell would be left out
 * with all it holds, and Pagefind indexes no attribute of an element inside an ignored one (tried
 * on Pagefind 1.6.0: an inner <th>'s `data-search-text` was not in the index), so its mark would
 * have to carry the inner table's words without their marks. `spaced` are where the spacing step
 * puts a space (`spacesIn`): a cell's text read here has them too, so the words of two blocks in a
 * marked cell ("<dt>A</dt><dd>B%</dd>") do not run together in its mark.
 */
function tableMarks(page: Node, spaced: ReadonlySet<number>): TableMark[] {
  const marks: TableMark[] = [];
  const mark = (element: Element, text: string, after: string) => {
    const words = text.replace(/\s+/g, " ").trim();
    if (!stop.test(words)) marks.push({ element, text: `${words}${after}` });
  };
  const inTable = (node: Node) => {
    if (!isElement(node) || unindexed(node) || node.tagName === "table") return;
    if (node.tagName === "caption") {
      const text = contentsText(node, spaced);
      if (text !== undefined && /\S/.test(text)) mark(node, text, ".");
      return;
    }
    if (node.tagName !== "tr") {
      for (const child of node.childNodes) inTable(child);
      return;
    }
    const cells = node.childNodes.filter(
      (c): c is Element => isElement(c) && cellTags.has(c.tagName) && !unindexed(c) && holdsText(c),
    );
    cells.forEach((cell, i) => {
      if (holdsTable(cell)) {
        for (const child of cell.childNodes) visit(child, true);
        return;
      }
      const text = contentsText(cell, spaced);
      if (text === undefined) return;
      const last = i === cells.length - 1;
      // Pagefind ends a <td> with a full stop itself when its text ends in a letter or a digit.
      if (cell.tagName === "td") {
        if (!sentenceEnd.test(text)) mark(cell, text, ".");
      } else mark(cell, text, last ? "." : headsRow(cell, node) ? ":" : ";");
    });
  };
  const visit = (node: Node, inBody: boolean) => {
    if (!isElement(node)) {
      if ("childNodes" in node) for (const child of node.childNodes) visit(child, inBody);
      return;
    }
    if (unindexed(node) || preformatted.has(node.tagName)) return;
    const body = inBody || hasAttr(node, "data-pagefind-body");
    if (body && node.tagName === "table") for (const child of node.childNodes) inTable(child);
    else for (const child of node.childNodes) visit(child, body);
  };
  visit(page, false);
  return marks;
}

const escapeAttr = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;");

/**
 * The page with a space wherever the words of two blocks of its indexed body met with none between
 * them, and each table cell or caption that ran into the next phrase marked (`tableMarks`).
 */
export function spaceBlocksForSearch(html: string): string {
  const page = parse(html, { sourceCodeLocationInfo: true });
  const inserts: { at: number; text: string }[] = [];
  const spaces: number[] = [];
  spacesIn(page, false, spaces);
  for (const at of new Set(spaces)) inserts.push({ at, text: " " });
  for (const { element, text } of tableMarks(page, new Set(spaces))) {
    const tag = element.sourceCodeLocation?.startTag;
    // A cell the parser implied has no tag of its own to mark (MDX and the templates write them all).
    if (tag === undefined) continue;
    const at = html[tag.endOffset - 2] === "/" ? tag.endOffset - 2 : tag.endOffset - 1;
    inserts.push({
      at,
      text: ` data-pagefind-ignore data-pagefind-index-attrs="${searchTextAttr}" ${searchTextAttr}="${escapeAttr(text)}"`,
    });
  }
  if (inserts.length === 0) return html;
  const parts: string[] = [];
  let from = 0;
  for (const { at, text } of inserts.sort((a, b) => a.at - b.at)) {
    parts.push(html.slice(from, at), text);
    from = at;
  }
  parts.push(html.slice(from));
  return parts.join("");
}

export default function searchSpacing(): AstroIntegration {
  return {
    name: "blast-radius:search-spacing",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { pages, changed } = await rewriteBuiltPages(dir, spaceBlocksForSearch);
        logger.info(`words of adjacent blocks and table cells set apart for search in ${changed} of ${pages} pages`);
      },
    },
  };
}
