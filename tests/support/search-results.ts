import type { Page } from "playwright-core";
import { expect } from "vitest";

/**
 * What the site's search dialog found for `query`, read once Pagefind has said how many it found
 * and every result it shows has loaded its page's data: the count comes first, and each result is
 * a placeholder with no link until its data arrives. The links' paths and the excerpts, in order.
 */
export async function searchResults(page: Page, query: string): Promise<{ links: string[]; excerpts: string[] }> {
  const message = page.locator("#starlight__search .pagefind-ui__message");
  await expect
    .poll(() => message.innerText(), { timeout: 15_000 })
    .toMatch(new RegExp(`(No results|\\d+ results?) for ${query}$`));
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const box = document.querySelector("#starlight__search")!;
          const shown = box.querySelectorAll(".pagefind-ui__result").length;
          const loaded = box.querySelectorAll(".pagefind-ui__result-link").length;
          return box.querySelector(".pagefind-ui__loading") === null && loaded >= shown;
        }),
      { timeout: 15_000 },
    )
    .toBe(true);
  const links = await page
    .locator("#starlight__search .pagefind-ui__result-link")
    .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).pathname));
  const excerpts = await page.locator("#starlight__search .pagefind-ui__result-excerpt").allInnerTexts();
  return { links, excerpts };
}
