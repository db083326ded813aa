/**
 * A page as a slow network shows it: its HTML drawn, its module scripts not yet arrived (on Slow
 * 3G about 2 s). `openWithScriptsHeld` opens `url` with every script of the site's held back until
 * the returned `release()`, and waits until the HTML has been parsed and its style sheets
 * applied; the hold is lifted when the test ends. A press made then is held by the page's early
 * script (src/widgets/first-touch.ts): `expectHeld` checks it is, before the scripts arrive, and
 * `expectMadeAgain` that it was made once they have, on the same page (no reload). `boxesOf`
 * and `expectSameBoxes` check that showing a button waiting moves nothing.
 */
import type { Locator, Page } from "playwright-core";
import { expect, onTestFinished } from "vitest";

const scripts = "**/_astro/*.js";

export async function openWithScriptsHeld(page: Page, url: string): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  // As holdRequests does, except that a test ending before it released them (a failure) leaves
  // no error behind: the requests still held then are continued after their route is gone.
  await page.route(scripts, async (route) => {
    await released;
    await route.continue().catch(() => undefined);
  });
  onTestFinished(async () => {
    release();
    await page.unroute(scripts);
  });
  await page.goto(url, { waitUntil: "commit" });
  // Parsed and styled, as the reader sees it: the module scripts are all that is missing.
  await page.waitForFunction(
    () =>
      document.readyState !== "loading" &&
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet),
  );
  return release;
}

/**
 * `button`, pressed in `root` before the scripts have arrived, is held: shown waiting, reading
 * `busyLabel` in place of its words, while no script has taken its root yet (data-early).
 */
export async function expectHeld(button: Locator, root: Locator, busyLabel: string): Promise<void> {
  await expect(root.getAttribute("data-early")).resolves.toBe("");
  await expect(button.getAttribute("data-early-wait")).resolves.toBe("");
  await expect(button.evaluate((b) => getComputedStyle(b, "::before").content)).resolves.toContain(`"${busyLabel}"`);
  await expect(button.evaluate((b) => getComputedStyle(b).cursor)).resolves.toBe("progress");
}

/** Made again once the scripts arrived: `button` waits no more, and the page is the one opened. */
export async function expectMadeAgain(page: Page, button: Locator, url: string): Promise<void> {
  await expect(button.getAttribute("data-early-wait")).resolves.toBeNull();
  expect(page.url()).toBe(url);
}

/** Where each of `elements` is drawn on the page (left and top from the document's corner) and how big. */
export function boxesOf(
  ...elements: Locator[]
): Promise<{ left: number; top: number; width: number; height: number }[]> {
  return Promise.all(
    elements.map((element) =>
      element.evaluate((e) => {
        const r = e.getBoundingClientRect();
        return { left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height };
      }),
    ),
  );
}

/**
 * The same boxes, within 0.05 px: a waiting button keeps the width its computed style gave it,
 * which Chromium rounds to a hundredth of a pixel.
 */
export function expectSameBoxes(
  now: Awaited<ReturnType<typeof boxesOf>>,
  before: Awaited<ReturnType<typeof boxesOf>>,
): void {
  expect(now).toHaveLength(before.length);
  for (const [i, box] of now.entries())
    for (const side of ["left", "top", "width", "height"] as const) expect(box[side]).toBeCloseTo(before[i]![side], 1);
}
