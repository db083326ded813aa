/**
 * Under a sub-path (BASE_PATH=/blast-radius/), the links that chapters and pages write from the
 * site's root ("[the room board](/room-board/)", href="/worksheet/") must carry the base too:
 * Astro adds it to its own assets and Starlight to its navigation, but not to a link written in
 * the text. After the build, every root-relative href, src and action in every page gets the
 * base, unless it has it already. At the root ("/") nothing changes.
 */
import type { AstroIntegration } from "astro";
import { normalizeBase } from "../course/url.ts";
import { rewriteBuiltPages } from "./html-files.ts";

/** The page's root-relative links under `base` ("/" leaves the page as it is). */
export function withBase(html: string, base: string): string {
  const root = normalizeBase(base);
  if (root === "/") return html;
  return html.replace(
    /(\s(?:href|src|action)=)(["'])\/(?!\/)([^"']*)\2/g,
    (whole, attr: string, quote: string, rest: string) =>
      `/${rest}`.startsWith(root) || `/${rest}` === root.slice(0, -1) ? whole : `${attr}${quote}${root}${rest}${quote}`,
  );
}

export default function baseLinks(): AstroIntegration {
  let base = "/";
  return {
    name: "blast-radius:base-links",
    hooks: {
      "astro:config:done": ({ config }) => {
        base = normalizeBase(config.base);
      },
      "astro:build:done": async ({ dir, logger }) => {
        if (base === "/") return;
        const { pages } = await rewriteBuiltPages(dir, (html) => withBase(html, base));
        logger.info(`root-relative links moved under ${base} in ${pages} pages`);
      },
    },
  };
}
