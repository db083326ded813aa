/**
 * The course's one reading rate (src/course/reading-time.ts): how words are counted in a chapter's
 * MDX, how its sections and their anchors are found, and that every chapter's hand-typed minutes
 * leave room for its words at that rate and a minute for each answer its exercises ask.
 */
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import {
  chapterSections,
  chapterWords,
  countWords,
  headingAnchor,
  minutesPerPart,
  minutesToState,
  readingMinutes,
  sectionsOfMdx,
  wordsPerMinute,
} from "../../src/course/reading-time.ts";
import { exerciseMinutes, exerciseWords } from "../../src/components/workshop/one-sitting.ts";
import { kitRenderedWords } from "../../src/components/workshop/kit-words.ts";
import { kitChapter } from "../../src/course/workshop/agenda.ts";
import { partsOf } from "../../src/grader/exercise-meta.ts";
import { listExerciseIds, loadExercise } from "../../src/grader/load-exercises.ts";

describe("counting a chapter's words", () => {
  test("prose, list items and table cells count; markup, link targets, ids and imports do not", () => {
    expect(countWords("A pool of **ten** connections, [shared](/bulkheads/#x) by *all* of them.")).toBe(10);
    expect(countWords("- one item\n- another item\n\n| a | b |\n|---|---|\n| c d | e |")).toBe(9);
    expect(countWords('<Exercise id="retry-storm-connection-hold" />')).toBe(0);
    expect(countWords('<div class="table-scroll stack-narrow"><table><tr><td>two words</td></tr></table></div>')).toBe(
      2,
    );
    expect(countWords('<svg viewBox="0 0 640 240"><path d="M 1 2 L 3 4" /></svg>')).toBe(0);
    expect(countWords("See https://example.org/a/b for more.")).toBe(3);
  });

  test("an expression is one word (it renders a figure), a comment none, and a component's question is read", () => {
    expect(countWords("down for {setting.interventionMinutes} minutes")).toBe(4);
    expect(countWords("{/* a note for writers, not readers */}Text")).toBe(1);
    expect(countWords("{items.map((x) => ({ a: { b: x } }))} after")).toBe(2);
    expect(countWords('<Predict id="p" question="What happens next, and why?" />')).toBe(5);
    // MDX's own text, a template literal in an attribute: "Up to ${setting.attempts} tries per request?".
    const attempts = ["<Predict question={`Up to $", "{setting.attempts} tries per request?`} actual={3} />"].join("");
    expect(countWords(attempts)).toBe(6);
  });

  test("code counts its words and figures, not its punctuation", () => {
    expect(countWords("```ts\nfor (let attempt = 0; attempt < 5; attempt++) {}\n```")).toBe(7);
  });
});

