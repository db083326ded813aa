/**
 * Search answers only what was asked. When a query word is not in Pagefind's index and no indexed
 * word starts with it, Pagefind searches instead for the longest start of it that is indexed
 * (Pagefind PR #315; issue #793 asks for a way to turn that off, and there is none in 1.6): a
 * typo or a word the course never uses found pages for a fragment of it, "asdfgh" 40 pages
 * marked on "as". The same rule is what lets a word typed halfway find the pages that have it
 * whole ("shardi" searches the indexed stem "shard", and a page with "sharding" is a right
 * answer), so it is narrowed here rather than undone:
 *
 * - a query word that is indexed (Pagefind's exact search finds it) is searched as Pagefind
 *   searches it: its other forms and the words it starts ("shard" finds "shards");
 * - a query word that is not indexed keeps only the pages where a word Pagefind matched (or a
 *   word of the title) starts with it: "bulkh" keeps every page with "bulkheads", "shardi" every
 *   page with "sharding", and "asdfgh" keeps no page at all, so the dialog says Pagefind's own
 *   "No results for asdfgh". That reads the data of every page found (one fragment each, about
 *   4 KB; Pagefind keeps them for the next search), which Pagefind's UI reads five at a time.
 *
 * Pagefind's UI calls this in place of `pagefind.search` (src/integrations/pagefind-ui-patch.ts).
 */

/** What Pagefind's result data holds that this reads: the page's text, which of its words matched, and its title. */
export interface ResultData {
  content: string;
  locations: number[];
  meta?: Record<string, string | undefined>;
}

/** The part of a Pagefind search response this reads and passes on. */
export interface SearchResponse<R extends { data(): Promise<ResultData> }> {
  results: R[];
}

/** The part of Pagefind's JavaScript API this uses. */
export interface PagefindSearch<R extends { data(): Promise<ResultData> }, S extends SearchResponse<R>> {
  search(term: string, options?: object): Promise<S | null>;
}

/** Pagefind splits a page's text into words on white space other than U+FEFF (its `word_separators`). */
const wordSeparators = /[^\S\uFEFF]+/;

/** A word as compared here: lower case, accents dropped, letters and digits only. */
export function comparable(word: string): string {
  return word
    .toLocaleLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * The words of a query as compared here; a word with no letter or digit left ("&", "—") is left
 * out, as Pagefind leaves out its punctuation.
 */
export function queryWords(term: string): string[] {
  return term
    .split(/\s+/)
    .map(comparable)
    .filter((w) => w.length > 0);
}

/**
 * The forms of a page's word that a query word may start: the whole word, and each of its parts
 * between punctuation or at a change of case or from letters to digits ("circuit-breaker" gives
 * "circuitbreaker", "circuit" and "breaker"; "CircuitStateController" gives "controller" too), as
 * Pagefind indexes a joined word both whole and by its parts.
 */
export function wordForms(word: string): string[] {
  const parts = word
    .replace(/(\p{Ll})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})|(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, "$1$2$3$4 ")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .map(comparable)
    .filter((p) => p.length > 0);
  const whole = comparable(word);
  return whole && !parts.includes(whole) ? [whole, ...parts] : parts;
}

/** The words of a result's page that Pagefind matched (by their places in its text), and its title's words. */
export function matchedWords(data: ResultData): string[] {
  const words = data.content.split(wordSeparators);
  const matched = data.locations.flatMap((at) => {
    const word = words[at];
    return word === undefined ? [] : [word];
  });
  const title = data.meta?.title?.split(/\s+/) ?? [];
  return [...matched, ...title];
}

/** Whether a page whose matched words are `words` has a word that starts with the query word `start`. */
export function hasWordStarting(words: readonly string[], start: string): boolean {
  return words.some((word) => wordForms(word).some((form) => form.startsWith(start)));
}

/**
 * Pagefind's search of `term`, keeping only the pages that answer every word of it (see the top of
 * the file). What Pagefind returns is passed on as it is but for the results dropped; a stale
 * search (Pagefind's `null`) stays null.
 */
export async function wholeWordSearch<R extends { data(): Promise<ResultData> }, S extends SearchResponse<R>>(
  pagefind: PagefindSearch<R, S>,
  term: string,
  options?: object,
): Promise<S | null> {
  const words = queryWords(term);
  const [response, ...exact] = await Promise.all([
    pagefind.search(term, options),
    // Pagefind's exact search looks a word (by its stem) up in the index, with no substitute.
    ...words.map((word) => pagefind.search(`"${word}"`)),
  ]);
  if (!response) return response;
  const unindexed = words.filter((_, i) => (exact[i]?.results.length ?? 0) === 0);
  if (unindexed.length === 0) return response;
  const answers = await Promise.all(
    response.results.map(async (result) => {
      // A page whose data cannot load (offline, not cached) cannot be judged: it stays, as Pagefind found it.
      const data = await result.data().catch(() => undefined);
      if (!data) return true;
      const words = matchedWords(data);
      return unindexed.every((start) => hasWordStarting(words, start));
    }),
  );
  return { ...response, results: response.results.filter((_, i) => answers[i]) };
}
