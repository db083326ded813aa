/**
 * Search finds prose, not code: every code block a built page's indexed body holds (Starlight's
 * Expressive Code frames, the playgrounds' programs, the exercises' code editors) is marked data-pagefind-ignore, which keeps
 * the element and all it holds out of Pagefind's index (ec.config.mjs, Playground.astro). A
 * nonsense query matched on code's one-letter names ("x") and showed code as its excerpts.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gunzipSync } from "node:zlib";
import { parse, type DefaultTreeAdapterMap } from "parse5";
import { expect, test } from "vitest";
import { blockTags, unindexed } from "../../src/integrations/search-spacing.ts";
import { attr, distDir, loadBuiltSite, siteBase, textOf, walk } from "../../tools/built-site.ts";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

const ignored = (el: Element) => el.attrs.some((a) => a.name === "data-pagefind-ignore");

/** A block of code: a <pre> holding a <code> (Expressive Code's frames, Astro's <Code>, an exercise's editor). */
function isCode(pre: Element): boolean {
  let code = false;
  walk(pre, (el) => {
    if (el.tagName === "code") code = true;
  });
  return code;
}

/**
 * Each element Pagefind indexes: inside the page's data-pagefind-body and outside every
 * data-pagefind-ignore element. `visit` returns true to leave the element's children out.
 */
function eachIndexed(node: Node, visit: (el: Element) => boolean | void, inBody = false): void {
  if (!("tagName" in node)) {
    if ("childNodes" in node) for (const child of node.childNodes) eachIndexed(child, visit, inBody);
    return;
  }
  const el = node as Element;
  if (ignored(el)) return;
  const body = inBody || el.attrs.some((a) => a.name === "data-pagefind-body");
  if (body && visit(el)) return;
  for (const child of el.childNodes) eachIndexed(child, visit, body);
}

/** Code blocks (a <pre><code> with text) inside the page's indexed body and outside every ignored element. */
function indexedCode(html: string): string[] {
  const found: string[] = [];
  eachIndexed(parse(html), (el) => {
    if (el.tagName !== "pre" || !isCode(el) || textOf(el).trim() === "") return false;
    found.push(textOf(el).trim().slice(0, 60).replace(/\s+/g, " "));
    return true;
  });
  return found;
}

test("the checker finds a code block in the indexed body, and none in an ignored one or outside the body", () => {
  expect(indexedCode("<main data-pagefind-body><pre><code>const x = 1;</code></pre></main>")).toHaveLength(1);
  expect(
    indexedCode("<main data-pagefind-body><figure data-pagefind-ignore><pre><code>x</code></pre></figure></main>"),
  ).toEqual([]);
  expect(indexedCode("<main><pre><code>const x = 1;</code></pre></main>")).toEqual([]);
  // A log or a map's text in a bare <pre> is what the reader reads, not a program: it stays indexed.
  expect(indexedCode("<main data-pagefind-body><pre>14:02 timed out</pre></main>")).toEqual([]);
  expect(indexedCode('<main data-pagefind-body><pre class="out"></pre><p>prose</p></main>')).toEqual([]);
});

const site = loadBuiltSite();
const parsed = new Map<string, DefaultTreeAdapterMap["document"]>();
/** The page parsed once, for the tests that each walk every page (parse5's tree is not changed by a walk). */
const docOf = (page: (typeof site)[number]) => {
  let doc = parsed.get(page.path);
  if (doc === undefined) parsed.set(page.path, (doc = parse(page.html)));
  return doc;
};
/** Pages whose code is not marked yet, each with its reason (none now). */
const notYet = new Set<string>([]);

