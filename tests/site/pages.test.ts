import type { DefaultTreeAdapterMap } from "parse5";
import { describe, expect, test } from "vitest";
import { bank } from "../../src/course/interview/numbers.ts";
import {
  agendas,
  halfDay,
  lengthText,
  ninetyMinutes,
  preparation,
  totalMinutes,
} from "../../src/course/workshop/agenda.ts";
import { loadChapters } from "../../src/course/catalog.ts";
import { oneSitting } from "../../src/components/workshop/one-sitting.ts";
import { countOf } from "../../src/format/number.ts";
import {
  assertBuiltUnder,
  attr,
  distDir,
  findAll,
  hasClass,
  parseBuiltPage,
  siteBase,
  textOf,
} from "../../tools/built-site.ts";

type Element = DefaultTreeAdapterMap["element"];

assertBuiltUnder(distDir);

const textIn = (el: Element) => textOf(el).trim();

/** Whether `el` and every element around it are shown as far as the markup says (no `hidden`, no aria-hidden="true"). */
function shownInMarkup(el: Element): boolean {
  for (let at: DefaultTreeAdapterMap["parentNode"] | null = el; at && "tagName" in at; at = at.parentNode)
    if (attr(at, "hidden") !== undefined || attr(at, "aria-hidden") === "true") return false;
  return true;
}

/** The region named `name` by the heading its aria-labelledby points to: the one such region, shown. */
function region(doc: DefaultTreeAdapterMap["document"], name: string): Element {
  const named = findAll(doc, (el) => {
    const by = attr(el, "aria-labelledby");
    return by !== undefined && findAll(doc, (h) => attr(h, "id") === by).some((h) => textIn(h) === name);
  });
  expect(named, name).toHaveLength(1);
  expect(shownInMarkup(named[0]!), name).toBe(true);
  return named[0]!;
}

const isHeading = (el: Element) => /^h[1-6]$/.test(el.tagName);
const isLink = (el: Element) => el.tagName === "a" && attr(el, "href") !== undefined;
/** A link's or heading's name as a screen reader gives it: its aria-label, else its text. */
const nameOf = (el: Element) => attr(el, "aria-label") ?? textIn(el);

describe("the landing page", () => {
  const doc = parseBuiltPage("/");

  test("shows the course map with its three parts and the three ways in", () => {
    expect(textIn(findAll(doc, (el) => el.tagName === "title")[0]!)).toContain("Blast Radius");
    const map = region(doc, "Course map");
    const mapHeadings = findAll(map, isHeading).map(nameOf);
    for (const part of ["Thinking in failure domains", "Containing the blast", "Architecture for a small blast radius"])
      expect(
        mapHeadings.filter((h) => h.includes(part)),
        part,
      ).toHaveLength(1);
    expect(findAll(map, isLink).filter((a) => /shuffle sharding/i.test(nameOf(a)))).toHaveLength(1);
    const pathHeadings = findAll(region(doc, "Where to start"), isHeading).map(nameOf);
    for (const audience of [/self-study/i, /interview prep in a week/i, /^\d+-minute team workshop$/])
      expect(
        pathHeadings.filter((h) => audience.test(h)),
        String(audience),
      ).toHaveLength(1);
  });

  test("each step of a path shows its chapters' minutes, summed from the course map's, and Next starts the course", () => {
    const minutesOf = new Map(
      findAll(doc, (el) => attr(el, "data-chapter") !== undefined).map((li) => {
        const [link] = findAll(li, isLink);
        const [minutes] = findAll(li, (el) => hasClass(el, "course-map__minutes"));
        return [attr(link!, "href")!, Number(/(\d+)\s+min/.exec(textIn(minutes!))![1])] as const;
      }),
    );
    expect(minutesOf.size).toBeGreaterThan(10);
    const steps = findAll(doc, (el) => hasClass(el, "paths__card")).flatMap((card) =>
      findAll(card, (el) => el.tagName === "li"),
    );
    let withChapters = 0;
    // A step of the workshop session shows its minutes in the room instead (the next test).
    for (const li of steps.filter((li) => attr(li, "data-in-session") === undefined)) {
      const chapters = findAll(li, isLink).map((a) => attr(a, "href")!);
      const shown = /\((\d+)\s+min(?: reading)?\)$/.exec(textIn(li))?.[1];
      const sum = chapters.reduce((n, href) => n + (minutesOf.get(href) ?? 0), 0);
      if (sum > 0) withChapters++;
      expect(shown, chapters.join(" ")).toBe(sum > 0 ? String(sum) : undefined);
    }
    expect(withChapters).toBeGreaterThanOrEqual(10);
    const start = findAll(doc, (el) => isLink(el) && /start the course/i.test(nameOf(el)));
    expect(start).toHaveLength(1);
    const next = findAll(doc, (el) => hasClass(el, "pagination-links")).flatMap((links) =>
      findAll(links, (a) => isLink(a) && attr(a, "rel") === "next"),
    );
    expect(next.map((a) => attr(a, "href"))).toEqual([attr(start[0]!, "href")]);
  });

  // QA 31: the 90-minute path listed chapters' reading times adding up to 250 minutes.
  test("the workshop path says what is reading before and what is time in the session, which adds up to the session", () => {
    const [card] = findAll(doc, (el) => attr(el, "id") === "path-workshop");
    const steps = findAll(card!, (el) => el.tagName === "li").map((li) => ({
      text: textIn(li).replace(/\s+/g, " "),
      inSession: attr(li, "data-in-session") !== undefined,
    }));
    const total = totalMinutes(ninetyMinutes);
    expect(steps[0]!.text).toMatch(/^Before the session: .*\(\d+ min reading\)$/);
    const session = steps.filter((s) => s.inSession);
    expect(session).toHaveLength(steps.length - 1);
    const minutes = session.map((s) => {
      const m = new RegExp(`\\((\\d+) of the session's ${total} min\\)$`).exec(s.text);
      expect(m, s.text).not.toBeNull();
      return Number(m![1]);
    });
    expect(minutes.reduce((a, b) => a + b, 0)).toBe(total);
  });
});

