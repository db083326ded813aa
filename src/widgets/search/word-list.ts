/**
 * The list of the site's words that search asks before it reads a page's data
 * (src/widgets/search/whole-words.ts): every form a query word is compared with, of every word of
 * every page's text and title as Pagefind's index holds them. The build writes it from Pagefind's
 * page data (src/integrations/search-words.ts), one part per first letter.
 */
import { type ResultData, wordForms, wordListPart, wordSeparators } from "./whole-words.ts";

/** What the list is made of, of one page: the text and title Pagefind keeps in its data. */
export type PageText = Pick<ResultData, "content" | "meta">;

/**
 * Every word of a page that a query word may be compared with: each word of its text (of which
 * the words Pagefind matches are some) and of its title, as `matchedWords` splits them.
 */
export function pageWords(page: PageText): string[] {
  const title = page.meta?.title?.split(/\s+/) ?? [];
  return [...page.content.split(wordSeparators), ...title];
}

/**
 * The forms of the words of `pages` that start no other (a word starts a form if it starts one of
 * these), sorted in JavaScript's order of strings.
 */
export function wordsStartingNoOther(pages: readonly PageText[]): string[] {
  // Each word once: its forms are what is listed (a page's text repeats most of its words).
  const forms = new Set([...new Set(pages.flatMap(pageWords))].flatMap(wordForms));
  const sorted = [...forms].sort();
  // The forms a form starts come right after it in the sorted list.
  return sorted.filter((form, i) => !sorted[i + 1]?.startsWith(form));
}

/** All the parts of the list, named as `wordListPart` names them, each written even if empty, one word a line. */
export function wordListParts(pages: readonly PageText[]): Map<string, string> {
  const parts = new Map<string, string[]>(
    [..."abcdefghijklmnopqrstuvwxyz", "0", "_"].map((first) => [wordListPart(first), []]),
  );
  for (const word of wordsStartingNoOther(pages)) parts.get(wordListPart(word.charAt(0)))?.push(word);
  return new Map([...parts].map(([part, words]) => [part, words.map((w) => `${w}\n`).join("")]));
}
