/**
 * Content checks: the chapters on disk are the course the syllabus promises, and every
 * reference between them resolves.
 */
import { readFileSync, readdirSync, existsSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadChapters, chaptersDir } from "../../src/course/catalog.ts";
import { learningPaths } from "../../src/course/paths.ts";
import { parts } from "../../src/course/parts.ts";
import { syllabus } from "../support/syllabus.ts";

const chapters = loadChapters();
const source = (slug: string) => readFileSync(new URL(`${slug}/index.mdx`, chaptersDir), "utf8");

/** What a chapter shows as typed text: frontmatter, imports, code, attribute values and {expressions} removed. */
function typedText(mdx: string): string {
  let text = mdx
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/^import .*$/gm, "")
    .replace(/^```[\s\S]*?^```/gm, "")
    .replace(/`[^`\n]*`/g, "")
    .replace(/="[^"]*"/g, "");
  for (let previous = ""; previous !== text; ) {
    previous = text;
    text = text.replace(/\{[^{}]*\}/g, "");
  }
  return text;
}

/**
 * Percentages a chapter may type by hand, because they are inputs, not results: the ends of an
 * axis. Every other percentage a reader sees comes from the chapter's numbers.ts or a component.
 */
const typedPercentages: Record<string, string[]> = {
  "retry-budgets": ["0%", "100%"],
};

test("every chapter's frontmatter is valid (loadChapters validates and throws otherwise)", () => {
  expect(chapters.length).toBeGreaterThan(0);
});

test("every syllabus chapter exists, in syllabus order", () => {
  expect(chapters.map((c) => c.slug)).toEqual(syllabus);
});

test("chapter orders run 1..n and parts never go backwards", () => {
  expect(chapters.map((c) => c.order)).toEqual(chapters.map((_, i) => i + 1));
  for (let i = 1; i < chapters.length; i++) expect(chapters[i]!.part).toBeGreaterThanOrEqual(chapters[i - 1]!.part);
  for (const c of chapters) expect(parts.map((p) => p.number)).toContain(c.part);
});

test("no stray folders in content/chapters without an index.mdx", () => {
  const folders = readdirSync(chaptersDir, { withFileTypes: true }).filter((d) => d.isDirectory());
  for (const f of folders) expect(existsSync(new URL(`${f.name}/index.mdx`, chaptersDir)), f.name).toBe(true);
});

describe.each(chapters.map((c) => [c.slug, c] as const))("chapter %s", (slug, chapter) => {
  test("has objectives, an estimated time and further reading with sources", () => {
    expect(chapter.objectives.length).toBeGreaterThan(0);
    expect(chapter.minutes).toBeGreaterThan(0);
    expect(chapter.reading.length).toBeGreaterThan(0);
    for (const r of chapter.reading) expect(r.source.trim().length).toBeGreaterThan(0);
  });

  test("embeds at least one exercise, and every embedded exercise exists", () => {
    const ids = [...source(slug).matchAll(/<Exercise\s+id="([^"]+)"/g)].map((m) => m[1]!);
    expect(ids.length, `${slug} embeds no <Exercise id="..."/>`).toBeGreaterThan(0);
    for (const id of ids)
      expect(existsSync(new URL(`../../exercises/${id}/exercise.yaml`, import.meta.url)), `exercise ${id}`).toBe(true);
  });

  test("has an interactive piece (a playground or a widget, not only exercises)", () => {
    const components = [...source(slug).matchAll(/^import\s+(\w+)\s+from\s+"~\/components\/([\w/-]+)\.astro"/gm)];
    const interactive = components.filter(([, name]) => name !== "Exercise").map(([, name]) => name!);
    expect(interactive.length, `${slug} imports no interactive component`).toBeGreaterThan(0);
    for (const name of interactive) expect(source(slug), `${name} is imported but not used`).toContain(`<${name}`);
  });

  test("types no computed percentage into its prose (numbers come from numbers.ts)", () => {
    const typed = [...typedText(source(slug)).matchAll(/\d+(?:\.\d+)?\s*%/g)].map((m) => m[0]);
    expect(typed).toEqual(typedPercentages[slug] ?? []);
  });

  test("a link that names a chapter by number names the number that chapter has", () => {
    // "[chapter 6](/bulkheads/)": the number is typed, so it is held to the chapter's order.
    const order = new Map(chapters.map((c) => [c.slug, c.order]));
    const wrong = [...source(slug).matchAll(/\[chapter (\d+)\]\(\/([a-z0-9-]+)\/[^)]*\)/gi)]
      .filter((m) => order.get(m[2] as string) !== Number(m[1]))
      .map((m) => `${m[0]} (that chapter is number ${order.get(m[2] as string) ?? "none"})`);
    expect(wrong).toEqual([]);
  });

  test("every playground it imports exists beside it, with a golden output", () => {
    for (const m of source(slug).matchAll(/from\s+"\.\/([^"?]+\.play\.ts)\?raw"/g)) {
      const file = new URL(`${slug}/${m[1]}`, chaptersDir);
      expect(existsSync(file), m[1]).toBe(true);
      expect(
        existsSync(new URL(`${slug}/${m[1]!.replace(/\.play\.ts$/, ".golden.txt")}`, chaptersDir)),
        `golden for ${m[1]}`,
      ).toBe(true);
    }
  });
});

test("learning paths name only chapters that exist", () => {
  const slugs = new Set(chapters.map((c) => c.slug));
  for (const path of learningPaths) {
    for (const step of path.steps)
      for (const slug of step.chapters) expect(slugs.has(slug), `${path.id}: ${slug}`).toBe(true);
  }
});

test("learning paths link only pages that exist, and self-study and interview prep both make room for the daily review", () => {
  const pages = new URL("../../src/pages/", import.meta.url);
  for (const path of learningPaths)
    for (const step of path.steps)
      if (step.page)
        expect(
          existsSync(new URL(`${step.page.path}.astro`, pages)) ||
            existsSync(new URL(`${step.page.path}/index.astro`, pages)),
          `${path.id}: ${step.page.path}`,
        ).toBe(true);
  const reviewed = learningPaths.filter((p) => p.steps.some((s) => s.page?.path === "review")).map((p) => p.id);
  expect(reviewed).toEqual(["self-study", "interview"]);
});
