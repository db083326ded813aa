/**
 * What a page costs a reader before they touch anything: the JavaScript and CSS it loads
 * (gzip-compressed size, as a server would send it) and the total transfer. Used by the
 * benchmark and by the budget tests.
 */
import { gzipSync } from "node:zlib";
import type { Page } from "playwright-core";

export interface PageWeight {
  url: string;
  jsGzipBytes: number;
  cssGzipBytes: number;
  totalGzipBytes: number;
  scripts: string[];
}

/**
 * Compressed sizes of the build's content-hashed files (Vite names them after their content,
 * under `/_astro/`), by address: the same address is the same bytes, so a style sheet or script
 * that fifty pages load is read over DevTools and compressed once per process, not fifty times.
 */
const hashedSizes = new Map<string, number>();
const contentHashed = (url: string) => new URL(url).pathname.includes("/_astro/");

/** Load `url` in `page`, wait until the network is idle, and weigh every response. */
export async function weighPage(page: Page, url: string): Promise<PageWeight> {
  const bodies: Promise<{ url: string; type: string; gzip: number }>[] = [];
  const onResponse = (response: import("playwright-core").Response) => {
    const type = response.request().resourceType();
    const address = response.url();
    const known = hashedSizes.get(address);
    bodies.push(
      known !== undefined
        ? Promise.resolve({ url: address, type, gzip: known })
        : response
            .body()
            .then((body) => {
              const gzip = gzipSync(body, { level: 9 }).length;
              if (contentHashed(address) && response.ok()) hashedSizes.set(address, gzip);
              return { url: address, type, gzip };
            })
            .catch(() => ({ url: address, type, gzip: 0 })),
    );
  };
  page.on("response", onResponse);
  await page.goto(url, { waitUntil: "networkidle" });
  page.off("response", onResponse);
  const all = await Promise.all(bodies);
  const sum = (kind: string) => all.filter((b) => b.type === kind).reduce((s, b) => s + b.gzip, 0);
  return {
    url,
    jsGzipBytes: sum("script"),
    cssGzipBytes: sum("stylesheet"),
    totalGzipBytes: all.reduce((s, b) => s + b.gzip, 0),
    scripts: all.filter((b) => b.type === "script").map((b) => b.url),
  };
}
