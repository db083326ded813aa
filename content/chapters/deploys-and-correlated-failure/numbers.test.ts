import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { canary, canaryRows, fleet, hpe, leapSmear, rollouts, sre } from "./numbers.ts";

const chapter = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");

test("canary-first rollout over 20 cells of 1,000, waves of 4", () => {
  expect(fleet).toEqual({ cells: 20, perCell: 1000, waveSize: 4 });
  expect(rollouts.canaryCatches).toEqual({ customers: "1,000", share: "5%", cells: 1 });
  // Canary missed it; the first wave of 4 cells caught it: 5 cells exposed.
  expect(rollouts.firstWaveCatches).toEqual({ customers: "5,000", share: "25%", cells: 5 });
  expect(rollouts.nothingCatches).toEqual({ customers: "20,000", share: "100%", cells: 20 });
  expect(rollouts.allAtOnce.share).toBe("100%");
  expect(rollouts.perCell).toBe("1,000");
});

test("the SRE book's figure, as published: roughly 70% of outages come from changes", () => {
  expect(sre.outagesFromChanges).toBe("70%");
  // The frontmatter takes no expression: its description and objective restate the figure.
  const frontmatter = chapter.match(/^---\n([\s\S]*?)\n---\n/)?.[1] ?? "";
  expect(frontmatter.match(/^description: .*$/m)?.[0]).toContain(
    `roughly ${sre.outagesFromChanges} of Google's outages`,
  );
  expect(frontmatter).toContain(`(roughly ${sre.outagesFromChanges} in Google's SRE book)`);
});

test("Google Public NTP's leap smear, as published: the extra second spread over 24 hours", () => {
  expect(leapSmear).toEqual({ hours: "24" });
});

test("a canary needs about as many requests whatever its share; a bigger one gets there sooner and fails about as many", () => {
  expect(canaryRows.length).toBeGreaterThan(0);
  for (const rows of canaryRows) {
    expect(rows.length).toBeGreaterThan(1);
    const requests = rows.map((r) => r.requests);
    const failures = rows.map((r) => r.extraFailures);
    // "about as many requests": the widest gap the chapter states covers this setting.
    expect(Math.max(...requests) / Math.min(...requests)).toBeLessThanOrEqual(canary.widestRatio);
    // "fails about as many requests either way": the expected failures follow the requests.
    expect(Math.max(...failures) / Math.min(...failures)).toBeCloseTo(Math.max(...requests) / Math.min(...requests), 9);
    // "A bigger canary gets there sooner": shares in increasing order, bakes never longer.
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.share).toBeGreaterThan(rows[i - 1]!.share);
      expect(rows[i]!.bakeSeconds!).toBeLessThanOrEqual(rows[i - 1]!.bakeSeconds!);
    }
  }
  // "about as many": within a third, and the figure shown is not below the real gap ("at worst").
  expect(canary.widestRatio).toBeLessThan(4 / 3);
  expect(canary.mostExtraRequests).toBe("29.4%");
  expect(Number(canary.mostExtraRequests.replace("%", "")) / 100).toBeGreaterThanOrEqual(canary.widestRatio - 1);
});

test("HPE's bulletin, as published: failure at 32,768 hours of operation (3 years, 270 days and 8 hours)", () => {
  expect(hpe).toEqual({ hours: "32,768", days: "1,365" });
  // 3 × 365 + 270 days and 8 hours, as the bulletin states it.
  expect((3 * 365 + 270) * 24 + 8).toBe(32_768);
});