test("every code block of an indexed page is kept out of the search index, and the prose is not", {
  timeout: 60_000,
}, () => {
  const found = site
    .filter((page) => !notYet.has(page.path))
    .flatMap((page) => indexedCode(page.html).map((c) => `${page.path}: ${c}`));
  expect(found).toEqual([]);
  // The chapters still have their code, marked, and their prose indexed: a page with a playground
  // keeps a body Pagefind reads, with paragraphs outside every ignored element.
  const storm = site.find((p) => p.path === "/retry-storm/")!;
  const doc = parse(storm.html);
  let playgrounds = 0;
  let indexedParagraphs = 0;
  walk(doc, (el) => {
    if (attr(el, "data-playground") !== undefined) playgrounds++;
  });
  eachIndexed(doc, (el) => {
    if (el.tagName === "p" && textOf(el).trim().length > 40) indexedParagraphs++;
  });
  expect(playgrounds).toBeGreaterThan(0);
  expect(indexedParagraphs).toBeGreaterThan(20);
});

test("the shuffle-shard explorer's drawing is kept out of the search index, its title and the prose around it are not", () => {
  // Its worker and group boxes are bare digits: search showed "2222. Possible shards. 28." as the
  // excerpt of the chapter's "Explore it" section.
  const chapter = site.find((p) => p.path === "/shuffle-sharding/")!;
  let drawings = 0;
  let indexedDrawings = 0;
  let indexedTitles = 0;
  const doc = parse(chapter.html);
  walk(doc, (el) => {
    if (attr(el, "data-output") !== undefined && attr(el, "class")?.includes("sx-output")) drawings++;
  });
  eachIndexed(doc, (el) => {
    if (attr(el, "data-output") !== undefined && attr(el, "class")?.includes("sx-output")) indexedDrawings++;
    if (attr(el, "class")?.split(" ").includes("sx-title")) indexedTitles++;
  });
  expect(drawings).toBe(1);
  expect(indexedDrawings).toBe(0);
  expect(indexedTitles).toBe(1);
});

test("a game day's live dashboard is kept out of the search index, its title and actions are not", () => {
  // Before a game its bar read "Start the game Pause1×5×20× Game clock: 0" as a result's excerpt.
  const games = site.filter((p) => /^\/gameday\/[^/]+\/$/.test(p.path) && /\sdata-gameday[\s>]/.test(p.html));
  expect(games.length).toBeGreaterThan(0);
  for (const game of games) {
    const live = ["gd-bar", "gd-help", "gd-alertbar", "gd-pending", "gd-watch"];
    const found = new Map<string, number>();
    const count = (key: string) => found.set(key, (found.get(key) ?? 0) + 1);
    const doc = parse(game.html);
    walk(doc, (el) => {
      for (const name of live) if (attr(el, "class")?.split(" ").includes(name)) count(`${name} in page`);
    });
    eachIndexed(doc, (el) => {
      const classes = attr(el, "class")?.split(" ") ?? [];
      for (const name of live) if (classes.includes(name)) count(`${name} indexed`);
      if (classes.includes("gd-title")) count("title indexed");
      if (classes.includes("gd-offer")) count("action indexed");
    });
    for (const name of live) {
      expect(found.get(`${name} in page`), `${game.path}: ${name}`).toBe(1);
      expect(found.get(`${name} indexed`), `${game.path}: ${name}`).toBeUndefined();
    }
    expect(found.get("title indexed"), game.path).toBe(1);
    expect(found.get("action indexed"), game.path).toBeGreaterThan(0);
  }
});

test("the slider widgets' unseen sizers are kept out of the search index, the words a reader sees are not", () => {
  // Each sizer is a copy, laid unseen, of the longest a changing text can be
  // (src/widgets/cells/sizers.ts): search indexed those copies beside the text they size.
  const pages = site.filter((p) => p.html.includes("cw-sizer"));
  expect(pages.length).toBeGreaterThan(0);
  const found = new Map<string, number>();
  const count = (key: string) => found.set(key, (found.get(key) ?? 0) + 1);
  for (const page of pages) {
    const doc = parse(page.html);
    walk(doc, (el) => {
      if (attr(el, "class")?.split(" ").includes("cw-sizer")) count("sizers");
    });
    eachIndexed(doc, (el) => {
      if (attr(el, "class")?.split(" ").includes("cw-sizer")) count("indexed sizers");
      if (attr(el, "data-live") !== undefined) count("indexed live texts");
    });
  }
  expect(found.get("sizers")).toBeGreaterThan(3);
  expect(found.get("indexed sizers")).toBeUndefined();
  expect(found.get("indexed live texts")).toBeGreaterThan(1);
});

