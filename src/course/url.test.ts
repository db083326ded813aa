/**
 * The site under a sub-path (Astro's `base`): every internal link, the game day's replay links
 * and its result codes are built by these functions, tested here for a root build and for a
 * project site at /blast-radius/ (a second full build in CI would cost minutes; the browser
 * tests cover the root build).
 */
import { expect, test } from "vitest";
import { decodeRun, encodeRun } from "../sim/gameday/code.ts";
import { findScenario } from "../sim/gameday/scenarios.ts";
import { codeInLink } from "../sim/gameday/code-link.ts";
import { replayLink } from "../widgets/gameday/share.ts";
import { basePath, joinBase, normalizeBase, sitePath } from "./url.ts";

test("a base is read as Astro may give it, with or without slashes", () => {
  for (const base of [undefined, "", "/", "//"]) expect(normalizeBase(base)).toBe("/");
  for (const base of ["/blast-radius", "/blast-radius/", "blast-radius", "/blast-radius//"])
    expect(normalizeBase(base)).toBe("/blast-radius/");
  expect(normalizeBase("/a/b")).toBe("/a/b/");
});

test("internal links at the root and under a sub-path", () => {
  expect(joinBase("/", "gameday/board/")).toBe("/gameday/board/");
  expect(joinBase("/blast-radius", "/gameday/board/")).toBe("/blast-radius/gameday/board/");
  expect(joinBase("/blast-radius/", "retry-storm/")).toBe("/blast-radius/retry-storm/");
  // This test runs on a root build: sitePath is joinBase on the configured base.
  expect(basePath).toBe("/");
  expect(sitePath("gameday/")).toBe("/gameday/");
});

test("a replay link under a sub-path carries its result code back to the page and the board", () => {
  const gray = findScenario("gray-failure")!;
  const code = encodeRun({
    scenario: gray,
    seed: 4_294_967_295,
    name: "Ada",
    claimedTenantMinutes: 3.516,
    log: [{ at: 120, action: "eject-host", target: "h07" }],
  });
  const link = replayLink("gray-failure", code, "/blast-radius/");
  expect(link).toBe(`/blast-radius/gameday/gray-failure/#code=${code}`);
  const url = new URL(link, "https://example.github.io");
  expect(url.pathname).toBe("/blast-radius/gameday/gray-failure/");
  expect(codeInLink(url.hash)).toBe(code);
  // The whole link, pasted on the board, reads as the code it holds.
  expect(decodeRun(url.href)).toEqual(decodeRun(code));
  expect(replayLink("gray-failure", code)).toBe(`/gameday/gray-failure/#code=${code}`);
});
