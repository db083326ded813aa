/**
 * The one way a widget reaches the browser's storage. Where the reader's browser refuses it
 * (site data blocked, a sandboxed frame), merely reading `localStorage` throws a SecurityError;
 * here that means "nothing is kept", never a broken widget. Kept free of imports: bootstraps
 * that run on every page use it.
 */

/**
 * What a page that would otherwise say progress is kept says instead where the browser refuses
 * storage (siteStorage() is null, the one test of it): the landing page, /progress/ and /review/,
 * each followed by what it means there. As an exercise's own note beside it says: kept only while
 * the page is open.
 */
export const storageRefusedText =
  "This browser refuses this site any storage, so what you do on a page is kept only while that page is open.";

/** What the reader can do about a refusal, said after storageRefusedText and what it means. */
export const allowStorageText = "Allow this site to store data in the browser's settings to keep your progress.";

/** What the widgets need of a storage (a test passes a Map-backed one). */
export type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** The page's localStorage, or null where the browser refuses it or has none (Node). */
export function siteStorage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Keeps `value` under `key`, or forgets the key when `value` is null, if the browser lets it:
 * false where storage is refused or full (the value then lives only in the page). In the site's
 * storage unless given another (the tab's, `tabStoreOrNothing`).
 */
export function keep(key: string, value: string | null, storage: Store | null = siteStorage()): boolean {
  if (!storage) return false;
  try {
    if (value === null) storage.removeItem(key);
    else storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Keeps nothing: what a widget reads and writes when storage is refused. */
export const keepsNothing: Store = {
  getItem: () => null,
  setItem: () => {},
  removeItem: () => {},
};

/** The page's storage, or one that keeps nothing: for code that only reads and writes. */
export function storeOrNothing(): Store {
  return siteStorage() ?? keepsNothing;
}

/**
 * The tab's sessionStorage (it outlives a reload, not the tab), or one that keeps nothing where
 * the browser refuses it. Its writes can still throw (storage full): catch them.
 */
export function tabStoreOrNothing(): Store {
  try {
    return typeof sessionStorage === "undefined" ? keepsNothing : sessionStorage;
  } catch {
    return keepsNothing;
  }
}
