/**
 * A keyboard-only reader: reads a chapter, runs and edits a playground, answers an exercise,
 * and leaves each widget with Tab (no keyboard trap), the course's other widgets too. No mouse
 * is used anywhere here.
 */
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { describeInBrowser } from "../support/browser-suite.ts";

/**
 * Press Tab until the focused element matches `selector`; fail after `limit` presses. Inside a
 * code editor typed in, Tab indents, so, as the editor's on-screen hint says, Escape comes first.
 */
async function tabTo(page: Page, selector: string, limit = 600): Promise<void> {
  for (let i = 0; i <= limit; i++) {
    const where = await page.evaluate(
      (s) =>
        document.activeElement?.matches(s)
          ? "there"
          : document.activeElement?.closest(".cm-editor")
            ? "editor"
            : "elsewhere",
      selector,
    );
    if (where === "there") return;
    if (i === limit) break;
    if (where === "editor") await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
  }
  throw new Error(`Tab never reached ${selector}`);
}

/**
 * Focus the last element before `container` that Tab stops at, as a keyboard reader who has
 * tabbed down the page to it has: the walk from the top is the first test's.
 */
async function focusJustBefore(page: Page, container: string): Promise<void> {
  const focused = await page.evaluate((c) => {
    const root = document.querySelector(c)!;
    const before = [
      ...document.querySelectorAll<HTMLElement>(
        'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [tabindex="0"]',
      ),
    ].filter((el) => el.checkVisibility() && root.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING);
    const last = before.at(-1);
    last?.focus();
    return last !== undefined && document.activeElement === last;
  }, container);
  expect(focused, `something before ${container} takes focus`).toBe(true);
}

/** The focused element is outside `container`. */
const focusOutside = (page: Page, container: string) =>
  page.evaluate((c) => !document.querySelector(c)!.contains(document.activeElement), container);

