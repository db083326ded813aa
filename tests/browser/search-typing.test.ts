/**
 * Nothing typed into search is lost while the Pagefind UI loads. It loads when a reader reaches
 * for search (src/integrations/starlight-search-patch.ts), so for a moment after Ctrl+K or a tap
 * on Search the dialog is open without it: the keys pressed then went nowhere ("circuit breaker"
 * searched as "ircuit breaker", or "reaker" on a slow network). The dialog now holds a stand-in
 * box from the start, whose text, caret and focus go to Pagefind's box when it mounts. Here the UI's
 * script is held back until the whole query has been typed.
 */
import type { Page } from "playwright-core";
import { expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { holdRequests } from "../support/hold-requests.ts";
import { searchResults } from "../support/search-results.ts";

/** The Pagefind UI's script, the chunk `import('@pagefind/default-ui')` becomes in the build. */
const pagefindUi = /\/_astro\/ui-core\.[\w-]+\.js$/;

/** Pagefind's own search box, once its UI has mounted (the stand-in is gone by then). */
const mountedBox = "#starlight__search .pagefind-ui:not([data-search-stand-in]) input";

/** Release the held UI, then wait for its box to hold `query` with the caret at its end, and for its results (some). */
async function expectWholeQuery(page: Page, release: () => void, query: string): Promise<string[]> {
  release();
  const box = page.locator(mountedBox);
  await box.waitFor();
  await expect(box.inputValue()).resolves.toBe(query);
  await expect(page.locator("[data-search-stand-in]").count()).resolves.toBe(0);
  await expect(
    box.evaluate((el: HTMLInputElement) => [el === document.activeElement, el.selectionStart, el.selectionEnd]),
  ).resolves.toEqual([true, query.length, query.length]);
  const { links } = await searchResults(page, query);
  expect(links.length, `results for ${query}`).toBeGreaterThan(0);
  return links;
}

describeInBrowser("search keeps what is typed while it loads", { ownContext: false }, (browser) => {
  test("Ctrl+K and typing at once: the whole query is searched once the held UI arrives, and the box keeps the focus", async () => {
    const desk = await browser.open({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = desk;
      const release = await holdRequests(page, pagefindUi);
      await page.goto(`${browser.site}/bulkheads/`);
      const requested = page.waitForRequest(pagefindUi);
      await page.keyboard.press("Control+k");
      await page.keyboard.type("circuit breaker");
      // The UI was asked for and has not arrived: everything so far was typed without it.
      await requested;
      await expect(page.locator(mountedBox).count()).resolves.toBe(0);
      // And the dialog shows what was typed meanwhile.
      await expect(
        page.evaluate(() => document.querySelector<HTMLInputElement>("#starlight__search input")?.value ?? null),
      ).resolves.toBe("circuit breaker");
      const links = await expectWholeQuery(page, release, "circuit breaker");
      expect(links.some((l) => l.endsWith("/circuit-breakers/"))).toBe(true);
      // Typing goes on in Pagefind's own box, at the end of the query.
      await page.keyboard.type("s");
      await expect(page.locator(mountedBox).inputValue()).resolves.toBe("circuit breakers");
    } finally {
      await desk.close();
    }
  });

  test("on a phone, a tap on Search and typing at once: the whole query is searched once the held UI arrives", async () => {
    const phone = await browser.open({ viewport: { width: 390, height: 844 } });
    try {
      const { page } = phone;
      const release = await holdRequests(page, pagefindUi);
      await page.goto(`${browser.site}/failure-modes/`);
      const requested = page.waitForRequest(pagefindUi);
      await page.getByRole("button", { name: "Search" }).first().click();
      // A space typed while the dialog had no box pressed its Cancel button and closed it.
      await page.keyboard.type("shuffle sharding");
      await requested;
      await expect(
        page
          .locator("site-search dialog")
          .first()
          .evaluate((d: HTMLDialogElement) => d.open),
      ).resolves.toBe(true);
      const links = await expectWholeQuery(page, release, "shuffle sharding");
      expect(links.some((l) => l.endsWith("/shuffle-sharding/"))).toBe(true);
    } finally {
      await phone.close();
    }
  });

  test("when the UI cannot load, the dialog says so and keeps the text; reaching for search again loads it and searches the text", async () => {
    const desk = await browser.open({ viewport: { width: 1280, height: 800 } });
    try {
      const { page } = desk;
      await page.route(pagefindUi, (route) => route.abort("internetdisconnected"));
      await page.goto(`${browser.site}/bulkheads/`);
      await page.keyboard.press("Control+k");
      await page.keyboard.type("circuit breaker");
      const failed = page.locator("[data-search-failed]");
      await expect
        .poll(() => failed.textContent())
        .toBe("Search could not load. Check the connection, then open search again.");
      await expect(page.locator("#starlight__search input").inputValue()).resolves.toBe("circuit breaker");
      // The connection is back: close the dialog and reach for search again.
      await page.unroute(pagefindUi);
      await page.keyboard.press("Escape");
      const release = await holdRequests(page, pagefindUi);
      await page.keyboard.press("Control+k");
      const links = await expectWholeQuery(page, release, "circuit breaker");
      expect(links.some((l) => l.endsWith("/circuit-breakers/"))).toBe(true);
    } finally {
      await desk.close();
    }
  });
});
