import { expect, test } from "vitest";
import { parseFailureMapOrThrow, saturateResource } from "../../../src/sim/failure-map/index.ts";
import {
  defaultScenario,
  defaultServices,
  rememberedRetryStorm,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import { platform, writeUpOtherRisks } from "./numbers.ts";

// Cross-checked by hand against the example maps in src/sim/failure-map/examples.ts.
test("the platform before bulkheads: the drained pool plus four other shared risks", () => {
  expect(platform.flaggedBefore).toBe("5");
  expect(platform.otherRisks).toBe("4"); // the incident team's own map found four more
  // "this example platform was drawn with as many" as the write-up's map surfaced
  expect(platform.otherRisks).toBe(String(writeUpOtherRisks));
  expect(platform.writeUpOtherRisks).toBe("four");
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
  // The largest before the bulkheads, and the only resource that large.
  expect(platform.beforeWorst).toEqual({ resources: ["shared-db"], traffic: "100%" });
});

test("after bulkheads nothing is flagged; the largest blast radius left, 70% of traffic (search 25 + storefront 45), is a tie between two resources: search-db and search-cache", () => {
  expect(platform.flaggedAfter).toBe("0");
  expect(platform.afterWorst).toEqual({
    resources: ["search-db", "search-cache"],
    count: "two",
    traffic: "70%",
    via: "storefront",
    callee: "search",
  });
  // Every resource of the map, saturated in turn: the two named reach 70% and no other reaches it.
  const { map } = platform.raw.after;
  const shares = map.resources.map((r) => ({ name: r.name, share: saturateResource(map, r.name).trafficShare! }));
  const top = Math.max(...shares.map((s) => s.share));
  expect(top).toBeCloseTo(0.7, 12);
  expect(shares.filter((s) => s.share === top).map((s) => s.name)).toEqual(platform.afterWorst.resources);
  // "storefront calls search with no fallback": the map has that call, without one, and each tied
  // resource takes storefront down through it.
  const call = map.calls.find((c) => c.caller === platform.afterWorst.via && c.callee === platform.afterWorst.callee);
  expect(call?.fallback).toBe(false);
  for (const resource of platform.afterWorst.resources)
    expect(saturateResource(map, resource).failing.find((f) => f.name === "storefront")).toMatchObject({
      cause: "call",
      via: "search",
    });
});

test("give that call a fallback and the number falls for each of them: search-db and search-cache then take down search alone", () => {
  const { map } = platform.raw.after;
  const { via, callee, resources } = platform.afterWorst;
  const withFallback = {
    ...map,
    calls: map.calls.map((c) => (c.caller === via && c.callee === callee ? { ...c, fallback: true } : c)),
  };
  for (const resource of resources) {
    const before = saturateResource(map, resource).trafficShare!;
    const after = saturateResource(withFallback, resource);
    expect(after.trafficShare!, resource).toBeLessThan(before);
    expect(after.failing.map((f) => f.name)).toEqual([callee]);
  }
});

test("after bulkheads: a small pool per dependency, worker pools, caches and queues split by service, recommendations with a fallback", () => {
  const { map } = platform.raw.after;
  for (const resource of map.resources) {
    const users = map.uses.filter((u) => u.resource === resource.name).map((u) => u.service);
    if (resource.dedicatedTo !== undefined) {
      // A pool declared for a dependency: only that dependency's callers draw from it.
      for (const user of users)
        expect(
          map.calls.some((c) => c.caller === user && c.callee === resource.dedicatedTo),
          `${user} -> ${resource.name}`,
        ).toBe(true);
    } else {
      expect(users, resource.name).toHaveLength(1);
    }
  }
  expect(map.calls.find((c) => c.caller === "storefront" && c.callee === "recommendations")?.fallback).toBe(true);
});

test("the incident as the case study replays it: pricing slow for seconds, services that never call it fail, and the outage outlives the slowdown by minutes until operators step in", () => {
  const { summary } = rememberedRetryStorm(defaultScenario({}));
  // "pricing was healthy again within seconds"
  expect(summary.triggerSeconds).toBeLessThan(60);
  // "the outage outlived pricing's slowdown by minutes, until operators stepped in"
  expect(summary.recoveredBy).toBe("intervention");
  expect(summary.interventionSeconds! - summary.triggerSeconds).toBeGreaterThanOrEqual(120);
  // "Services that shared it and had never called pricing began to fail"
  const unrelated = defaultServices.filter((s) => s.dependency !== triggeredDependency).map((s) => s.name);
  expect(unrelated.length).toBeGreaterThan(0);
  for (const name of unrelated)
    expect(summary.services.find((s) => s.name === name)!.incidentSuccessRate!, name).toBeLessThan(0.01);
});

test("the pricing client pool: checkout and cart draw from it; they and storefront (which calls cart) fail, 65% of traffic, every one a caller of pricing", () => {
  expect(platform.pricingClient).toEqual({
    direct: "checkout and cart",
    failing: "3",
    throughCalls: [{ name: "storefront", via: "cart" }],
    traffic: "65%",
    dedicatedTo: "pricing",
    linkedBy: { caller: "checkout", callee: "cart" },
  });
  // "all of which already depend on pricing": each failing service reaches pricing by its calls.
  const { map } = platform.raw.after;
  const calls = (name: string) => map.calls.filter((c) => c.caller === name).map((c) => c.callee);
  const reachesPricing = (name: string, seen = new Set<string>()): boolean =>
    calls(name).some((c) => c === "pricing" || (!seen.has(c) && reachesPricing(c, seen.add(c))));
  const failing = platform.raw.after.analysis.impacts.find((i) => i.resource === "pricing-client")!.failing;
  for (const f of failing) expect(reachesPricing(f.name), f.name).toBe(true);
});

test("the pricing client pool is unflagged because checkout calls cart; `for pricing` counts only once that call is gone", () => {
  const groups = platform.raw.pricingClientGroups;
  // "It is not `for pricing` that keeps the pool unflagged: its users are related already,
  // because checkout calls cart": one group, with `for pricing` or without it.
  expect(groups.asDrawn).toEqual([["checkout", "cart"]]);
  expect(groups.withoutFor).toEqual([["checkout", "cart"]]);
  const { map } = platform.raw.after;
  const { caller, callee } = platform.pricingClient.linkedBy;
  expect(map.calls.some((c) => c.caller === caller && c.callee === callee)).toBe(true);
  // "Take cart out of checkout's calls and the pool stays unflagged, since both users still call
  // pricing; take `for pricing` out as well and it is flagged."
  expect(groups.withoutCall).toEqual([["checkout", "cart"]]);
  for (const user of [caller, callee])
    expect(
      map.calls.some((c) => c.caller === user && c.callee === platform.pricingClient.dedicatedTo),
      user,
    ).toBe(true);
  expect(groups.withoutBoth).toEqual([["checkout"], ["cart"]]);
  // The builder flags a resource exactly when its users fall into more than one group.
  const flagged = platform.raw.after.analysis.impacts.find((i) => i.resource === "pricing-client")!;
  expect(flagged.sharedByUnrelated).toBe(false);
});

test("the format example shown in the chapter parses, and main-db takes down everything", async () => {
  const { readFileSync } = await import("node:fs");
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

test("the write-up's own name for the incident is quoted as theirs, and SOURCES.md records where it is from", async () => {
  const { readFileSync } = await import("node:fs");
  const read = (path: string) => readFileSync(new URL(path, import.meta.url), "utf8").replace(/\s+/g, " ");
  const words = "a self-inflicted denial-of-service against our own database";
  // The team's words, in quotation marks, said to be theirs; not the course's words passed off as a name they used.
  expect(read("./index.mdx")).toContain(`says what its retry policy made of one slow service: "${words}".`);
  expect(read("../retry-storm/index.mdx")).toContain(`in their words, "${words}".`);
  for (const path of ["./index.mdx", "../retry-storm/index.mdx"])
    expect(read(path), path).not.toMatch(/denial of service against their own database/);
  // SOURCES.md: the write-up's row names the quotation, and a note says where it was read.
  const sources = read("../../../docs/SOURCES.md");
  const row =
    sources.match(
      /\| Designing for Failure Domains, Not Just Failures \([^|]*\) \| no public address \|([^|]*)\|/,
    )?.[1] ?? "";
  expect(row).toContain(`"${words}"`);
  expect(sources).toContain(`- **Designing for Failure Domains, Not Just Failures.** Read in the copy`);
  expect(sources).toContain(`turned one slow service into ${words}"`);
});
