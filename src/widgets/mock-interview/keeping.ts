/**
 * What the mock interview says of where it keeps the learner's work, above its setup: in this
 * browser, with an unfinished interview offered for resuming after a reload; or, where the browser
 * refuses the site storage (siteStorage() is null, the site's one test of it), that nothing is kept
 * beyond the open page, in the site's own words for a refusal. The page is built with the first;
 * the bootstrap swaps in the second as the page loads, before the widget's own code is fetched.
 * Kept to site-storage.ts's imports (none): every load of the playbook runs it.
 */
import { allowStorageText, siteStorage, storageRefusedText } from "../site-storage.ts";

export const keptText =
  "Your attempts stay in this browser only. After a reload, the page offers to resume an interview left unfinished, paused where it was, or to discard it.";

export const refusedText = `${storageRefusedText} Here, no attempt can be saved to your history, and an interview left unfinished cannot be resumed after a reload. ${allowStorageText}`;

/** Says, in `note`, that nothing is kept where the browser refuses storage; leaves it as built otherwise. */
export function showKeeping(note: HTMLElement, storage: Storage | null = siteStorage()): void {
  if (storage) return;
  note.textContent = refusedText;
  note.dataset.refused = "";
}