describeInBrowser("keyboard only", (browser) => {
  const { site } = browser;

  test("skip link, chapter headings, playground, exercise, and out again", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);

    // The first Tab offers Starlight's skip link to the content.
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.textContent?.trim())).resolves.toMatch(/Skip to content/i);
    await page.keyboard.press("Enter");

    // Run the playground from its button.
    const playground = "#playground-shuffle-shard";
    await tabTo(page, `${playground} button[data-action="run"]`);
    await page.keyboard.press("Enter");
    await page.locator(`${playground} [data-status][data-state="ok"]`).waitFor({ timeout: 20_000 });
    await expect(page.locator(`${playground} [data-output]`).textContent()).resolves.toContain("possible shards");

    // Into the editor, change the program, run it with the shortcut.
    await tabTo(page, `${playground} .cm-content`);
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.insertText('console.log("typed with the keyboard", 6 * 7);\n');
    await page.keyboard.press("ControlOrMeta+Enter");
    await expect
      .poll(() => page.locator(`${playground} [data-output]`).textContent(), { timeout: 20_000 })
      .toBe("typed with the keyboard 42\n");

    // Escape, then Tab, leaves the editor: no trap.
    await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
    await expect(page.evaluate(() => document.activeElement?.classList.contains("cm-content") ?? false)).resolves.toBe(
      false,
    );

    // Answer the 16-worker problem with the keyboard.
    const exercise = '[data-exercise="shuffle-shard-16-workers"]';
    const field = `${exercise} form[data-part="shuffle"] input`;
    await tabTo(page, field);
    await page.keyboard.type("1 in 1820");
    await page.keyboard.press("Enter");
    const feedback = page.locator(`${exercise} form[data-part="shuffle"] [data-feedback]`);
    await expect.poll(() => feedback.textContent(), { timeout: 20_000 }).toMatch(/^Right/);

    // Keep tabbing: focus leaves the exercise and reaches the page's next sections.
    await leaveWith(page, exercise);
  });

  test("the explorer is operated from the keyboard, and Tab leaves it", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const explorer = "[data-shuffle-explorer]";
    const shards = page.locator(`${explorer} [data-figure="possible-shards"]`).first();
    await expect(shards.textContent()).resolves.toBe("28");
    // One Tab from what comes before it reaches its first field.
    await focusJustBefore(page, explorer);
    await tabTo(page, `${explorer} input[name="workers"]`, 1);
    // 8 -> 9 workers: C(9, 2) = 36 possible pairs.
    await page.keyboard.press("ArrowUp");
    await expect.poll(() => shards.textContent(), { timeout: 20_000 }).toBe("36");
    await leaveWith(page, explorer);
  });

  test("a diagram is a Tab stop only where it scrolls: not at 1280 px, again at 390 px", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const diagram = '.sl-markdown-content figure.diagram:has(> svg[role="img"])';
    const figure = page.locator(diagram).first();
    try {
      // It fits its column here: the build's Tab stop is taken away, and Tab goes past it.
      await expect.poll(() => figure.getAttribute("tabindex")).toBeNull();
      expect(await figure.evaluate((f) => f.scrollWidth <= f.clientWidth)).toBe(true);
      await focusJustBefore(page, diagram);
      await page.keyboard.press("Tab");
      expect(await page.evaluate((d) => document.activeElement === document.querySelector(d), diagram)).toBe(false);
      // On a phone it scrolls sideways, so it is in the Tab order again and the arrows scroll it.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => figure.getAttribute("tabindex")).toBe("0");
      expect(await figure.evaluate((f) => f.scrollWidth > f.clientWidth && f.tabIndex === 0)).toBe(true);
      await figure.focus();
      await page.keyboard.press("ArrowRight");
      await expect.poll(() => figure.evaluate((f) => f.scrollLeft)).toBeGreaterThan(0);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("the map builder saturates a resource from the keyboard, and Tab leaves it", async () => {
    const { page } = browser;
    await page.goto(`${site}/failure-domains/`);
    const builder = "[data-map-builder]";
    // Tab from what comes before it, through its map controls and text, to its first resource.
    await focusJustBefore(page, builder);
    await tabTo(page, `${builder} button[aria-pressed]`, 20);
    const resource = await page.evaluate(() => document.activeElement!.textContent!.replace(/^Saturate\s+/, "").trim());
    await page.keyboard.press("Enter");
    await page
      .locator(`${builder} g.mb-resource.is-saturated[data-resource="${resource}"]`)
      .waitFor({ timeout: 20_000 });
    await expect(page.locator(`${builder} .mb-service.is-failing`).count()).resolves.toBeGreaterThan(0);
    await expect.poll(() => page.locator(`${builder} [data-role=result]`).textContent()).toMatch(/services fail/);
    await leaveWith(page, builder);
  });

  // Every other interactive widget of the course, by the page it is on: focus its first control,
  // then Tab must take focus out of it (the playground, exercise, explorer and map builder are
  // operated above).
  const widgetsByPage: Record<string, string[]> = {
    "/retry-storm/": ["[data-retry-storm]", "[data-pool-fill]", "[data-predict]"],
    "/cells/": ['[data-cells-widget="cells"]', "[data-cell-size-widget]"],
    "/static-stability/": ['[data-cells-widget="static-stability"]', "[data-headroom-widget]"],
    "/deploys-and-correlated-failure/": ["[data-canary-widget]"],
    "/interview-playbook/": ["[data-drillset]", "[data-drill-clock]", "[data-mock-interview]"],
    "/gameday/bad-deploy/": ["[data-gameday]"],
  };
  test.each(Object.entries(widgetsByPage))(
    "%s: Tab leaves each widget from its first control",
    async (path, widgets) => {
      const { page } = browser;
      await page.goto(`${site}${path}`);
      for (const widget of widgets) {
        const focused = await page.evaluate((selector) => {
          const root = document.querySelector(selector);
          const first = [
            ...(root?.querySelectorAll<HTMLElement>(
              'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, a[href], [tabindex]:not([tabindex="-1"])',
            ) ?? []),
          ].find((el) => el.checkVisibility());
          first?.focus();
          return first !== undefined && document.activeElement === first;
        }, widget);
        expect(focused, `${widget} has a control that takes focus`).toBe(true);
        await leaveWith(page, widget);
      }
    },
  );
});

/** Keep pressing Tab (Escape first inside an editor) until focus is outside `container`. */
async function leaveWith(page: Page, container: string): Promise<void> {
  for (let i = 0; i < 300 && !(await focusOutside(page, container)); i++) {
    if (await page.evaluate(() => !!document.activeElement?.closest(".cm-editor"))) await page.keyboard.press("Escape");
    await page.keyboard.press("Tab");
  }
  expect(await focusOutside(page, container), `focus left ${container}`).toBe(true);
}
