/**
 * A chapter that links a source in its prose lists it in its "Further reading" too, so the reading
 * list (and docs/SOURCES.md, which sources.test.ts holds to the lists) records every source the
 * chapter's sentences lean on. Audit: chapter 1 linked the ALB health-check guide inline only.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";

const withoutFragment = (url: string) => url.replace(/#.*$/, "");

/** The external addresses a chapter's body links, as Markdown links or `href`s, without fragments. */
function linkedIn(file: string): string[] {
  const body = readFileSync(file, "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
  return [...body.matchAll(/\]\((https?:\/\/[^)\s]+)\)|href="(https?:\/\/[^"]+)"/g)].map((m) =>
    withoutFragment(m[1] ?? m[2]!),
  );
}

test("every external address a chapter links in its prose is in that chapter's further reading", () => {
  const chapters = loadChapters();
  // The check reads the links: chapter 1's to the ALB health-check guide among them.
  const opening = chapters.find((c) => c.slug === "something-is-always-broken")!;
  expect(linkedIn(opening.file)).toContain(
    "https://docs.aws.amazon.com/elasticloadbalancing/latest/application/target-group-health-checks.html",
  );
  const unlisted = chapters.flatMap((chapter) => {
    const listed = new Set(chapter.reading.flatMap((r) => (r.url ? [withoutFragment(r.url)] : [])));
    return linkedIn(chapter.file)
      .filter((url) => !listed.has(url))
      .map((url) => `${chapter.slug}: ${url}`);
  });
  expect(unlisted).toEqual([]);
});
