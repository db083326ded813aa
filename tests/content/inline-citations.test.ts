/**
 * A library's defaults and a source's figures are cited where the page states them, not only in
 * the "Further reading" at the end: the library's or source's name links to the page the figures
 * come from (title and address in the reading list; inline-sources.test.ts holds every such link
 * to it). Audit: the circuit-breaker defaults table, the bulkhead and retry-budget defaults, gRFC
 * A6's bucket and Envoy's panic threshold linked nothing where they were stated.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";

const chapters = loadChapters();
const withoutFragment = (url: string) => url.replace(/#.*$/, "");
const body = (file: string) => readFileSync(file, "utf8").replace(/^---\n[\s\S]*?\n---\n/, "");
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, "")
    .replace(/\s+/g, " ")
    .trim();

/** The links of a chapter's body, Markdown or HTML, as { text, url } with the text's tags and code marks left out. */
function links(file: string): { text: string; url: string }[] {
  const source = body(file);
  const markdown = [...source.matchAll(/\[((?:[^\][]|\[[^\]]*\])+)\]\((https?:\/\/[^)\s]+)\)/g)].map((m) => ({
    text: text(m[1]!).replace(/`/g, ""),
    url: m[2]!,
  }));
  const html = [...source.matchAll(/<a href="(https?:\/\/[^"]+)">([\s\S]*?)<\/a>/g)].map((m) => ({
    text: text(m[2]!).replace(/`/g, ""),
    url: m[1]!,
  }));
  return [...markdown, ...html];
}

/** Every table of a chapter's body whose first column is "library", with its rows' headings as written. */
function libraryTables(file: string): { rows: string[] }[] {
  return [...body(file).matchAll(/<table[\s\S]*?<\/table>/g)]
    .map((m) => m[0])
    .filter((table) => /^library$/i.test(text(/<th[^>]*>([\s\S]*?)<\/th>/.exec(table)?.[1] ?? "")))
    .map((table) => ({
      rows: [...(/<tbody>([\s\S]*?)<\/tbody>/.exec(table)?.[1] ?? "").matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(
        (row) => /<th scope="row">([\s\S]*?)<\/th>/.exec(row[1]!)?.[1] ?? "",
      ),
    }));
}

test("a table of library defaults links each library to the documentation of its figures, from the reading list", () => {
  const found: string[] = [];
  const uncited: string[] = [];
  for (const chapter of chapters) {
    const listed = new Set(chapter.reading.flatMap((r) => (r.url ? [withoutFragment(r.url)] : [])));
    for (const table of libraryTables(chapter.file))
      for (const heading of table.rows) {
        found.push(`${chapter.slug}: ${text(heading)}`);
        const url = /<a href="(https?:\/\/[^"]+)">/.exec(heading)?.[1];
        if (!url || !listed.has(withoutFragment(url)))
          uncited.push(`${chapter.slug}: ${text(heading)} (${url ?? "no link"})`);
      }
  }
  // The check sees the circuit-breakers chapter's table, one row a library.
  expect(found).toEqual(["circuit-breakers: resilience4j", "circuit-breakers: opossum", "circuit-breakers: Polly v8"]);
  expect(uncited).toEqual([]);
});

test("the defaults and figures the audit found cited only at the end link their source where they are stated", () => {
  const expected: Record<string, { text: string; url: string }[]> = {
    "circuit-breakers": [
      { text: "resilience4j", url: "https://resilience4j.readme.io/docs/circuitbreaker" },
      { text: "opossum", url: "https://nodeshift.dev/opossum/" },
      { text: "Polly v8", url: "https://www.pollydocs.org/strategies/circuit-breaker.html" },
      { text: "cockatiel's ConsecutiveBreaker", url: "https://github.com/connor4312/cockatiel#breakers" },
    ],
    bulkheads: [
      { text: "resilience4j's", url: "https://resilience4j.readme.io/docs/bulkhead" },
      {
        text: "cockatiel's bulkhead(limit, queue)",
        url: "https://github.com/connor4312/cockatiel#bulkheadlimit-queue",
      },
      {
        text: "API reference",
        url: "https://www.envoyproxy.io/docs/envoy/latest/api-v3/config/cluster/v3/circuit_breaker.proto#envoy-v3-api-msg-config-cluster-v3-circuitbreakers-thresholds",
      },
    ],
    "retry-budgets": [
      { text: "Handling Overload", url: "https://sre.google/sre-book/handling-overload/" },
      { text: "RetryBudget", url: "https://twitter.github.io/finagle/guide/Clients.html#retries" },
      { text: "Retry Budgets", url: "https://finagle.github.io/blog/2016/02/08/retry-budgets/" },
      {
        text: "retry_budget",
        url: "https://www.envoyproxy.io/docs/envoy/latest/api-v3/config/cluster/v3/circuit_breaker.proto#envoy-v3-api-msg-config-cluster-v3-circuitbreakers-thresholds-retrybudget",
      },
      {
        text: "gRFC A6",
        url: "https://github.com/grpc/proposal/blob/master/A6-client-retries.md#throttling-retry-attempts-and-hedged-rpcs",
      },
    ],
    "interview-playbook": [
      {
        text: "Envoy's panic threshold",
        url: "https://www.envoyproxy.io/docs/envoy/latest/intro/arch_overview/upstream/load_balancing/panic_threshold",
      },
    ],
    "failure-modes": [
      { text: "Addressing Cascading Failures", url: "https://sre.google/sre-book/addressing-cascading-failures/" },
    ],
  };
  for (const [slug, cited] of Object.entries(expected)) {
    const chapter = chapters.find((c) => c.slug === slug);
    expect(chapter, slug).toBeDefined();
    const linked = links(chapter!.file);
    for (const citation of cited) expect(linked, slug).toContainEqual(citation);
  }
});

test("the Finagle window is cited to the page that states it", () => {
  // Finagle's Clients guide gives the default budget's 20% and its 10 retries a second but no
  // window; the Finagle blog's "Retry Budgets" gives the 10 s ("credits expire after 10 seconds").
  const chapter = chapters.find((c) => c.slug === "retry-budgets")!;
  const source = body(chapter.file).replace(/\s+/g, " ");
  expect(source).toMatch(
    /sliding window of \{ratio\.finagleTtlSeconds\} s \([^)]*\[Retry Budgets\]\(https:\/\/finagle\.github\.io\/blog\/2016\/02\/08\/retry-budgets\/\)\)/,
  );
  expect(chapter.reading.map((r) => r.url)).toContain("https://finagle.github.io/blog/2016/02/08/retry-budgets/");
});
