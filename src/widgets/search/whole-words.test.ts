import { expect, test } from "vitest";
import {
  foundWordsGoingOn,
  hasWordStarting,
  noWordGoesOn,
  matchedWords,
  type PagefindSearch,
  queryWords,
  type ResultData,
  searchedAsTyped,
  type SearchResponse,
  siteWordList,
  startsWordOf,
  wholeWordSearch,
  wordForms,
} from "./whole-words.ts";

interface FakeResult {
  id: string;
  data(): Promise<ResultData>;
}

/** A page whose text is `content`, on which Pagefind matched the words at `locations`. */
function page(id: string, content: string, locations: number[], title = "A chapter"): FakeResult {
  return { id, data: async () => ({ content, locations, meta: { title } }) };
}

/**
 * A stand-in for Pagefind: `indexed` are the words its exact search finds; `found` what its
 * ordinary search returns for each query (substitutes included, as Pagefind's are). Records every
 * term it is asked for.
 */
function fakePagefind(indexed: string[], found: Record<string, FakeResult[] | null>) {
  const asked: string[] = [];
  const pagefind: PagefindSearch<FakeResult, SearchResponse<FakeResult> & { unfilteredResultCount: number }> = {
    async search(term) {
      asked.push(term);
      const exact = /^"(.+)"$/.exec(term)?.[1];
      if (exact !== undefined)
        return { results: indexed.includes(exact) ? [page(exact, exact, [0])] : [], unfilteredResultCount: 0 };
      const results = found[term];
      return results === null || results === undefined ? null : { results, unfilteredResultCount: results.length };
    },
  };
  return { pagefind, asked };
}

test("a query's words are compared in lower case, without accents or punctuation", () => {
  expect(queryWords("  Circuit-Breaker  Café's ")).toEqual(["circuitbreaker", "cafes"]);
  expect(queryWords("— &")).toEqual([]);
  expect(wordForms("circuit-breaker,")).toEqual(["circuitbreaker", "circuit", "breaker"]);
  expect(wordForms("Bulkheads.")).toEqual(["bulkheads"]);
  expect(wordForms("CircuitStateController")).toEqual(["circuitstatecontroller", "circuit", "state", "controller"]);
  expect(wordForms("WKWebView,")).toEqual(["wkwebview", "wk", "web", "view"]);
  expect(wordForms("p99")).toEqual(["p99", "p", "99"]);
});

test("a dotted name's forms include the rest of it from each dot, as a reader reads each name in it", () => {
  expect(wordForms("opossum.CircuitBreaker")).toEqual([
    "opossumcircuitbreaker",
    "opossum",
    "circuit",
    "breaker",
    "circuitbreaker",
  ]);
  expect(wordForms("(config.cluster.v3.CircuitBreakers.Thresholds.RetryBudget).")).toEqual([
    "configclusterv3circuitbreakersthresholdsretrybudget",
    "config",
    "cluster",
    "v",
    "3",
    "circuit",
    "breakers",
    "thresholds",
    "retry",
    "budget",
    "clusterv3circuitbreakersthresholdsretrybudget",
    "v3circuitbreakersthresholdsretrybudget",
    "circuitbreakersthresholdsretrybudget",
    "thresholdsretrybudget",
    "retrybudget",
  ]);
  expect(hasWordStarting(["opossum.CircuitBreaker"], "circuitb")).toBe(true);
  // Other punctuation, or a change of case, starts no such rest: an English compound's second half
  // joined to its third is no name, a group of digits no number of its own (17,280,000 is not
  // 280,000), and "CircuitStateController" gives no "statecontroller".
  expect(hasWordStarting(["circuit-breaker-states."], "breakerstate")).toBe(false);
  expect(hasWordStarting(["rpl_semi_sync_source_timeout"], "semisync")).toBe(false);
  expect(hasWordStarting(["CircuitStateController"], "statecon")).toBe(false);
  expect(wordForms("17,280,000")).toEqual(["17280000", "17", "280", "000"]);
});

