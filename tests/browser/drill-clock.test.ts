/**
 * A timed drill as a candidate runs one: choose it, start the clock, answer new numbers, run over,
 * finish. And the set of drills: one shown at a time, a link to a drill shows it, paper shows all.
 */
import { expect, test } from "vitest";
import { answers, type Params } from "../../solutions/drill-canary-counts/solution.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { twoFrames } from "../../tools/frames.ts";

describeInBrowser("drill clock in Chromium", (browser) => {
  const { site } = browser;

  test("shows one drill at a time; a link to a drill shows and selects it; paper shows every drill", async () => {
    const { page } = browser;
    const choices = page.getByRole("group", { name: "Choose a drill" }).getByRole("radio");
    const drills = page.locator("[data-drillset] [data-drill-clock]");
    const shown = async () => {
      const visible: string[] = [];
      for (const drill of await drills.all())
        if (await drill.isVisible()) visible.push((await drill.getAttribute("data-drill-for")) ?? "");
      return visible;
    };
    await page.goto(`${site}/interview-playbook/`);
    await expect(choices.count()).resolves.toBe(6);
    await expect(drills.count()).resolves.toBe(6);
    await expect(shown()).resolves.toEqual(["drill-nines-and-chains"]);
    // Arrow keys move through the choices, as in any radio group, and show the drill chosen.
    await choices.first().focus();
    await page.keyboard.press("ArrowRight");
    await expect(shown()).resolves.toEqual(["drill-error-budget-burn"]);

    // A link to the fifth drill's exercise (as the progress and review pages give) lands on it.
    await page.goto(`${site}/interview-playbook/#ex-drill-canary-counts`);
    await expect.poll(shown).toEqual(["drill-canary-counts"]);
    await expect(choices.nth(4).isChecked()).resolves.toBe(true);
    const target = page.locator("#ex-drill-canary-counts");
    await expect
      .poll(() => target.evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThan(page.viewportSize()!.height / 2);
    await expect.poll(() => target.evaluate((el) => el.getBoundingClientRect().bottom > 0)).toBe(true);

    // A malformed address names no drill: the page keeps the drill it shows, with no error.
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await page.goto(`${site}/interview-playbook/#%E0%A4%A`);
    await expect(shown()).resolves.toEqual(["drill-canary-counts"]);
    await twoFrames(page);
    expect(errors).toEqual([]);

    await page.emulateMedia({ media: "print" });
    try {
      await expect(shown()).resolves.toHaveLength(6);
      await expect(page.getByRole("group", { name: "Choose a drill" }).isVisible()).resolves.toBe(false);
    } finally {
      await page.emulateMedia({ media: "screen" });
    }
  });

  test("deals new numbers, counts down, says when time is up, and stops on the last right answer", async () => {
    const { page } = browser;
    // The page's clock moves only when the test moves it.
    await page.clock.install({ time: new Date("2026-03-02T09:00:00Z") });
    await page.clock.pauseAt(new Date("2026-03-02T09:00:01Z"));
    await page.goto(`${site}/interview-playbook/`);
    const drill = page.locator('[data-drill-clock][data-drill-for="drill-canary-counts"]');
    await expect(drill.isVisible()).resolves.toBe(false);
    await page
      .getByRole("group", { name: "Choose a drill" })
      .getByRole("radio", { name: /Count the canary/ })
      .check();
    await expect(drill.isVisible()).resolves.toBe(true);
    const exercise = page.locator('[data-exercise="drill-canary-counts"]');
    const face = drill.getByRole("timer", { name: "Drill clock" });
    const status = drill.getByRole("status");
    await expect(face.textContent()).resolves.toBe("2:00");

    await drill.getByRole("button", { name: "Start the 2-minute clock" }).click();
    await expect
      .poll(() => exercise.locator("[data-variant-note]").textContent(), { timeout: 20_000 })
      .toMatch(/^Variant \d+/);
    await expect
      .poll(() => status.textContent())
      .toBe("New numbers are below and the clock is running: 2:00 for all 3 parts.");
    const param = async (name: string) =>
      Number((await exercise.locator(`[data-param="${name}"]`).first().textContent())?.replaceAll(",", ""));
    const params: Params = {
      rps: await param("rps"),
      share: await param("share"),
      minutes: await param("minutes"),
      baseline: await param("baseline"),
      regressed: await param("regressed"),
    };
    const expected = answers(params);
    const answer = async (part: string) => {
      const form = exercise.locator(`form[data-part="${part}"]`);
      await form.getByLabel("Your answer").fill(String(Number(expected[part]!.toPrecision(12))));
      await form.getByRole("button", { name: "Check" }).click();
      await expect
        .poll(() => form.locator("[data-feedback]").getAttribute("data-verdict"), { timeout: 20_000 })
        .toBe("right");
    };

    await page.clock.runFor(30_000);
    await expect.poll(() => face.textContent()).toBe("1:30");
    await answer("requests");
    await answer("healthy");
    // Looking at another drill does not stop this one's clock, as the set says.
    const choices = page.getByRole("group", { name: "Choose a drill" });
    await expect(
      choices.getByText("A clock you start keeps running while you look at another drill").isVisible(),
    ).resolves.toBe(true);
    await choices.getByRole("radio").first().check();
    await expect(drill.isVisible()).resolves.toBe(false);
    await page.clock.runFor(100_000);
    await choices.getByRole("radio", { name: /Count the canary/ }).check();
    await expect
      .poll(() => status.textContent())
      .toBe("2:00 is up with 2 of 3 right. Keep going: the clock counts the time over.");
    await expect(face.textContent()).resolves.toBe("+0:10");
    await answer("bad");
    await expect
      .poll(() => status.textContent())
      .toBe("All 3 parts right in 2:10: 0:10 over the 2:00 target. Another variant, and again.");
    // Stopped: time moving on changes nothing, and the button offers another round.
    await page.clock.runFor(5_000);
    await expect(face.textContent()).resolves.toBe("+0:10");
    await expect(drill.getByRole("button", { name: "Again, with new numbers" }).isVisible()).resolves.toBe(true);
  });
});
