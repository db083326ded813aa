/**
 * Where the prose tells a reader to act on a control by its name (untick "Canary health check
 * catches it", press "Reveal all"), a control of the site is named exactly that: a button, a
 * label, a summary or an option, wherever it is (the workshop kit names the presenter views'
 * buttons). A name quoted in part ("health check catches it") sends the reader looking for a
 * control that is not there. Case is not compared: a sentence may start lower case.
 */
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { expect, test } from "vitest";
import { loadBuiltSite, textOf } from "../../tools/built-site.ts";
import { notVisible, pageTexts } from "../support/page-text.ts";

type Node = DefaultTreeAdapterMap["node"];

const controls = new Set(["button", "label", "summary", "option"]);
const normal = (text: string) => text.replace(/\s+/g, " ").trim().toLowerCase();

/** The names of a page's controls, as a reader sees them. */
function controlNames(html: string): string[] {
  const names: string[] = [];
  const visit = (node: Node) => {
    if ("tagName" in node && controls.has(node.tagName)) names.push(normal(textOf(node)));
    if ("childNodes" in node) for (const child of node.childNodes) visit(child);
  };
  visit(parse(html));
  return names;
}

/** The control names a text quotes after a verb of acting on one. */
function quotedControls(text: string): string[] {
  const verbs = "untick|tick|uncheck|press|click|choose|pick|select|switch on|switch off|turn on|turn off";
  const pattern = new RegExp(`\\b(?:${verbs})\\s+(?:the\\s+)?["“]([^"”]{2,80})["”]`, "gi");
  return [...text.matchAll(pattern)].map((m) => m[1]!);
}

test("the checker reads the control a sentence names, in straight or curly quotes", () => {
  expect(quotedControls('untick "health check catches it" to see')).toEqual(["health check catches it"]);
  expect(quotedControls("press “Reveal all”, then press the “Next” button")).toEqual(["Reveal all", "Next"]);
  expect(quotedControls('the word "tick" and "press" alone name nothing')).toEqual([]);
});

test("every control the prose names by its name is a control of the site named so", { timeout: 60_000 }, () => {
  const pages = loadBuiltSite();
  const names = new Set(pages.flatMap((page) => controlNames(page.html)));
  const missing = pages.flatMap((page) =>
    pageTexts(page.html, { skip: notVisible, hidden: true, spoken: false })
      .flatMap(({ text }) => quotedControls(text))
      .filter((name) => !names.has(normal(name)))
      .map((name) => `${page.path}: "${name}"`),
  );
  expect(missing).toEqual([]);
  // The check reads something: the kit and the cells chapter name controls this way.
  expect(
    pages.some((page) =>
      pageTexts(page.html, { skip: notVisible, hidden: true, spoken: false }).some(
        ({ text }) => quotedControls(text).length > 0,
      ),
    ),
  ).toBe(true);
});
