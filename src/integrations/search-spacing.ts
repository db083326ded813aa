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

/** The page with a space wherever the words of two blocks of its indexed body met with none between them. */
export function spaceBlocksForSearch(html: string): string {
  const at: number[] = [];
  spacesIn(parse(html, { sourceCodeLocationInfo: true }), false, at);
  if (at.length === 0) return html;
  const parts: string[] = [];
  let from = 0;
  for (const offset of [...new Set(at)].sort((a, b) => a - b)) {
    parts.push(html.slice(from, offset), " ");
    from = offset;
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
        logger.info(`words of adjacent blocks spaced apart for search in ${changed} of ${pages} pages`);
      },
    },
  };
}
