/**
 * Links inside the site, wherever it is hosted: at the root of a domain, or under a sub-path
 * (Astro's `base`, e.g. a project site at /blast-radius/). Components, pages and page code all
 * write internal links through this, so one setting moves the whole site.
 */

/** The site's base path, always with a trailing slash: "/" or "/blast-radius/". */
export const basePath: string = (import.meta.env.BASE_URL ?? "/").replace(/\/?$/, "/");

/** An internal link: sitePath("gameday/board/") is "/gameday/board/" at the root, "/blast-radius/gameday/board/" under a sub-path. */
export function sitePath(path: string): string {
  return basePath + path.replace(/^\/+/, "");
}
