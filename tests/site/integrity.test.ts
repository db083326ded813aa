/**
 * Integrity of the built site: every internal link and anchor resolves, every file a page loads
 * is in the build, every image has a text alternative, no page is orphaned from the navigation,
 * and no file names the folder it was built in.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { parseFailureMap } from "../../src/sim/failure-map/parse.ts";
import { decodeShareHash, isShareHash } from "../../src/course/map-share.ts";
import { distDir, loadBuiltSite, resolveInternal } from "../../tools/built-site.ts";

const pages = loadBuiltSite();
const byPath = new Map(pages.map((p) => [p.path, p]));

function targetExists(path: string): boolean {
  if (byPath.has(path)) return true;
  const file = join(distDir, path);
  return existsSync(file) && !file.endsWith("/");
}

describe.each(pages.map((p) => [p.path, p] as const))("page %s", (_path, page) => {
  test("every internal link and anchor resolves", async () => {
    const broken: string[] = [];
    for (const { href } of page.links) {
      const target = resolveInternal(href, page.path);
      if (!target) continue;
      if (!targetExists(target.path)) {
        broken.push(`${href} (no page ${target.path})`);
        continue;
      }
      const targetPage = byPath.get(target.path);
      if (isShareHash(`#${target.hash}`)) {
        // A map builder share link: the page must hold a builder, and the link a map it can read.
        if (!targetPage?.html.includes("data-map-builder")) broken.push(`${href} (no map builder on ${target.path})`);
        const parsed = parseFailureMap(await decodeShareHash(`#${target.hash}`));
        if (!parsed.ok) broken.push(`${href.slice(0, 60)}… (map does not parse: ${JSON.stringify(parsed.errors)})`);
        continue;
      }
      if (target.hash && targetPage && !targetPage.ids.has(target.hash))
        broken.push(`${href} (no #${target.hash} on ${target.path})`);
    }
    expect(broken).toEqual([]);
  });

  test("every file the page loads (stylesheets, scripts, images, icons, preloads) is in the build", () => {
    expect(page.assets.length).toBeGreaterThan(0);
    const missing = page.assets
      .filter((ref) => !ref.startsWith("data:"))
      .map((ref) => ({ ref, target: resolveInternal(ref, page.path) }))
      .filter(({ target }) => target !== null && !targetExists(target.path))
      .map(({ ref }) => ref);
    expect(missing).toEqual([]);
  });

  test("every image has a text alternative", () => {
    expect(page.images.filter((i) => i.alt === undefined).map((i) => i.src)).toEqual([]);
    expect(page.svgImages.filter((s) => !s.label).length).toBe(0);
  });
});

test("every page can be reached from the landing page by following links", () => {
  const seen = new Set<string>(["/"]);
  const queue = ["/"];
  while (queue.length > 0) {
    const page = byPath.get(queue.shift()!);
    if (!page) continue;
    for (const { href } of page.links) {
      const target = resolveInternal(href, page.path);
      if (target && byPath.has(target.path) && !seen.has(target.path)) {
        seen.add(target.path);
        queue.push(target.path);
      }
    }
  }
  const orphans = pages.map((p) => p.path).filter((p) => !seen.has(p) && p !== "/404.html");
  expect(orphans).toEqual([]);
});

test("no built file names the folder the site was built in (the build does not depend on where it ran)", () => {
  const root = process.cwd();
  const text = /\.(html|json|js|mjs|css|xml|txt|svg|webmanifest)$/;
  const files = readdirSync(distDir, { recursive: true, encoding: "utf8" }).filter((f) => text.test(f));
  expect(files.length).toBeGreaterThan(100);
  expect(files.filter((f) => readFileSync(join(distDir, f), "utf8").includes(root))).toEqual([]);
});

test("the exercise bootstrap's script tag sits just before each page's first exercise, in every build", () => {
  // It used to follow whichever exercise finished loading its files first, so two builds of the
  // same sources placed it differently (src/components/Exercise.astro says why it no longer can).
  const withExercises = pages.filter((p) => p.html.includes('<section class="br-ex'));
  expect(withExercises.length).toBeGreaterThan(10);
  const misplaced = withExercises.filter((p) => {
    const first = p.html.indexOf('<section class="br-ex');
    const before = p.html.slice(0, first).trimEnd();
    return !/<script type="module" src="[^"]*\/_astro\/Exercise\.astro_astro_type_script_index_0_lang\.[\w-]+\.js"><\/script>$/.test(
      before,
    );
  });
  expect(misplaced.map((p) => p.path)).toEqual([]);
});
