/**
 * Reading time, computed from the words a reader reads. A chapter's own `minutes` is typed in its
 * frontmatter and counts reading *and* doing (its exercises, widgets and playgrounds); what is
 * computed here is the reading part, at one rate everywhere: the workshop kit's short preparation
 * reads chapter sections at it, and tests/content/reading-time.test.ts checks every chapter's
 * stated minutes against the same rate (its words must fit in its minutes, with time left over
 * for the doing).
 *
 * The rate, 150 words a minute, is slow on purpose: it is study reading, to be ready to answer
 * questions on what was read, not skimming. Adults read non-fiction silently at about 240 words
 * a minute (Brysbaert, "How many words do we read per minute?", Journal of Memory and Language,
 * 2019); reading to learn, and technical prose full of figures, go markedly slower.
 *
 * Words are counted in a chapter's MDX source, section by section: prose, lists, tables, code
 * and the text a component shows (a quoted attribute with a space in it, such as a prediction's
 * question); not imports, exports, tag names or ids, nor the exercises a component embeds (a
 * facilitator does those apart, with their own time). An expression, `{setting.triggerSeconds}`,
 * is one word: it renders a figure or a short phrase. A chapter's stated time (minutesToState)
 * also counts the words its components render from data, which the MDX does not hold: the
 * workshop kit's agendas, their notes and its tables are most of its page.
 */
import { readFileSync } from "node:fs";
import { chaptersDir } from "./chapters-dir.ts";

/** The course's reading rate, in words a minute (see above). */
export const wordsPerMinute = 150;

/**
 * Minutes to work out one answer of an exercise once its text is read: one part, one minute. With
 * the reading rate, checked against every chapter's stated minutes (tests/content/reading-time.test.ts):
 * a chapter's words and its exercises' words at the rate, and this for each part of its
 * exercises, fit in the time the chapter states for reading and doing it.
 */
export const minutesPerPart = 1;

/**
 * Whole minutes to read this many words at the course's rate: to the nearest minute, so that a
 * list of sections adds up to about its words' time (rounding each up would add half a minute a
 * section), and at least one, since nothing worth listing is free.
 */
export function readingMinutes(words: number): number {
  if (!Number.isInteger(words) || words < 0) throw new RangeError(`a word count is a whole number, got ${words}`);
  return Math.max(1, Math.round(words / wordsPerMinute));
}

/**
 * The least a chapter may state as its time (its `minutes`), whole minutes: its words at the
 * course's rate and minutesPerPart for each answer its exercises ask, rounded up. Its words are
 * all a reader reads on its page: its MDX's (chapterWords) and its exercises', and the words
 * its components render from data that its MDX does not hold (the workshop kit's agendas and
 * tables, src/components/workshop/kit-words.ts). A chapter may state more, for its widgets and
 * playgrounds; the kit, which has none, states exactly this (tests/content/reading-time.test.ts).
 */
export function minutesToState(words: number, answers: number): number {
  if (!Number.isInteger(words) || words < 0) throw new RangeError(`a word count is a whole number, got ${words}`);
  if (!Number.isInteger(answers) || answers < 0)
    throw new RangeError(`an answer count is a whole number, got ${answers}`);
  return Math.ceil(words / wordsPerMinute + answers * minutesPerPart);
}

/** One heading's section of a chapter, with its subsections. */
export interface ChapterSection {
  /** The heading's id on the built page ("_top" for the chapter's opening, before its first heading). */
  anchor: string;
  /** The heading as the page shows it (the chapter's title for "_top"). */
  title: string;
  /** 1 for the opening, 2 for `##`, 3 for `###`... */
  depth: number;
  /** Words from the heading to the next heading of the same depth or above. */
  words: number;
}

/**
 * A heading's id as the site gives it: Astro's heading ids, which use github-slugger (lower case,
 * punctuation and symbols dropped, spaces to hyphens, no trailing hyphen, "-1" on a repeat).
 */
export function headingAnchor(text: string, taken: Map<string, number> = new Map()): string {
  let slug = text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
    .replace(/ /g, "-");
  if (slug.endsWith("-")) slug = slug.slice(0, -1);
  const seen = taken.get(slug);
  taken.set(slug, (seen ?? -1) + 1);
  return seen === undefined ? slug : `${slug}-${seen + 1}`;
}