test("a word Pagefind substituted keeps a page whose dotted name has a part starting with it", async () => {
  // No indexed word starts with "circuitb", so Pagefind searched "circuit", on both pages.
  const envoy = page("envoy", "see opossum.CircuitBreaker here", [1]);
  const other = page("other", "a circuit trips", [1]);
  const { pagefind } = fakePagefind(["circuit"], { circuitb: [envoy, other] });
  expect((await wholeWordSearch(pagefind, "circuitb"))?.results).toEqual([envoy]);
});

test("a page's matched words are the words at Pagefind's locations, and its title's", () => {
  const data = {
    content: "One bulkhead per pool; bulkheads cap the blast.",
    locations: [1, 4],
    meta: { title: "Bulkheads" },
  };
  expect(matchedWords(data)).toEqual(["bulkhead", "bulkheads", "Bulkheads"]);
  expect(hasWordStarting(matchedWords(data), "bulkh")).toBe(true);
  expect(hasWordStarting(["as", "ask"], "asdfgh")).toBe(false);
  expect(hasWordStarting(["circuit-breakers"], "breake")).toBe(true);
});

test("a word that is in no page finds nothing, though Pagefind found pages for the start of it that is indexed", async () => {
  // Pagefind's answer to "asdfgh": the pages with "as" (its longest indexed start).
  const as = [page("a", "as fast as it can", [0, 3]), page("b", "such as this", [1])];
  const { pagefind } = fakePagefind(["as"], { asdfgh: as });
  const response = await wholeWordSearch(pagefind, "asdfgh");
  expect(response?.results).toEqual([]);
  // The rest of Pagefind's answer is passed on.
  expect(response?.unfilteredResultCount).toBe(2);
});

test("a word typed halfway finds the pages with the whole word, and only those", async () => {
  const bulkheads = page("bulkheads", "Bulkheads split a pool", [0]);
  const review = page("review", "a bulkhead per tenant", [1]);
  const { pagefind } = fakePagefind(["bulkhead"], { bulkh: [bulkheads, review] });
  expect((await wholeWordSearch(pagefind, "bulkh"))?.results).toEqual([bulkheads, review]);
  // A page whose only match is its title stays too.
  const titled = page("titled", "split a pool", [], "Bulkheads");
  const inTitle = fakePagefind(["bulkhead"], { bulkh: [titled] });
  expect((await wholeWordSearch(inTitle.pagefind, "bulkh"))?.results).toEqual([titled]);
  // "shardi" is not indexed and Pagefind searched its indexed start "shard": the page with
  // "sharding" answers it, the page with only "shards" does not.
  const sharding = page("sharding", "shuffle sharding isolates", [1]);
  const shards = page("shards", "four shards", [1]);
  const typed = fakePagefind(["shard"], { shardi: [shards, sharding] });
  expect((await wholeWordSearch(typed.pagefind, "shardi"))?.results).toEqual([sharding]);
});

test("an indexed word is searched as Pagefind searches it, its other forms included, and no page's data is read", async () => {
  let read = 0;
  const shards: FakeResult = {
    id: "shards",
    data: async () => {
      read++;
      return { content: "four shards", locations: [1] };
    },
  };
  const { pagefind, asked } = fakePagefind(["sharding", "shuffle"], { "shuffle sharding": [shards] });
  expect((await wholeWordSearch(pagefind, "shuffle sharding"))?.results).toEqual([shards]);
  expect(read).toBe(0);
  expect(asked).toEqual(["shuffle sharding", '"shuffle"', '"sharding"']);
});

test("with several words, a page stays only if it answers every word that is not indexed", async () => {
  const both = page("both", "circuit breakers trip", [0, 1]);
  const one = page("one", "circuit as before", [0, 1]);
  const { pagefind } = fakePagefind(["circuit"], { "circuit breake": [both, one] });
  expect((await wholeWordSearch(pagefind, "circuit breake"))?.results).toEqual([both]);
});

test("a page whose data cannot load is kept, as Pagefind found it, and the others are still judged", async () => {
  const offline: FakeResult = { id: "offline", data: () => Promise.reject(new Error("Failed to fetch")) };
  const as = page("as", "as fast as it can", [0]);
  const { pagefind } = fakePagefind(["as"], { asdfgh: [offline, as] });
  expect((await wholeWordSearch(pagefind, "asdfgh"))?.results).toEqual([offline]);
});

