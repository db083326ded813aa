import { afterEach, expect, test } from "vitest";
import { keep, keepsNothing, siteStorage, storeOrNothing } from "./site-storage.ts";

// Newer Node versions have a localStorage of their own: each test sets the one it needs, and
// whatever was there before comes back after it.
const original = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
const setStorage = (value: unknown) =>
  Object.defineProperty(globalThis, "localStorage", { configurable: true, writable: true, value });
afterEach(() => {
  if (original) Object.defineProperty(globalThis, "localStorage", original);
  else delete (globalThis as { localStorage?: unknown }).localStorage;
});

test("no storage at all: null, and a store that keeps nothing", () => {
  setStorage(undefined);
  expect(siteStorage()).toBeNull();
  const store = storeOrNothing();
  expect(store).toBe(keepsNothing);
  store.setItem("k", "v");
  expect(store.getItem("k")).toBeNull();
});

test("a browser that refuses storage throws on reading localStorage itself: null, not the error", () => {
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  });
  expect(siteStorage()).toBeNull();
  expect(storeOrNothing()).toBe(keepsNothing);
});

test("a browser that allows it: the page's own storage", () => {
  const data = new Map<string, string>();
  const storage = {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
  };
  setStorage(storage);
  expect(siteStorage()).toBe(storage);
  storeOrNothing().setItem("k", "v");
  expect(data.get("k")).toBe("v");
});

test("keep writes, forgets on null, and answers false where storage is refused or full", () => {
  const data = new Map<string, string>();
  let full = false;
  setStorage({
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => {
      if (full) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
      data.set(k, v);
    },
    removeItem: (k: string) => void data.delete(k),
  });
  expect(keep("k", "v")).toBe(true);
  expect(data.get("k")).toBe("v");
  full = true;
  expect(keep("k", "w")).toBe(false);
  expect(data.get("k")).toBe("v");
  expect(keep("k", null)).toBe(true);
  expect(data.has("k")).toBe(false);
  setStorage(undefined);
  expect(keep("k", "v")).toBe(false);
});
