/**
 * Every playground program in content/ prints exactly its golden file when run through the
 * Node runner (the same transpiler, prelude and formatting as the page). A playground without
 * a golden file fails: write it with `npm run play -- <file> > <name>.golden.txt`, then check it;
 * so does a golden file without its playground.
 */
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { runInNode } from "../../src/playground/node-host.ts";
import { requestForFile } from "../../src/playground/node-files.ts";
import { eventText } from "../../src/playground/protocol.ts";
import { ungroupedThousands } from "../support/thousands.ts";

const contentDir = new URL("../../content/", import.meta.url).pathname;
const contentFiles = readdirSync(contentDir, { recursive: true, encoding: "utf8" });
const programs = contentFiles.filter((f) => f.endsWith(".play.ts")).sort();
/** A program's golden file, beside it: `x.play.ts` prints `x.golden.txt`. */
const goldenOf = (program: string) => program.replace(/\.play\.ts$/, ".golden.txt");

describe("playground programs print their golden output", () => {
  test("the programs checked are exactly those the chapters show", () => {
    // Each chapter imports its playgrounds' source as `./<name>.play.ts?raw`.
    const shown = readdirSync(join(contentDir, "chapters"))
      .flatMap((slug) => {
        const mdx = join(contentDir, "chapters", slug, "index.mdx");
        if (!existsSync(mdx)) return [];
        return [...readFileSync(mdx, "utf8").matchAll(/from "\.\/([\w-]+\.play\.ts)\?raw"/g)].map(
          (m) => `chapters/${slug}/${m[1]}`,
        );
      })
      .sort();
    expect(shown.length).toBeGreaterThan(0);
    expect(programs).toEqual(shown);
  });

  test("every golden file belongs to a program: none is left from one renamed or removed", () => {
    const goldens = contentFiles.filter((f) => f.endsWith(".golden.txt")).sort();
    expect(goldens).toEqual(programs.map(goldenOf).sort());
  });

  // A playground prints its counts and amounts as the rest of the course writes them: thousands
  // grouped (`grouped` from "course", the course's one formatter), so "9,999 customers" does not
  // sit next to "75,287,520 possible shards". Seeds, ids and years are code or names: none is printed.
  test("every golden output groups its thousands", () => {
    const ungrouped = programs.flatMap((program) =>
      readFileSync(join(contentDir, goldenOf(program)), "utf8")
        .split("\n")
        .filter((line) => ungroupedThousands(line).length > 0)
        .map((line) => `${goldenOf(program)}: ${line}`),
    );
    expect(ungrouped).toEqual([]);
  });

  test.each(programs)(
    "%s",
    async (program) => {
      const file = join(contentDir, program);
      const goldenFile = join(contentDir, goldenOf(program));
      expect(existsSync(goldenFile), `${program} has no golden file ${goldenFile}`).toBe(true);
      let printed = "";
      // The output is what is checked here, not the speed: a generous limit, so a busy machine
      // cannot stop a heavy playground (the page gives bulkhead.play.ts 15 s).
      const result = await runInNode(requestForFile(file, 45_000), (event) => {
        printed += `${eventText(event)}\n`;
      });
      expect(result.error, `${program} failed`).toBeUndefined();
      expect(result.status).toBe("ok");
      expect(result.truncated).toBe(false);
      expect(printed).toBe(readFileSync(goldenFile, "utf8"));
    },
    60_000,
  );
});
