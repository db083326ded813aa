/**
 * A chapter diagram that scrolls sideways on a phone shows it with shadows at its edges
 * (src/styles/course.css, --br-scroll-shadow). They were black on both themes: on the dark page
 * that is near-black on near-black, 1.05:1, there and not seen. They glow light on the dark theme
 * now, as the exercise situations' tables on the same page do, in the very same colours, and so
 * does the map builder's drawing.
 */
import { expect, test } from "vitest";
import { contrastRatio, over } from "../support/contrast.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

describeInBrowser("a chapter diagram's scroll shadows", { viewport: { width: 390, height: 844 } }, (browser) => {
  test("stand out from the page at least 2:1 on both themes, in the situation tables' colours", async () => {
    const { page } = browser;
    // Shuffle sharding: its diagram scrolls at 390 px, and its poison-shard exercise's Per worker table does too.
    await page.goto(`${browser.site}/shuffle-sharding/`);
    const figure = page.locator('figure.diagram:has(> svg[role="img"])').first();
    const table = page.getByRole("region", { name: "Per worker", exact: true });
    const ratios: Record<string, number> = {};
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const shadows = async (el: typeof figure) =>
        el.evaluate((box) => {
          const found = [
            ...getComputedStyle(box).backgroundImage.matchAll(/radial-gradient\([^,]+,\s*(rgba?\([^)]*\))/g),
          ];
          return { count: found.length, colours: found.map((m) => m[1]!), scrolls: box.scrollWidth > box.clientWidth };
        });
      const [diagram, situation] = [await shadows(figure), await shadows(table)];
      expect(diagram.scrolls, theme).toBe(true);
      expect(diagram.count, theme).toBe(2);
      // One rule: the diagram's shadows are the situation table's, on each theme.
      expect(diagram.colours, theme).toEqual(situation.colours);
      // The figure's own colour at an edge is the page's (its local gradients fade from it).
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      ratios[theme] = contrastRatio(over(diagram.colours[0]!, bg), bg);
    }
    expect(ratios.light).toBeGreaterThanOrEqual(2);
    expect(ratios.dark).toBeGreaterThanOrEqual(2);
  });

  test("the map builder's drawing shows its edges in the same colours, the one --br-scroll-shadow", async () => {
    const { page } = browser;
    await page.goto(`${browser.site}/failure-domains/`);
    const canvas = page.locator(".map-builder [data-role='canvas']").first();
    for (const theme of ["light", "dark"]) {
      const { colours, rule } = await canvas.evaluate((box, t) => {
        document.documentElement.dataset.theme = t;
        // The rule's colour as the browser resolves it, from an element that paints with it.
        const probe = document.createElement("div");
        probe.style.color = "var(--br-scroll-shadow)";
        document.body.append(probe);
        const rule = getComputedStyle(probe).color;
        probe.remove();
        const colours = [
          ...getComputedStyle(box).backgroundImage.matchAll(/radial-gradient\([^,]+,\s*(rgba?\([^)]*\))/g),
        ].map((m) => m[1]!);
        return { colours, rule };
      }, theme);
      expect(colours, theme).toEqual([rule, rule]);
    }
  });
});
