/**
 * A slow network on demand: requests for addresses matching `url` are held until the returned
 * `release()` is called (calling it again does nothing). Tests use it to act on a page before a
 * widget's code has arrived, or while a widget is still mounting. The route stays until the test
 * removes it (`page.unroute` or `page.unrouteAll`), or its context closes.
 */
import type { Page } from "playwright-core";

export async function holdRequests(page: Page, url: string | RegExp): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}
