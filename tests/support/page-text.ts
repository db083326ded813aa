/**
 * The text a built page holds, read one way by every site test that checks its prose: each text
 * node outside the elements a test leaves as written, and what is spoken or shown of an element
 * besides its text (aria-label, alt, title, placeholder). The placeholder, power-of-ten and
 * times-sign checks (tests/site/) differ only in what they skip and in whether hidden text counts.
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { textOf } from "../../tools/built-site.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

/** Elements whose text a reader does not see as prose: code, scripts, templates, math source, form input. */
export const notVisible: ReadonlySet<string> = new Set([
  "script",
  "style",
  "template",
  "code",
  "pre",
  "annotation",
  "noscript",
  "textarea",
]);

/** What is spoken or shown of an element besides its text. */
const spokenAttributes = ["aria-label", "alt", "title", "placeholder"];

export interface PageText {
  text: string;
  /** The attribute the text was read from; a text node's text when absent. */
  attribute?: string;
}

export interface PageTextOptions {
  /** Elements whose text (and their attributes') is left out, with everything inside them. */
  skip: ReadonlySet<string>;
  /** Whether text inside a `hidden` element counts (a hint or a worked solution, revealed later). */
  hidden: boolean;
  /** Whether what is spoken or shown of an element (aria-label, alt, title, placeholder) counts. */
  spoken: boolean;
}

/** Every piece of text in a page (HTML or already parsed), in document order, as `options` say. */
export function pageTexts(page: string | Node, options: PageTextOptions): PageText[] {
  const found: PageText[] = [];
  const visit = (node: Node) => {
    if (node.nodeName === "#text") {
      found.push({ text: textOf(node) });
      return;
    }
    if ("tagName" in node) {
      const el = node as Element;
      if (options.skip.has(el.tagName)) return;
      if (!options.hidden && el.attrs.some((a) => a.name === "hidden")) return;
      if (options.spoken)
        for (const a of el.attrs)
          if (spokenAttributes.includes(a.name)) found.push({ text: a.value, attribute: a.name });
    }
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(typeof page === "string" ? parse(page) : page);
  return found;
}
