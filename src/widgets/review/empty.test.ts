import { afterEach, expect, test } from "vitest";
import { firstComeback } from "../../course/first-comeback.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { allowStorageText, storageRefusedText } from "../site-storage.ts";
import { emptyReview, nothingKeptToReview, nothingToReview } from "./empty.ts";

// Newer Node versions have a localStorage of their own: each test sets the one it needs, and
// whatever was there before comes back after it.
const original = Object.getOwnPropertyDescriptor(globalThis, "localStorage");
afterEach(() => {
  if (original) Object.defineProperty(globalThis, "localStorage", original);
  else delete (globalThis as { localStorage?: unknown }).localStorage;
});

test("with storage, the empty review says a solved exercise comes back", () => {
  Object.defineProperty(globalThis, "localStorage", { configurable: true, writable: true, value: new Map() });
  expect(emptyReview()).toBe(nothingToReview);
  // When, by how the solve went: the days of the first cards' intervals (review-first.test.ts),
  // each bound to its number as the build binds the page's (the script finds it unchanged).
  expect(nothingToReview).toContain(`comes back here ${keepUnitWithNumber(firstComeback)}.`);
  expect(nothingToReview).not.toMatch(/\d days/);
});

test("where the browser refuses storage, it says so in the site's words, and promises nothing back", () => {
  Object.defineProperty(globalThis, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("The operation is insecure.", "SecurityError");
    },
  });
  expect(emptyReview()).toBe(nothingKeptToReview);
  expect(nothingKeptToReview.startsWith(`${storageRefusedText} `)).toBe(true);
  expect(nothingKeptToReview).toContain(allowStorageText);
  expect(nothingKeptToReview).not.toMatch(/comes back here in/);
});
