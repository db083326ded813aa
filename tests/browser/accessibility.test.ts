/**
 * axe-core over every page in the sitemap, in the light and the dark theme: no serious or
 * critical violations (colour contrast included).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { afterAll, beforeAll, describe, expect, inject, test } from "vitest";
import { openBrowser, skipBrowser, type Session } from "../support/chromium.ts";
import { distDir } from "../support/built-site.ts";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** Paths from the sitemap the build wrote (its host is whatever `site` was). */
function sitemapPaths(): string[] {
  const index = readFileSync(`${distDir}/sitemap-index.xml`, "utf8");
  const maps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  return maps.flatMap((map) =>
    [...readFileSync(`${distDir}${map}`, "utf8").matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname),
  );
}

interface Finding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

describe.skipIf(skipBrowser)("accessibility (axe-core)", () => {
  const site = inject("siteUrl");
  const paths = sitemapPaths();
  let browser: Session;
  beforeAll(async () => {
    browser = await openBrowser();
  });
  afterAll(async () => browser?.close());

  test("the sitemap lists the landing page and every chapter", () => {
    expect(paths).toContain("/");
    expect(paths.length).toBeGreaterThan(3);
  });

  for (const theme of ["light", "dark"] as const) {
    test(`no serious or critical violations on any page, ${theme} theme`, async () => {
      const { page } = browser;
      await page.goto(`${site}/`);
      await page.evaluate((t) => localStorage.setItem("starlight-theme", t), theme);
      const problems: string[] = [];
      for (const path of paths) {
        await page.goto(`${site}${path}`, { waitUntil: "networkidle" });
        // Starlight pages follow the chosen theme; stand-alone pages (presenter views) have their own.
        const pageTheme = await page.locator("html").getAttribute("data-theme");
        if (pageTheme !== null) expect(pageTheme, `theme on ${path}`).toBe(theme);
        // Evaluated through DevTools, so the page's CSP does not apply to the checker itself.
        await page.evaluate(axeSource);
        const findings = await page.evaluate(async () => {
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
          const result = await axe.run(document, { resultTypes: ["violations"] });
          return result.violations.map((v) => ({
            id: v.id,
            impact: v.impact,
            help: v.help,
            targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
          }));
        });
        for (const f of findings as Finding[]) {
          if (f.impact === "serious" || f.impact === "critical")
            problems.push(`${path} [${f.impact}] ${f.id}: ${f.help} -> ${f.targets.join(" | ")}`);
        }
      }
      expect(problems).toEqual([]);
    }, 300_000);
  }
});
