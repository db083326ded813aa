/**
 * The /progress/ page: status per exercise and chapter, export, import (merge) and reset. Its
 * summary counts the daily review as /review/ would show it, as the landing page's does
 * (summaryWithReviews, src/widgets/progress/reviewables.ts). Where the browser refuses storage the
 * page says so (storageRefusedText) instead of saying progress is saved, and offers no export,
 * import or reset.
 */
import {
  chapterDone,
  emptyProgress,
  exerciseStatus,
  exportProgress,
  maxProgressFileLength,
  mergeProgress,
  type Progress,
  totals,
} from "../../course/progress.ts";
import { describeImport, importProgress, tooLargeToImport } from "../../course/progress-import.ts";
import { countOf, grouped } from "../../format/number.ts";
import { InlineQuestion } from "../inline-question.ts";
import { siteStorage } from "../site-storage.ts";
import { readCatalog } from "./catalog.ts";
import { readSchedulable, summaryWithReviews } from "./reviewables.ts";
import {
  discardUnreadable,
  onStoredProgressChange,
  progressEvent,
  readProgress,
  unreadableProgress,
  writeProgress,
} from "./store.ts";

function saveFile(text: string, name: string): void {
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

export function mountProgressPage(): void {
  const root = document.querySelector<HTMLElement>("[data-progress-page]");
  if (!root) return;
  const catalog = readCatalog(root.querySelector("[data-progress-catalog]"));
  const status = root.querySelector<HTMLElement>("[data-transfer-status]")!;
  const importInput = root.querySelector<HTMLInputElement>('[data-action="import"]');
  const known = new Set(catalog.flatMap((c) => c.exercises.map((e) => e.id)));
  /** The exercises spaced review takes (those with generated variants), as the build lists them. */
  const schedulable = readSchedulable(root, catalog);

  /**
   * The table and the totals, from the stored progress. Text is set only where it changed: the
   * summary is a live region, and the same words written again could be read out again.
   */
  const draw = () => {
    const progress = readProgress();
    const show = (element: Element | null, text: string) => {
      if (element && element.textContent !== text) element.textContent = text;
    };
    for (const chapter of catalog) {
      for (const e of chapter.exercises)
        show(root.querySelector(`[data-exercise-status="${e.id}"]`), exerciseStatus(progress, e.id, e.parts));
      show(
        root.querySelector(`[data-chapter-status="${chapter.slug}"]`),
        chapterDone(progress, chapter) ? "✓ done" : "",
      );
    }
    show(root.querySelector("[data-progress-summary]"), summaryWithReviews(progress, catalog, schedulable, new Date()));
  };
  /** After this page changed the progress: everything redrawn, and the rest of the page told. */
  const render = () => {
    showKeptAside();
    draw();
    window.dispatchEvent(new CustomEvent(progressEvent));
  };

  root.querySelector('[data-action="export"]')?.addEventListener("click", () => {
    saveFile(exportProgress(readProgress()), `blast-radius-progress-${new Date().toISOString().slice(0, 10)}.json`);
    status.textContent = "Exported: the file is in your downloads.";
  });

  importInput?.addEventListener("change", async (event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    // Refused before it is read: a file of gigabytes would otherwise be read whole into memory.
    if (file.size > maxProgressFileLength) {
      status.textContent = tooLargeToImport;
      input.value = "";
      return;
    }
    const result = importProgress(await file.text(), readProgress(), known, "page", new Date());
    if (!result.ok) {
      status.textContent = result.message;
    } else if (writeProgress(result.progress)) {
      status.textContent = describeImport(result);
      render();
    } else {
      status.textContent = "This browser refused to save the progress (storage full or blocked).";
    }
    input.value = "";
  });

  // Progress this browser could not read is kept aside: offer it for download, to repair and import.
  const aside = root.querySelector<HTMLElement>("[data-unreadable]");
  /** What the list of copies kept aside shows, so it is redrawn only when that changes. */
  let keptShown = "";
  const showKeptAside = () => {
    if (!aside) return;
    const kept = unreadableProgress();
    aside.hidden = kept.length === 0;
    const list = aside.querySelector<HTMLElement>("[data-unreadable-list]");
    if (!list) return;
    const shown = JSON.stringify(kept);
    if (shown === keptShown) return;
    keptShown = shown;
    // A button of the list with the focus (Forget it, pressed; or a copy another tab forgot) hands
    // it on to the same button of the copy now in its place, or of the last; with none left, to
    // the import, where a repaired copy comes back.
    const focused = [...list.querySelectorAll("button")].indexOf(document.activeElement as HTMLButtonElement);
    list.replaceChildren(
      ...kept.map(({ key, text }, i) => {
        const item = document.createElement("li");
        const download = document.createElement("button");
        download.type = "button";
        download.className = "br-button";
        download.textContent = `Download copy ${i + 1} (${grouped(text.length)} characters)`;
        download.addEventListener("click", () => {
          saveFile(text, `blast-radius-progress-unreadable-${i + 1}.json`);
          status.textContent = `Downloaded copy ${i + 1}. Repair it in a text editor, then import it above.`;
        });
        const forget = document.createElement("button");
        forget.type = "button";
        forget.className = "br-button";
        forget.textContent = "Forget it";
        forget.addEventListener("click", () => {
          discardUnreadable(key);
          status.textContent = `Copy ${i + 1} forgotten.`;
          showKeptAside();
        });
        item.append(download, forget);
        return item;
      }),
    );
    if (focused < 0) return;
    const items = [...list.children];
    const item = items[Math.min(Math.floor(focused / 2), items.length - 1)];
    (item ? item.querySelectorAll("button")[focused % 2] : importInput)?.focus();
  };

  const resetButton = root.querySelector<HTMLButtonElement>('[data-action="reset"]')!;
  const undo = root.querySelector<HTMLElement>("[data-reset-undo]")!;
  const undoButton = undo.querySelector<HTMLButtonElement>("button")!;
  /**
   * What the resets on this page removed, until they are undone or the page is left. A second
   * reset while Undo is still offered adds to it, never replaces it: Undo brings back what the
   * learner had before the first.
   */
  let beforeReset: Progress | undefined;
  /** Asked before a reset, inline, with keeping the safe answer (Enter twice does not reset; Escape keeps). */
  const asking = new InlineQuestion(root.querySelector<HTMLElement>("[data-reset-confirm]")!, {
    answers: ["reset", "keep"],
    safe: "keep",
    onAnswer: (answer) => (answer === "keep" ? asking.dismiss(resetButton) : reset()),
  });
  // The question opened under the last action's message ("That file is not JSON…"), which then read
  // as part of it: the message goes as it opens (emptied, so nothing is read out), and the reset's
  // own takes its place.
  resetButton.addEventListener("click", () => {
    status.textContent = "";
    asking.ask();
  });
  function reset(): void {
    const before = readProgress();
    asking.dismiss(resetButton);
    if (!writeProgress(emptyProgress())) {
      status.textContent = "This browser refused to change the stored progress, so nothing was reset.";
      resetButton.focus();
      return;
    }
    const again = beforeReset !== undefined;
    beforeReset = beforeReset ? mergeProgress(before, beforeReset) : before;
    const { solved } = totals(before, catalog);
    status.textContent = `Progress reset: ${countOf(solved, "solved exercise")} and every attempt, hint and review card removed from this browser.`;
    if (again)
      status.textContent += ` Undo brings back what you had before the first reset: ${countOf(totals(beforeReset, catalog).solved, "solved exercise")}.`;
    undo.hidden = false;
    undoButton.focus();
    render();
  }
  undoButton.addEventListener("click", () => {
    if (!beforeReset) return;
    // Merged, so anything done in another tab since the reset is kept too.
    if (!writeProgress(mergeProgress(readProgress(), beforeReset))) {
      status.textContent = "This browser refused to save the progress (storage full or blocked).";
      return;
    }
    beforeReset = undefined;
    undo.hidden = true;
    status.textContent = "Reset undone: your progress is back.";
    resetButton.focus();
    render();
  });

  // Where the browser refuses storage nothing is kept: say so in place of saying progress is
  // saved, and offer nothing that needs it (the section with export, import and reset goes).
  if (!siteStorage()) {
    for (const kept of root.querySelectorAll<HTMLElement>("[data-storage-kept]")) kept.hidden = true;
    root.querySelector<HTMLElement>("[data-storage-refused]")!.hidden = false;
  }

  // Progress changed in another tab (an exercise solved, a reset, an import; a null key: the
  // storage was cleared): the table and the totals follow. Only what changed is redrawn, so the
  // focus, an open question and an offered Undo stay as they were; a reset or an undo here reads
  // the stored progress when it is pressed.
  onStoredProgressChange(() => {
    showKeptAside();
    draw();
  });

  render();
}
