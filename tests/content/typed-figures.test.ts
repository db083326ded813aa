/**
 * Figures a page types instead of computing, where it cannot compute them or writes them as
 * words: the retry-storm chapter's description (frontmatter takes no expression) and the README's
 * retry-storm command, the naive loop
 * written out as code in two chapters (a code block shows text, not values), a playground's
 * settings restated in prose, counts in words of a table's rows or a list's items, and the game
 * day's words for its own figures ("a minute and a half", "a quarter"). Each is
 * held here to what it restates, so changing a default, a setting or a list fails until the page
 * says the same.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { inWords, listNames } from "../../src/format/words.ts";
import { backoffStrategies } from "../../src/sim/backoff.ts";
import { actionSpec } from "../../src/sim/gameday/actions.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { agendas } from "../../src/course/workshop/agenda.ts";
import { defaultParameters, naiveRetryPolicy } from "../../src/sim/retry-storm/index.ts";
import { mulberry32 } from "../../src/sim/random.ts";

const root = join(import.meta.dirname, "../..");
const read = (path: string) => readFileSync(join(root, path), "utf8");
const defaults = defaultParameters();

/** The one ```ts block of a chapter (each of the two has exactly one). */
function codeBlock(slug: string): string {
  const blocks = [...read(`content/chapters/${slug}/index.mdx`).matchAll(/^```ts\n([\s\S]*?)^```$/gm)];
  expect(blocks, slug).toHaveLength(1);
  return blocks[0]![1]!;
}

/** One match of `pattern` in `text`, its first group as a number. */
function figure(text: string, pattern: RegExp): number {
  const m = text.match(pattern);
  expect(m, String(pattern)).not.toBeNull();
  return Number(m![1]);
}

test("the case study's description: a four-second slowdown, ended by operators after eleven minutes", () => {
  const description = read("content/chapters/retry-storm/index.mdx").match(/^description: (.*)$/m)?.[1] ?? "";
  expect(description).toContain(`A ${inWords(defaults.triggerDuration)}-second slowdown`);
  // The intervention is counted from the trigger's start (the model's time 0), in whole minutes.
  expect(defaults.intervention! % 60).toBe(0);
  expect(description).toContain(`operators ended it after ${inWords(defaults.intervention! / 60)} minutes`);
});

test("the README's retry-storm command states the same four-second slowdown as the model", () => {
  expect(read("README.md")).toContain(
    `replays the retry storm (pricing slow for ${defaults.triggerDuration} s, naive retries holding a shared pool)`,
  );
});

