/**
 * The interview question bank is split off the chapter's page (issue 13: the chapter carried 5,236
 * elements, 2,815 of them the single questions, most of the rest the design prompts): the chapter
 * lists every question and links to it on its type's page, where the whole question is; no
 * question is lost, shown twice or left without its model answer.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { questions } from "../../src/course/interview/bank.ts";
import { bankQuestionHref, bankTypeHref, bankTypes } from "../../src/course/question-bank.ts";
import { type DefaultTreeAdapterMap, parse } from "parse5";
import { attr, distDir, findAll, loadBuiltSite, resolveInternal, siteBase, textOf } from "../../tools/built-site.ts";

type Element = DefaultTreeAdapterMap["element"];

const pages = loadBuiltSite();
const byPath = new Map(pages.map((p) => [p.path, p]));
const chapter = byPath.get("/interview-playbook/")!;
const elements = (html: string) => (html.match(/<[a-z][a-z0-9-]*[\s>/]/gi) ?? []).length;
/** The built pages that hold a question's whole text (its model answer's summary). */
const holders = (id: string) =>
  pages.filter((p) =>
    new RegExp(`id="q-${id}"[^>]*>\\s*<article[\\s\\S]*?Model answer, rubric and (?:<[^>]*>)?follow-ups`).test(p.html),
  );

test("the chapter lists every question, linking to its place on its type's page", () => {
  expect(chapter).toBeDefined();
  expect(questions.filter((q) => q.type === "design").length).toBeGreaterThan(5);
  expect(questions.length).toBeGreaterThan(50);
  for (const q of questions) {
    const link = chapter.links.find((l) => l.href.endsWith(bankQuestionHref(q)));
    expect(link, q.id).toBeDefined();
    expect(link?.text.trim()).toBe(q.title);
    // The id the question had on the chapter's page still lands on it (its entry in the list).
    expect(chapter.ids.has(`q-${q.id}`), q.id).toBe(true);
    const target = resolveInternal(link!.href, chapter.path)!;
    expect(target.path).toBe(`/${bankTypeHref(q.type)}`);
    expect(byPath.get(target.path)?.ids.has(`q-${q.id}`), q.id).toBe(true);
  }
});

test("each question is whole on exactly one page, its type's", () => {
  for (const q of questions)
    expect(
      holders(q.id).map((p) => p.path),
      q.id,
    ).toEqual([`/${bankTypeHref(q.type)}`]);
  const typePages = pages.filter((p) => p.path.startsWith("/interview-playbook/questions/"));
  expect(typePages.map((p) => p.path).sort()).toEqual(
    bankTypes(questions)
      .map((g) => `/${bankTypeHref(g.type)}`)
      .sort(),
  );
});

test("the chapter's page is light and no type's page is heavy", () => {
  // 5,236 elements with the whole bank on the chapter (Lighthouse's count, 2026-12-01).
  expect(elements(chapter.html)).toBeLessThan(1_800);
  for (const p of pages.filter((p) => p.path.startsWith("/interview-playbook/questions/")))
    expect(elements(p.html), p.path).toBeLessThan(1_500);
});

test("the chapter spends no element on a wrapper: an index entry is its link and level, a drill its clock around its exercise", () => {
  const doc = parse(chapter.html);
  for (const q of questions) {
    const [entry] = findAll(doc, (el) => el.tagName === "li" && attr(el, "id") === `q-${q.id}`);
    expect(entry, q.id).toBeDefined();
    // The level is the entry's own text, after the link: no element around it.
    expect(
      entry!.childNodes.filter((n) => "tagName" in n).map((n) => n.nodeName),
      q.id,
    ).toEqual(["a"]);
    expect(textOf(entry!).replace(/\s+/g, " ").trim(), q.id).toBe(`${q.title} ${q.level}`);
  }
  const groups = bankTypes(questions.filter((q) => q.type !== "design"));
  for (const g of groups) {
    const [heading] = findAll(doc, (el) => attr(el, "id") === `bank-${g.type}`);
    expect(
      heading?.childNodes.filter((n) => "tagName" in n).map((n) => n.nodeName),
      g.type,
    ).toEqual(["a"]);
    expect(textOf(heading!).replace(/\s+/g, " ").trim()).toBe(`${g.label} (${g.items.length})`);
  }
  const [set] = findAll(doc, (el) => attr(el, "data-drillset") !== undefined);
  const drills = findAll(doc, (el) => attr(el, "data-drill-clock") !== undefined);
  expect(drills.length).toBeGreaterThan(1);
  // Each drill is a child of its set, and its exercise a child of the drill (after its clock's bar).
  for (const drill of drills) {
    expect(drill.parentNode, attr(drill, "data-drill-for")).toBe(set);
    const children = drill.childNodes.filter((n): n is Element => "tagName" in n);
    expect(children.map((el) => attr(el, "data-exercise")).filter(Boolean)).toEqual([attr(drill, "data-drill-for")]);
  }
});

test("the mock interview's design links are the question pages' own, the site's base included", () => {
  const json = JSON.parse(readFileSync(join(distDir, "interview-playbook", "interview.json"), "utf8")) as {
    id: string;
    design?: { mapHref: string };
  }[];
  const designs = json.filter((q) => q.design);
  expect(designs.length).toBe(questions.filter((q) => q.type === "design").length);
  const page = byPath.get("/interview-playbook/questions/design/")!;
  for (const q of designs) {
    // The widget writes the link into a page as it is: it must already carry the base, as the
    // links the build writes do.
    expect(q.design!.mapHref.startsWith(`${siteBase}failure-domains/#map=`), q.id).toBe(true);
    expect(page.links.map((l) => l.href)).toContain(q.design!.mapHref);
  }
});
