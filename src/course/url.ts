/**
 * Links inside the site, wherever it is hosted: at the root of a domain, or under a sub-path
 * (Astro's `base`, e.g. a project site at /blast-radius/: build with BASE_PATH=/blast-radius/).
 * Components, pages and page code all write internal links through this, so one setting moves
 * the whole site.
 */

/** A base path as Astro may give it ("/", "/blast-radius", "/blast-radius/"), always with one trailing slash. */
export function normalizeBase(base: string | undefined): string {
  return `/${(base ?? "/").replace(/^\/+|\/+$/g, "")}/`.replace(/^\/\/$/, "/");
}

/** `path` (below the site's root, with or without a leading slash) under `base`. */
export function joinBase(base: string, path: string): string {
  return normalizeBase(base) + path.replace(/^\/+/, "");
}

/** The site's base path, always with a trailing slash: "/" or "/blast-radius/". */
export const basePath: string = normalizeBase(import.meta.env.BASE_URL);

/** An internal link: sitePath("gameday/board/") is "/gameday/board/" at the root, "/blast-radius/gameday/board/" under a sub-path. */
export function sitePath(path: string): string {
  return joinBase(basePath, path);
}
