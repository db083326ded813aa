import { expect, test } from "vitest";
import { hasWordStarting, matchedWords, parseWordList, startsWordOf, wordListPart } from "./whole-words.ts";
import { type PageText, pageWords, wordListParts, wordsStartingNoOther } from "./word-list.ts";

const pages: PageText[] = [
  { content: "Shuffle sharding isolates tenants; the circuit-breaker trips.", meta: { title: "Shuffle sharding" } },
  {
    content: "Four shards, as fast as opossum.CircuitBreaker allows: p99 of 17,280,000 ms.",
    meta: { title: "Bulkheads" },
  },
  { content: "Café au lait\uFEFFjoined min_retry_concurrency", meta: {} },
];

test("a page's words are its text's, split as Pagefind splits it, and its title's", () => {
  expect(pageWords(pages[2]!)).toEqual(["Café", "au", "lait\uFEFFjoined", "min_retry_concurrency"]);
  expect(pageWords({ content: "a b", meta: { title: "Two  words" } })).toEqual(["a", "b", "Two", "words"]);
});

test("the list keeps only the forms that start no other form, sorted, and each part holds the words of its first letter", () => {
  const list = wordsStartingNoOther(pages);
  expect(list).toEqual([...list].sort());
  // "shard" of "sharding" and "shards" is no word of its own here: the longer words hold it.
  expect(list).toContain("sharding");
  expect(list).toContain("shards");
  expect(list).not.toContain("shard");
  expect(list).not.toContain("circuit");
  expect(list).toContain("circuitbreaker");
  for (const [i, word] of list.entries()) expect(list[i + 1]?.startsWith(word) ?? false, word).toBe(false);
  const parts = wordListParts(pages);
  expect([...parts.keys()]).toHaveLength(28);
  expect(parts.get("x")).toBe("");
  const joined = [...parts.values()].flatMap(parseWordList);
  expect(joined.sort()).toEqual(list);
  for (const [part, text] of parts)
    for (const word of parseWordList(text)) expect(wordListPart(word.charAt(0))).toBe(part);
  expect(parseWordList(parts.get("0")!)).toEqual(["000", "17280000", "280", "99"]);
});

test("a start is found in the list exactly when some page has a word starting with it, by the comparison search makes", () => {
  const parts = wordListParts(pages);
  const inList = (start: string) => startsWordOf(parseWordList(parts.get(wordListPart(start.charAt(0)))!), start);
  // Every start of every form of every word, and each with a letter after it, against the pages' own words.
  const starts = new Set(["asdfgh", "shardi", "shardx", "zz", "", "cafe", "laitj", "minretry", "b", "breakerstate"]);
  for (const word of wordsStartingNoOther(pages))
    for (let n = 1; n <= word.length; n++)
      for (const after of ["", "a", "z", "0"]) starts.add(word.slice(0, n) + after);
  const onAPage = (start: string) => pages.some((p) => hasWordStarting(pageWords(p), start));
  for (const start of [...starts].filter((s) => s.length > 0)) expect(inList(start), start).toBe(onAPage(start));
  expect(inList("shardi")).toBe(true);
  expect(inList("asdfgh")).toBe(false);
  expect(inList("minretryconc")).toBe(true);
  // The words search compares are some of these: the words Pagefind matched, and the title's.
  const data = { content: pages[0]!.content, locations: [1], meta: pages[0]!.meta };
  for (const word of matchedWords(data)) expect(pageWords(pages[0]!)).toContain(word);
});

test("a start is looked up in a sorted list by where it would go", () => {
  const words = ["alpha", "beta", "betamax", "gamma"];
  expect(["a", "alpha", "bet", "betam", "g", "gamma"].map((s) => startsWordOf(words, s))).toEqual(Array(6).fill(true));
  expect(["alphab", "c", "z", "0", "gammas"].map((s) => startsWordOf(words, s))).toEqual(Array(5).fill(false));
  expect(startsWordOf([], "a")).toBe(false);
  expect(["a", "z", "7", "é", "_"].map(wordListPart)).toEqual(["a", "z", "0", "_", "_"]);
  expect(parseWordList("a\nb\n")).toEqual(["a", "b"]);
  expect(parseWordList("")).toEqual([]);
});
