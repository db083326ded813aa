/**
 * The interview playbook where the browser refuses the site any storage (see storage-refused.test.ts
 * for the rest of the site there): the page no longer promises that attempts stay in this browser
 * or that an interview left unfinished is offered again after a reload; the mock interview says, as
 * soon as the page loads, that nothing is kept.
 */
import { beforeAll, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { refuseStorage } from "../support/refuse-storage.ts";
import { mockInterview } from "../support/mock-interview.ts";
import { keptText, refusedText } from "../../src/widgets/mock-interview/keeping.ts";

describeInBrowser("mock interview, storage refused", (browser) => {
  beforeAll(async () => {
    await refuseStorage(browser.context);
  });

  // QA: the playbook's intro still said "Your attempts stay in this browser only. After a reload, the
  // page offers to resume an interview left unfinished", which a refusal makes untrue.
  test("the page says nothing is kept, before the widget's first touch, and promises no resume", async () => {
    const { page } = browser;
    await page.goto(`${browser.site}/interview-playbook/`);
    const note = mockInterview(page).locator("[data-field=keeping]");
    await expect.poll(() => note.textContent()).toBe(refusedText);
    await expect(note.isVisible()).resolves.toBe(true);
    // Said by the page's small bootstrap: the widget's own code has not been asked for.
    await expect(mockInterview(page).getAttribute("data-ready")).resolves.toBeNull();
    // The whole page as built and changed since, hidden parts included (textContent, with no layout to compute).
    const text = (await page.locator("main").textContent()) ?? "";
    expect(text).not.toContain(keptText);
    expect(text).not.toMatch(/stay in this browser|offers to resume/);
  });
});
