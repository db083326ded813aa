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
 * - so is a word that starts indexed words ("sh", "bulkh") when it was searched as typed: every
 *   page Pagefind found has a word that starts with it. Such a word is told from one Pagefind
 *   substituted by a second search, of the word with a character after it that no word has
 *   (`noWordGoesOn`): that search finds no indexed word starting with it, so Pagefind substitutes
 *   its longest indexed start, the word's own substitute if the word had one. Other pages, or
 *   other places on them, mean the word's own search found words going on from it. "As typed"
 *   means letters and digits only, ending in none of the English stemmer's suffixes
 *   (`searchedAsTyped`): Pagefind searches "latene" as "laten", and the "latency" it finds does not
 *   start with "latene";
 * - any other word that is not indexed keeps only the pages where a word Pagefind matched (or a
 *   word of the title) starts with it: "shardi" keeps every page with "sharding", and "asdfgh"
 *   keeps no page at all, so the dialog says Pagefind's own "No results for asdfgh". A word that
 *   some page has reads the data of every page found (one fragment each, about 4 KB; Pagefind
 *   keeps them for the next search), where Pagefind's UI reads five at a time; a word of the case
 *   above reads none. Pagefind's index cannot tell which pages to keep: it holds a word's stem,
 *   and its searches give only pages and places: "sharding" and "shards" are one word to it
 *   ("shard": its exact searches of the two find the same pages at the same places), so which
 *   pages have a word starting with "shardi" is written only in their text. The count the dialog
 *   shows first needs every page judged;
 * - a word that no page has reads no page's data: the build lists the forms of every word of every
 *   page's text and title (src/integrations/search-words.ts, src/widgets/search/word-list.ts), in
 *   parts by first letter, and the part for a query word's first letter is fetched with the first
 *   search that has it. A word that starts no listed word ("asdfgh") drops every page found at
 *   once. Pagefind's searches could not tell that either: a joined word's parts sit at its place,
 *   so its search of "denialofserv" finds "denial-of-service" at the places where "denial" is, the
 *   same pages and places as a substitute "denial" would give; and it holds
 *   "min_retry_concurrency" joined only with its underscores, so no indexed word starts with
 *   "minretryconc", though a page has the name. Where the list cannot load, the pages are read.
 *
 * Pagefind's UI calls this in place of `pagefind.search` (src/integrations/pagefind-ui-patch.ts).
 */

/** What Pagefind's result data holds that this reads: the page's text, which of its words matched, and its title. */
export interface ResultData {
  content: string;
  locations: number[];
  meta?: Record<string, string | undefined>;
}

/**
 * What this reads of one Pagefind result before its data: the page (`id`) and the places on it of
 * the words matched (`words`). A result without them cannot be compared with another's.
 */
export interface Found {
  id?: string;
  words?: readonly number[];
  data(): Promise<ResultData>;
}

/** The part of a Pagefind search response this reads and passes on. */
export interface SearchResponse<R extends Found> {
  results: R[];
}

/** The part of Pagefind's JavaScript API this uses. */
export interface PagefindSearch<R extends Found, S extends SearchResponse<R>> {
  search(term: string, options?: object): Promise<S | null>;
}

/** Pagefind splits a page's text into words on white space other than U+FEFF (its `word_separators`). */
export const wordSeparators = /[^\S\uFEFF]+/;

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
 * The forms of a page's word that a query word may start: the whole word; each of its parts
 * between punctuation or at a change of case or from letters to digits ("circuit-breaker" gives
 * "circuitbreaker", "circuit" and "breaker"; "CircuitStateController" gives "controller" too), as
 * Pagefind indexes a joined word both whole and by its parts; and the rest of it from each dot
 * before a letter on, as a reader takes each name of a dotted name for a name of its own
 * ("opossum.CircuitBreaker" gives "circuitbreaker") and Pagefind indexes a dotted name from each
 * dot on. Other punctuation starts no such rest: "circuit-breaker-states" gives no
 * "breakerstates", and 17,280,000 is not 280,000.
 */
