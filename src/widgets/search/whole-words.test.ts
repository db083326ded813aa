import { expect, test } from "vitest";
import {
  hasWordStarting,
  matchedWords,
  type PagefindSearch,
  queryWords,
  type ResultData,
  type SearchResponse,
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