let readTexts: Map<string, string> | undefined;
/**
 * Each indexed page's text as Pagefind wrote it to the index: one fragment a page, gzipped JSON
 * after a signature, with the page's address and its indexed text ("content").
 */
function indexedTexts(): Map<string, string> {
  readTexts ??= readIndexedTexts();
  return readTexts;
}

/** The index's fragments, read once for the tests that need them (indexedTexts). */
function readIndexedTexts(): Map<string, string> {
  const dir = join(distDir, "pagefind", "fragment");
  const texts = new Map<string, string>();
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".pf_fragment"))) {
    const raw = gunzipSync(readFileSync(join(dir, name))).toString("utf8");
    const fragment = JSON.parse(raw.slice(raw.indexOf("{"))) as { url: string; content: string };
    // Only the address's start: "/interview-playbook/questions/blast-radius/" holds the base's name too.
    texts.set(
      fragment.url.startsWith(siteBase) ? `/${fragment.url.slice(siteBase.length)}` : fragment.url,
      fragment.content,
    );
  }
  return texts;
}

test("no formula is in the search index, neither its LaTeX source nor its letters, and the prose around it is", () => {
  // KaTeX's MathML keeps a formula's source in an <annotation> beside what the reader sees, and
  // search showed both run together: "q/capacityq / \text{capacity}"; what the reader sees
  // flattens to text such as "253" for 2 to the 53rd, and its one-letter names made "qqzzxx" find
  // the queue q (src/integrations/math-search.ts).
  let formulas = 0;
  let indexedFormulas = 0;
  for (const page of site) {
    const doc = docOf(page);
    walk(doc, (el) => {
      if (el.tagName === "math") formulas++;
    });
    eachIndexed(doc, (el) => {
      if (el.tagName === "math") indexedFormulas++;
    });
  }
  expect(formulas).toBeGreaterThan(100);
  expect(indexedFormulas).toBe(0);
  // And in the index Pagefind wrote: no LaTeX, and no q standing alone, which a formula gave it.
  const texts = indexedTexts();
  const tex = [...texts].flatMap(([url, text]) =>
    [...text.matchAll(/\\[a-zA-Z]+|\\[,;!{}]|[_^]\{|(?<![\p{L}\p{N}])q(?![\p{L}\p{N}])/gu)].map(
      (m) => `${url}: ${text.slice(Math.max(0, m.index - 30), m.index + 30)}`,
    ),
  );
  expect(tex).toEqual([]);
  // The load-shedding chapter's sentence about the wait in a queue is still found, around its formulas.
  const shedding = texts.get("/load-shedding/");
  expect(shedding).toContain("A request that joins a queue of");
  expect(shedding).toContain("seconds, so any queue longer than capacity");
});

/**
 * The page's indexed text (inside its data-pagefind-body, outside what Pagefind leaves out) with a
 * line break wherever one block of it starts or ends (src/integrations/search-spacing.ts's
 * `blockTags`: a table cell or row, a list item, a term, an option, a paragraph...) and at each
 * <br>. Every word of the index is a stretch of this text with no white space in it, unless the
 * index ran the words of two blocks together.
 */
function blockSeparatedText(page: DefaultTreeAdapterMap["document"]): string {
  const parts: string[] = [];
  const apart = (_el: Element, block: boolean) => {
    if (block) parts.push("\n");
  };
  walkIndexed(page, { text: (value) => parts.push(value), enter: apart, leave: apart });
  return parts.join("");
}

/**
 * Walk a page as Pagefind reads it: `text` gets each text node of its indexed body (inside its
 * data-pagefind-body, outside what Pagefind leaves out), and the value of each attribute an element
 * names in data-pagefind-index-attrs, where the element starts, even where its contents are left
 * out (a table cell search-spacing.ts marks); `enter` and `leave` each element on the way (with
 * whether it is a block that sets its words apart: search-spacing.ts's `blockTags`, or a <br>, or
 * an element whose attributes are indexed: Pagefind puts spaces around their values). A page with
 * no data-pagefind-body is indexed whole (when no page of the site has one).
 */
function walkIndexed(
  page: DefaultTreeAdapterMap["document"],
  on: { text(value: string): void; enter(el: Element, block: boolean): void; leave(el: Element, block: boolean): void },
): void {
  const visit = (node: Node, inBody: boolean) => {
    if (node.nodeName === "#text") {
      if (inBody) on.text((node as DefaultTreeAdapterMap["textNode"]).value);
      return;
    }
    if (!("tagName" in node)) {
      if ("childNodes" in node) for (const child of node.childNodes) visit(child, inBody);
      return;
    }
    const el = node as Element;
    const indexedAttrs = attr(el, "data-pagefind-index-attrs");
    if (inBody && indexedAttrs !== undefined && attr(el, "data-pagefind-ignore") !== "all") {
      on.enter(el, true);
      for (const name of indexedAttrs.split(",")) on.text(attr(el, name.trim()) ?? "");
      on.leave(el, true);
    }
    if (unindexed(el)) return;
    const body = inBody || el.attrs.some((a) => a.name === "data-pagefind-body");
    const block = blockTags.has(el.tagName) || el.tagName === "br";
    on.enter(el, block);
    for (const child of el.childNodes) visit(child, body);
    on.leave(el, block);
  };
  let hasBody = false;
  walk(page, (el) => {
    hasBody ||= el.attrs.some((a) => a.name === "data-pagefind-body");
  });
  visit(page, !hasBody);
}

/**
 * The words of a page's indexed text (`indexed`, as Pagefind wrote it) that run two blocks of the
 * parsed page together. Pagefind ends some blocks with a full stop it adds ("Alpha." for
 * <p>Alpha</p>), which the page does not have.
 */
function joinedWords(indexed: string, page: DefaultTreeAdapterMap["document"]): string[] {
  const blocks = blockSeparatedText(page);
  return indexed.split(/\s+/).filter((word) => word !== "" && !blocks.includes(word.replace(/\.$/, "")));
}

test("the checker finds the words of two table cells, a term and its answer, or two options run together, and nothing else", () => {
  const page = parse(
    "<main data-pagefind-body><table><tr><th>Failure kind</th><th>How it shows up</th></tr></table>" +
      "<dl><dt>load-tested?</dt><dd>Assume: <em>none</em>d</dd></dl><select><option>Mid</option><option>Senior</option></select>" +
      "<p>Prose</p><p data-pagefind-ignore>Left out</p></main><footer>Site</footer>",
  );
  expect(joinedWords("Failure kindHow it shows up load-tested?Assume: noned MidSenior Prose.", page)).toEqual([
    "kindHow",
    "load-tested?Assume:",
    "MidSenior",
  ]);
  expect(joinedWords("Failure kind How it shows up load-tested? Assume: noned Mid Senior Prose.", page)).toEqual([]);
  // Words from outside the indexed body, or from a part of it left out, are not the page's either.
  expect(joinedWords("Site", page)).toEqual(["Site"]);
  expect(joinedWords("ProseLeft", page)).toEqual(["ProseLeft"]);
});

test("no word of the search index runs the words of two blocks together: table cells, list items, terms, options", () => {
  // MDX and the templates write a table's cells, a list's items, a term and its answer with
  // nothing between them, and Pagefind ran them together: "Failure kindHow it shows upMain
  // defence" (the failure modes chapter's table), "ExerciseStatus" (the progress page's), the
  // mock interview's questions "(mid)Are three replicas enough?". The build puts a space between
  // them (src/integrations/search-spacing.ts).
  const texts = indexedTexts();
  expect(texts.size).toBeGreaterThan(40);
  const joined = site.flatMap((page) => {
    const indexed = texts.get(page.path);
    return indexed === undefined ? [] : joinedWords(indexed, docOf(page)).map((word) => `${page.path}: ${word}`);
  });
  expect(joined).toEqual([]);
  // The tables' words are still found, each its own word.
  expect(texts.get("/failure-modes/")).toContain(
    "Failure kind; How it shows up; Main defence. Crash or lost instance:",
  );
});

/**
 * Where the words of two elements of one block meet in the page's indexed text with no white
 * space between them, each as "before|after" (the text either side, cut to a few words) with the
 * tags and classes of the elements the boundary closes and opens (not Astro's scoped "astro-…").
 * Pagefind indexes what meets there as one word: the progress page's "Reset progress" and "Keep
 * it", two buttons side by side in a flex row, as "progressKeep"; a table heading's words and the
 * line under them (a span shown as a block) as "copyCopy". A browser shows them apart, by a
 * style sheet's gap or block, which this check cannot see, so it counts every such meeting: the
 * text before ends in a letter, a digit or a label's closing mark (`:`, `)`, `.`...), the text
 * after starts with a letter, a digit or "(". Two meetings are part of one word and not counted:
 * a superscript or subscript with its base (p³, 4³, which a formula's prose writes as <sup>) and
 * a number with its ordinal's ending ("95th", a number the exercise deals).
 */
function inlineJoins(page: DefaultTreeAdapterMap["document"]): string[] {
  const found: string[] = [];
  const open: Element[] = [];
  let before: { text: string; open: Element[] } | undefined;
  const name = (el: Element) =>
    [
      el.tagName,
      ...(attr(el, "class")
        ?.split(/\s+/)
        .filter((c) => !c.startsWith("astro-")) ?? []),
    ].join(".");
  walkIndexed(page, {
    text(text) {
      if (text === "") return;
      if (before !== undefined && /^\S/.test(text)) {
        const closed = before.open.filter((el) => !open.includes(el));
        const opened = open.filter((el) => !before!.open.includes(el));
        const meets = /[\p{L}\p{N}:;,.!?)]$/u.test(before.text) && /^[\p{L}\p{N}(]/u.test(text);
        const exponent = [...closed, ...opened].some((el) => el.tagName === "sup" || el.tagName === "sub");
        const ordinal = /\d$/.test(before.text) && /^(st|nd|rd|th)\b/.test(text);
        if (meets && !exponent && !ordinal) {
          const boundary = `${closed.map(name).join(" ")} | ${opened.map(name).join(" ")}`;
          found.push(`${before.text.slice(-20).trimStart()}|${text.slice(0, 20).trimEnd()} (${boundary})`);
        }
      }
      before = /\s$/.test(text) ? undefined : { text, open: [...open] };
    },
    enter(el, block) {
      if (block) before = undefined;
      open.push(el);
    },
    leave(_el, block) {
      open.pop();
      if (block) before = undefined;
    },
  });
  return found;
}

test("the checker finds the words of two inline elements run together, and not a word's own parts or words apart", () => {
  const joins = (body: string) => inlineJoins(parse(`<main data-pagefind-body>${body}</main>`));
  expect(
    joins(
      '<p><button class="b">Reset progress</button><button class="b">Keep it</button></p>' +
        '<table><tr><th>1. copy<span class="why">Copy the data</span></th></tr></table>' +
        "<p><span>System:</span><span>Parcel Hub</span></p>" +
        "<p><span>0 s</span><span data-pagefind-ignore>5 s</span><span>10 s</span></p>",
    ),
  ).toEqual([
    "Reset progress|Keep it (button.b | button.b)",
    "1. copy|Copy the data ( | span.why)",
    "System:|Parcel Hub (span | span)",
    "0 s|10 s (span | span)",
  ]);
  expect(
    joins(
      "<p><button>Reset progress</button> <button>Keep it</button></p><p data-pagefind-ignore><button>A</button><button>B</button></p>" +
        "<p>p<sup>3</sup> and 4<sup>3</sup>, the <span>95</span>th percentile, <a>GitHub</a>'s <em>own</em>, <code>x</code>.</p>" +
        "<ul><li>Alpha</li><li>Beta</li></ul><p>Gamma</p><p>Delta<br>Epsilon</p>",
    ),
  ).toEqual([]);
  // Outside the indexed body nothing is counted.
  expect(inlineJoins(parse("<main><p data-pagefind-body>C</p><button>A</button><button>B</button></main>"))).toEqual(
    [],
  );
});

test("no word of the search index runs the words of two inline elements together: buttons, a label and its field, a heading and the line under it", () => {
  // Pagefind indexed the progress page's "Reset progress" and "Keep it" as "progressKeep", the
  // retry storm's jump buttons as "triggerPool full, 0.5 sAll 20", the cells chapter's moving
  // steps as "1. copyCopy the customer's data", the example worksheet's "System:Parcel Hub", the
  // map builder's resources as "shared-dbshared-dbconnection pool", a situation chart's axes as
  // "0/s500/s1,000/s0 min5 min10 min", a run sheet's "0:0010 min".
  // Controls whose words no reader searches for are left out (data-pagefind-ignore on the inline
  // question's answers, InlineQuestion.astro, and the film's jumps and scales, PoolFill.astro);
  // words that stay searchable get a space, where a flex gap or a block shows none.
  const texts = indexedTexts();
  const found = site.flatMap((page) =>
    texts.has(page.path) ? inlineJoins(docOf(page)).map((join) => `${page.path}: ${join}`) : [],
  );
  expect(found).toEqual([]);
  // The words a reader searches for are still there, each its own word.
  // (Each step's description is a row of its own under its cells, since the 320 px table.)
  expect(texts.get("/cells/")).toContain("1. copy: cell 0. cell 0. cell 0. Copy the customer's data");
  expect(texts.get("/progress/")).toContain("Reset forgets, in this browser only");
  expect(texts.get("/progress/")).not.toContain("Keep it");
});

/**
 * The words of an element as a reader sees them: its text without what the search index alone
 * reads (SearchOnly.astro's punctuation) or leaves out, white space collapsed.
 */
function seenText(node: Node): string {
  const parts: string[] = [];
  const visit = (n: Node, root = false) => {
    if (n.nodeName === "#text") parts.push((n as DefaultTreeAdapterMap["textNode"]).value);
    else if (
      root ||
      !("tagName" in n) ||
      !(unindexed(n as Element) || attr(n as Element, "data-search-only") !== undefined)
    )
      for (const child of "childNodes" in n ? n.childNodes : []) visit(child);
  };
  // The node's own words are read even where the index reads them from an attribute instead (a table cell).
  visit(node, true);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** The element that follows `el` among its parent's children, if any. */
function nextElement(el: Element): Element | undefined {
  const siblings = el.parentNode?.childNodes ?? [];
  return siblings.slice(siblings.indexOf(el) + 1).find((n): n is Element => "tagName" in n);
}

/** The first words of a text, enough to find where it starts in the index. */
const opening = (text: string) => text.split(" ").slice(0, 3).join(" ");

test("each term of a list reads apart from its description in the search index: 'Mid: Proposes…', 'Materials: The site…'", () => {
  // A rubric's levels and the workshop agenda's facts are set apart from their text by a grid's
  // column or a line of their own, and search's excerpts ran them together: "Mid Proposes
  // retries. Senior Removes hard dependencies", "Materials The site open on the projector". A term
  // that ends in its own mark ("What latency counts as failed?") reads apart already; any other
  // is followed by a colon the index alone reads (SearchOnly.astro).
  const texts = indexedTexts();
  const unread: string[] = [];
  const terms = new Map<string, number>();
  for (const page of site) {
    const indexed = texts.get(page.path);
    if (indexed === undefined) continue;
    eachIndexed(docOf(page), (el) => {
      if (el.tagName !== "dt") return false;
      const description = nextElement(el);
      const term = seenText(el);
      if (description?.tagName !== "dd" || term === "") return true;
      const marked = /[:?.!]$/.test(term);
      terms.set(marked ? "marked" : "bare", (terms.get(marked ? "marked" : "bare") ?? 0) + 1);
      const reads = `${term}${marked ? "" : ":"} ${opening(seenText(description))}`;
      if (!indexed.includes(reads)) unread.push(`${page.path}: ${reads}`);
      return true;
    });
  }
  // The playbook's 133 rubric criteria have three levels each; the agenda's blocks, four facts.
  expect(terms.get("bare")).toBeGreaterThan(400);
  expect(terms.get("marked")).toBeGreaterThan(100);
  expect(unread).toEqual([]);
});

test("a question's level and an exercise's kind end in a full stop in the search index, and a question's chapter link is left out", () => {
  // Search showed "pitched at senior level · read Something is always broken Your service runs
  // on..." and "numeric answer · core In the retry-storm case study": a line of facts run into
  // the prompt under it. The level stays searchable; the chapter's title, a link to a page
  // search finds by its own title, is left out (QuestionBank.astro).
  const texts = indexedTexts();
  const unread: string[] = [];
  let lines = 0;
  for (const page of site) {
    const indexed = texts.get(page.path);
    if (indexed === undefined) continue;
    eachIndexed(docOf(page), (el) => {
      const classes = attr(el, "class")?.split(" ") ?? [];
      if (!classes.includes("bank__meta") && !classes.includes("br-ex__meta")) return false;
      lines++;
      const reads = `${seenText(el)}. `;
      if (!indexed.includes(reads)) unread.push(`${page.path}: ${reads}`);
      return true;
    });
    if (indexed.includes("· read")) unread.push(`${page.path}: a chapter link`);
  }
  expect(lines).toBeGreaterThan(100);
  expect(unread).toEqual([]);
  expect(texts.get("/interview-playbook/questions/failure-modes/")).toContain(
    "pitched at senior level. Every health check is green",
  );
});

/** Whether Pagefind reads the element: outside what it leaves out, or a cell it reads by an attribute. */
const readByIndex = (el: Element) => !unindexed(el) || attr(el, "data-pagefind-index-attrs") !== undefined;

interface Phrase {
  /** "caption", or the cell's tag and scope: "th row", "th col", "td". */
  kind: string;
  /** Its words as a reader sees them (seenText). */
  text: string;
  /** Whether it holds a block that Pagefind ends with a full stop of its own (a list item, a paragraph). */
  blocks: boolean;
}

/**
 * The phrases of each table in the page's indexed body, in order: its caption and each of its
 * cells with words, by rows, as a reader sees them.
 */
function tablePhrases(page: DefaultTreeAdapterMap["document"]): Phrase[][] {
  const tables: Phrase[][] = [];
  const holdsBlock = (el: Element) => {
    let found = false;
    walk(el, (inner) => {
      if (inner !== el && ["p", "div", "li", "ul", "ol"].includes(inner.tagName)) found = true;
    });
    return found;
  };
  const inTable = (node: Node, phrases: Phrase[]) => {
    if (!("tagName" in node)) return;
    const el = node as Element;
    if (!readByIndex(el)) return;
    const cell = el.tagName === "th" || el.tagName === "td" || el.tagName === "caption";
    if (cell) {
      const text = seenText(el);
      const scope = attr(el, "scope");
      if (text !== "")
        phrases.push({ kind: scope ? `${el.tagName} ${scope}` : el.tagName, text, blocks: holdsBlock(el) });
      return;
    }
    for (const child of el.childNodes) inTable(child, phrases);
  };
  eachIndexed(page, (el) => {
    if (el.tagName !== "table") return false;
    const phrases: Phrase[] = [];
    for (const child of el.childNodes) inTable(child, phrases);
    tables.push(phrases);
    return true;
  });
  return tables;
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * How a page's tables read in its indexed text (`indexed`, as Pagefind wrote it): each phrase of a
 * table (tablePhrases) and the one after it, in the table or its next row, either run together
 * (`runs`: "Crash or lost instance A dead process", each as "kind → kind: before | after") or read
 * apart by a stop between them (`apart`: "Crash or lost instance: A dead process"). A phrase that
 * ends in its own stop reads apart already; one that holds a list or a paragraph, which Pagefind
 * ends with stops of its own, is not looked for. Any other that is in neither form is `unfound`.
 * The phrases are looked for in page order, each after the one before it.
 */
function tableReading(indexed: string, page: DefaultTreeAdapterMap["document"]) {
  const runs: string[] = [];
  const unfound: string[] = [];
  let apart = 0;
  let from = 0;
  for (const phrases of tablePhrases(page))
    for (const [i, before] of phrases.slice(0, -1).entries()) {
      const after = phrases[i + 1]!;
      if (/[.:;!?]$/.test(before.text) || before.blocks) continue;
      const pair = `${before.kind} → ${after.kind}: ${before.text.slice(-30)} | ${opening(after.text)}`;
      const run = indexed.indexOf(`${before.text} ${opening(after.text)}`, from);
      const stopped = new RegExp(`${escaped(before.text)}[.:;] ${escaped(opening(after.text))}`, "g");
      stopped.lastIndex = from;
      const read = stopped.exec(indexed)?.index ?? -1;
      if (run >= 0 && (read < 0 || run < read)) {
        runs.push(pair);
        from = run;
      } else if (read >= 0) {
        apart++;
        from = read;
      } else unfound.push(pair);
    }
  return { runs, apart, unfound };
}

test("the checker finds a table's header running into its cells, and a caption into its headers, and not phrases read apart", () => {
  const page = parse(
    "<main data-pagefind-body><table><caption>Kinds</caption><thead><tr><th scope=col>Failure kind</th><th scope=col>How</th></tr></thead>" +
      "<tbody><tr><th scope=row>Crash</th><td>Dead</td></tr><tr><th scope=row>Slow?</th><td>Late</td></tr></tbody></table></main>",
  );
  expect(tableReading("Kinds Failure kind How Crash Dead. Slow? Late.", page)).toEqual({
    runs: [
      "caption → th col: Kinds | Failure kind",
      "th col → th col: Failure kind | How",
      "th col → th row: How | Crash",
      "th row → td: Crash | Dead",
    ],
    apart: 1,
    unfound: [],
  });
  expect(tableReading("Kinds. Failure kind; How. Crash: Dead. Slow? Late.", page)).toEqual({
    runs: [],
    apart: 5,
    unfound: [],
  });
  expect(tableReading("Kinds Failure kind", page).unfound).toHaveLength(4);
});

test("each table's row header, column header, caption and cell reads apart from the next in the search index", () => {
  // Search showed "Crash or lost instance A dead process on a live host" (a row's header and its
  // first cell) and "Failure kind How it shows up Main defence" (the failure modes chapter's
  // column headers): Pagefind ends a <td> with a full stop, and a <th> or a <caption> with
  // nothing. The build gives each cell the mark it lacks, in an attribute only the index reads
  // (src/integrations/search-spacing.ts): "Failure kind; How it shows up; Main defence. Crash or
  // lost instance: A dead process on a live host."
  const texts = indexedTexts();
  const runs: string[] = [];
  const unfound: string[] = [];
  let apart = 0;
  for (const page of site) {
    const indexed = texts.get(page.path);
    if (indexed === undefined) continue;
    const reading = tableReading(indexed, docOf(page));
    runs.push(...reading.runs.map((r) => `${page.path}: ${r}`));
    unfound.push(...reading.unfound.map((r) => `${page.path}: ${r}`));
    apart += reading.apart;
  }
  expect(runs).toEqual([]);
  expect(unfound).toEqual([]);
  // The course's tables: the answer key's, the chapters', the run sheets', the game day cards'.
  expect(apart).toBeGreaterThan(2000);
});