export function wordForms(word: string): string[] {
  const parts = word
    .replace(/(\p{Ll})(?=\p{Lu})|(\p{Lu})(?=\p{Lu}\p{Ll})|(\p{L})(?=\p{N})|(\p{N})(?=\p{L})/gu, "$1$2$3$4 ")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .map(comparable)
    .filter((p) => p.length > 0);
  const rests = [...word.matchAll(/\.+(?=\p{L})/gu)].map((dot) => comparable(word.slice(dot.index + dot[0].length)));
  return [...new Set([comparable(word), ...parts, ...rests].filter((form) => form.length > 0))];
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
 * Appended to a query word, a character that no indexed word has after it: Pagefind keeps it (it is
 * no punctuation), finds no word starting with the result, and so searches the longest indexed
 * start of it.
 */
export const noWordGoesOn = "\u0001";

/**
 * Whether a query word is one whose own search Pagefind ran on its letters as typed: a word of
 * ASCII letters and digits only (which Pagefind's normalising leaves as it is) that the English
 * stemmer leaves whole. The stemmer (Snowball's English, which Pagefind's search applies to each
 * query word) changes a word only at one of its suffixes, and every one of them ends in one of
 * `stemmedEndings` ("s", "ed", "ing", "y", "li", "al", "ion", "er", "ism", "ment", "ic", "e"...):
 * "latene" is searched as "laten", and the "latency" that finds does not start with "latene". A
 * word with one of those endings is judged page by page, whether the stemmer changes it or not.
 */
export function searchedAsTyped(word: string): boolean {
  return plainWord.test(word) && !stemmedEndings.test(word);
}

/**
 * The endings of the suffixes Snowball's English stemmer removes or changes (its steps 0 to 5):
 * "s" (s, ies, sses, ness, ous, fulness, ousness, iveness), "e" (e, ate, ive, ize, able, ible,
 * ance, ence, alize, icate, ative), "y" (y to i, ly), "ed" (ed, eed, ied), "ing", "li" (li, bli,
 * abli, alli, entli, fulli, lessli, ousli), "ci" (enci, anci), "ti" (iti, aliti, biliti, iviti,
 * iciti), "gi" (ogi), "al" (al, ical, tional, ational), "ul" (ful), "ll" (ll to l), "ion" (ion,
 * ation, ization), "er" (er, izer), "or" (ator), "ism" (ism, alism), "nt" (ant, ent, ment,
 * ement), "ic".
 */
const stemmedEndings = /(?:[sey]|ed|ing|[clgt]i|[aul]l|ion|[eo]r|ism|nt|ic)$/;

/** A word of ASCII letters and digits only, in lower case. */
const plainWord = /^[a-z0-9]+$/;

/** The pages of a search response and the places on each of the words matched, in one string per page. */
function finds(response: SearchResponse<Found>): string[] {
  return response.results.map((r) => `${r.id}@${r.words?.join(",")}`).sort();
}

/**
 * Whether Pagefind's search of a query word that is not indexed found the words that go on from it,
 * rather than a substitute (see the top of the file): it found other pages, or other places on
 * them, than its search of the word followed by `noWordGoesOn`, which can only find a substitute.
 * A result without its page or places, or a search given up (`null`), tells nothing: false.
 */
export async function foundWordsGoingOn(
  pagefind: PagefindSearch<Found, SearchResponse<Found>>,
  word: string,
): Promise<boolean> {
  const [alone, beyond] = await Promise.all([pagefind.search(word), pagefind.search(word + noWordGoesOn)]);
  if (!alone || !beyond) return false;
  const known = (r: Found) => r.id !== undefined && r.words !== undefined;
  if (![...alone.results, ...beyond.results].every(known)) return false;
  const [a, b] = [finds(alone), finds(beyond)];
  return a.length !== b.length || a.some((page, i) => page !== b[i]);
}

/**
 * Whether some page has a word starting with `start` (a word as `comparable` gives it), by the
 * site's list of words: undefined where the list cannot tell (it could not load).
 */
export type ListedWordCheck = (start: string) => Promise<boolean | undefined>;

/**
 * The part of the list of words that holds the words starting with `first` (a word's first
 * character): one per letter a to z, one for the digits, one for the rest. Each is written by the
 * build, empty or not, so a part that does not load is a failure, not a part with no word.
 */
export function wordListPart(first: string): string {
  return /^[a-z]$/.test(first) ? first : /^[0-9]$/.test(first) ? "0" : "_";
}

/** Where the build writes the part `part` of the list, below the site's root. */
export function wordListPath(part: string): string {
  return `search-words/${part}.txt`;
}

/** A part of the list as written: its words sorted (in JavaScript's order of strings), one a line. */
export function parseWordList(text: string): string[] {
  return text.split("\n").filter((word) => word.length > 0);
}

/**
 * Whether a word of the sorted list `words` starts with `start`: the first word not before
 * `start` does if any does, as the words starting with it come together in the sorted list, first
 * after any word before it.
 */
export function startsWordOf(words: readonly string[], start: string): boolean {
  let [low, high] = [0, words.length];
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((words[mid] ?? "") < start) low = mid + 1;
    else high = mid;
  }
  return words[low]?.startsWith(start) ?? false;
}