// That a reader gets there by the desktop sidebar is tests/browser/site.test.ts's click.
test("a chapter is titled in its one top heading and links to its neighbours", () => {
  const doc = parseBuiltPage("/shuffle-sharding/");
  expect(findAll(doc, (el) => el.tagName === "h1").map(textIn)).toEqual(["Shuffle sharding"]);
  const pagination = findAll(doc, (el) => hasClass(el, "pagination-links"));
  expect(pagination).toHaveLength(1);
  expect(shownInMarkup(pagination[0]!)).toBe(true);
  expect(
    findAll(pagination[0]!, (a) => isLink(a) && /^(prev|next)$/.test(attr(a, "rel") ?? "")).length,
  ).toBeGreaterThan(0);
});

test("the workshop kit's contents list shows plain headings, and the kit links both run sheets once", () => {
  const doc = parseBuiltPage("/workshop-kit/");
  // Starlight writes the list on the server; its script only marks the section being read.
  const [toc] = findAll(doc, (el) => el.tagName === "starlight-toc");
  const contents = textOf(toc!);
  expect(contents).toContain("Agenda: the short session");
  // A heading written with an expression once showed the expression's code here.
  expect(contents).not.toMatch(/lengthText|totalMinutes/);
  for (const agenda of agendas)
    expect(
      findAll(doc, (a) => isLink(a) && attr(a, "href") === `${siteBase}run-sheet/${agenda.id}/`),
      agenda.id,
    ).toHaveLength(1);
});

test("the workshop kit says how much each agenda asks its facilitator to read and do beforehand", () => {
  const catalog = loadChapters();
  const [short, half] = [ninetyMinutes, halfDay].map((agenda) => preparation(agenda, catalog));
  const [shortSitting, halfSitting] = [ninetyMinutes, halfDay].map((agenda) => oneSitting(agenda, catalog));
  const text = textOf(parseBuiltPage("/workshop-kit/")).replace(/\s+/g, " ");
  expect(text).toContain(
    `Read and practise the day before. Two ways: If the session is tomorrow, prepare in one sitting: ` +
      `only the sections each block presents, its presenter links and its exercises, ${lengthText(shortSitting!.minutes)} ` +
      `for the short session and ${lengthText(halfSitting!.minutes)} for the half day. With more time: read the whole ` +
      `chapters, the thorough way. The short session draws on ${countOf(short!.chapters.length, "chapter")}, ` +
      `${lengthText(short!.readingMinutes)} of reading and exercises at the times the chapters give, and sets ` +
      `${countOf(short!.exercises.length, "exercise")}; the half day draws on ${countOf(half!.chapters.length, "chapter")}, ` +
      `${lengthText(half!.readingMinutes)} of reading and exercises, and sets ${countOf(half!.exercises.length, "exercise")}.`,
  );
});

