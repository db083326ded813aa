/**
 * The repository stands on its own: no file points to notes kept outside it (the planning notes
 * the course was written from are not part of it). A fact is cited by its primary source, with
 * title and address, in the chapter's reading list and in docs/SOURCES.md.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { expect, test } from "vitest";

const root = join(import.meta.dirname, "../..");
/** Not the project's files: dependencies, build output, caches, version control, local progress. */
const skipped = new Set(["node_modules", "dist", ".astro", ".git", ".builds", "test-results", ".blast-radius"]);
const binary = /\.(png|jpe?g|gif|webp|ico|woff2?|ttf|otf|pdf|zip|gz)$/i;

/** Pointers to notes outside the repository. Spelt in pieces so this file does not match itself. */
const outside = [
  ["..", "/shared"].join(""),
  ["/work", "/shared"].join(""),
  ["FACTS", ".md"].join(""),
  ["STACK", ".md"].join(""),
  ["SYLLABUS", ".md"].join(""),
  ["CODE-EXAMPLES", ".md"].join(""),
];

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile() && !binary.test(entry.name)) yield path;
  }
}

test("no file in the repository points to material outside it", () => {
  const found: string[] = [];
  for (const path of files(root)) {
    const text = readFileSync(path, "utf8");
    text.split("\n").forEach((line, i) => {
      for (const pointer of outside) {
        if (line.includes(pointer)) found.push(`${relative(root, path)}:${i + 1} mentions ${pointer}`);
      }
    });
  }
  expect(found, "cite the primary source (title and address) instead").toEqual([]);
});
