/**
 * Done marks in the sidebar: a chapter whose exercises are all solved gets a check mark (and
 * "done" for screen readers). Runs on every page; tiny, and kept up to date as exercises are
 * solved in this tab or another.
 */
import { chapterDone } from "../../course/progress.ts";
import { sitePath } from "../../course/url.ts";
import { readCatalog } from "./catalog.ts";
import { onStoredProgressChange, progressEvent, readProgress } from "./store.ts";

function mark(): void {
  const catalog = readCatalog(document.getElementById("br-exercise-catalog"));
  const progress = readProgress();
  for (const chapter of catalog) {
    const done = chapterDone(progress, chapter);
    for (const link of document.querySelectorAll<HTMLAnchorElement>(
      `nav.sidebar a[href="${sitePath(`${chapter.slug}/`)}"]`,
    )) {
      const existing = link.querySelector(".br-done");
      if (done && !existing) {
        const badge = document.createElement("span");
        badge.className = "br-done";
        badge.innerHTML = '<span aria-hidden="true">✓</span><span class="sr-only"> (done)</span>';
        badge.title = "All exercises solved";
        link.append(badge);
      } else if (!done && existing) {
        existing.remove();
      }
    }
  }
}

mark();
window.addEventListener(progressEvent, mark);
onStoredProgressChange(mark);
