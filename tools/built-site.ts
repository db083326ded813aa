/**
 * The built site (OUT_DIR or dist/) as data: every HTML page parsed once, with its links,
 * element ids and images. Used by the integrity checks.
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { join, relative } from "node:path";
import { outDirFromEnv } from "../src/integrations/out-dir.ts";
import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

export const distDir = outDirFromEnv();

/**
 * The path the built site is served under, as the build read it from BASE_PATH: "/" for a
 * build at the root (`npm run build`), else "/blast-radius/" or whatever was asked for, with a
 * slash at each end. Tests read it from the same variable as the build they check.
 */
export const siteBase = baseFromEnv();

function baseFromEnv(env: Record<string, string | undefined> = process.env): string {
  const trimmed = (env.BASE_PATH ?? "").replace(/^\/+|\/+$/g, "");
  return trimmed ? `/${trimmed}/` : "/";
}

/** The path npm test builds the course under: a project site's address, as on GitHub Pages. */
const subPathBase = "/blast-radius/";
/**
 * How npm test builds, checks and serves the site: under `subPathBase`, into its own folder and
 * cache, so it never touches a root build in dist/ (`npm run build`, what deploys at a domain's
 * root and what the benchmark measures). Every site and browser test then runs against the
 * course as a project site serves it, so any link, asset, worker or script that ignores the base
 * fails the test that reaches it. The same variables select that build when a test file runs by
 * hand: `BASE_PATH=/blast-radius/ OUT_DIR=dist-sub npx vitest run --project browser <file>`.
 */
export const subPathBuildEnv = {
  BASE_PATH: subPathBase,
  OUT_DIR: "dist-sub",
  CACHE_DIR: "node_modules/.astro-sub-path",
};

/**
 * Throws unless the build in `dir` was made under `base`: its landing page must load its
 * assets from `${base}_astro/`. A test run reading a build made under another base would test
 * the wrong addresses, so it stops with what to do instead.
 */
export function assertBuiltUnder(dir: string, base = siteBase): void {
  const index = join(dir, "index.html");
  if (!existsSync(index))
    throw new Error(`${dir} has no built site: run \`npm run build\` first (npm test builds its own)`);
  const html = readFileSync(index, "utf8");
  const bases = new Set([...html.matchAll(/(?:href|src)="([^"]*\/)_astro\//g)].map((m) => m[1]));
  if (bases.size !== 1 || !bases.has(base))
    throw new Error(
      `${dir} was built under ${[...bases].join(", ") || "no base"}, but this run expects ${base} (BASE_PATH=${process.env.BASE_PATH ?? ""}): ` +
        "run the tests with the same BASE_PATH and OUT_DIR as the build (npm test passes both)",
    );
}

export interface BuiltPage {
  /** URL path, e.g. "/shuffle-sharding/". */
  path: string;
  file: string;
  ids: Set<string>;
  links: { href: string; text: string }[];
  images: { src: string; alt: string | undefined }[];
  /** Inline SVGs that claim to be images, with their accessible name if any. */
  svgImages: { label: string | undefined }[];
  /** The address of every file the page loads: each <link>'s href, each <script>, <img>, <source> and <iframe>'s src. */
  assets: string[];
  html: string;
}

export function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

/** The text of a node and everything in it, entities decoded (parse5's). */
export function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

/** Whether `el`'s class list has `name`. */
export function hasClass(el: Element, name: string): boolean {
  return (attr(el, "class") ?? "").split(/\s+/).includes(name);
}

/** Every element in `root` (itself included) that `match` accepts, in document order. */
export function findAll(root: Node, match: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  walk(root, (el) => {
    if (match(el)) found.push(el);
  });
  return found;
}

/** The built page at a site path such as "/interview-sheet/", parsed. */
export function parseBuiltPage(path: string, dir = distDir): DefaultTreeAdapterMap["document"] {
  return parse(readFileSync(join(dir, path, "index.html"), "utf8"));
}

/** A parsed page's Content-Security-Policy, as its meta tag states it (undefined without one). */
export function contentSecurityPolicy(doc: Node): string | undefined {
  const [meta] = findAll(doc, (el) => el.tagName === "meta" && attr(el, "http-equiv") === "Content-Security-Policy");
  return meta && attr(meta, "content");
}

/** Visits `node`, if it is an element, and every element inside it (a template's content too), in document order. */
export function walk(node: Node, visit: (el: Element) => void): void {
  if ("tagName" in node) visit(node);
  const children =
    "content" in node && node.nodeName === "template"
      ? (node as DefaultTreeAdapterMap["template"]).content.childNodes
      : "childNodes" in node
        ? node.childNodes
        : [];
  for (const child of children) walk(child, visit);
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) return name === "_astro" || name === "pagefind" ? [] : htmlFiles(full);
    return name.endsWith(".html") ? [full] : [];
  });
}

/** Elements whose src a page loads (a <link> loads its href). */
const loaders = new Set(["script", "img", "source", "iframe"]);

export function loadBuiltSite(dir = distDir, base = siteBase): BuiltPage[] {
  assertBuiltUnder(dir, base);
  return htmlFiles(dir).map((file) => {
    const html = readFileSync(file, "utf8");
    const rel = "/" + relative(dir, file).replace(/\\/g, "/");
    const path = rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel;
    const page: BuiltPage = { path, file, ids: new Set(), links: [], images: [], svgImages: [], assets: [], html };
    walk(parse(html), (el) => {
      const id = attr(el, "id");
      if (id) page.ids.add(id);
      const name = attr(el, "name");
      if (el.tagName === "a" && name) page.ids.add(name);
      if (el.tagName === "a" && attr(el, "href") !== undefined)
        page.links.push({ href: attr(el, "href")!, text: textOf(el).trim() });
      if (el.tagName === "img") page.images.push({ src: attr(el, "src") ?? "", alt: attr(el, "alt") });
      const asset = el.tagName === "link" ? attr(el, "href") : loaders.has(el.tagName) ? attr(el, "src") : undefined;
      if (asset !== undefined) page.assets.push(asset);
      if (el.tagName === "svg" && attr(el, "role") === "img") {
        const title = el.childNodes.find((c) => "tagName" in c && c.tagName === "title");
        page.svgImages.push({
          label: attr(el, "aria-label") ?? attr(el, "aria-labelledby") ?? (title ? textOf(title).trim() : undefined),
        });
      }
    });
    return page;
  });
}

/**
 * Resolve an href found on the page at `from` (a site path such as "/cells/", without the base)
 * to a site path and fragment, or null when it leaves the site. The page is read at its real
 * address (`base` + `from`), and the result is a site path again; a link to the same host
 * outside the base (which a project site cannot serve) comes back as a path no page has, naming
 * the base it escaped.
 */
export function resolveInternal(href: string, from: string, base = siteBase): { path: string; hash: string } | null {
  if (/^(mailto:|tel:|javascript:|data:)/i.test(href)) return null;
  const origin = "http://site.invalid";
  const url = new URL(href, origin + base + from.replace(/^\//, ""));
  if (url.origin !== origin) return null;
  const pathname = decodeURIComponent(url.pathname);
  const hash = decodeURIComponent(url.hash.slice(1));
  if (!pathname.startsWith(base)) return { path: `${pathname} (outside the base ${base})`, hash };
  return { path: `/${pathname.slice(base.length)}`, hash };
}
