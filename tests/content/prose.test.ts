/**
 * Written for the learner, not for the repository: what a reader sees (chapter prose, exercise
 * prompts, hints and feedback, worked solutions, the interview bank) names no source file of the
 * course and no "article" the course grew from. A fact is told in the course's own words and
 * cited by its primary source in the chapter's reading list. Nor does it point to a side of the
 * screen: on a phone a table stacks and the replay shows one run at a time ("Read the right-hand
 * column again" was false at 390 px).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";

const root = join(import.meta.dirname, "../..");

/**
 * Text a reader sees: no frontmatter, import lines, MDX comments or YAML comments; no web
 * address (a cited source's own path, such as "…/src/Polly.Core/…", is not one of the course's).
 */
function readable(path: string): string {
  const text = readFileSync(path, "utf8").replace(/\bhttps?:\/\/\S+/g, "");
  if (path.endsWith(".mdx"))
    return text
      .replace(/^---\n[\s\S]*?\n---\n/, "")
      .replace(/^import .*$/gm, "")
      .replace(/\{\/\*[\s\S]*?\*\/\}/g, "");
  if (path.endsWith(".yaml")) return text.replace(/^\s*#.*$/gm, "");
  return text;
}

function readerFiles(): string[] {
  const files: string[] = [];
  for (const slug of readdirSync(join(root, "content/chapters"))) {
    const dir = join(root, "content/chapters", slug);
    for (const name of readdirSync(dir)) if (/\.(mdx|md|yaml)$/.test(name)) files.push(join(dir, name));
  }
  for (const top of ["exercises", "solutions"])
    for (const id of readdirSync(join(root, top)))
      for (const name of ["README.md", "exercise.yaml", "explanation.md"]) {
        try {
          readFileSync(join(root, top, id, name));
          files.push(join(root, top, id, name));
        } catch {
          // Not every exercise has every file.
        }
      }
  // The interview bank: its questions, model answers and designs.
  for (const name of ["questions.yaml", "designs.yaml"]) files.push(join(root, "src/course/interview", name));
  return files;
}

/** What a reader must never be shown. */
const forbidden: [RegExp, string][] = [
  [/\b(?:src|scripts|tests|\.cli)\/[\w./-]+/g, "a path inside the repository"],
  [/\bthe (?:seed )?article\b/gi, '"the article" (the course is not a commentary on a text the reader has not seen)'],
  [/\bnumbers\.ts\b|\.golden\.txt\b/g, "a file the course computes its figures in"],
  [
    /\b(?:left|right)-hand\b/gi,
    "a side of the screen (on a phone a table stacks and a pair shows one at a time: name the column or the run)",
  ],
];

test("what a reader sees names no repository path and no 'article'", () => {
  const found: string[] = [];
  for (const path of readerFiles()) {
    readable(path)
      .split("\n")
      .forEach((line, i) => {
        for (const [pattern, what] of forbidden)
          for (const m of line.matchAll(pattern))
            found.push(`${path.slice(root.length + 1)}:${i + 1}: ${m[0]} (${what})`);
      });
  }
  expect(found).toEqual([]);
});

test("the check sees what it is meant to see", () => {
  // Every chapter's prose, every exercise's README, question and worked solution, and the bank.
  const files = readerFiles().map((f) => f.slice(root.length + 1));
  for (const id of readdirSync(join(root, "exercises")))
    for (const file of [`exercises/${id}/README.md`, `exercises/${id}/exercise.yaml`, `solutions/${id}/explanation.md`])
      expect(files).toContain(file);
  for (const slug of readdirSync(join(root, "content/chapters")))
    expect(files, slug).toContain(`content/chapters/${slug}/index.mdx`);
  expect(files).toContain("src/course/interview/questions.yaml");
  expect(files).toContain("src/course/interview/designs.yaml");
  expect(readable(join(root, "src/course/interview/questions.yaml"))).not.toMatch(/https?:/);
  expect(forbidden[0]![0].test("see src/sim/backoff.ts")).toBe(true);
  forbidden[0]![0].lastIndex = 0;
  expect(forbidden[1]![0].test("the article's naive loop")).toBe(true);
  forbidden[1]![0].lastIndex = 0;
  expect(forbidden[3]![0].test("Read the right-hand column again")).toBe(true);
  forbidden[3]![0].lastIndex = 0;
});
