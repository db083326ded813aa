/**
 * The chapters' links into the case study's replay ("open the replay with only breakers switched
 * on"): every one is read by the replay's own link parser, which must accept it with no problem
 * and run exactly the defences the link names, and the link's words must name the same defences.
 */
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import type { DefenceName } from "../../src/sim/retry-storm/scenario.ts";
import { fromQuery, linkProblems } from "../../src/widgets/replay/state.ts";

const chaptersDir = new URL("../../content/chapters/", import.meta.url).pathname;

/** How the chapters' link words name each defence: "the replay with only <words> switched on". */
const words: Partial<Record<DefenceName, string>> = {
  bulkhead: "bulkheads",
  breaker: "breakers",
  budget: "a retry budget",
  shed: "load shedding",
};

const links = readdirSync(chaptersDir).flatMap((slug) => {
  const mdx = join(chaptersDir, slug, "index.mdx");
  if (!existsSync(mdx)) return [];
  const text = readFileSync(mdx, "utf8");
  // Markdown links and href attributes alike: anything that opens the replay with a query.
  return [...text.matchAll(/(?:\[([^\]]*)\]\(|href=")\/retry-storm\/\?([^)#"]*)(#[\w-]*)?[)"]/g)].map((m) => ({
    slug,
    words: (m[1] ?? "").replace(/\s+/g, " "),
    query: m[2]!,
    hash: m[3] ?? "",
  }));
});

test("the chapters link into the replay, one defence at a time", () => {
  expect(links.map((l) => l.slug).sort()).toEqual(["bulkheads", "circuit-breakers", "load-shedding", "retry-budgets"]);
});

test.each(links)("$slug's replay link ?$query runs exactly the defences it names, with no problem", (link) => {
  const query = new URLSearchParams(link.query);
  expect(linkProblems(query)).toEqual([]);
  const named = (query.get("defences") ?? "").split(",");
  expect(fromQuery(query).defences).toEqual(named);
  // The page's section the link lands on, and the words the reader clicks.
  expect(link.hash).toBe("#the-replay");
  expect(link.words).toBe(`replay with only ${named.map((d) => words[d as DefenceName]).join(" and ")} switched on`);
});

test("the section the links land on is the case study's replay", () => {
  const caseStudy = readFileSync(join(chaptersDir, "retry-storm", "index.mdx"), "utf8");
  expect(caseStudy).toMatch(/^## The replay$/m);
});