test("a search Pagefind gave up as stale stays stale", async () => {
  const { pagefind } = fakePagefind([], { stale: null });
  await expect(wholeWordSearch(pagefind, "stale")).resolves.toBeNull();
});

/**
 * Pagefind's lookup of one query word, as its search does it (pagefind_web/src/search.rs,
 * `find_word_extensions`): the indexed words it starts, or, if none, the longest indexed start of
 * it alone, after `stem` (Pagefind's stemmer). `index` is each indexed word's places, as "page@location".
 */
function modelPagefind(index: Record<string, string[]>, text: Record<string, string>, stem = (word: string) => word) {
  let read = 0;
  const asked: string[] = [];
  const lookUp = (word: string): string[] => {
    const keys = Object.keys(index);
    const goingOn = keys.filter((k) => k.startsWith(word));
    const starts = keys.filter((k) => word.startsWith(k)).sort((a, b) => b.length - a.length);
    return (goingOn.length > 0 ? goingOn : starts.slice(0, 1)).flatMap((k) => index[k] ?? []);
  };
  const result = (id: string, words: number[]) => ({
    id,
    words,
    data: async () => {
      read++;
      return { content: text[id] ?? "", locations: words, meta: { title: "A chapter" } };
    },
  });
  const pagefind = {
    async search(term: string) {
      asked.push(term);
      const exact = /^"(.+)"$/.exec(term)?.[1];
      const places = exact === undefined ? lookUp(stem(term)) : (index[stem(exact)] ?? []);
      const byPage = new Map<string, number[]>();
      for (const place of places) {
        const [id = "", at = ""] = place.split("@");
        byPage.set(id, [...(byPage.get(id) ?? []), Number(at)]);
      }
      return { results: [...byPage].map(([id, words]) => result(id, words)) };
    },
  };
  return { pagefind, asked, reads: () => read };
}

const sharding = {
  index: { shard: ["a@1", "b@1"], should: ["c@0"], as: ["a@0", "c@1"] },
  text: { a: "as shards", b: "shuffle sharding", c: "should as" },
};

test("a word that starts indexed words is searched as Pagefind searches it: every page it found stays, and no page's data is read", async () => {
  // "sh" is not indexed; Pagefind found the words it starts, "shard" and "should", on three pages.
  const { pagefind, asked, reads } = modelPagefind(sharding.index, sharding.text);
  const response = await wholeWordSearch(pagefind, "sh");
  expect(response?.results.map((r) => r.id)).toEqual(["a", "b", "c"]);
  expect(reads()).toBe(0);
  // Told by its search beside the search of "sh" and a character no word has after it.
  expect(asked).toEqual(["sh", '"sh"', "sh", `sh${noWordGoesOn}`]);
});

test("a word Pagefind substituted is still judged page by page: its pages' data is read, and only the pages with a word starting with it stay", async () => {
  // "shardi": no indexed word starts with it, so Pagefind searched "shard".
  const typed = modelPagefind(sharding.index, sharding.text);
  expect((await wholeWordSearch(typed.pagefind, "shardi"))?.results.map((r) => r.id)).toEqual(["b"]);
  expect(typed.reads()).toBe(2);
  // "asdfgh": Pagefind searched "as" and found two pages, neither with a word starting with "asdfgh".
  const typo = modelPagefind(sharding.index, sharding.text);
  expect((await wholeWordSearch(typo.pagefind, "asdfgh"))?.results).toEqual([]);
  expect(typo.reads()).toBe(2);
  await expect(foundWordsGoingOn(typo.pagefind, "asdfgh")).resolves.toBe(false);
  await expect(foundWordsGoingOn(typo.pagefind, "sh")).resolves.toBe(true);
});

test("when the two searches cannot be compared, the word is judged page by page, as one Pagefind may have substituted", async () => {
  const { pagefind } = modelPagefind(sharding.index, sharding.text);
  // A search given up (Pagefind's null) tells nothing.
  const givenUp = { search: async (term: string) => (term.endsWith(noWordGoesOn) ? null : pagefind.search(term)) };
  await expect(foundWordsGoingOn(givenUp, "sh")).resolves.toBe(false);
  // Nor does a result that does not say its page and places.
  const unnamed = {
    search: async (term: string) => {
      const response = await pagefind.search(term);
      return { results: response.results.map((r) => ({ data: r.data })) };
    },
  };
  await expect(foundWordsGoingOn(unnamed, "sh")).resolves.toBe(false);
  // The same pages at other places: Pagefind found words going on from it.
  const moved = modelPagefind({ shard: ["a@1"], sh: ["a@3"] }, { a: "as shards a sh" });
  await expect(foundWordsGoingOn(moved.pagefind, "sh")).resolves.toBe(true);
});

