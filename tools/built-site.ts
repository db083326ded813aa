/**
 * The built site (OUT_DIR or dist/) as data: every HTML page parsed once, with its links,
 * element ids and images. Used by the integrity checks.
 */
import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { outDirFromEnv } from "../src/integrations/out-dir.ts";
import { parse, type DefaultTreeAdapterMap } from "parse5";

type Node = DefaultTreeAdapterMap["node"];
type Element = DefaultTreeAdapterMap["element"];

export const distDir = outDirFromEnv();

/** The path the course is built under for the sub-path test (a project site's address). */
export const subPathBase = "/blast-radius/";
/**
 * How npm test's sub-path phase builds the site a second time (`npm test -- --only sub-path`):
 * under `subPathBase`, into its own folder and cache, so neither build touches the other's files.
 */
export const subPathBuildEnv = {
  BASE_PATH: subPathBase,
  OUT_DIR: `dist-sub${subPathBase}`.replace(/\/$/, ""),
  CACHE_DIR: "node_modules/.astro-sub-path",
};
/** Served from here, that build answers at `subPathBase`. */
export const subPathRoot = dirname(outDirFromEnv({ OUT_DIR: subPathBuildEnv.OUT_DIR }));

export interface BuiltPage {
  /** URL path, e.g. "/shuffle-sharding/". */
  path: string;
  file: string;
  ids: Set<string>;
  links: { href: string; text: string }[];
  images: { src: string; alt: string | undefined }[];
  /** Inline SVGs that claim to be images, with their accessible name if any. */
  svgImages: { label: string | undefined }[];
  html: string;
}

function attr(el: Element, name: string): string | undefined {
  return el.attrs.find((a) => a.name === name)?.value;
}

function textOf(node: Node): string {
  if (node.nodeName === "#text") return (node as DefaultTreeAdapterMap["textNode"]).value;
  return "childNodes" in node ? node.childNodes.map(textOf).join("") : "";
}

function walk(node: Node, visit: (el: Element) => void): void {
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

export function loadBuiltSite(dir = distDir): BuiltPage[] {
  if (!existsSync(join(dir, "index.html"))) throw new Error(`${dir} has no built site: run \`npm run build\` first`);
  return htmlFiles(dir).map((file) => {
    const html = readFileSync(file, "utf8");
    const rel = "/" + relative(dir, file).replace(/\\/g, "/");
    const path = rel.endsWith("/index.html") ? rel.slice(0, -"index.html".length) : rel;
    const page: BuiltPage = { path, file, ids: new Set(), links: [], images: [], svgImages: [], html };
    walk(parse(html), (el) => {
      const id = attr(el, "id");
      if (id) page.ids.add(id);
      const name = attr(el, "name");
      if (el.tagName === "a" && name) page.ids.add(name);
      if (el.tagName === "a" && attr(el, "href") !== undefined)
        page.links.push({ href: attr(el, "href")!, text: textOf(el).trim() });
      if (el.tagName === "img") page.images.push({ src: attr(el, "src") ?? "", alt: attr(el, "alt") });
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

/** Resolve an href found on `from` to a site path and fragment, or null when it leaves the site. */
export function resolveInternal(href: string, from: string): { path: string; hash: string } | null {
  if (/^(mailto:|tel:|javascript:|data:)/i.test(href)) return null;
  const base = "http://site.invalid";
  const url = new URL(href, base + from);
  if (url.origin !== base) return null;
  return { path: decodeURIComponent(url.pathname), hash: decodeURIComponent(url.hash.slice(1)) };
}
