/**
 * How a page learns that another tab changed the stored progress (onStoredProgressChange): the
 * browser's storage event, for the progress key, a copy kept aside beside it, or the whole storage
 * cleared (a null key); not for the other keys the site keeps, which change as a learner types.
 */
import { afterEach, expect, test, vi } from "vitest";
import { progressKey } from "../../course/progress.ts";
import { changesProgress, onStoredProgressChange, progressEvent, unreadableKey } from "./store.ts";

afterEach(() => vi.unstubAllGlobals());

/** A storage event as the browser sends it to the other tabs of the origin. */
const storageEvent = (key: string | null) => Object.assign(new Event("storage"), { key });

test("the progress key, a copy kept aside and a cleared storage change progress; other keys do not", () => {
  expect([progressKey, unreadableKey, `${unreadableKey}:2`, null].map(changesProgress)).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect(
    [
      "blast-radius:exercise-code:v1:choose-exact",
      "blast-radius:review-attempts:v1",
      "blast-radius:playground:v1",
      "starlight-theme",
    ].map(changesProgress),
  ).toEqual([false, false, false, false]);
});

test("a page's redraw runs once for each storage event that changes progress, and for no other", () => {
  const page = new EventTarget();
  vi.stubGlobal("window", page);
  const redraw = vi.fn();
  onStoredProgressChange(redraw);
  page.dispatchEvent(storageEvent("blast-radius:exercise-code:v1:choose-exact"));
  expect(redraw).not.toHaveBeenCalled();
  page.dispatchEvent(storageEvent(progressKey));
  page.dispatchEvent(storageEvent(null));
  expect(redraw).toHaveBeenCalledTimes(2);
  // This tab's own change comes as progressEvent, which callers follow apart: not a storage event.
  page.dispatchEvent(new Event(progressEvent));
  expect(redraw).toHaveBeenCalledTimes(2);
});
