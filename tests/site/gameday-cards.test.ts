/**
 * The tabletop cards name each scenario's chapters as every other page does, by their titles
 * (the scenario pages' "Read first:"), linked to them: a card once listed them by their
 * addresses' slugs ("chapters: retry-storm, timeouts-retries-backoff").
 */
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { listNames } from "../../src/format/words.ts";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { attr, findAll, hasClass, parseBuiltPage, siteBase, textOf } from "../../tools/built-site.ts";

test("each tabletop card names its scenario's chapters by their titles, each linked to its chapter", () => {
  const page = parseBuiltPage("gameday/cards/");
  const chapters = loadChapters();
  const cards = findAll(page, (el) => el.tagName === "article" && hasClass(el, "gd-card"));
  expect(cards.length).toBe(scenarios.length);
  for (const [i, card] of cards.entries()) {
    const scenario = scenarios[i]!;
    const meta = findAll(card, (el) => el.tagName === "p" && textOf(el).includes("chapters:"));
    expect(meta.length, scenario.id).toBe(1);
    const links = findAll(meta[0]!, (el) => el.tagName === "a").map((a) => ({
      href: attr(a, "href"),
      text: textOf(a),
    }));
    expect(links, scenario.id).toEqual(
      scenario.chapters.map((slug) => ({
        href: `${siteBase}${slug}/`,
        text: chapters.find((c) => c.slug === slug)!.title,
      })),
    );
    // The line names them as a sentence does ("A, B and C"), and names nothing else.
    const said = textOf(meta[0]!).split("chapters:")[1]!.replace(/\s+/g, " ").trim();
    expect(said, scenario.id).toBe(listNames(links.map((l) => l.text)));
  }
});
