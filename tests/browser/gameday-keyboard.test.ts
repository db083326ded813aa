/**
 * A game day played from the keyboard, in Chromium: before a game the actions wait for one, still
 * Tab stops with a ring that reads, and Enter on one says why it did nothing, under it, each press
 * heard; the target lists stay live, and what one holds at Start is what its action acts on. An
 * action taken with Enter disables its own button (the target is ejected, the retries already going
 * off), and the focus it had must stay in the game, on the action's target list or on the actions' heading, where Tab goes
 * on from the actions and the speed keys work; on the page's body they did nothing and Tab started
 * again from the top. A speed key, pressed with the focus anywhere, says what it did; with Ctrl
 * held it is the browser's, and does nothing to the game. On a phone the list of actions under way,
 * once it scrolls, takes the keyboard's focus to be scrolled, and so does the feed. Every wait is
 * on the page's state.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Locator, Page } from "playwright-core";
import { expect, test } from "vitest";
import { times } from "../../src/format/number.ts";
import { clock, startLabel } from "../../src/sim/gameday/report.ts";
import { savedGameKey } from "../../src/sim/gameday/saved.ts";
import { feedName } from "../../src/widgets/gameday/feed.ts";
import { actionsWaitText, notStartedText } from "../../src/widgets/gameday/text.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { crashNow, crashOn } from "../support/crash-worker.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** From now on, each text the live region holds after a change is kept in the page's `said`, in order. */
function recordSaid(live: Locator): Promise<void> {
  return live.evaluate((el) => {
    const said: string[] = [];
    (window as unknown as { said: string[] }).said = said;
    new MutationObserver(() => said.push(el.textContent ?? "")).observe(el, {
      childList: true,
      characterData: true,
      subtree: true,
    });
  });
}

/** From now on, each speed the page asks its game's worker for is kept in the page's `speedsSent`, in order. */
function recordSpeedsSent(page: Page): Promise<void> {
  return page.evaluate(() => {
    const sent: unknown[] = [];
    (window as unknown as { speedsSent: unknown[] }).speedsSent = sent;
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: { type?: string; speed?: number }) {
      if (message?.type === "speed") sent.push(message.speed);
      return post.call(this, message);
    } as typeof post;
  });
}

