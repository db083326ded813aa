/** The foundation, as a reader meets it: landing page, sidebar, search, theme. */
import { readFileSync } from "node:fs";
import { transformSync } from "esbuild";
import { beforeEach, expect, test } from "vitest";
import { describeInBrowser } from "../support/browser-suite.ts";
import { cspViolations, recordCspViolations } from "../support/csp-violations.ts";

describeInBrowser("course site in Chromium", (browser) => {
  const { site } = browser;

  // The tests share the block's page (and the scripts, styles and fonts its cache holds), each at
  // the window it needs, set on that page and set back after it. Before each test, the site's
  // localStorage (progress, theme) and sessionStorage are emptied on the page an earlier test left
  // open, as a fresh context has them (no page these tests open writes on leaving). A test that
  // routes or rewrites what its page runs still opens a context of its own.
  beforeEach(async () => {
    const { page } = browser;
    if (!page.url().startsWith(site)) return;
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
  });

  test("progress: reset says what it removes, starts on the safe choice, keeps typed code, maps and mock interviews, and can be undone", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    const id = await page.locator("[data-exercise-status]").first().getAttribute("data-exercise-status");
    const parts: string[] = await page.evaluate(
      (id) =>
        JSON.parse(document.querySelector("[data-progress-catalog]")!.textContent!)
          .flatMap((c: { exercises: { id: string; parts: string[] }[] }) => c.exercises)
          .find((e: { id: string }) => e.id === id).parts,
      id,
    );
    await page.evaluate(
      ({ id, parts }) => {
        const solved = Object.fromEntries(parts.map((p) => [p, { attempts: 1, solved: true }]));
        localStorage.setItem(
          "blast-radius:progress:v1",
          JSON.stringify({ version: 1, exercises: { [id!]: { parts: solved, hints: 0, revealed: false } } }),
        );
        localStorage.setItem(`blast-radius:exercise-code:v1:${id}`, "// mine");
        localStorage.setItem(`blast-radius:exercise-answers:v1:${id}`, "my answers");
        // "Code and answers you typed, maps you drew and mock interviews stay."
        localStorage.setItem("blast-radius:maps:v1", "a map of mine");
        localStorage.setItem("blast-radius:interviews:v1", "my mock interviews");
      },
      { id, parts },
    );
    await page.reload();
    const summary = page.locator("[data-progress-summary]");
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 1 of/);
    const reset = page.getByRole("button", { name: "Reset progress…" });
    await reset.click();
    await expect(page.locator("[data-reset-confirm]").textContent()).resolves.toMatch(/daily review schedule/);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Keep it");
    await page.keyboard.press("Enter");
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Reset progress…");
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 1 of/);
    // Asked as a group named by its sentence; Escape answers as keeping does.
    await reset.click();
    const asking = page.getByRole("group", { name: /^Reset forgets, in this browser only/ });
    await expect.poll(() => asking.isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await expect.poll(() => asking.isVisible()).toBe(false);
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Reset progress…");
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 1 of/);
    await reset.click();
    await page.getByRole("button", { name: "Reset progress", exact: true }).click();
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 0 of/);
    await expect(page.locator("[data-transfer-status]").textContent()).resolves.toMatch(
      /^Progress reset: 1 solved exercise /,
    );
    await expect(page.evaluate((id) => localStorage.getItem(`blast-radius:exercise-code:v1:${id}`), id)).resolves.toBe(
      "// mine",
    );
    await expect(
      page.evaluate((id) => localStorage.getItem(`blast-radius:exercise-answers:v1:${id}`), id),
    ).resolves.toBe("my answers");
    await expect(page.evaluate(() => localStorage.getItem("blast-radius:maps:v1"))).resolves.toBe("a map of mine");
    await expect(page.evaluate(() => localStorage.getItem("blast-radius:interviews:v1"))).resolves.toBe(
      "my mock interviews",
    );
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe("Undo the reset");
    await page.keyboard.press("Enter");
    await expect(summary.textContent()).resolves.toMatch(/^You have solved 1 of/);
    await expect(page.getByRole("button", { name: "Undo the reset" }).isVisible()).resolves.toBe(false);
    await page.evaluate(() => localStorage.clear());
  });

  test("progress: a second reset while Undo is offered keeps what the first removed, and Undo brings back all of it", async () => {
    const { page } = browser;
    await page.goto(`${site}/progress/`);
    const exercises: { id: string; parts: string[] }[] = await page.evaluate(() =>
      JSON.parse(document.querySelector("[data-progress-catalog]")!.textContent!).flatMap(
        (c: { exercises: { id: string; parts: string[] }[] }) => c.exercises,
      ),
    );
    const solved = (list: { id: string; parts: string[] }[]) =>
      Object.fromEntries(
        list.map(({ id, parts }) => [
          id,
          {
            parts: Object.fromEntries(parts.map((p) => [p, { attempts: 1, solved: true }])),
            hints: 0,
            revealed: false,
          },
        ]),
      );
    const store = (exercises: object) =>
      page.evaluate(
        (exercises) => localStorage.setItem("blast-radius:progress:v1", JSON.stringify({ version: 1, exercises })),
        exercises,
      );
    await store(solved(exercises.slice(0, 3)));
    await page.reload();
    const summary = page.locator("[data-progress-summary]");
    const status = page.locator("[data-transfer-status]");
    const undo = page.getByRole("button", { name: "Undo the reset" });
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 3 of/);
    const reset = async () => {
      await page.getByRole("button", { name: "Reset progress…" }).click();
      // The question stands alone: the last action's message ("Progress reset: …", "That file is
      // not JSON…") stayed under it and read as part of it.
      await expect(status.textContent()).resolves.toBe("");
      // Its answer that removes progress looks unlike the one that keeps it (they looked the same).
      const looks = (name: string) =>
        page
          .getByRole("button", { name, exact: true })
          .evaluate((b) => [getComputedStyle(b).borderColor, getComputedStyle(b).backgroundColor].join(" "));
      expect(await looks("Reset progress")).not.toBe(await looks("Keep it"));
      await page.getByRole("button", { name: "Reset progress", exact: true }).click();
    };
    await reset();
    await expect.poll(() => status.textContent()).toMatch(/^Progress reset: 3 solved exercises /);
    await expect(undo.isVisible()).resolves.toBe(true);
    // Meanwhile another tab solves a fourth exercise; the learner resets again, Undo still offered.
    await store(solved(exercises.slice(3, 4)));
    await reset();
    await expect
      .poll(() => status.textContent())
      .toMatch(
        /^Progress reset: 1 solved exercise .* Undo brings back what you had before the first reset: 4 solved exercises\.$/,
      );
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 0 of/);
    await undo.click();
    await expect.poll(() => status.textContent()).toBe("Reset undone: your progress is back.");
    await expect.poll(() => summary.textContent()).toMatch(/^You have solved 4 of/);
    const kept: string[] = await page.evaluate(() =>
      Object.keys(JSON.parse(localStorage.getItem("blast-radius:progress:v1")!).exercises),
    );
    expect(kept.sort()).toEqual(
      exercises
        .slice(0, 4)
        .map((e) => e.id)
        .sort(),
    );
    await expect(undo.isVisible()).resolves.toBe(false);
  });

  test("progress: a file of the wrong types says what it could not read; one too large is refused unread", async () => {
    // Its own page: the counting script below stays out of the other tests.
    const reader = await browser.open({});
    const { page } = reader;
    await page.addInitScript(() => {
      const text = Blob.prototype.text;
      Blob.prototype.text = function (this: Blob) {
        document.documentElement.dataset.fileRead = "yes";
        return text.call(this);
      };
    });
    await page.goto(`${site}/progress/`);
    const id = await page.locator("[data-exercise-status]").first().getAttribute("data-exercise-status");
    const status = page.locator("[data-transfer-status]");
    const input = page.locator('input[data-action="import"]');
    const wrong = { version: 1, exercises: { [id!]: { parts: { x: { solved: "true" } }, hints: "2" } } };
    await input.setInputFiles({
      name: "wrong.json",
      mimeType: "application/json",
      buffer: Buffer.from(JSON.stringify(wrong)),
    });
    await expect.poll(() => status.textContent()).toMatch(new RegExp(`1 entry could not be read whole \\(${id}\\)`));
    await page.evaluate(() => delete document.documentElement.dataset.fileRead);
    await input.setInputFiles({ name: "huge.json", mimeType: "application/json", buffer: Buffer.alloc(5_000_001, 32) });
    await expect.poll(() => status.textContent()).toMatch(/^That file is too large/);
    await expect(page.locator("html").getAttribute("data-file-read")).resolves.toBeNull();
    await reader.close();
  });

  test("the landing page leads with its figure and one primary action, above the fold on a desktop and a phone; its words come first in focus and reading order", async () => {
    for (const viewport of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      const session = await browser.open({ viewport });
      try {
        const { page } = session;
        // No script is needed for any of it: the figure is drawn at build time.
        await page.route(/\.js$/, (route) => route.abort());
        await page.goto(`${site}/`);
        const start = page.getByRole("link", { name: "Start the course" });
        await expect(start.count()).resolves.toBe(1);
        const box = (await start.boundingBox())!;
        expect(box.y + box.height, `Start the course at ${viewport.width} px`).toBeLessThanOrEqual(viewport.height);
        await expect(start.getAttribute("href")).resolves.toBe(`${browser.base}something-is-always-broken/`);
        const figure = page.getByRole("img", { name: /^Share of search requests that succeed/ });
        await expect(figure.count()).resolves.toBe(1);
        const paths = (await page.getByRole("heading", { name: "Where to start" }).boundingBox())!;
        expect(paths.y, "the audiences' paths come below the action").toBeGreaterThan(box.y);
        // Figure labels stay readable at this width.
        const smallest = await page
          .locator(".hero-fig__svg text")
          .evaluateAll((texts) => Math.min(...texts.map((t) => t.getBoundingClientRect().height)));
        expect(smallest).toBeGreaterThanOrEqual(12);
        // QA 31: Tab reached the figure's "Replay it" before "Start the course", and a screen
        // reader read the figure's long caption before the h1: the words come first in the page.
        // Past the header's controls (skip link, site title, search, theme, menu), the first Tab
        // stop in the page's own content is the primary action.
        let first = "";
        for (let i = 0; i < 15 && !first; i++) {
          await page.keyboard.press("Tab");
          first = await page.evaluate(() => {
            const el = document.activeElement;
            const skip = el?.matches("body > a[href='#_top']:first-of-type");
            if (!el || el === document.body || skip || el.closest("header")) return "";
            return (el as HTMLElement).innerText.trim();
          });
        }
        expect(first, `at ${viewport.width} px`).toBe("Start the course");
        const tree = await page.locator("main").ariaSnapshot();
        const h1 = tree.indexOf('heading "Blast Radius" [level=1]');
        const figureAt = tree.search(/^\s*- figure/m);
        expect(h1, tree.slice(0, 400)).toBeGreaterThanOrEqual(0);
        expect(figureAt).toBeGreaterThan(h1);
        expect(tree.indexOf('link "Start the course"')).toBeLessThan(figureAt);
        // The layout is as before: beside the words on a desktop, after them on a phone.
        const words = (await page.getByRole("heading", { level: 1 }).boundingBox())!;
        const fig = (await page.locator(".hero-fig").boundingBox())!;
        if (viewport.width >= 800) expect(fig.x).toBeGreaterThan(words.x + words.width);
        else expect(fig.y).toBeGreaterThan(words.y + words.height);
      } finally {
        await session.close();
      }
    }
  });

  // On a phone, chapter diagrams keep their labels readable (every shown SVG text of every page at
  // 11 px or more) and no page scrolls sideways, at 375 and 320 px: every-page.test.ts.
  test("at 1280 px code, playgrounds and figures get at least 760 px, and the table of contents follows the reader", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 1280, height: 800 });
    try {
      await page.goto(`${site}/timeouts-retries-backoff/`);
      const widths = await page.evaluate(() =>
        [".playground", ".sl-markdown-content figure.diagram > svg", ".sl-markdown-content > .expressive-code"].map(
          (selector) => document.querySelector(selector)?.getBoundingClientRect().width ?? 0,
        ),
      );
      for (const width of widths) expect(width).toBeGreaterThanOrEqual(760);
      // The table of contents watches exactly the elements Starlight's own selectors pick, found
      // by src/widgets/toc-targets.ts (this very file, run in the page) without matching :has()
      // against every element (src/integrations/starlight-toc-patch.ts)...
      const finder = transformSync(readFileSync(new URL("../../src/widgets/toc-targets.ts", import.meta.url), "utf8"), {
        loader: "ts",
        format: "iife",
        globalName: "tocTargetsModule",
      }).code;
      const compared = (await page.evaluate(`(() => {
        ${finder}
        const H = "h1#_top,:where(h2,h3)[id]";
        const starlight = [...document.querySelectorAll([
          \`main :where(\${H})\`,
          \`main :where(\${H}, .sl-heading-wrapper) ~ *:not(:has(\${H}))\`,
          \`main .sl-markdown-content > *:not(:has(\${H}))\`,
          \`main > *:not(:has(\${H}))\`,
        ].join())];
        const ours = tocTargetsModule.tocTargets(H);
        return { count: starlight.length, same: starlight.length === ours.length && starlight.every((el, i) => el === ours[i]) };
      })()`)) as { count: number; same: boolean };
      expect(compared.count).toBeGreaterThan(20);
      expect(compared.same, "the same elements, in the same order").toBe(true);
      // ...and the shipped table marks the section a reader scrolls to.
      const heading = page.locator(".sl-markdown-content h2[id]").nth(2);
      const id = await heading.getAttribute("id");
      await heading.evaluate((el) => el.scrollIntoView());
      await page.locator(`starlight-toc a[aria-current="true"][href="#${id}"]`).waitFor();
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("formulas: a binomial's parentheses are as tall as what they enclose, in the course's math font", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    await page.evaluate(() => document.fonts.ready);
    const binomials = await page.locator('mo[fence="true"] + mfrac[linethickness="0px"]').evaluateAll((fracs) =>
      fracs.map((frac) => ({
        paren: frac.previousElementSibling!.getBoundingClientRect().height,
        contents: frac.getBoundingClientRect().height,
      })),
    );
    expect(binomials.length).toBeGreaterThan(2);
    for (const { paren, contents } of binomials) expect(paren).toBeGreaterThanOrEqual(contents * 0.95);
    await expect(
      page.evaluate(
        () =>
          document.fonts.check('16px "STIX Two Math"') && getComputedStyle(document.querySelector("math")!).fontFamily,
      ),
    ).resolves.toMatch(/^"STIX Two Math"/);
  });

  // The chapter's title and its links to its neighbours are read from the build
  // (tests/site/pages.test.ts); on a phone the sidebar opens from its menu (mobile.test.ts).
  test("at desktop width a chapter's link in the sidebar takes a click and leads to the chapter", async () => {
    const { page } = browser;
    await page.goto(`${site}/cells/`);
    await page.locator("nav.sidebar").getByRole("link", { name: "Shuffle sharding" }).first().click();
    await page.waitForURL(/\/shuffle-sharding\/$/);
  });

  test("search loads only when reached for, Ctrl+K alone opens it with the cursor in the field, and it finds the shuffle-sharding chapter under the page's security policy", async () => {
    const { page } = browser;
    // Pagefind (its WebAssembly, its index, its results) loads without a violation of the page's
    // policy. (Every page is checked for violations without search, in every-page.test.ts.)
    await recordCspViolations(browser.context);
    const pagefind: string[] = [];
    const onRequest = (request: { url(): string }) => {
      if (/pagefind/.test(request.url())) pagefind.push(request.url());
    };
    page.on("request", onRequest);
    await page.goto(`${site}/failure-modes/`);
    await page.waitForLoadState("networkidle");
    expect(pagefind).toEqual([]);
    await page.keyboard.press("Control+k");
    const input = page.locator("#starlight__search input");
    await input.waitFor();
    await expect(input.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.type("shuffle");
    const result = page.locator("#starlight__search .pagefind-ui__result-link").first();
    await result.waitFor({ timeout: 10_000 });
    page.off("request", onRequest);
    expect(pagefind.length).toBeGreaterThan(0);
    // The first results may be for the word half typed: wait for the whole word's.
    await expect.poll(() => result.getAttribute("href"), { timeout: 10_000 }).toMatch(/shuffle-sharding/);
    await expect(cspViolations(page)).resolves.toEqual([]);
  });

  test("an unknown address answers 404 with a page that leads home, on a phone too", async () => {
    const { page } = browser;
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      const response = await page.goto(`${site}/no-such-page/`);
      expect(response?.status()).toBe(404);
      const home = page.getByRole("link", { name: "Go to the course home" });
      await expect(home.isVisible()).resolves.toBe(true);
      const box = await home.boundingBox();
      expect(box!.y + box!.height, "the way home is on the first screen").toBeLessThanOrEqual(844);
      await home.click();
      await page.waitForURL(`${site}/`);
    } finally {
      await page.setViewportSize({ width: 1280, height: 900 });
    }
  });

  test("the theme switches between dark and light and is remembered", async () => {
    const { page } = browser;
    await page.goto(`${site}/shuffle-sharding/`);
    const select = page.locator("starlight-theme-select select").first();
    await select.selectOption("light");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("light");
    await select.selectOption("dark");
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
    await page.reload();
    await expect(page.locator("html").getAttribute("data-theme")).resolves.toBe("dark");
  });
});
