/**
 * Every page of the built site, checked in one load each, several pages at a time. Each check
 * takes a tab of its own (the run's one Chromium), so pages never share a document, and starts it
 * empty: a tab that checked an earlier page is reused only with that origin's storage cleared
 * (local and session storage, IndexedDB, cookies and the rest; the test fails if any is left at
 * the new page's first script) and with its HTTP and memory caches off (every file is fetched
 * again, so the page weighs what it weighs in a fresh context), so one page's theme or sidebar
 * state cannot reach another. Reusing a tab keeps its renderer process warm: a fresh context per
 * page started a renderer and compiled axe-core anew 61 times (docs/PERFORMANCE.md).
 *
 * - at 1280 px: what it costs before the reader touches anything (held to tools/budgets.ts),
 *   that it carries the Content-Security-Policy and loads without a violation, and every
 *   violation axe-core reports, whatever its impact (minor ones too: an empty table header
 *   cell was one): every rule in the light theme, then in the dark theme the
 *   rules whose outcome depends on colour (a theme changes colours only: the test checks that
 *   every element has the same visibility and size in both themes, and runs every rule again in
 *   the dark where not);
 * - the same page resized to 375 px, then to 320 px, the width WCAG's reflow criterion names
 *   (media queries and resize observers answer a resize as they answer a load at that width):
 *   that nothing is wider than the screen;
 * - at 375 and 320 px, no table caption running past the region it scrolls in;
 * - at 320 px, where anything scrolls sideways, every box that does takes the keyboard's focus
 *   (axe-core's scrollable-region-focusable);
 * - at 320 px, in the cells-family widgets and the shuffle explorer, every control inside its
 *   widget and the words and legend swatches kept on one line that are meant to be;
 * - at all three widths, every shown SVG text of the page's content at 11 px or more, and the
 *   situations of diagnosis exercises: chart labels at 11 to 14 px, nothing cut.
 *
 * A page's test lists everything found on it.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { CDPSession, Page } from "playwright-core";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { budgets } from "../../tools/budgets.ts";
import type { Session } from "../../tools/chromium.ts";
import { distDir, loadBuiltSite, siteBase } from "../../tools/built-site.ts";
import { weighPage } from "../../tools/page-weight.ts";
import { describeInBrowser } from "../support/browser-suite.ts";
import { cspViolations, recordCspViolations } from "../support/csp-violations.ts";
import { twoFrames } from "../../tools/frames.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Site paths (base left out) from the sitemap the build wrote (its host is whatever `site` was). */
function sitemapPaths(): string[] {
  const sitePath = (loc: string) => {
    const path = new URL(loc).pathname;
    if (!path.startsWith(siteBase)) throw new Error(`the sitemap lists ${loc}, outside the base ${siteBase}`);
    return `/${path.slice(siteBase.length)}`;
  };
  const locs = (file: string) =>
    [...readFileSync(`${distDir}${file}`, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? "");
  return locs("/sitemap-index.xml").flatMap((map) => locs(sitePath(map)).map(sitePath));
}

/** Every built page's path: a directory's page by its directory ("/cells/"), any other by its file ("/404.html"). */
const builtPaths = loadBuiltSite().map((p) => p.path);
/** Every built page (the sitemap's and those outside it, such as the 404 page). */
const pages = [...new Set([...sitemapPaths(), ...builtPaths])];
const chapters = new Set(loadChapters().map((c) => `/${c.slug}/`));
const desktop = { width: 1280, height: 900 };
const phone = { width: 375, height: 740 };
const narrowest = { width: 320, height: 740 };

/**
 * The axe-core rules whose outcome can change when only colours change: contrast of text against
 * its background, and links told from the text around them by colour (axe-core 4.14's rule list).
 */
const colourRules = ["color-contrast", "link-in-text-block"];

/** axe-core's violations on the page, each rule's first five elements on a line (or every element on a line of its own). */
async function axeFindings(
  page: Page,
  path: string,
  theme: string,
  rules?: string[],
  lineEach: "rule" | "element" = "rule",
): Promise<string[]> {
  // Evaluated through DevTools, so the page's CSP does not apply to the checker itself; once per
  // document (the dark theme is switched in place on Starlight pages).
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(
    async ({ rules, all }) => {
      const axe = (
        window as unknown as {
          axe: {
            run(
              ctx: Document,
              opts: object,
            ): Promise<{
              violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
            }>;
          };
        }
      ).axe;
      const result = await axe.run(document, {
        // (`noHtml` is not an option of axe.run: axe-core ignored it here. Set where it belongs,
        // axe.configure, it made no measurable difference: docs/PERFORMANCE.md.)
        resultTypes: ["violations"],
        ...(rules ? { runOnly: { type: "rule", values: rules } } : {}),
      });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, all ? undefined : 5).map((n) => n.target.join(" ")),
      }));
    },
    { rules, all: lineEach === "element" },
  );
  const line = (v: (typeof violations)[number], targets: string[]) =>
    `${path} (${theme}) [${v.impact}] ${v.id}: ${v.help} -> ${targets.join(" | ")}`;
  return violations.flatMap((v) =>
    lineEach === "element" ? v.targets.map((t) => line(v, [t])) : [line(v, v.targets)],
  );
}