describeInBrowser("game day from the keyboard", (browser) => {
  const { site } = browser;
  const root = () => browser.page.locator("[data-gameday]");
  const logLength = (n: number) =>
    browser.page.waitForFunction(
      (n) => JSON.parse(document.querySelector<HTMLElement>("[data-gameday]")?.dataset.log ?? "[]").length === n,
      n,
      { timeout: 60_000 },
    );
  const focused = () => browser.page.evaluate(() => document.activeElement?.closest("[data-gameday] *") !== null);

  test("after an action that disables its own button, the focus stays in the game and a speed key says what it did", {
    timeout: 120_000,
  }, async () => {
    const { page } = browser;
    await page.goto(`${site}/gameday/gray-failure/`);
    // Before a game the actions wait for one, aria-disabled: still Tab stops (a disabled button is
    // skipped, and the actions with it). Tab from the actions' heading reaches the first action's
    // target list, then its button; Enter there says, under it and out loud, why nothing was done,
    // and the focus stays on it. Each press is heard: a second wrote the words the live region
    // held, which it need not read out again.
    const live = root().locator("[data-live]");
    await recordSaid(live);
    const eject = root().locator('[data-offer="eject-host"]');
    const target = eject.locator("select");
    await root().locator("[data-actions-heading]").focus();
    await page.keyboard.press("Tab");
    // The target list does not wait: choosing only prepares the action, so it is live, not dimmed,
    // and what it holds at Start is what the action acts on (below).
    await expect(
      target.evaluate((s: HTMLSelectElement) => ({
        focused: s === document.activeElement,
        disabled: s.disabled,
        ariaDisabled: s.getAttribute("aria-disabled"),
        opacity: getComputedStyle(s).opacity,
      })),
    ).resolves.toEqual({ focused: true, disabled: false, ariaDisabled: null, opacity: "1" });
    await target.selectOption("h07");
    await page.keyboard.press("Tab");
    const first = eject.locator("button");
    await expect(first.evaluate((b) => b === document.activeElement && b.getAttribute("aria-disabled"))).resolves.toBe(
      "true",
    );
    // Dimmed by its colours, not by opacity, which dimmed its focus ring too (2.6:1 on white).
    const look = () =>
      first.evaluate((b) => ({ opacity: getComputedStyle(b).opacity, color: getComputedStyle(b).color }));
    const waitingLook = await look();
    expect(waitingLook.opacity).toBe("1");
    // Nor does a hover light its border: it cannot act.
    const border = (button: Locator) => button.evaluate((b) => getComputedStyle(b).borderTopColor);
    const unlit = await border(first);
    await first.hover();
    await expect(border(first)).resolves.toBe(unlit);
    await page.mouse.move(0, 0);
    const refusedHere = eject.locator("[data-refused-here]");
    await page.keyboard.press("Enter");
    await expect.poll(() => refusedHere.textContent(), { timeout: 30_000 }).toBe(notStartedText(1));
    await page.keyboard.press("Enter");
    await expect.poll(() => refusedHere.textContent()).toBe(notStartedText(2));
    await expect(first.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(page.evaluate(() => (window as unknown as { said: string[] }).said)).resolves.toEqual([
      notStartedText(1),
      notStartedText(2),
    ]);
    await page.locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]');
    // Live, the button is no longer dimmed.
    const liveLook = await look();
    expect(liveLook.opacity).toBe("1");
    expect(liveLook.color).not.toBe(waitingLook.color);
    // The game's first words are its own: the refusal is gone from the live region, so a press
    // refused again once a game stops is heard (its count starts again).
    await expect(live.textContent()).resolves.toBe("");
    await page.keyboard.press("0");
    // A key pressed with the focus anywhere says what it did, once, in the polite live region, at
    // the time the game stopped. Waited on that sentence, not on the pause button's pressed state:
    // the page is built with that button pressed, so before the game's first update reached the
    // page the wait passed at once and the live region was still empty (seen once in a clean
    // clone's run).
    const pauseSaid = async () => {
      const said = await live.textContent();
      const at = Number(await root().getAttribute("data-clock"));
      return said === `Paused at ${clock(at)}.` ? "said at the clock's time" : said;
    };
    await expect.poll(pauseSaid, { timeout: 30_000 }).toBe("said at the clock's time");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');

    // A targeted action, on the target chosen before Start: its button is disabled for the target
    // just ejected; the focus goes to the target list beside it, to choose another.
    await expect(target.inputValue()).resolves.toBe("h07");
    await target.focus();
    await page.keyboard.press("Tab");
    await expect(first.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Enter");
    await logLength(1);
    await expect(root().evaluate((el) => JSON.parse(el.dataset.log!)[0].target)).resolves.toBe("h07");
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-offer="eject-host"] button')?.disabled,
    );
    await expect(eject.locator("select").evaluate((s) => s === document.activeElement)).resolves.toBe(true);
    // Disabled, the button does not light on a hover either, as the aria-disabled one above; a
    // live one beside it does.
    const off = root().locator('[data-offer="retries-off"] button');
    const [disabledUnlit, liveUnlit] = [await border(first), await border(off)];
    await first.hover();
    await expect(border(first)).resolves.toBe(disabledUnlit);
    await off.hover();
    await expect(border(off)).resolves.not.toBe(liveUnlit);
    await page.mouse.move(0, 0);
    // There a key is the list's, not a speed key: a typed character picks the option it starts
    // (a "2" there once set the game to 20x). Nor, with Ctrl held, are the keys the game's
    // anywhere: they are the browser's (Ctrl+0 resets the zoom, Ctrl+2 picks a tab). The game is
    // sent no speed for any of them: only the click on 5x's (the page once paused on Ctrl+0).
    await recordSpeedsSent(page);
    await recordSaid(live);
    await page.keyboard.press("1");
    await page.keyboard.press("2");
    await expect(eject.locator("select").evaluate((s) => s === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("Control+0");
    await page.keyboard.press("Control+2");
    await root().locator('[data-speed="5"]').click();
    await page.waitForSelector('[data-speed="5"][aria-checked="true"]');
    await expect(page.evaluate(() => (window as unknown as { speedsSent: unknown[] }).speedsSent)).resolves.toEqual([
      5,
    ]);
    await expect(page.evaluate(() => (window as unknown as { said: string[] }).said.join(" "))).resolves.not.toMatch(
      /Paused at|Running at/,
    );
    // A key pressed with the focus on a speed (5x, clicked) takes the focus to the speed it presses,
    // as a click does: the focus stayed on 5x, its ring beside the pause filled, both in the accent.
    const focusedSpeed = () => page.evaluate(() => document.activeElement?.getAttribute("data-speed"));
    await page.keyboard.press("0");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("0");
    // An action without a target: the focus goes to the actions' heading, in the game.
    await off.focus();
    await page.keyboard.press("Enter");
    await logLength(2);
    await page.waitForFunction(
      () => document.querySelector<HTMLButtonElement>('[data-offer="retries-off"] button')?.disabled,
    );
    await expect(focused()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Actions");
    await page.keyboard.press("5");
    await page.waitForSelector('[data-speed="5"][aria-checked="true"]');
    await expect.poll(() => live.textContent()).toBe(`Running at ${times(5)} speed.`);
    await page.keyboard.press("0");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');
    // Tab goes on from the actions, not from the top of the page.
    await page.keyboard.press("Tab");
    await expect(
      page.evaluate(() => document.activeElement?.closest("[data-offer]")?.getAttribute("data-offer")),
    ).resolves.toBe("eject-host");
  });

  test("on a phone the list of actions under way, once it scrolls, is a named Tab stop the arrow keys scroll; so is the feed", {
    timeout: 60_000,
  }, async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    const pending = root().locator("[data-pending]");
    // Still paused from the test above, two actions under way: four more make six, more than the
    // four and a half lines the list keeps on a phone.
    for (const [offer, target] of [["shed-queue"], ["shed-priority"], ["eject-host", "h01"], ["eject-host", "h02"]]) {
      const form = root().locator(`[data-offer="${offer}"]`);
      if (target) await form.locator("select").selectOption(target);
      await form.locator("button").click();
    }
    await logLength(6);
    await expect.poll(() => pending.locator("li").count()).toBe(6);
    await page.waitForSelector('[data-pending][tabindex="0"]');
    await expect(
      pending.evaluate((el) => ({ scrolls: el.scrollHeight > el.clientHeight, name: el.getAttribute("aria-label") })),
    ).resolves.toEqual({ scrolls: true, name: "Actions under way" });
    // Its countdowns keep each number with its unit ("15 s" parted at a line's end in its narrow room).
    await expect(pending.textContent()).resolves.toMatch(/takes effect in \d+\u00a0s/);
    await expect(pending.textContent()).resolves.not.toMatch(/\d s\b/);
    await page.evaluate(axeSource);
    const violations = (await page.evaluate(`axe
      .run({ include: [["[data-gameday] .gd-actions"]] }, {
        runOnly: ["scrollable-region-focusable", "aria-allowed-role", "aria-allowed-attr", "aria-prohibited-attr", "nested-interactive"],
        resultTypes: ["violations"],
      })
      .then((r) => r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`)) as string[];
    expect(violations).toEqual([]);
    // Reached with Tab from the last action's button, it scrolls with the arrow keys.
    await root().locator("[data-offer] button:not([disabled])").last().focus();
    await page.keyboard.press("Tab");
    await expect(pending.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press("End");
    await expect.poll(() => pending.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    // Where it has room (1280 px) it does not scroll and is no Tab stop; the focus it had stays in the game.
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.waitForSelector("[data-pending]:not([tabindex])");
    await expect(focused()).resolves.toBe(true);

    // The feed likewise (it keeps 80 lines in a room of about 14): a named Tab stop while it
    // scrolls, and only then. Its room is made short here, where a whole game's lines would
    // outgrow it, and its seven lines scroll.
    const feed = root().locator("[data-feed]");
    await expect(feed.getAttribute("tabindex")).resolves.toBeNull();
    await feed.evaluate((el) => {
      el.style.maxHeight = "5rem";
    });
    await page.waitForSelector('[data-feed][tabindex="0"]');
    await expect(
      feed.evaluate((el) => ({ scrolls: el.scrollHeight > el.clientHeight, name: el.getAttribute("aria-label") })),
    ).resolves.toEqual({ scrolls: true, name: feedName });
    const feedViolations = (await page.evaluate(`axe
      .run({ include: [["[data-gameday] .gd-feedpanel"]] }, {
        runOnly: ["scrollable-region-focusable", "aria-allowed-attr", "aria-prohibited-attr"],
        resultTypes: ["violations"],
      })
      .then((r) => r.violations.map((v) => v.id + ": " + v.nodes.map((n) => n.target.join(" ")).join(", ")))`)) as string[];
    expect(feedViolations).toEqual([]);
    await feed.evaluate((el) => {
      el.style.maxHeight = "";
    });
    await page.waitForSelector("[data-feed]:not([tabindex])");
  });

  test("the game's worker crashing mid-game stops the game in sight: the actions wait as before a game, every target free, and Start plays again", {
    timeout: 60_000,
  }, async () => {
    const { page } = browser;
    // Still paused from the tests above: six actions taken, three hosts ejected (their targets
    // disabled), four actions under way. The worker crashes: an error it does not catch, as one
    // in a tick of its clock would be.
    const actionsNow = () =>
      root().evaluate((el) => ({
        disabledTargets: [...el.querySelectorAll<HTMLOptionElement>("[data-offer] option")]
          .filter((o) => o.disabled)
          .map((o) => o.value),
        buttons: [...el.querySelectorAll<HTMLButtonElement>("[data-offer] button")].map((b) => ({
          disabled: b.disabled,
          ariaDisabled: b.getAttribute("aria-disabled"),
          title: b.title,
        })),
        pending: el.querySelector("[data-pending]")?.textContent,
      }));
    const before = await actionsNow();
    expect(before.disabledTargets.length).toBeGreaterThan(0);
    expect(before.buttons.some((b) => b.disabled)).toBe(true);
    expect(before.pending).not.toBe("No action under way.");
    const workers = page.workers();
    const gameWorker = workers.find((w) => /game\.worker/.test(w.url()));
    expect(gameWorker, workers.map((w) => w.url()).join(", ")).toBeDefined();
    await gameWorker!.evaluate(() => {
      setTimeout(() => {
        throw new Error("a crash forced by the test");
      });
    });
    await page.waitForSelector('[data-gameday][data-state="error"]');
    await expect(root().locator("[data-error]").textContent()).resolves.toBe(
      "The game stopped: its simulation failed. Start a new game.",
    );
    await root().locator("[data-error-details]").click();
    await expect(root().locator(".gd-error-reason").textContent()).resolves.toMatch(/a crash forced by the test/);
    const buttonCount = await root().locator("[data-offer] button").count();
    await expect(actionsNow()).resolves.toEqual({
      disabledTargets: [],
      buttons: Array.from({ length: buttonCount }, () => ({ disabled: false, ariaDisabled: "true", title: "" })),
      pending: "No action under way.",
    });
    await expect(root().locator("[data-start]").isEnabled()).resolves.toBe(true);
    // So is the seed it starts with, taken away while the game ran.
    await expect(root().locator("[data-seed]").isEnabled()).resolves.toBe(true);
    await expect(root().locator("[data-end]").isDisabled()).resolves.toBe(true);
    // The note the actions wait with names the start button as it reads now (it said "Start the
    // game to act." beside "New game"): "New game" once the clock has run, "Start the game" when the
    // tests above paused it at 0:00, as a fast machine does (the game can still be started afresh).
    const startReads = await root().locator("[data-start]").innerText();
    expect(startReads).toBe(startLabel(Number(await root().getAttribute("data-clock")), false));
    await expect(root().locator("[data-actions-wait]").textContent()).resolves.toBe(actionsWaitText(startReads!));
    // A target it had disabled is chosen (the list redraws nothing of the stopped game), and Enter
    // on its action says why it waits.
    const eject = root().locator('[data-offer="eject-host"]');
    const target = eject.locator("select");
    await target.selectOption(before.disabledTargets[0]!);
    await target.focus();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect.poll(() => eject.locator("[data-refused-here]").textContent()).toBe(notStartedText(1));
    await expect(actionsNow()).resolves.toMatchObject({ disabledTargets: [] });
    // A new game runs, on a worker of its own.
    await root().locator("[data-start]").click();
    await page.waitForSelector('[data-gameday][data-state="playing"]');
    await page.waitForFunction(() => Number(document.querySelector<HTMLElement>("[data-gameday]")?.dataset.clock) > 0);
    await expect(root().locator("[data-error]").isHidden()).resolves.toBe(true);

    // That game is kept in the tab, and a reload offers it (a crash does not drop the saved game:
    // resumed, its log plays in a new worker). The worker crashes while it checks the saved game,
    // before it answers: the page says the saved game was not resumed and that Resume it tries
    // again, beside the offer still shown, where the focus stays (it said "The game's simulation
    // failed. Start a new game." beside an offer to resume). A new game comes first, so that the
    // offer's button can go from the line, and nothing else, once the offer goes.
    await page.reload();
    await page.waitForSelector("[data-resume-offer]:not([hidden])");
    // The dashboard loads on the first touch: a focus, not the press on Resume it.
    const mounted = page.waitForEvent("worker");
    await root().locator("[data-seed]").focus();
    await crashOn(await mounted, "resume", false, "a resume check's crash forced by the test");
    await page.waitForSelector('[data-gameday][data-ready="true"]');
    const resume = root().locator("[data-resume]");
    await resume.focus();
    await page.keyboard.press("Enter");
    await page.waitForSelector('[data-gameday][data-state="error"]');
    await expect(root().locator("[data-error]").textContent()).resolves.toBe(
      `The saved game could not be resumed: the game's simulation failed. Start a new game, or press "${await resume.textContent()}" to try again.`,
    );
    await expect(root().locator("[data-resume-offer]").isVisible()).resolves.toBe(true);
    await expect(resume.evaluate((b) => b === document.activeElement)).resolves.toBe(true);
    await expect(root().locator("[data-start]").isEnabled()).resolves.toBe(true);
    await expect(root().locator("[data-discard]").isEnabled()).resolves.toBe(true);
    // Pressed again, it resumes on a new worker, paused where it was left, the focus on the pause.
    const again = page.waitForEvent("worker");
    await page.keyboard.press("Enter");
    const resumedWorker = await again;
    await page.waitForSelector('[data-gameday][data-state="playing"][data-resumed]');
    await expect(root().locator("[data-error]").isHidden()).resolves.toBe(true);
    await expect(root().locator("[data-resume-offer]").isHidden()).resolves.toBe(true);
    const focusedSpeed = () => page.evaluate(() => document.activeElement?.getAttribute("data-speed"));
    await expect.poll(focusedSpeed).toBe("0");
    // The speeds are one radio group, the speed running checked, and one Tab stop: the speed
    // running (tried here, on a resumed game whose clock nothing below waits on). Tab leaves the
    // group (to "End the game now"), and Shift+Tab comes back to the speed running, not to the
    // last speed of the four (each was a Tab stop, and the arrows did nothing).
    const speeds = root().locator("[data-speeds]");
    await expect(speeds.ariaSnapshot()).resolves.toBe(
      [
        '- radiogroup "Speed":',
        '  - radio "Pause" [checked]',
        '  - radio "1×"',
        '  - radio "5×"',
        '  - radio "20×"',
      ].join("\n"),
    );
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.matches("[data-end]"))).resolves.toBe(true);
    await page.keyboard.press("Shift+Tab");
    await expect(focusedSpeed()).resolves.toBe("0");
    // The arrows choose the next speed, or the one before, round the group; the focus goes with
    // the choice, checked once the game runs at it, and heard there as a click is (no live
    // sentence besides). Two pressed before the game answers move two speeds on.
    await recordSpeedsSent(page);
    await recordSaid(root().locator("[data-live]"));
    const speedsSent = () => page.evaluate(() => (window as unknown as { speedsSent: unknown[] }).speedsSent);
    await page.keyboard.press("ArrowRight");
    await page.waitForSelector('[data-speed="1"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("1");
    // Focused and chosen: ringed in the text's colour, never in the accent that fills it.
    const speedLooks = await root().evaluate((el) => {
      const css = getComputedStyle(document.activeElement!);
      return {
        ring: `${css.outlineStyle} ${css.outlineColor}`,
        fill: css.backgroundColor,
        // The speeds' text colour, read off a speed not chosen.
        text: getComputedStyle(el.querySelector('[data-speed][aria-checked="false"]')!).color,
        checked: document.activeElement!.getAttribute("aria-checked"),
      };
    });
    expect(speedLooks.ring).toBe(`solid ${speedLooks.text}`);
    expect(speedLooks.ring).not.toContain(speedLooks.fill);
    expect(speedLooks.checked).toBe("true");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await page.waitForSelector('[data-speed="20"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("20");
    await page.keyboard.press("ArrowDown");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("0");
    await expect(speedsSent()).resolves.toEqual([1, 0, 20, 0]);
    await expect(speeds.ariaSnapshot()).resolves.toContain('radio "Pause" [checked]');
    await expect(
      speeds.locator("[data-speed]").evaluateAll((bs) => bs.map((b) => (b as HTMLElement).tabIndex)),
    ).resolves.toEqual([0, -1, -1, -1]);
    await expect(page.evaluate(() => (window as unknown as { said: string[] }).said.join(" "))).resolves.not.toMatch(
      /Running at/,
    );
    // A speed key still moves the focus to the speed it chose, in the group as from it.
    await page.keyboard.press("5");
    await page.waitForSelector('[data-speed="5"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("5");
    await page.keyboard.press("0");
    await page.waitForSelector('[data-speed="0"][aria-checked="true"]');
    await expect.poll(focusedSpeed).toBe("0");

    // That resumed game's worker crashes too, the game paused: it stops as a game does, the same
    // message, Start back (the focus on the pause goes to it), nothing waiting on the worker.
    await crashNow(resumedWorker, "a resumed game's crash forced by the test");
    await page.waitForSelector('[data-gameday][data-state="error"]');
    await expect(root().locator("[data-error]").textContent()).resolves.toBe(
      "The game stopped: its simulation failed. Start a new game.",
    );
    await expect(root().locator("[data-resume-offer]").isHidden()).resolves.toBe(true);
    await expect(root().locator("[data-start]").isEnabled()).resolves.toBe(true);
    await expect(page.evaluate(() => document.activeElement?.matches("[data-start]"))).resolves.toBe(true);
    await expect(root().locator("[data-actions-wait]").textContent()).resolves.toBe(actionsWaitText("New game"));
    // Still kept, it is offered at the next reload: each resume is the learner's press, never a loop.
    await expect(
      page.evaluate((key) => sessionStorage.getItem(key) !== null, savedGameKey("gray-failure")),
    ).resolves.toBe(true);
  });
});