test.each(["timeouts-retries-backoff", "retry-storm"])(
  "%s: the naive loop's code is the model's naive loop",
  (slug) => {
    const code = codeBlock(slug);
    expect(figure(code, /attempt < (\d+);/)).toBe(defaults.attempts);
    expect(figure(code, /(?:timeoutMs: |withTimeout\()(\d+)/)).toBe(defaults.attemptTimeout * 1000);
    expect(figure(code, /sleep\((\d+) \* attempt\)/)).toBe(defaults.sleepStep);
  },
);

test("the case study's loop lists the sleeps the model's naive loop makes after each failed try", () => {
  const listed = codeBlock("retry-storm").match(/\/\/ ([\d, ]+) ms: it even sleeps after the last try/)?.[1];
  expect(listed).toBeDefined();
  const policy = naiveRetryPolicy(defaults.attempts, defaults.sleepStep);
  const random = mulberry32(1);
  const decisions = Array.from({ length: defaults.attempts }, (_, k) => policy(k, random));
  expect(listed!.split(", ").map(Number)).toEqual(decisions.map((d) => d.sleepMs));
  // "even after the last try": the last failure still sleeps, though it retries no more.
  expect(decisions.at(-1)).toEqual({ sleepMs: (defaults.attempts - 1) * defaults.sleepStep, retry: false });
});

test("the retry-policy playground runs for the five minutes its comment and the chapter say", () => {
  const program = read("content/chapters/retry-storm/retry-policy.play.ts");
  const seconds = figure(program, /duration: (\d+)/);
  expect(seconds % 60).toBe(0);
  const minutes = inWords(seconds / 60);
  expect(program).toContain(`// ${minutes[0]!.toUpperCase()}${minutes.slice(1)} minutes after the trigger`);
  expect(read("content/chapters/retry-storm/index.mdx")).toContain(
    `The program runs ${minutes} minutes after the trigger`,
  );
});

test("the failure-modes chapter counts in words the kinds its table lists", () => {
  const chapter = read("content/chapters/failure-modes/index.mdx");
  const table = chapter.match(/^## The \w+ kinds\n\n(<table[\s\S]*?<\/table>)/m)?.[1] ?? "";
  // One row per kind, each led by its row heading.
  const kinds = inWords(table.match(/<tr><th scope="row">/g)?.length ?? 0);
  for (const said of [
    `description: ${kinds[0]!.toUpperCase()}${kinds.slice(1)} ways production breaks`,
    `the ${kinds} common failure kinds`,
    `## The ${kinds} kinds`,
    `should ask it ${kinds} times`,
  ])
    expect(chapter).toContain(said);
});

test("the circuit-breakers chapter names the shard count its sharded playground runs with", () => {
  // The breaker playground's settings the page reads from the program itself (breakerSettings in
  // the chapter's numbers.ts, held by its numbers.test.ts); the sharded one's count is in a title.
  const chapter = read("content/chapters/circuit-breakers/index.mdx");
  const shards = figure(read("content/chapters/circuit-breakers/sharded.play.ts"), /const shards = (\d+);/);
  expect(chapter).toContain(`title="One breaker for ${inWords(shards)} shards, or one per shard"`);
});

test("the shuffle-sharding chapter's small fleet in words is its numbers' small fleet", async () => {
  const { small } = await import("../../content/chapters/shuffle-sharding/numbers.ts");
  const chapter = read("content/chapters/shuffle-sharding/index.mdx").replace(/\s+/g, " ");
  const workers = inWords(small.workers);
  expect(small.shard).toBe(2); // "pair", "its two workers"
  for (const said of [
    `On ${workers} workers, the share`,
    `## Three ways to place customers on ${workers} workers`,
    `<title id="shards-diagram-title">${workers[0]!.toUpperCase()}${workers.slice(1)} workers.`,
    "its own random pair of workers",
    `destroys its ${inWords(small.shard)} workers`,
  ])
    expect(chapter).toContain(said);
  // "Three ways": the numbered list under that heading.
  const ways = chapter.match(/## Three ways[^#]*?Take a fleet[^.]*\.(.*?)<figure/)?.[1] ?? "";
  expect(ways.match(/ \d\. \*\*/g)).toHaveLength(3);
});

test("counts in words of the lists they count: presenter views, the decisions cells leave, jittered backoffs", () => {
  const kit = read("content/chapters/workshop-kit/index.mdx").replace(/\s+/g, " ");
  const views = readdirSync(join(root, "src/pages/present")).filter((f) => f.endsWith(".astro"));
  const sentence = kit.match(/The (\w+) presenter views are the (.*?)\. All open/);
  expect(sentence?.[1]).toBe(inWords(views.length));
  expect(sentence?.[2]?.match(/\]\(\/present\/[\w-]+\/\)/g)).toHaveLength(views.length);
  const playbook = read("content/chapters/interview-playbook/index.mdx");
  const decisions = playbook.match(/^## The (\w+) decisions behind "cells"\n\n([\s\S]*?)\n\nPractise/m);
  const items = decisions?.[2]?.match(/^\d+\. \*\*/gm) ?? [];
  expect(decisions?.[1]).toBe(inWords(items.length));
  expect(playbook).toContain(`leaves ${inWords(items.length)} decisions to make`);
  const cells = read("content/chapters/cells/index.mdx");
  const open = cells.match(/^### The (\w+) decisions cells leave open\n\n[\s\S]*?\n\n([\s\S]*?)\n\n/m);
  const decided = open?.[2]?.match(/^- \*\*/gm) ?? [];
  expect(open?.[1]).toBe(inWords(decided.length));
  expect(cells).toContain(`leaves ${inWords(decided.length)} decisions open`);
  // Every backoff strategy but the two without jitter (retry at once, plain capped exponential).
  const jittered = inWords(backoffStrategies.filter((s) => s !== "none" && s !== "exponential").length);
  const timeouts = read("content/chapters/timeouts-retries-backoff/index.mdx").replace(/\s+/g, " ");
  expect(timeouts).toContain(`capped exponential backoff and its ${jittered} jittered variants`);
  expect(timeouts).toContain(`clients the ${jittered} jittered strategies are`);
});

test("the game day's words for its own figures: a rollback's minute and a half, a quarter of a zone", () => {
  // One wave's rollback takes as long as the action's delay.
  expect(actionSpec("rollback-wave").delay).toBe(90);
  expect(actionSpec("rollback-wave").cost).toContain("a minute and a half per wave");
  // Ejecting one host of the lost-zone game takes the share of its zone that one host is.
  const lostZone = findScenario("lost-zone")!;
  if (lostZone.model.kind !== "fleet") throw new Error("the lost-zone game runs on the fleet");
  const hosts = lostZone.model.build(lostZone.seed).hosts;
  const target = hosts.find((h) => h.name === lostZone.trap.entry.target)!;
  expect(hosts.filter((h) => h.zone === target.zone)).toHaveLength(4);
  expect(lostZone.trap.why).toContain("takes a quarter of its zone's capacity away");
});

test("counts in words of what follows them: the playbook's moves, the kit's formats", () => {
  const playbook = read("content/chapters/interview-playbook/index.mdx");
  const moves = playbook.match(/the same (\w+) moves work, in this order:\n\n([\s\S]*?)\n\n(?!\d)/);
  const listed = moves?.[2]?.match(/^\d+\. \*\*/gm) ?? [];
  expect(listed.length).toBeGreaterThan(1);
  expect(moves?.[1]).toBe(inWords(listed.length));
  const kit = read("content/chapters/workshop-kit/index.mdx");
  // "Two formats follow": the agendas the kit prints, one section each.
  expect(kit).toMatch(new RegExp(`^${capitalised(inWords(agendas.length))} formats follow:`, "m"));
});

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** A count word back to its number ("three" -> 3), for sentences that give a count the test must read. */
function countOf(word: string): number {
  const n = Array.from({ length: 13 }, (_, k) => inWords(k)).indexOf(word.toLowerCase());
  expect(n, word).toBeGreaterThanOrEqual(0);
  return n;
}

/**
 * The items of the list that follows `lead` in a chapter: the first block after the lead's own
 * paragraph, one item per line led by `1. **` (numbered) or `- **` (bulleted). `lead`'s first group,
 * if it has one, is the count word the lead says.
 */
function listAfter(slug: string, lead: RegExp): { said?: string; items: number } {
  const chapter = read(`content/chapters/${slug}/index.mdx`);
  const m = lead.exec(chapter);
  expect(m, `${slug}: ${lead}`).not.toBeNull();
  const block = chapter.slice(m!.index + m![0].length).split("\n\n")[1] ?? "";
  return { said: m![1], items: block.match(/^(?:\d+\.|-) \*\*/gm)?.length ?? 0 };
}

test("counts in words of the lists that follow them, in five chapters", () => {
  const counted: [string, RegExp][] = [
    ["something-is-always-broken", /^(\w+) things make the number useful:$/m],
    ["failure-domains", /It answers (\w+) questions:$/m],
    ["bulkheads", /(\w+)\s+details matter:$/m],
    ["bulkheads", /^A bulkhead has (\w+) parts:$/m],
    ["circuit-breakers", /(\w+) others are easy to miss:$/m],
    ["circuit-breakers", /^There are (\w+) families of trigger:$/m],
    ["retry-storm", /A system has (\w+)\s+kinds of state\.$/m],
    ["retry-storm", /^Every metastable failure has the same (\w+) parts/m],
  ];
  for (const [slug, lead] of counted) {
    const { said, items } = listAfter(slug, lead);
    expect(items, `${slug}: ${lead}`).toBeGreaterThan(1);
    expect(countOf(said!), `${slug}: ${lead}`).toBe(items);
  }
  // Two objectives count a list of their chapter: the ways a fault spreads, a bulkhead's parts.
  const spreads = listAfter("something-is-always-broken", /redundancy cannot stop them:$/m).items;
  expect(read("content/chapters/something-is-always-broken/index.mdx")).toContain(
    `  - Name ${inWords(spreads)} ways a fault spreads past the part that failed.`,
  );
  const parts = listAfter("bulkheads", /^A bulkhead has \w+ parts:$/m).items;
  expect(read("content/chapters/bulkheads/index.mdx")).toContain(
    `  - Describe the ${inWords(parts)} parts of a bulkhead (`,
  );
  // The case study's "three figures for it": the rows of the table that follows.
  const storm = read("content/chapters/retry-storm/index.mdx");
  const figures = storm.match(/These are the course's\s+(\w+) figures for it[^\n]*\n\n(<table>[\s\S]*?<\/table>)/);
  expect(figures).not.toBeNull();
  expect(countOf(figures![1]!)).toBe(figures![2]!.match(/<tr><td>/g)?.length);
});

test("the case study names the next chapters in course order: bulkheads, circuit breakers, retry budgets, load shedding", () => {
  const storm = read("content/chapters/retry-storm/index.mdx").replace(/\s+/g, " ");
  const said = storm.match(
    /The next (\w+) chapters take (.*?) one by one; backoff with jitter is in the chapter before this one\./,
  );
  expect(said).not.toBeNull();
  const chapters = loadChapters();
  const at = chapters.findIndex((c) => c.slug === "retry-storm");
  const next = chapters.slice(at + 1, at + 1 + countOf(said![1]!));
  expect(next.map((c) => c.slug)).toEqual(["bulkheads", "circuit-breakers", "retry-budgets", "load-shedding"]);
  expect(said![2]).toBe(listNames(next.map((c) => c.slug.replace(/-/g, " "))));
  expect(chapters[at - 1]!.title).toMatch(/backoff and jitter/);
});

test("static stability's zones in words: a service in three zones that loses one has the other two, and the table has three", async () => {
  const { provisioning } = await import("../../content/chapters/static-stability/numbers.ts");
  const chapter = read("content/chapters/static-stability/index.mdx").replace(/\s+/g, " ");
  const said = chapter.match(
    /runs in (\w+) availability zones and one of them is lost\. The reactive plan, "autoscaling will launch replacements in the other (\w+)"/,
  );
  expect(said).not.toBeNull();
  const zones = countOf(said![1]!);
  expect(countOf(said![2]!)).toBe(zones - 1);
  expect(provisioning.map((p) => p.zones)).toContain(zones);
});

test("a gray failure's one request type in ten, as the deploys chapter recalls it, is the failure-modes chapter's", async () => {
  const { grayExample } = await import("../../content/chapters/failure-modes/numbers.ts");
  expect(read("content/chapters/deploys-and-correlated-failure/index.mdx").replace(/\s+/g, " ")).toContain(
    `A gray failure (a release that fails one request type in ${grayExample.oneInWords}, or slows only the largest customers)`,
  );
});