/** Every element's visibility and rounded size, in document order: what a theme must not change. */
function layout(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll("body *")].map((el) => {
      const box = el.getBoundingClientRect();
      return `${el.checkVisibility() ? "shown" : "hidden"} ${Math.round(box.width)}x${Math.round(box.height)}`;
    }),
  );
}

/** What makes a page wider than the screen, or null when nothing does. */
function sidewaysOverflow(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    if (doc.scrollWidth <= doc.clientWidth + 1) return null;
    // Name the widest offender, so the failure says where to look.
    let worst = "";
    let right = doc.clientWidth;
    for (const el of document.querySelectorAll("body *")) {
      const r = el.getBoundingClientRect();
      if (r.right > right + 1 && getComputedStyle(el).position !== "fixed") {
        right = r.right;
        worst = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.className && typeof el.className === "string" ? `.${el.className.split(" ").join(".")}` : ""}`;
      }
    }
    return `${doc.scrollWidth}px wide (${worst})`;
  });
}

/**
 * What is wrong with the situations of diagnosis exercises on the page (issue 13: a lone chart's axis
 * numbers rendered at 22 px at 1280; on a phone a table's caption and a chart's x axis were cut):
 * every text of a chart renders at 11 to 14 px (an SVG's text at its font size times the SVG's
 * scale), no two of a chart's axis labels come within 4 px of each other, and nothing in a
 * situation reaches past its box but what scrolls inside its own region.
 */
function situationProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    for (const sit of document.querySelectorAll<HTMLElement>("[data-situation]")) {
      const id = sit.closest("[data-exercise]")?.getAttribute("data-exercise") ?? "?";
      const box = sit.getBoundingClientRect();
      for (const el of sit.querySelectorAll<Element>(".br-sit__chart :is(.br-sit__tick, figcaption, li, svg text)")) {
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        const m = el instanceof SVGGraphicsElement ? el.getScreenCTM() : null;
        const scale = m ? Math.hypot(m.c, m.d) : 1;
        const px = Math.round(size * scale * 10) / 10;
        if (px < 11 || px > 14) found.push(`${id} at ${width} px: "${el.textContent}" renders at ${px} px`);
      }
      // No two of a chart's axis labels within 4 px of each other: centred on the time axis's
      // start, "0 min" touched the value axis's "0/s" in the chart's corner, read as one.
      for (const plot of sit.querySelectorAll(".br-sit__plot")) {
        const ticks = [...plot.querySelectorAll(".br-sit__tick")].map(
          (t) => [t.textContent, t.getBoundingClientRect()] as const,
        );
        ticks.forEach(([a, ra], i) => {
          for (const [b, rb] of ticks.slice(i + 1)) {
            const apart = Math.hypot(
              Math.max(0, rb.left - ra.right, ra.left - rb.right),
              Math.max(0, rb.top - ra.bottom, ra.top - rb.bottom),
            );
            if (apart < 4) found.push(`${id} at ${width} px: "${a}" and "${b}" ${apart.toFixed(1)} px apart`);
          }
        });
      }
      for (const el of sit.querySelectorAll<Element>("*")) {
        if (el.closest(".br-sit__scroll, pre")) continue;
        const r = el.getBoundingClientRect();
        if (r.width > 0 && (r.left < box.left - 1 || r.right > box.right + 1))
          found.push(
            `${id} at ${width} px: ${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} reaches past its box`,
          );
        if (
          el instanceof HTMLElement &&
          el.scrollWidth > el.clientWidth + 1 &&
          getComputedStyle(el).overflowX !== "visible"
        )
          found.push(
            `${id} at ${width} px: ${el.tagName.toLowerCase()}.${el.getAttribute("class") ?? ""} cuts its content`,
          );
      }
    }
    return found;
  }, width);
}

/**
 * What is wrong with the static-stability diagram on the page (src/widgets/cells/stability-render.ts):
 * each widget shows one of its two layouts, the wide one or the phone's (the size of their text is
 * `smallSvgText`'s to check).
 */
function diagramProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    for (const widget of document.querySelectorAll<HTMLElement>('[data-cells-widget="static-stability"]')) {
      const shown = [...widget.querySelectorAll<SVGSVGElement>("svg.ss-diagram")].filter(
        (svg) => svg.getClientRects().length > 0,
      );
      if (shown.length !== 1) found.push(`static-stability diagram at ${width} px: ${shown.length} layouts shown`);
    }
    return found;
  }, width);
}

/**
 * Figures whose SVG text may render under 11 px, each with why it cannot comply (selectors matched
 * against the text's SVG). None today: a figure added here must say why.
 */
const smallTextAllowed: readonly { svg: string; why: string }[] = [];

/**
 * Every shown SVG text in the page's content (its <main>: Starlight's header and sidebars are
 * outside it) that renders under 11 px: its font size times the scale of its SVG on the screen.
 * The scale is the length of the screen's unit along the text's vertical axis, not the matrix's
 * `a` alone: a label turned by 90 degrees has `a` = 0 (the load-shedding diagram's "work per
 * second" measured 0 px that way while it rendered at 13.2). A phone's 320 px drew the canary
 * curve's labels at 8.5 px and the landing page's ticks at 10.6; the static-stability diagram's one
 * wide layout drew its text at 5 px.
 */
function smallSvgText(page: Page, width: number): Promise<string[]> {
  return page.evaluate(
    ({ width, allowed }) => {
      const found: string[] = [];
      const content = document.querySelector("main") ?? document.body;
      for (const el of content.querySelectorAll<SVGTextElement>("svg text")) {
        const text = el.textContent?.trim() ?? "";
        if (text === "" || !el.checkVisibility({ visibilityProperty: true })) continue;
        if (allowed.some((selector) => el.ownerSVGElement?.matches(selector))) continue;
        const m = el.getScreenCTM();
        const px =
          Math.round(Number.parseFloat(getComputedStyle(el).fontSize) * Math.hypot(m?.c ?? 0, m?.d ?? 1) * 10) / 10;
        if (px < 11) {
          const svg = el.ownerSVGElement;
          const where = svg?.getAttribute("class") ?? svg?.parentElement?.getAttribute("class") ?? "svg";
          found.push(`SVG text at ${width} px: "${text}" in ${where} renders at ${px} px`);
        }
      }
      return found;
    },
    { width, allowed: smallTextAllowed.map((a) => a.svg) },
  );
}

/**
 * In the cells-family widgets (.cw) and the shuffle explorer (.sx): every control inside its
 * widget's border, none cut off by it (a long option's select), and the words kept whole in narrow
 * table headings ("up-to-date", not broken at each hyphen) and each legend swatch on the line of
 * the word it names, one box each.
 */
function widgetProblems(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    for (const root of document.querySelectorAll(".cw, .sx")) {
      const edge = root.getBoundingClientRect().right;
      for (const control of root.querySelectorAll("input, select, button")) {
        const right = control.getBoundingClientRect().right;
        if (right > edge)
          found.push(
            `at ${width} px ${control.getAttribute("name")} runs ${Math.round(right - edge)} px past its widget`,
          );
      }
      // The widgets' checkboxes are square; squeezed by their words when these wrap, one is drawn
      // as small as its narrower side (the explorer's failover box: 15.9 by 17.6 px at 320 px).
      for (const box of root.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')) {
        const { width: w, height: h } = box.getBoundingClientRect();
        if (w > 0 && w < h - 0.5)
          found.push(`at ${width} px the ${box.name} box is squeezed to ${w.toFixed(1)} by ${h.toFixed(1)} px`);
      }
    }
    for (const el of document.querySelectorAll(".cw-nowrap, .sx-keyed"))
      if (el.getClientRects().length !== 1)
        found.push(`at ${width} px "${el.textContent}" breaks over ${el.getClientRects().length} lines`);
    return found;
  }, width);
}

/**
 * Every shown table caption that runs past the edge of the region it scrolls in (or of the page):
 * a caption is as wide as its table, so a wide table's caption was cut mid-word at 320 px until
 * the reader scrolled the table (six pages and the presenter's explorer did, by 5 to 263 px).
 */
function cutCaptions(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    for (const caption of document.querySelectorAll("main caption")) {
      const box = caption.getBoundingClientRect();
      // A caption for screen readers only is 1 px wide and clipped on purpose.
      if (box.width <= 1 || !caption.checkVisibility()) continue;
      let region = caption.parentElement;
      while (region && region !== document.body && getComputedStyle(region).overflowX === "visible")
        region = region.parentElement;
      const edge = (region ?? document.documentElement).getBoundingClientRect().right;
      if (box.right > edge + 1)
        found.push(
          `caption at ${width} px: "${caption.textContent?.trim().slice(0, 50)}" runs ${Math.round(box.right - edge)} px past its region`,
        );
    }
    return found;
  }, width);
}

/**
 * At 320 px, every box that scrolls sideways takes focus (WCAG 1.4.10 with 2.1.1: a reader who
 * zooms to 400% must reach what is off the screen from the keyboard), by axe-core's
 * scrollable-region-focusable. Diagrams scroll inside their figure there, wide code inside its
 * block. The rule runs only on a page where some box scrolls sideways (most pages have none), and
 * only after Expressive Code's script, which sets a code block's Tab stop 250 ms after its size
 * settles, has done so for each block that overflows.
 */
async function unfocusableScrolling(page: Page, path: string): Promise<string[]> {
  // Whether any box scrolls sideways, and whether a wide code block still waits for its Tab stop.
  const { scrolls, codeWaits } = await page.evaluate(() => ({
    scrolls: [...document.querySelectorAll<HTMLElement>("body *")].some(
      (el) => el.scrollWidth > el.clientWidth + 1 && /auto|scroll/.test(getComputedStyle(el).overflowX),
    ),
    codeWaits: [...document.querySelectorAll(".expressive-code pre")].some(
      (pre) => pre.scrollWidth > pre.clientWidth && !pre.hasAttribute("tabindex"),
    ),
  }));
  if (!scrolls) return [];
  const found: string[] = [];
  if (codeWaits)
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll(".expressive-code pre")].every(
            (pre) => pre.scrollWidth <= pre.clientWidth || pre.hasAttribute("tabindex"),
          ),
        null,
        { timeout: 5_000 },
      )
      .catch(() => found.push(`${path} at 320 px: a wide code block never took focus (Expressive Code's script)`));
  found.push(...(await axeFindings(page, path, "320 px", ["scrollable-region-focusable"], "element")));
  return found;
}

/** Starlight pages switch theme in place; a stand-alone page reads the stored choice when it loads. */
async function switchTheme(page: Page, theme: "light" | "dark"): Promise<string | null> {
  await page.evaluate((t) => localStorage.setItem("starlight-theme", t), theme);
  const starlight = await page.locator("html[data-theme]").count();
  if (starlight > 0) {
    await page.evaluate((t) => {
      document.documentElement.dataset.theme = t;
    }, theme);
  } else {
    await page.reload({ waitUntil: "load" });
  }
  return page.locator("html").getAttribute("data-theme");
}

/** A tab for checking pages one after another, with the DevTools session that keeps its caches off. */
interface Tab {
  session: Session;
  devtools: CDPSession;
  /** Whether it has loaded a page since it opened (so its storage must be cleared first). */
  used: boolean;
}

describeInBrowser("every page", (browser) => {
  const { site } = browser;
  /** Tabs no check is using; a check takes one or opens one, and gives it back when it completes. */
  const idle: Tab[] = [];

  async function openTab(): Promise<Tab> {
    const session = await browser.open({ viewport: desktop });
    await recordCspViolations(session.context);
    // What storage holds when the page's first script runs (it must be empty), then: every page
    // starts in the light theme (a stand-alone page's switch to dark reloads it).
    await session.context.addInitScript(() => {
      (window as unknown as { __storageAtStart: number[] }).__storageAtStart = [
        localStorage.length,
        sessionStorage.length,
        document.cookie.length,
      ];
      if (localStorage.getItem("starlight-theme") === null) localStorage.setItem("starlight-theme", "light");
    });
    const devtools = await session.context.newCDPSession(session.page);
    // Off for the HTTP cache and Blink's memory cache alike: each load fetches (and weighs) every file.
    await devtools.send("Network.enable");
    await devtools.send("Network.setCacheDisabled", { cacheDisabled: true });
    return { session, devtools, used: false };
  }

  /** A tab whose origin's storage is empty, as a fresh context's is. */
  async function takeTab(): Promise<Tab> {
    const tab = idle.pop() ?? (await openTab());
    if (tab.used) {
      const { page, context } = tab.session;
      // Leave the last page first (Starlight saves the sidebar's state to session storage as its
      // page is hidden) for a small file of the same origin, where session storage, which
      // belongs to the tab, can be cleared; then the origin's other storage.
      await page.goto(`${site}/favicon.svg`);
      await page.evaluate(() => {
        sessionStorage.clear();
        localStorage.clear();
      });
      await tab.devtools.send("Storage.clearDataForOrigin", { origin: new URL(site).origin, storageTypes: "all" });
      await context.clearCookies();
      await page.setViewportSize(desktop);
    }
    tab.used = true;
    return tab;
  }

  test("the page list is every page the build wrote: the landing page, every chapter and the 404 page among them", () => {
    expect(pages).toContain("/");
    for (const chapter of chapters) expect(pages).toContain(chapter);
    // Outside the sitemap: the 404 page, which a host serves for any address it lacks.
    expect(pages).toContain("/404.html");
    expect([...pages].sort()).toEqual([...builtPaths].sort());
  });

  test("the dark pass runs every axe-core rule about colour that the light pass runs", () => {
    const axe = createRequire(import.meta.url)("axe-core") as { getRules(tags: string[]): { ruleId: string }[] };
    // color-contrast-enhanced is WCAG AAA, off by default: the light pass does not run it either.
    expect(
      axe
        .getRules(["cat.color"])
        .map((r) => r.ruleId)
        .filter((id) => id !== "color-contrast-enhanced")
        .sort(),
    ).toEqual([...colourRules].sort());
  });

  // One test per page, so a slow machine times out one page, not the whole pass, and a failure
  // names its page. They run a few at a time (the project's maxConcurrency): one page's waits for
  // the network are another's time to run axe-core.
  for (const path of pages) {
    test.concurrent(`${path}: at 1280 px budgets, the security policy, axe-core light then dark; at 375 and 320 px no sideways scrolling`, async ({
      expect,
    }) => {
      const kb = (bytes: number) => bytes / 1024;
      const found: string[] = [];
      const tab = await takeTab();
      let completed = false;
      try {
        const { page } = tab.session;
        const w = await weighPage(page, `${site}${path}`);
        if (kb(w.jsGzipBytes) > budgets.jsBeforeInteractionKB)
          found.push(`budget: JS ${kb(w.jsGzipBytes).toFixed(1)} KB gz (${w.scripts.join(", ")})`);
        if (kb(w.cssGzipBytes) > budgets.cssKB) found.push(`budget: CSS ${kb(w.cssGzipBytes).toFixed(1)} KB gz`);
        if (chapters.has(path) && kb(w.totalGzipBytes) > budgets.chapterTotalKB)
          found.push(`budget: total ${kb(w.totalGzipBytes).toFixed(1)} KB gz`);

        const storage = await page.evaluate(
          () => (window as unknown as { __storageAtStart: number[] }).__storageAtStart,
        );
        if (storage.some((n) => n > 0))
          found.push(`storage not empty when the page started (local, session, cookies): ${storage.join(", ")}`);

        const policy = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
        if (!policy?.includes("script-src 'self'")) found.push("no security policy");

        const shown = await page.locator("html").getAttribute("data-theme");
        if (shown !== null && shown !== "light") found.push(`opened in the ${shown} theme, not light`);
        found.push(...(await axeFindings(page, path, "light")));
        found.push(...(await situationProblems(page, desktop.width)));
        found.push(...(await diagramProblems(page, desktop.width)));
        found.push(...(await smallSvgText(page, desktop.width)));
        const light = await layout(page);

        await page.setViewportSize(phone);
        // Resize observers answer at the next frames: measure after them.
        await twoFrames(page);
        const overflow = await sidewaysOverflow(page);
        if (overflow) found.push(`at 375 px the page scrolls sideways: ${overflow}`);
        found.push(...(await situationProblems(page, phone.width)));
        found.push(...(await diagramProblems(page, phone.width)));
        found.push(...(await smallSvgText(page, phone.width)));
        found.push(...(await cutCaptions(page, phone.width)));
        // Again at 320 px, the width WCAG's reflow criterion names.
        await page.setViewportSize(narrowest);
        await twoFrames(page);
        const narrowOverflow = await sidewaysOverflow(page);
        if (narrowOverflow) found.push(`at 320 px the page scrolls sideways: ${narrowOverflow}`);
        found.push(...(await situationProblems(page, narrowest.width)));
        found.push(...(await diagramProblems(page, narrowest.width)));
        found.push(...(await smallSvgText(page, narrowest.width)));
        found.push(...(await cutCaptions(page, narrowest.width)));
        found.push(...(await widgetProblems(page, narrowest.width)));
        found.push(...(await unfocusableScrolling(page, path)));
        await page.setViewportSize(desktop);

        const dark = await switchTheme(page, "dark");
        if (dark !== null && dark !== "dark") found.push("did not switch to the dark theme");
        // Where the dark theme shows, hides or resizes anything, every rule runs again.
        const sameLayout = JSON.stringify(await layout(page)) === JSON.stringify(light);
        found.push(...(await axeFindings(page, path, "dark", sameLayout ? colourRules : undefined)));

        for (const v of await cspViolations(page)) found.push(`security policy violation: ${v}`);
        completed = true;
      } finally {
        // A tab whose check stopped part-way (a timeout, a crash) is closed, never reused.
        if (completed) idle.push(tab);
        else await tab.session.close();
      }
      expect(found).toEqual([]);
    }, 120_000);
  }
});