test("a word the stemmer may change, or a query with more than letters and digits, is judged page by page though Pagefind found words going on from what it searched", async () => {
  const asTyped = ["sh", "bulkh", "circuitb", "asdfgh", "shardi", "outag", "p99"];
  expect(asTyped.filter(searchedAsTyped)).toEqual(asTyped);
  expect(["latene", "loos", "anal", "relati", "hopped", "caf\u00e9", "x-y"].filter(searchedAsTyped)).toEqual([]);
  // Pagefind searches "latene" as "laten", and finds "latency", which does not start with "latene".
  const latency = modelPagefind({ latenc: ["a@0"] }, { a: "latency budgets" }, (w) => w.replace(/e$/, ""));
  await expect(foundWordsGoingOn(latency.pagefind, "latene")).resolves.toBe(true);
  expect((await wholeWordSearch(latency.pagefind, "latene"))?.results).toEqual([]);
  expect(latency.reads()).toBe(1);
  // Of "sh$" Pagefind searches "sh$", and so a substitute, "s"; the word compared here is "sh",
  // which starts "shard": were it taken for what Pagefind searched, page b would stay.
  const typed = modelPagefind({ s: ["a@0", "b@0"], shard: ["a@0"] }, { a: "shards", b: "s" });
  expect((await wholeWordSearch(typed.pagefind, "sh$"))?.results.map((r) => r.id)).toEqual(["a"]);
  expect(typed.asked).not.toContain(`sh${noWordGoesOn}`);
});

test("a word that starts no word of the site's list finds nothing without one page's data read; a word the list has is judged as before", async () => {
  const listed = ["asks", "sharding", "shards", "should"];
  const asked: string[] = [];
  const list = async (start: string) => {
    asked.push(start);
    return startsWordOf(listed, start);
  };
  // "asdfgh": Pagefind found two pages for "as"; the list has no word starting with "asdfgh".
  const typo = modelPagefind(sharding.index, sharding.text);
  const none = await wholeWordSearch(typo.pagefind, "asdfgh", undefined, list);
  expect(none?.results).toEqual([]);
  expect(typo.reads()).toBe(0);
  expect(asked).toEqual(["asdfgh"]);
  // "shardi" starts "sharding": its pages are read, and the answer is the one without the list.
  const typed = modelPagefind(sharding.index, sharding.text);
  expect((await wholeWordSearch(typed.pagefind, "shardi", undefined, list))?.results.map((r) => r.id)).toEqual(["b"]);
  expect(typed.reads()).toBe(2);
  // Of two words, one in no page is enough to find nothing.
  const two = modelPagefind(sharding.index, sharding.text);
  expect((await wholeWordSearch(two.pagefind, "shardi asdfgh", undefined, list))?.results).toEqual([]);
  expect(two.reads()).toBe(0);
  // Where the list cannot tell (it did not load), the pages are read, as without it.
  const unknown = modelPagefind(sharding.index, sharding.text);
  const none2 = await wholeWordSearch(unknown.pagefind, "asdfgh", undefined, async () => undefined);
  expect(none2?.results).toEqual([]);
  expect(unknown.reads()).toBe(2);
  // An indexed word, or one that starts indexed words, is searched as before whatever the list says.
  const indexed = modelPagefind(sharding.index, sharding.text);
  expect((await wholeWordSearch(indexed.pagefind, "sh", undefined, async () => false))?.results).toHaveLength(3);
  expect((await wholeWordSearch(indexed.pagefind, "shard", undefined, async () => false))?.results).toHaveLength(2);
});

test("outside a page, the site's list cannot tell", async () => {
  await expect(siteWordList("asdfgh")).resolves.toBeUndefined();
});