// QA: the map block's row on the run sheet had no link to the map builder the groups open.
test("each run sheet's map block links the map builder, under the site's base, where its chapter holds it", () => {
  const builder = findAll(parseBuiltPage("/failure-domains/"), (el) => attr(el, "id") === "map-builder");
  expect(builder.map((el) => attr(el, "data-map-builder"))).toEqual([""]);
  for (const agenda of agendas) {
    const doc = parseBuiltPage(`/run-sheet/${agenda.id}/`);
    const rows = findAll(doc, (el) => el.tagName === "tr" && attr(el, "data-kind") === "map");
    expect(rows, agenda.id).toHaveLength(agenda.blocks.filter((b) => b.kind === "map").length);
    for (const row of rows) {
      const links = findAll(row, (a) => a.tagName === "a" && attr(a, "data-groups-open") !== undefined);
      expect(
        links.map((a) => attr(a, "href")),
        agenda.id,
      ).toEqual([`${siteBase}failure-domains/#map-builder`]);
      expect(textIn(row), agenda.id).toContain(`${siteBase}failure-domains/#map-builder`);
    }
  }
});

describe("the presenter views", () => {
  test("the replay opened plainly shows the static charts alone, with every defence off", () => {
    const doc = parseBuiltPage("/present/retry-storm/");
    const replays = findAll(doc, (el) => hasClass(el, "rs--present"));
    expect(replays).toHaveLength(1);
    expect(findAll(replays[0]!, (el) => el.tagName === "svg" && hasClass(el, "rs-svg"))).toHaveLength(10);
    expect(findAll(doc, (el) => el.tagName === "nav" && hasClass(el, "sidebar"))).toEqual([]);
    const defences = findAll(
      replays[0]!,
      (el) => el.tagName === "input" && attr(el, "type") === "checkbox" && /^defence-/.test(attr(el, "name") ?? ""),
    );
    expect(defences.map((el) => attr(el, "name"))).toEqual([
      "defence-bulkhead",
      "defence-breaker",
      "defence-budget",
      "defence-jitter",
      "defence-timeout",
      "defence-shed",
    ]);
    expect(defences.filter((el) => attr(el, "checked") !== undefined).map((el) => attr(el, "name"))).toEqual([]);
  });

  test("the explorer shows the explorer alone", () => {
    const doc = parseBuiltPage("/present/explorer/");
    expect(findAll(doc, (el) => hasClass(el, "sx--present"))).toHaveLength(1);
    expect(findAll(doc, (el) => el.tagName === "nav" && hasClass(el, "sidebar"))).toEqual([]);
  });
});

describe("the interview sheet", () => {
  const doc = parseBuiltPage("/interview-sheet/");
  const main = findAll(doc, (el) => el.tagName === "main");

  test("has the four moves, the formulas with computed figures, and the defences with their costs", () => {
    expect(main).toHaveLength(1);
    const headings = findAll(main[0]!, (el) => /^h[1-6]$/.test(el.tagName)).map((h) => textOf(h).trim());
    for (const heading of [
      "The four moves",
      "Availability",
      "Failover",
      "Capacity and tail",
      "Defences, what they shrink, what they cost",
    ])
      expect(headings.filter((h) => h === heading)).toEqual([heading]);
    const text = textOf(main[0]!);
    for (const name of [
      "avail.chain",
      "avail.pair",
      "burn.page",
      "lag.lost",
      "dns.short",
      "static.three",
      "scale.headroom",
      "tail.slow",
      "cold.multiplier",
      "canary.detection",
    ])
      expect(text, name).toContain(bank[name]);
    expect(text).not.toMatch(/undefined|NaN|\{\{/);
    const defences = findAll(main[0]!, (el) => hasClass(el, "sheet__defences"));
    expect(defences).toHaveLength(1);
    const rows = findAll(defences[0]!, (el) => el.tagName === "tbody").flatMap((body) =>
      findAll(body, (el) => el.tagName === "tr"),
    );
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });
});

// every-page.test.ts checks at 320 px that these stay on one line each; here, that there are some
// to check where the tables and legends need them.
test("the cells chapter keeps a heading's words whole and the shuffle-sharding chapter keeps its legend swatches with their words", () => {
  expect(findAll(parseBuiltPage("/cells/"), (el) => hasClass(el, "cw-nowrap")).length).toBeGreaterThan(0);
  expect(findAll(parseBuiltPage("/shuffle-sharding/"), (el) => hasClass(el, "sx-keyed")).length).toBeGreaterThan(0);
});
