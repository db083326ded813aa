/**
 * Writes the offline service worker (src/offline/service-worker.ts) to /sw.js after the
 * build, with the list of every built file to precache and a version derived from their
 * contents, so each build replaces the previous cache.
 */
import { createHash } from "node:crypto";
import { readFile, readdir, writeFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { transform } from "sucrase";

const workerSource = new URL("../offline/service-worker.ts", import.meta.url);

/**
 * Built files cached when first used, not precached: the playground's type-checker (its worker's
 * chunk, and TypeScript as a file of its own, about 1.3 MB gzipped together), which a reader
 * loads only by running code they edited. The service worker caches them (cache-first) the first
 * time they are fetched, so the checker works offline from then on.
 */
export function cachedOnFirstUse(file: string): boolean {
  return /^_astro\/(typecheck-worker|typescript)-[\w-]+\.js$/.test(file);
}

async function builtFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).replace(/\\/g, "/"))
    .filter((f) => f !== "sw.js" && !f.endsWith(".map") && !f.startsWith("sitemap") && !cachedOnFirstUse(f))
    .sort();
}

/**
 * "shuffle-sharding/index.html" is fetched as "shuffle-sharding/", relative to the service
 * worker's scope (the site's base: "/" or "/blast-radius/"), so one list serves any sub-path.
 */
export function urlOf(file: string): string {
  return file.replace(/(^|\/)index\.html$/, "$1");
}

export default function offline(): AstroIntegration {
  return {
    name: "blast-radius:offline",
    hooks: {
      "astro:build:done": async ({ dir, logger }) => {
        const root = fileURLToPath(dir);
        const files = await builtFiles(root);
        const hash = createHash("sha256");
        for (const f of files) hash.update(f).update(await readFile(join(root, f)));
        const version = hash.digest("hex").slice(0, 12);
        const js = transform(await readFile(workerSource, "utf8"), {
          transforms: ["typescript"],
          disableESTransforms: true,
        })
          .code.replace(/^export \{\};?\s*$/m, "")
          .replace("__VERSION__", version)
          .replace('"__PRECACHE__"', JSON.stringify(JSON.stringify(files.map(urlOf))));
        await writeFile(join(root, "sw.js"), js);
        logger.info(`service worker: ${files.length} files to precache, version ${version}`);
      },
    },
  };
}
