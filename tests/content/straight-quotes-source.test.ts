/**
 * The text the course writes at run time holds straight quotes too. The built pages are held to
 * them (tests/site/straight-quotes.test.ts: Markdown no longer curls them), but a widget's sentence
 * made in the browser ("You have an unfinished interview on “…”") is in no built page; it was
 * curled by hand in some widgets and straight in others. So no source file under src/, content/ or
 * exercises/ holds a curly quote, but the parser that reads one a learner types and folds it
 * straight (src/course/self-assessment.ts) and the tests that feed it.
 */
import { expect, test } from "vitest";
import { linesMatching, sourceFiles } from "../support/source-files.ts";

const curly = /[‘’“”]/;
/** Where a curly quote is what the code reads, not what it writes. */
const reads = new Set(["src/course/self-assessment.ts"]);

test("no source file writes a curly quote: the course's text is in straight quotes, in the page and the terminal", () => {
  const files = ["src", "content", "exercises"].flatMap((dir) =>
    sourceFiles(dir, /\.(ts|mts|astro|mdx|md|ya?ml)$/).filter((f) => !f.endsWith(".test.ts") && !reads.has(f)),
  );
  expect(files.length).toBeGreaterThan(300);
  expect(linesMatching(files, curly)).toEqual([]);
});
