/**
 * Screenshots of the built site at a desktop and a phone width, light and dark.
 *
 *   npm run screenshots                 the set kept in docs/screenshots/ (landing page, a chapter
 *                                       with a playground, the replay, the map builder)
 *   npm run screenshots -- --out DIR /path/ [/other/ ...] [--full]
 *                                       any pages, into DIR (for looking at a change)
 *
 * Needs a build (npm run build) and Chromium (tools/chromium.ts). Not part of npm test.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { openBrowser } from "../tools/chromium.ts";
import { twoFrames } from "../tools/frames.ts";
import { serveStatic } from "../tools/static-server.ts";
import { outDirFromEnv } from "../src/integrations/out-dir.ts";

interface Shot {
  name: string;
  path: string;
  /** Scroll this element to the top of the view before the screenshot. */
  anchor?: string;
}

const kept: Shot[] = [
  { name: "landing", path: "/" },
  { name: "playground", path: "/timeouts-retries-backoff/", anchor: ".playground" },
  { name: "replay", path: "/retry-storm/", anchor: "#the-replay" },
  { name: "map-builder", path: "/failure-domains/", anchor: "[data-map-builder]" },
];

const widths = [
  { label: "1280", viewport: { width: 1280, height: 800 } },
  { label: "390", viewport: { width: 390, height: 844 } },
];
const themes = ["light", "dark"] as const;

/**
 * Opens `shot`'s page (reusing the open one when only its #hash differs) and scrolls its anchor,
 * if it has one, to the top of the view. Throws, naming it, when the build has no such page or
 * nothing matches the anchor.
 */
async function bringIntoView(page: Page, site: string, shot: Shot): Promise<void> {
  const response = await page.goto(site + shot.path, { waitUntil: "networkidle" });
  // (No response is a move within the page already open: a path that differs in its #hash only.)
  if (response && !response.ok())
    throw new Error(`${shot.path}: the built site has no such page (HTTP ${response.status()})`);
  await page.evaluate(() => document.fonts.ready);
  if (shot.anchor) {
    // The element lands below the header, where the site's scroll padding puts a link's
    // target. Blocks far from the screen stand in at a placeholder height until first
    // shown (content-visibility in src/styles/course.css), so one scroll computed across
    // them can land far from the element on a wide screen (8,193 px down instead of
    // 9,200 for the first diagnosis on /circuit-breakers/ at 1280). Scroll again, two
    // frames later (when the blocks it brought near have been rendered and measured),
    // until a scroll moves nothing.
    const target = page.locator(shot.anchor).first();
    if ((await target.count()) === 0) throw new Error(`${shot.path}: nothing on the page matches "${shot.anchor}"`);
    const landing = async () => {
      await target.evaluate((el) => el.scrollIntoView({ block: "start" }));
      await twoFrames(page);
      return target.evaluate((el) => `${Math.round(window.scrollY)} ${Math.round(el.getBoundingClientRect().top)}`);
    };
    let before = await landing();
    for (let tries = 0; tries < 10; tries++) {
      const now = await landing();
      if (now === before) break;
      before = now;
    }
  }
  // Blocks the scroll has just brought near the screen are rendered at the next frames
  // (content-visibility); a picture taken at once showed the replay as an empty box.
  await twoFrames(page);
}

async function main() {
  const args = process.argv.slice(2);
  const outIndex = args.indexOf("--out");
  const out = (outIndex >= 0 ? args[outIndex + 1] : undefined) ?? "docs/screenshots";
  const full = args.includes("--full");
  const paths = args.filter((a, i) => a.startsWith("/") && i !== outIndex + 1);
  const shots: Shot[] =
    paths.length > 0
      ? paths.map((p) => {
          const [path = "/", anchor] = p.split("@");
          const name = path.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "landing";
          return anchor ? { name, path, anchor } : { name, path };
        })
      : kept;
  mkdirSync(out, { recursive: true });
  const server = await serveStatic(outDirFromEnv() + "/");
  try {
    for (const { label, viewport } of widths) {
      for (const theme of themes) {
        // A whole-page picture shows every block as a reader scrolling down would see it, none left
        // unrendered as off-screen (content-visibility in src/styles/course.css).
        const browser = await openBrowser({ viewport, offScreenBlocks: full ? "render" : "auto" });
        const { page, context } = browser;
        try {
          await context.addInitScript((t) => localStorage.setItem("starlight-theme", t), theme);
          await page.emulateMedia({ colorScheme: theme });
          for (const shot of shots) {
            await bringIntoView(page, server.url, shot);
            const file = join(out, `${shot.name}-${label}-${theme}.png`);
            await page.screenshot({ path: file, fullPage: full && !shot.anchor });
            console.log(file);
          }
        } finally {
          await browser.close();
        }
      }
    }
  } finally {
    await server.close();
  }
}

try {
  await main();
} catch (error) {
  console.error(`screenshots: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
