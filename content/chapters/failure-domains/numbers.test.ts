import { expect, test } from "vitest";
import { platform } from "./numbers.ts";

// Cross-checked by hand against the example maps in src/sim/failure-map/examples.ts.
test("the platform before bulkheads: the drained pool plus four other shared risks", () => {
  expect(platform.flaggedBefore).toBe("5");
  expect(platform.otherRisks).toBe("4"); // the incident team's own map found four more
  expect(platform.otherRiskNames.map((r) => r.name)).toEqual([
    "gateway-workers",
    "shared-redis",
    "jobs",
    "http-client",
  ]);
  expect(platform.services).toBe("11");
});

test("shared-db: 5 services draw from it, storefront fails through search, 100% of traffic", () => {
  expect(platform.sharedDb.direct).toBe("5");
  expect(platform.sharedDb.failing).toBe("6");
  expect(platform.sharedDb.services).toBe("54.5%"); // 6 / 11
  expect(platform.sharedDb.traffic).toBe("100%"); // storefront 45 + checkout 20 + search 25 + accounts 10
  expect(platform.sharedDb.bystander).toBe("storefront");
});

test("after bulkheads nothing is flagged; the worst left is search-db at 70% (search 25 + storefront 45)", () => {
  expect(platform.flaggedAfter).toBe("0");
  expect(platform.afterWorst).toEqual({ resource: "search-db", traffic: "70%", via: "storefront" });
});

test("the pricing client pool: checkout and cart draw from it; they and storefront (which calls cart) fail, 65% of traffic, every one a caller of pricing", () => {
  expect(platform.pricingClient).toEqual({
    direct: "checkout and cart",
    failing: "3",
    throughCalls: [{ name: "storefront", via: "cart" }],
    traffic: "65%",
  });
  // "all of which already depend on pricing": each failing service reaches pricing by its calls.
  const { map } = platform.raw.after;
  const calls = (name: string) => map.calls.filter((c) => c.caller === name).map((c) => c.callee);
  const reachesPricing = (name: string, seen = new Set<string>()): boolean =>
    calls(name).some((c) => c === "pricing" || (!seen.has(c) && reachesPricing(c, seen.add(c))));
  const failing = platform.raw.after.analysis.impacts.find((i) => i.resource === "pricing-client")!.failing;
  for (const f of failing) expect(reachesPricing(f.name), f.name).toBe(true);
});

test("the format example shown in the chapter parses, and main-db takes down everything", async () => {
  const { readFileSync } = await import("node:fs");
  const { parseFailureMapOrThrow, saturateResource } = await import("../../../src/sim/failure-map/index.ts");
  const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  const block = /```text\n([\s\S]*?)```/.exec(mdx)![1]!;
  const map = parseFailureMapOrThrow(block);
  expect(map.title).toBe("A tiny shop");
  expect(saturateResource(map, "main-db").trafficShare).toBe(1);
  expect(saturateResource(map, "main-db").sharedByUnrelated).toBe(true); // orders and reports
});

test("Part I chapters never hide a computed number inside inline code, where MDX would print the expression", async () => {
  const { readFileSync } = await import("node:fs");
  for (const slug of ["something-is-always-broken", "failure-modes", "failure-domains"]) {
    const mdx = readFileSync(new URL(`../${slug}/index.mdx`, import.meta.url), "utf8");
    expect(mdx, slug).not.toMatch(/`\{[^}`]+\}`/);
  }
});
