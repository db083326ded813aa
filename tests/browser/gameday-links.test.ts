/**
 * Forged result codes in a game day's shared link, in Chromium: check digits are not a signature
 * (anyone can compute them), so a link whose code claims a score its actions do not earn, or
 * carries a name no player could have given, is refused in sight with the board's reason, not
 * replayed as if it were honest, and the address no longer carries it. A shared run's replay is
 * not lost to a saved game of the tab that cannot be resumed. Every wait is on the page's state.
 */
import { expect, test } from "vitest";
import { encodeRun } from "../../src/sim/gameday/code.ts";
import { codeInLink } from "../../src/sim/gameday/code-link.ts";
import { finishedScore } from "../../src/sim/gameday/game.ts";
import { tenantMinutesText } from "../../src/sim/gameday/report.ts";
import { resumeOfferText, savedGameKey, type SavedGame } from "../../src/sim/gameday/saved.ts";
import { findScenario } from "../../src/sim/gameday/scenarios.ts";
import { hashName } from "../../src/sim/random.ts";
import { replaySpeed } from "../../src/widgets/gameday/protocol.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { crashNow, crashOn } from "../support/crash-worker.ts";
import { textContrast } from "../support/contrast.ts";

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
    // The link carries more than the code (a query, another part of its fragment): that stays.
    await page.goto(`${site}/gameday/gray-failure/?from=mail#seat=3&code=${encodeURIComponent(forged)}`);
    await page.waitForSelector('[data-gameday][data-state="error"]', { timeout: 60_000 });
    const error = root().locator("[data-error]");
    await expect(error.isVisible()).resolves.toBe(true);
    await expect(error.getAttribute("role")).resolves.toBe("alert");
    // Red, and readable: 4.5:1 or more on the light theme's white (its plain red was 3.6:1).
    expect(await textContrast(error)).toBeGreaterThanOrEqual(4.5);
    await expect(error.textContent()).resolves.toBe(
      `This link cannot be replayed: the results board refuses its run: the score in this code (${tenantMinutesText(0)} tenant-minutes) is not what its actions earn (${tenantMinutesText(earned)}): it was edited.`,
    );
    await expect(root().locator("[data-end]").isDisabled()).resolves.toBe(true);
    await expect(root().locator("[data-results]").isHidden()).resolves.toBe(true);
    // Nothing said it replays Mallory's run.
    await expect(root().locator("[data-live]").textContent()).resolves.not.toMatch(/Replaying/);
    // The address no longer carries the code refused (it stayed until the learner's own next
    // game: a reload refused it again, and a copy of the address shared the broken link), and
    // keeps the rest. Reloaded, the page refuses nothing: nothing to replay.
    const address = () => page.evaluate(() => ({ search: location.search, hash: location.hash }));
    await expect(address()).resolves.toEqual({ search: "?from=mail", hash: "#seat=3" });
    await page.reload();
    await expect(address()).resolves.toEqual({ search: "?from=mail", hash: "#seat=3" });
    await root().locator("[data-seed]").focus();
    await page.waitForSelector('[data-gameday][data-ready="true"]', { timeout: 60_000 });
    await expect(root().getAttribute("data-state")).resolves.toBe("ready");
    await expect(root().locator("[data-error]").isHidden()).resolves.toBe(true);
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

    // An honest link followed on this page (only the fragment changes), and the game's worker
    // crashes as it checks the code, before it answers: the page says the link was not replayed
    // and what to do, in place of the refusal it showed before (it said "The game's simulation
    // failed. Start a new game.", not a word of the link).
    const error = root().locator("[data-error]");
    const gameWorker = () => page.workers().find((w) => /game\.worker/.test(w.url()))!;
    await crashOn(gameWorker(), "replay", false, "a link check's crash forced by the test");
    await page.evaluate((c) => {
      location.hash = `#code=${encodeURIComponent(c)}`;
    }, honest);
    await expect
      .poll(() => error.textContent())
      .toBe(
        "The link could not be replayed: the game's simulation failed. Reload the page to try the link again, or start a new game.",
      );
    await expect(root().locator("[data-start]").isEnabled()).resolves.toBe(true);
    // The address still holds the link, so a reload replays it, as the message says.
    await expect(page.evaluate(() => location.hash).then(codeInLink)).resolves.toBe(honest);
    await page.reload();
    await page.waitForSelector('[data-gameday][data-mode="replay"][data-state="playing"]', { timeout: 60_000 });
    await expect(error.isHidden()).resolves.toBe(true);
    // Its worker crashes mid-replay, the focus on the speed it runs at: the page says the replay
    // stopped, not the learner's game (it said "The game stopped", under someone else's run), and
    // that a reload replays it again; Start is back, with the focus, and nothing of the replay is
    // left said in the live region ("Replaying Ada's run at 20 times real time").
    await root().locator(`[data-speed="${replaySpeed}"]`).focus();
    await crashNow(gameWorker(), "a replay's crash forced by the test");
    await page.waitForSelector('[data-gameday][data-state="error"]');
    await expect(error.textContent()).resolves.toBe(
      "The replay stopped: the game's simulation failed. Reload the page to watch it again, or start a new game.",
    );
    await expect(page.evaluate(() => document.activeElement?.matches("[data-start]"))).resolves.toBe(true);
    await expect(
      root()
        .locator("[data-speed], [data-end]")
        .evaluateAll((bs) => bs.map((b) => (b as HTMLButtonElement).disabled)),
    ).resolves.toEqual([true, true, true, true, true]);
    await expect(root().locator("[data-live]").textContent()).resolves.toBe("");
    await expect(page.evaluate(() => location.hash).then(codeInLink)).resolves.toBe(honest);
    // Start plays the learner's own game, on a new worker.
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-gameday][data-mode="play"][data-state="playing"]');
    await expect(error.isHidden()).resolves.toBe(true);
  });

  test("a saved game that cannot be resumed, asked for during a shared run's replay, leaves the replay running", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    const key = savedGameKey("gray-failure");
    const kept = () => page.evaluate((k) => sessionStorage.getItem(k), key);
    // The tab kept a game whose log does not play (out of time order), on another seed than the
    // run shared: its page, loaded by the link, offers it beside the replay.
    const broken: SavedGame = {
      seed: 7,
      clock: 300,
      log: [
        { at: 200, action: "eject-host", target: "h07" },
        { at: 100, action: "eject-host", target: "h03" },
      ],
    };
    await page.goto(`${site}/`);
    await page.evaluate(([k, v]) => sessionStorage.setItem(k!, v!), [key, JSON.stringify(broken)]);
    const honest = encodeRun({ scenario: gray, seed: 1, name: "Ada", claimedTenantMinutes: earned, log });
    await page.goto(`${site}/gameday/gray-failure/#code=${encodeURIComponent(honest)}`);
    await page.waitForSelector('[data-gameday][data-mode="replay"][data-state="playing"]', { timeout: 60_000 });
    const clockPast = (t: number) =>
      page.waitForFunction(
        (t) => Number(document.querySelector<HTMLElement>("[data-gameday]")?.dataset.clock ?? 0) >= t,
        t,
        { timeout: 60_000 },
      );
    await clockPast(30);
    const offer = root().locator("[data-resume-offer]");
    await expect(offer.locator("[data-resume-text]").textContent()).resolves.toBe(
      resumeOfferText(broken, gray.seconds),
    );

    // Resumed from the keyboard: refused, said why, and the replay runs on as it was (the page
    // once cleared it before the worker answered, and the worker dropped it: only Start was left).
    await offer.getByRole("button", { name: "Resume it" }).focus();
    await page.keyboard.press("Enter");
    const error = root().locator("[data-error]");
    await error.waitFor({ timeout: 60_000 });
    await expect(root().getAttribute("data-state")).resolves.toBe("playing");
    await expect(root().getAttribute("data-mode")).resolves.toBe("replay");
    await expect(error.textContent()).resolves.toBe(
      "The saved game could not be resumed, so it was dropped. The replay under way goes on.",
    );
    await expect(root().locator("[data-feed]").textContent()).resolves.toContain("Replay started");
    await expect(root().locator("[data-seed]").inputValue()).resolves.toBe("1");
    await expect(offer.isVisible()).resolves.toBe(false);
    await expect(kept()).resolves.toBeNull();
    // The address still replays the run on the screen.
    await expect(page.evaluate(() => location.hash).then(codeInLink)).resolves.toBe(honest);
    // The offer went with the focus on it: the focus is on the speed the replay runs at.
    await expect(page.evaluate(() => document.activeElement?.getAttribute("data-speed"))).resolves.toBe(
      String(replaySpeed),
    );
    // Its controls work: its clock goes on, a speed key pauses it, End plays it to its end.
    await expect(
      root()
        .locator("[data-speed], [data-end]")
        .evaluateAll((bs) => bs.map((b) => (b as HTMLButtonElement).disabled)),
    ).resolves.toEqual([false, false, false, false, false]);
    await clockPast(Number(await root().getAttribute("data-clock")) + 10);
    await page.keyboard.press("0");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');
    await page.locator("[data-end]").click();
    await page.waitForSelector('[data-gameday][data-state="over"]', { timeout: 60_000 });
    // Ended, the replay goes on no more, and the line no longer says it does (it said so under the
    // results): what is left of it is still true.
    await expect(error.textContent()).resolves.toBe("The saved game could not be resumed, so it was dropped.");
    const summary = JSON.parse((await root().getAttribute("data-summary"))!);
    expect(summary.log).toEqual(log);
    expect(summary.score.tenantMinutes).toBe(earned);

    // Under the replay's results, another link is followed, and the worker crashes as it checks
    // its code: the page says the link was not replayed (it said "The game's simulation failed.
    // Start a new game." under results whole and scored), and the results stay, Play again with them.
    await page.waitForFunction(() => document.querySelector<HTMLElement>("[data-gameday]")?.dataset.resultCode);
    const gameWorker = page.workers().find((w) => /game\.worker/.test(w.url()))!;
    await crashOn(gameWorker, "replay", false, "a link check's crash under the results forced by the test");
    const another = encodeRun({ scenario: gray, seed: 1, name: "Bea", claimedTenantMinutes: earned, log });
    await page.evaluate((c) => {
      location.hash = `#code=${encodeURIComponent(c)}`;
    }, another);
    await expect
      .poll(() => error.textContent())
      .toBe(
        "The link could not be replayed: the game's simulation failed. Reload the page to try the link again, or start a new game.",
      );
    await expect(root().getAttribute("data-state")).resolves.toBe("over");
    await expect(root().locator("[data-results]").isVisible()).resolves.toBe(true);
    await expect(root().locator("[data-again]").isEnabled()).resolves.toBe(true);
    await expect(root().locator("[data-start]").isEnabled()).resolves.toBe(true);
  });
});
