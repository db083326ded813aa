/**
 * The workshop kit as built, against what it says about itself (s58 audit): its stated time holds
 * the words its page shows, agendas and tables included, at the course's rate; the landing page's
 * workshop path says the same minutes; its game day plays at the speed, and takes the real time,
 * the game day's own facilitator page gives; each run sheet carries the game day's line.
 */
import type { DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { kitRenderedWords } from "../../src/components/workshop/kit-words.ts";
import { exerciseWords } from "../../src/components/workshop/one-sitting.ts";
import { loadChapters } from "../../src/course/catalog.ts";
import { chapterWords, minutesToState, wordsPerMinute } from "../../src/course/reading-time.ts";
import { agendas, gameDay, kitChapter, totalMinutes } from "../../src/course/workshop/agenda.ts";
import { gameDayPages, longestGameSeconds, roomSpeed } from "../../src/course/workshop/game-day.ts";
import { duration, times } from "../../src/format/number.ts";
import { partsOf } from "../../src/grader/exercise-meta.ts";
import { listExerciseIds, loadExercise } from "../../src/grader/load-exercises.ts";
import { attr, findAll, hasClass, parseBuiltPage, siteBase, textOf } from "../../tools/built-site.ts";

type Node = DefaultTreeAdapterMap["childNode"] | DefaultTreeAdapterMap["document"];
type Element = DefaultTreeAdapterMap["element"];

const flat = (text: string) => text.replace(/\s+/g, " ").trim();
const kit = loadChapters().find((c) => c.slug === kitChapter)!;

/**
 * The words a reader sees in a node: no script, style or search-only text, and not the exercises
 * (timed apart) nor the chapter's frame from its frontmatter.
 */
function shownWords(node: Node): number {
  const parts: string[] = [];
  const visit = (n: Node) => {
    if (n.nodeName === "#text") {
      parts.push((n as DefaultTreeAdapterMap["textNode"]).value);
      return;
    }
    const el = n as Element;
    if (["script", "style", "template"].includes(el.tagName ?? "")) return;
    if (attr(el, "data-search-only") !== undefined || attr(el, "data-exercise") !== undefined) return;
    // Every chapter's frame from its frontmatter, which no chapter's stated time counts: its objectives and further reading.
    if (hasClass(el, "chapter-objectives") || hasClass(el, "further-reading")) return;
    // A block element's text does not run into its neighbour's.
    parts.push(" ");
    if ("childNodes" in n) for (const child of n.childNodes) visit(child);
    parts.push(" ");
  };
  visit(node);
  return parts
    .join("")
    .split(/\s+/)
    .filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

test("the kit's stated time holds every word its page shows at the course's rate, and counts them as the page does", () => {
  const doc = parseBuiltPage("workshop-kit/");
  const [content] = findAll(doc, (el) => hasClass(el, "sl-markdown-content"));
  const shown = shownWords(content!);
  // What the reading-time rule counts: the MDX's words and what its components render from data.
  const counted = chapterWords(kit.slug, kit.title) + kitRenderedWords(loadChapters());
  // The rule reads the MDX and the components' data, not the page: within a fiftieth of it (an
  // expression counts one word, "{lengthText(m)}" shows three or four).
  expect(Math.abs(counted - shown) / shown, `counted ${counted}, the page shows ${shown}`).toBeLessThan(0.02);
  const own = listExerciseIds()
    .map((id) => loadExercise(id))
    .filter((e) => e.meta.chapter === kit.slug);
  const parts = own.reduce((sum, e) => sum + partsOf(e.meta).length, 0);
  const exercises = own.reduce((sum, e) => sum + exerciseWords(e.meta, e.readme), 0);
  // The kit states exactly the course's rule applied to what its page shows, and its exercise.
  expect(kit.minutes, `${shown} words shown`).toBe(minutesToState(shown + exercises, parts));
  expect(kit.minutes * wordsPerMinute).toBeGreaterThan(shown);
  const [meta] = findAll(doc, (el) => hasClass(el, "chapter-meta__minutes"));
  expect(flat(textOf(meta!))).toBe(`About ${kit.minutes} minutes`);
});

test("the landing page's workshop path gives the kit the minutes the kit states", () => {
  const text = flat(textOf(parseBuiltPage("/")));
  expect(text).toContain(`${kit.title} (${kit.minutes} min reading)`);
});

test("the kit's game day plays at the speed, and for the real time, the game day's facilitator page gives", () => {
  const facilitator = flat(textOf(parseBuiltPage("gameday/facilitator/")));
  expect(facilitator).toContain(
    `at ${times(roomSpeed)} that is ${duration(longestGameSeconds / roomSpeed)} of real time`,
  );
  const doc = parseBuiltPage("workshop-kit/");
  const links = new Set(findAll(doc, (el) => el.tagName === "a").map((a) => attr(a, "href")));
  for (const path of Object.values(gameDayPages)) expect(links, path).toContain(`${siteBase}${path.slice(1)}`);
  expect(flat(textOf(doc))).toContain(
    `A game lasts at most ${duration(longestGameSeconds)} of simulated time: ${duration(longestGameSeconds / roomSpeed)} of real time at ${times(roomSpeed)}`,
  );
});

test("each run sheet offers the game day after its readout, with the addresses to type from the paper", () => {
  for (const agenda of agendas) {
    const doc = parseBuiltPage(`run-sheet/${agenda.id}/`);
    const [line] = findAll(doc, (el) => attr(el, "data-game-day") !== undefined);
    const text = flat(textOf(line!));
    expect(text, agenda.id).toContain(`With ${totalMinutes(gameDay)} more minutes: a game day`);
    const end = totalMinutes(agenda) + totalMinutes(gameDay);
    expect(text, agenda.id).toContain(
      `the session then ends at ${Math.floor(end / 60)}:${String(end % 60).padStart(2, "0")}`,
    );
    for (const b of gameDay.blocks) expect(text, `${agenda.id}: ${b.title}`).toContain(`${b.minutes} min`);
    for (const path of [gameDayPages.facilitator, gameDayPages.board]) {
      expect(text, agenda.id).toContain(`${siteBase.replace(/\/$/, "")}${path}`);
      expect(
        findAll(line!, (a) => a.tagName === "a").map((a) => attr(a, "href")),
        agenda.id,
      ).toContain(`${siteBase}${path.slice(1)}`);
    }
  }
});