describe("a chapter's sections", () => {
  test("a heading's anchor is the id the built page gives it", () => {
    // Ids read off the built chapters (Astro's heading ids, github-slugger).
    expect(headingAnchor("Little's law for the pool")).toBe("littles-law-for-the-pool");
    expect(headingAnchor("Why it outlived its trigger: a metastable failure")).toBe(
      "why-it-outlived-its-trigger-a-metastable-failure",
    );
    expect(headingAnchor("Dead, gone, or slow: what the caller sees")).toBe("dead-gone-or-slow-what-the-caller-sees");
    expect(headingAnchor("Which jitter? Run the experiment")).toBe("which-jitter-run-the-experiment");
    expect(headingAnchor("Participants' setup")).toBe("participants-setup");
    const taken = new Map<string, number>();
    expect(["Exercises", "Exercises", "Exercises"].map((h) => headingAnchor(h, taken))).toEqual([
      "exercises",
      "exercises-1",
      "exercises-2",
    ]);
  });

  test("a section runs through its subsections to the next heading at its depth; a fenced # is no heading", () => {
    const mdx = [
      "---",
      "title: T",
      "---",
      'import X from "x";',
      "",
      "Opening words here.",
      "",
      "## First part",
      "one two three",
      "### Inner",
      "four five",
      "```sh",
      "## not a heading",
      "```",
      "## Second *part*",
      "six",
    ].join("\n");
    const sections = sectionsOfMdx(mdx, "The chapter");
    expect(sections.map((s) => [s.anchor, s.depth, s.words])).toEqual([
      ["_top", 1, 3],
      // Its own three words, the subsection's title (one word) and its body (two, and the fenced line's three).
      ["first-part", 2, 9],
      ["inner", 3, 5],
      ["second-part", 2, 1],
    ]);
    expect(sections[0]!.title).toBe("The chapter");
    expect(sections[3]!.title).toBe("Second part");
  });

  test("every chapter's sections cover its words: the opening and the top-level sections add up to the whole", () => {
    for (const chapter of loadChapters()) {
      const sections = chapterSections(chapter.slug, chapter.title);
      const source = readFileSync(chapter.file, "utf8");
      const headings = source.match(/^#{2,6} .+$/gm) ?? [];
      const topLevel = sections.filter((s) => s.depth <= 2).reduce((sum, s) => sum + s.words, 0);
      // Only the words of the level-2 headings themselves are in no section.
      const ownHeadings = sections.filter((s) => s.depth === 2).reduce((sum, s) => sum + countWords(s.title), 0);
      const deeper = sections.filter((s) => s.depth > 2).length;
      expect(sections.length - 1, chapter.slug).toBe(headings.length - fencedHeadings(source));
      expect(topLevel + ownHeadings, `${chapter.slug} (${deeper} subsections)`).toBe(
        sectionsOfMdx(source.replace(/^(#{2,6}) (.+)$/gm, "$2"), chapter.title)[0]!.words,
      );
      // A chapter's words, as its stated time counts them: every section and every heading.
      expect(chapterWords(chapter.slug, chapter.title), chapter.slug).toBe(topLevel + ownHeadings);
    }
  });
});

/** Lines in fenced code that look like headings (none of the chapters has any today). */
function fencedHeadings(source: string): number {
  return [...source.matchAll(/^```[\s\S]*?^```/gm)].reduce((n, m) => n + (m[0].match(/^#{2,6} /gm)?.length ?? 0), 0);
}

describe("the course's reading rate", () => {
  test("a chapter states at least its words at the rate and a minute an answer, rounded up", () => {
    expect(minutesToState(0, 0)).toBe(0);
    expect(minutesToState(150, 0)).toBe(1);
    expect(minutesToState(151, 0)).toBe(2);
    expect(minutesToState(1500, 3)).toBe(13);
    expect(() => minutesToState(-1, 0)).toThrow(RangeError);
    expect(() => minutesToState(1, 0.5)).toThrow(RangeError);
  });

  test("a reading time is the words at the rate, to the nearest minute, and at least one", () => {
    expect(wordsPerMinute).toBe(150);
    expect([0, 1, 74, 224, 225, 300, 1000].map(readingMinutes)).toEqual([1, 1, 1, 1, 2, 2, 7]);
    expect(() => readingMinutes(-1)).toThrow(RangeError);
    expect(() => readingMinutes(1.5)).toThrow(RangeError);
  });

  test("an exercise's time is its text at the rate and a minute for each answer it asks", () => {
    const { meta, readme } = loadExercise("bulkhead-sizing");
    const words = exerciseWords(meta, readme);
    // The situation, the title and three prompts.
    expect(words).toBeGreaterThan(countWords(readme) + countWords(meta.title));
    expect(exerciseMinutes(meta, readme)).toBe(readingMinutes(words) + 3 * minutesPerPart);
  });

  // s58 audit: the kit said "About 30 minutes", counted from its MDX alone, while its page renders
  // its agendas' notes and tables from data: about 9,000 words, an hour at the course's rate.
  test("every chapter's stated minutes leave room for its words and its exercises' at the rate, and a minute an answer", () => {
    const exercises = listExerciseIds().map((id) => loadExercise(id));
    const slowest: { slug: string; rate: number }[] = [];
    const catalog = loadChapters();
    // What a chapter's components render from data, which its MDX does not hold.
    const rendered: Record<string, number> = { [kitChapter]: kitRenderedWords(catalog) };
    expect(rendered[kitChapter]).toBeGreaterThan(
      countWords(readFileSync(catalog.find((c) => c.slug === kitChapter)!.file, "utf8")),
    );
    for (const chapter of catalog) {
      const own = exercises.filter((e) => e.meta.chapter === chapter.slug);
      const words =
        chapterWords(chapter.slug, chapter.title) +
        own.reduce((sum, e) => sum + exerciseWords(e.meta, e.readme), 0) +
        (rendered[chapter.slug] ?? 0);
      const parts = own.reduce((sum, e) => sum + partsOf(e.meta).length, 0);
      const answering = parts * minutesPerPart;
      const needed = words / wordsPerMinute + answering;
      expect(
        needed,
        `${chapter.slug}: ${words} words and ${answering} min of answers in ${chapter.minutes} min`,
      ).toBeLessThanOrEqual(chapter.minutes);
      expect(minutesToState(words, parts), chapter.slug).toBe(Math.ceil(needed));
      // The kit has no widget or playground: its time is its words and its answers, no more. Its
      // stated minutes are the rule's on its built page (tests/site/workshop-kit-words.test.ts),
      // where an expression shows a phrase ("1 hour 8 minutes") that counts one word here.
      if (chapter.slug === kitChapter) {
        expect(chapter.minutes, "the kit's stated minutes").toBeGreaterThanOrEqual(minutesToState(words, parts));
        expect(chapter.minutes, "the kit's stated minutes").toBeLessThanOrEqual(minutesToState(words, parts) + 2);
      }
      // The slowest rate the chapter's stated time would allow.
      slowest.push({ slug: chapter.slug, rate: words / (chapter.minutes - answering) });
    }
    // The binding chapter: its stated time allows no rate much slower than the course's.
    // The workshop kit's sentence, which this test makes true of every chapter.
    const kit = readFileSync(catalog.find((c) => c.slug === kitChapter)!.file, "utf8").replace(/\s+/g, " ");
    expect(kit).toContain(
      "each chapter's stated time, for reading it and doing its exercises, leaves room for its words at that pace and that time for each answer.",
    );
    const tightest = slowest.reduce((a, b) => (b.rate > a.rate ? b : a));
    expect(tightest.rate).toBeLessThanOrEqual(wordsPerMinute);
    expect(tightest.rate, tightest.slug).toBeGreaterThan(wordsPerMinute * 0.75);
  });
});
