import { expect, test } from "vitest";
import { fleet, hpe, rollouts, sre } from "./numbers.ts";

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
});

test("HPE's bulletin, as published: failure at 32,768 hours of operation (3 years, 270 days and 8 hours)", () => {
  expect(hpe).toEqual({ hours: "32,768", days: "1,365" });
  // 3 x 365 + 270 days and 8 hours, as the bulletin states it.
  expect((3 * 365 + 270) * 24 + 8).toBe(32_768);
});