const fetchedParts = new Map<string, Promise<string[] | undefined>>();

/**
 * The site's list, each part fetched the first time a query word needs it (and kept for the
 * page's life; the service worker keeps it offline). Only in a page: elsewhere it cannot tell.
 */
export const siteWordList: ListedWordCheck = async (start) => {
  if (typeof document === "undefined" || start.length === 0) return undefined;
  const part = wordListPart(start.charAt(0));
  let words = fetchedParts.get(part);
  if (!words) {
    // The site's base is read here, not by src/course/url.ts on loading: the build loads this file too.
    const url = new URL(`${import.meta.env.BASE_URL.replace(/\/?$/, "/")}${wordListPath(part)}`, document.baseURI);
    words = fetch(url)
      .then((r) => (r.ok ? r.text() : Promise.reject(new Error(`${url}: ${r.status}`))))
      .then(parseWordList)
      .catch(() => {
        // A failed fetch is tried again by the next search.
        fetchedParts.delete(part);
        return undefined;
      });
    fetchedParts.set(part, words);
  }
  const list = await words;
  return list && startsWordOf(list, start);
};

/**
 * Pagefind's search of `term`, keeping only the pages that answer every word of it (see the top of
 * the file). What Pagefind returns is passed on as it is but for the results dropped; a stale
 * search (Pagefind's `null`) stays null.
 */
export async function wholeWordSearch<R extends Found, S extends SearchResponse<R>>(
  pagefind: PagefindSearch<R, S>,
  term: string,
  options?: object,
  startsListedWord: ListedWordCheck = siteWordList,
): Promise<S | null> {
  const words = queryWords(term);
  // The site's list of words is asked at once, beside Pagefind's searches.
  const listing = new Map(words.map((word) => [word, startsListedWord(word)]));
  const [response, ...exact] = await Promise.all([
    pagefind.search(term, options),
    // Pagefind's exact search looks a word (by its stem) up in the index, with no substitute.
    ...words.map((word) => pagefind.search(`"${word}"`)),
  ]);
  if (!response) return response;
  const notIndexed = words.filter((_, i) => (exact[i]?.results.length ?? 0) === 0);
  // The words compared here are the words Pagefind searched only if nothing was typed but letters
  // and digits: of "sh$", Pagefind searches "sh$" and this compares "sh".
  const asTyped = term
    .trim()
    .split(/\s+/)
    .every((w) => plainWord.test(w.toLocaleLowerCase()));
  const goingOn = await Promise.all(
    notIndexed.map((word) => asTyped && searchedAsTyped(word) && foundWordsGoingOn(pagefind, word)),
  );
  const unindexed = notIndexed.filter((_, i) => !goingOn[i]);
  if (unindexed.length === 0) return response;
  // A word that starts no word of any page drops every page found: no data to read.
  const listed = await Promise.all(unindexed.map((word) => listing.get(word) ?? Promise.resolve(undefined)));
  if (listed.includes(false)) return { ...response, results: [] };
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