/** A heading's text as the page shows it: markdown marks and link targets dropped. */
function headingText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/[*_`]/g, "")
    .trim();
}

/** The end of the `{ ... }` expression opening at `start` (the index after its closing brace). */
function expressionEnd(text: string, start: number): number {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = null;
      continue;
    }
    // A comment may hold an apostrophe ("the dependency's"): it is no quote.
    if (c === "/" && text[i + 1] === "*") {
      const close = text.indexOf("*/", i + 2);
      i = close < 0 ? text.length : close + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Attributes whose value is never text a reader reads, even with spaces in it. */
const drawingAttributes = new Set(["class", "className", "style", "d", "points", "transform", "viewBox"]);

/** Text shown by a template literal attribute: its literal text, each `${...}` one word. */
const templateText = (body: string) => body.replace(/\$\{[^}]*\}/g, " X ");

/**
 * The words a reader reads in a stretch of MDX body (no frontmatter): see the module's comment
 * for what counts.
 */
export function countWords(source: string): number {
  // Code and mathematics are literal: braces and angle brackets in them are no expression or tag.
  let literal = 0;
  const literalWords = (body: string) => {
    literal += words(body);
    return " ";
  };
  const mdx = source
    .replace(/^[ \t]*(```+|~~~+)[^\n]*\n([\s\S]*?)^[ \t]*\1[ \t]*$/gm, (_, _fence, body: string) => literalWords(body))
    .replace(/\$\$([\s\S]*?)\$\$/g, (_, body: string) => literalWords(body))
    .replace(/(?<!\{)`([^`\n]+)`(?!\})/g, (_, body: string) => literalWords(body))
    .replace(/\$(?![{\s])([^$\n]+?)\$(?!\d)/g, (_, body: string) => literalWords(body));
  const kept: string[] = [];
  let i = 0;
  let inTag = false;
  while (i < mdx.length) {
    const c = mdx[i]!;
    if (c === "{") {
      const end = expressionEnd(mdx, i);
      const inner = mdx.slice(i + 1, end - 1).trim();
      // A template literal's text is shown; in a tag, other code is not; in text, it renders one figure or phrase.
      const template = /^`([^`]*)`$/.exec(inner);
      if (template) {
        if (!inTag || /\s/.test(template[1]!)) kept.push(templateText(template[1]!));
      } else if (!inTag && !inner.startsWith("/*")) kept.push(" X ");
      i = end;
      continue;
    }
    if (!inTag && c === "<" && /[A-Za-z/!]/.test(mdx[i + 1] ?? "")) {
      inTag = true;
      i++;
      continue;
    }
    if (inTag) {
      if (c === ">") {
        inTag = false;
        kept.push(" ");
      } else if (c === '"' || c === "'") {
        const end = mdx.indexOf(c, i + 1);
        const value = mdx.slice(i + 1, end < 0 ? mdx.length : end);
        const name = /([\w-]+)=$/.exec(mdx.slice(Math.max(0, i - 40), i))?.[1];
        // A quoted value of words is text the component shows; an id, a class or a drawing's numbers is not.
        if (/\s/.test(value.trim()) && /\p{L}/u.test(value) && !drawingAttributes.has(name ?? ""))
          kept.push(` ${value} `);
        i = end < 0 ? mdx.length : end + 1;
        continue;
      }
      i++;
      continue;
    }
    kept.push(c);
    i++;
  }
  const text = kept
    .join("")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/https?:\/\/\S+/g, " ");
  return literal + words(text);
}

/** Whitespace-separated tokens with a letter or a digit in them: punctuation alone is no word. */
const words = (text: string) => text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;

/** The chapter body of an MDX file: no frontmatter, no import or export statements. */
function chapterBody(source: string): string {
  const body = source.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, "");
  // MDX's ESM: a paragraph (up to a blank line) that starts with import or export.
  return body
    .split(/\n\s*\n/)
    .filter((paragraph) => !/^(import|export)\s/.test(paragraph.trimStart()))
    .join("\n\n");
}

/**
 * A chapter's sections, read from its MDX: its opening ("_top") and every heading in the text,
 * in order, each with its anchor on the built page and the words down to the next heading of the
 * same depth or above. Headings a component draws (an exercise's title) are not among them.
 */
export function sectionsOfMdx(source: string, title: string): ChapterSection[] {
  const lines = chapterBody(source).split("\n");
  const parts: { anchor: string; title: string; depth: number; text: string[] }[] = [
    { anchor: "_top", title, depth: 1, text: [] },
  ];
  const taken = new Map<string, number>();
  let fence: string | null = null;
  for (const line of lines) {
    const opensOrCloses = /^\s*(```+|~~~+)/.exec(line);
    if (opensOrCloses) {
      if (fence === null) fence = opensOrCloses[1]!;
      else if (line.trim().startsWith(fence)) fence = null;
    }
    const heading = fence === null ? /^(#{2,6})\s+(.+?)\s*#*\s*$/.exec(line) : null;
    if (heading) {
      const text = headingText(heading[2]!);
      parts.push({ anchor: headingAnchor(text, taken), title: text, depth: heading[1]!.length, text: [] });
    } else parts.at(-1)!.text.push(line);
  }
  return parts.map((part, index) => {
    // The section runs on through its subsections, to the next heading at its depth or above.
    let words = countWords(part.text.join("\n"));
    if (part.depth > 1) {
      for (const next of parts.slice(index + 1)) {
        if (next.depth <= part.depth) break;
        words += countWords(`${next.title}\n${next.text.join("\n")}`);
      }
    }
    return { anchor: part.anchor, title: part.title, depth: part.depth, words };
  });
}

/** A chapter's sections (sectionsOfMdx), read from content/chapters/<slug>/index.mdx. */
export function chapterSections(slug: string, title: string, dir: URL = chaptersDir): ChapterSection[] {
  return sectionsOfMdx(readFileSync(new URL(`${slug}/index.mdx`, dir), "utf8"), title);
}

/**
 * Every word a reader reads in a chapter's MDX: its opening and top-level sections (each with its
 * subsections) and the top-level headings themselves, which no section holds.
 */
export function chapterWords(slug: string, title: string, dir: URL = chaptersDir): number {
  return chapterSections(slug, title, dir)
    .filter((s) => s.depth <= 2)
    .reduce((sum, s) => sum + s.words + (s.depth === 2 ? countWords(s.title) : 0), 0);
}
