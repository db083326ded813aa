import { expect, test } from "vitest";
import { allowStorageText, storageRefusedText } from "../site-storage.ts";
import { keptText, refusedText, showKeeping } from "./keeping.ts";

/** Just what showKeeping touches of an element. */
const note = () => ({ textContent: keptText, dataset: {} as Record<string, string> });

test("where storage is refused, the note says so in the site's words, and promises no history and no resume", () => {
  expect(refusedText.startsWith(`${storageRefusedText} `)).toBe(true);
  expect(refusedText.endsWith(` ${allowStorageText}`)).toBe(true);
  expect(refusedText).toContain("no attempt can be saved to your history");
  expect(refusedText).toContain("cannot be resumed after a reload");
  expect(refusedText).not.toContain("stay in this browser");
  const refused = note();
  showKeeping(refused as unknown as HTMLElement, null);
  expect(refused).toEqual({ textContent: refusedText, dataset: { refused: "" } });
});

test("where the browser keeps data, the note stays as built: attempts kept here, an unfinished interview offered again", () => {
  expect(keptText).toMatch(/^Your attempts stay in this browser only\. After a reload, the page offers to resume /);
  const kept = note();
  showKeeping(kept as unknown as HTMLElement, {} as Storage);
  expect(kept).toEqual({ textContent: keptText, dataset: {} });
});
