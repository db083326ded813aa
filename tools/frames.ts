/**
 * Waits until the page has drawn two more frames: what its resize observers, its own two-frame
 * waits and the browser's rendering of newly shown blocks have done by then is on the page.
 */
import type { Page } from "playwright-core";

export function twoFrames(page: Page): Promise<unknown> {
  return page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}
