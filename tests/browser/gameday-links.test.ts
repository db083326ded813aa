/**
 * Forged result codes in a game day's shared link, in Chromium: check digits are not a signature
 * (anyone can compute them), so a link whose code claims a score its actions do not earn, or
 * carries a name no player could have given, is refused in sight with the board's reason, not
 * replayed as if it were honest. Every wait is on the page's state.
 */
import { expect, test } from "vitest";
import { encodeRun } from "../../src/sim/gameday/code.ts";
import { finishedScore } from "../../src/sim/gameday/game.ts";
import { tenantMinutesText } from "../../src/sim/gameday/report.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { hashName } from "../../src/sim/random.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("game day: forged links", (browser) => {
  const { site } = browser;
  const root = () => browser.page.locator("[data-gameday]");
  const gray = findScenario("gray-failure")!;
  const log = [{ at: 120, action: "eject-host" as const, target: "h07" }];
  const earned = finishedScore(gray, 1, log).tenantMinutes;

  test("a code whose score was edited (check digits recomputed) is refused, saying what its actions earn", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    const forged = encodeRun({ scenario: gray, seed: 1, name: "Mallory", claimedTenantMinutes: 0, log });
    await page.goto(`${site}/gameday/gray-failure/#code=${encodeURIComponent(forged)}`);
    await page.waitForSelector('[data-gameday][data-state="error"]', { timeout: 60_000 });
    const error = root().locator("[data-error]");
    await expect(error.isVisible()).resolves.toBe(true);
    await expect(error.getAttribute("role")).resolves.toBe("alert");
    await expect(error.textContent()).resolves.toBe(
      `This link cannot be replayed: the results board refuses its run: the score in this code (${tenantMinutesText(0)} tenant-minutes) is not what its actions earn (${tenantMinutesText(earned)}): it was edited.`,
    );
    await expect(root().locator("[data-end]").isDisabled()).resolves.toBe(true);
    await expect(root().locator("[data-results]").isHidden()).resolves.toBe(true);
    // Nothing said it replays Mallory's run.
    await expect(root().locator("[data-live]").textContent()).resolves.not.toMatch(/Replaying/);
  });

  test("a code whose name no player could have given is refused before it is shown", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    const honest = encodeRun({ scenario: gray, seed: 1, name: "Ada", claimedTenantMinutes: earned, log });
    const body = honest.replace("-Ada-", "-<b>Ada</b>-").replace(/-[0-9a-z]+$/, "");
    const forged = `${body}-${hashName(body).toString(36)}`;
    await page.goto(`${site}/gameday/gray-failure/#code=${encodeURIComponent(forged)}`);
    await page.waitForSelector('[data-gameday][data-state="error"]', { timeout: 60_000 });
    // Said as a refusal of the link: no game was running to stop.
    await expect(root().locator("[data-error]").textContent()).resolves.toMatch(
      /^This link cannot be replayed: the name "<b>Ada<\/b>" is not a name as a code writes it/,
    );
    // Nothing said it replays that name's run.
    await expect(root().locator("[data-live]").textContent()).resolves.not.toMatch(/Replaying/);
  });
});
