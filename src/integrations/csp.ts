/**
 * Content-Security-Policy for a static site: after the build, every HTML page gets a
 * `<meta http-equiv="Content-Security-Policy">` as the first element of its head, allowing
 * only the site's own scripts plus the exact inline scripts that page carries (by hash).
 * A meta tag is all a static host guarantees, and it governs the page only: a worker loaded from
 * a same-origin file takes its policy from that file's HTTP headers, so the playground's worker
 * takes network access away from learner code itself (docs/ARCHITECTURE.md, "Page sandbox").
 */
import { createHash } from "node:crypto";
import type { AstroIntegration } from "astro";
import { rewriteBuiltPages } from "./html-files.ts";

/** The policy's fixed part. `script-src` gets the page's inline-script hashes appended. */
export const baseDirectives: Record<string, string[]> = {
  "default-src": ["'self'"],
  // 'wasm-unsafe-eval': Pagefind's search runs as WebAssembly. Nothing else is allowed to eval.
  "script-src": ["'self'", "'wasm-unsafe-eval'"],
  // Inline style attributes are used by Starlight and by widgets that position things.
  "style-src": ["'self'", "'unsafe-inline'"],
  "img-src": ["'self'", "data:", "blob:"],
  "font-src": ["'self'", "data:"],
  // Same-origin only: search index fragments, the service worker's precache.
  "connect-src": ["'self'"],
  // Every worker (playground runs, replay simulations) is a same-origin file: no blob: workers.
  "worker-src": ["'self'"],
  "manifest-src": ["'self'"],
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-src": ["'none'"],
};

const inlineScript = /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi;

/** The policy for one page: the fixed directives plus a hash for each inline script. */
export function policyFor(html: string, extra: Record<string, string[]> = {}): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(inlineScript)) {
    const body = match[1]!;
    if (/type=["']?application\/(ld\+)?json/i.test(match[0])) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
  }
  const directives = { ...baseDirectives };
  for (const [name, values] of Object.entries(extra)) directives[name] = [...(directives[name] ?? []), ...values];
  directives["script-src"] = [...directives["script-src"]!, ...[...hashes].sort()];
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Insert the policy as the first thing in <head>, so it governs every script after it. */
export function withPolicy(html: string, policy: string): string {
  const meta = `<meta http-equiv="Content-Security-Policy" content="${policy}">`;
  const withoutOld = html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/i, "");
  return withoutOld.replace(/<head([^>]*)>/i, `<head$1>${meta}`);
}

export default function contentSecurityPolicy(extra: Record<string, string[]> = {}): AstroIntegration {
  return {
    name: "blast-radius:csp",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const { pages } = await rewriteBuiltPages(dir, (html) => withPolicy(html, policyFor(html, extra)));
        logger.info(`Content-Security-Policy added to ${pages} pages`);
      },
    },
  };
}
