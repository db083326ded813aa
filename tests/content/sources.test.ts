/**
 * docs/SOURCES.md lists every primary source the chapters cite, with its address, so the list
 * a maintainer reads and the reading lists a learner sees cannot drift apart.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { questions } from "../../src/course/interview/bank.ts";

const sources = readFileSync(new URL("../../docs/SOURCES.md", import.meta.url), "utf8");
const withoutFragment = (url: string) => url.replace(/#.*$/, "");
const listed = new Set([...sources.matchAll(/https?:\/\/[^\s|)]+/g)].map((m) => withoutFragment(m[0])));

test("every address a chapter's further reading cites is listed in docs/SOURCES.md", () => {
  const missing = loadChapters().flatMap((chapter) =>
    chapter.reading
      .filter((r) => r.url !== undefined && !listed.has(withoutFragment(r.url)))
      .map((r) => `${chapter.slug}: ${r.title} <${r.url}>`),
  );
  expect(missing).toEqual([]);
});

test("every address the interview bank's questions cite is listed in docs/SOURCES.md", () => {
  const missing = questions.flatMap((q) =>
    (q.sources ?? []).filter((r) => !listed.has(withoutFragment(r.url))).map((r) => `${q.id}: ${r.title} <${r.url}>`),
  );
  expect(missing).toEqual([]);
});

test("a reading entry without an address says so, and SOURCES.md names it", () => {
  const unaddressed = loadChapters().flatMap((chapter) =>
    chapter.reading.filter((r) => r.url === undefined).map((r) => ({ slug: chapter.slug, ...r })),
  );
  for (const r of unaddressed) {
    expect(r.source, `${r.slug}: "${r.title}" has no url`).toMatch(/no public address/);
    expect(sources, r.title).toContain(r.title);
  }
});

test("every chapter that tells the incident lists the team's write-up it comes from", () => {
  // The case study, the failure-domain chapter and the workshop retell the write-up's account (the
  // trigger, the pool, the eleven minutes, the four other risks); a learner must see where it is from.
  const writeUp = "Designing for Failure Domains, Not Just Failures";
  const chapters = loadChapters();
  for (const slug of ["retry-storm", "failure-domains", "workshop-kit"]) {
    const chapter = chapters.find((c) => c.slug === slug)!;
    expect(
      chapter.reading.map((r) => r.title),
      slug,
    ).toContain(writeUp);
  }
});
