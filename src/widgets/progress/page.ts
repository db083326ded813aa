/** The /progress/ page: status per exercise and chapter, export, import (merge) and reset. */
import {
  chapterDone,
  describeImport,
  emptyProgress,
  exerciseStatus,
  exportProgress,
  importProgress,
  progressSummary,
} from "../../course/progress.ts";
import { readCatalog } from "./catalog.ts";
import { discardUnreadable, progressEvent, readProgress, unreadableProgress, writeProgress } from "./store.ts";

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
  const known = new Set(catalog.flatMap((c) => c.exercises.map((e) => e.id)));

  const render = () => {
    const progress = readProgress();
    showKeptAside();
    for (const chapter of catalog) {
      for (const e of chapter.exercises) {
        const cell = root.querySelector(`[data-exercise-status="${e.id}"]`);
        if (cell) cell.textContent = exerciseStatus(progress, e.id, e.parts);
      }
      const chapterCell = root.querySelector(`[data-chapter-status="${chapter.slug}"]`);
      if (chapterCell) chapterCell.textContent = chapterDone(progress, chapter) ? "✓ done" : "";
    }
    const summary = root.querySelector("[data-progress-summary]");
    if (summary) summary.textContent = progressSummary(progress, catalog, Date.now());
    window.dispatchEvent(new CustomEvent(progressEvent));
  };

  root.querySelector('[data-action="export"]')?.addEventListener("click", () => {
    saveFile(exportProgress(readProgress()), `blast-radius-progress-${new Date().toISOString().slice(0, 10)}.json`);
    status.textContent = "Exported: the file is in your downloads.";
  });

  root.querySelector<HTMLInputElement>('[data-action="import"]')?.addEventListener("change", async (event) => {
    const input = event.currentTarget as HTMLInputElement;
    const file = input.files?.[0];
    if (!file) return;
    const result = importProgress(await file.text(), readProgress(), known);
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
  const showKeptAside = () => {
    if (!aside) return;
    const kept = unreadableProgress();
    aside.hidden = kept.length === 0;
    const list = aside.querySelector<HTMLElement>("[data-unreadable-list]");
    if (!list) return;
    list.replaceChildren(
      ...kept.map(({ key, text }, i) => {
        const item = document.createElement("li");
        const download = document.createElement("button");
        download.type = "button";
        download.className = "br-button";
        download.textContent = `Download copy ${i + 1} (${text.length.toLocaleString("en")} characters)`;
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
  };

  const confirm = root.querySelector<HTMLElement>("[data-reset-confirm]")!;
  root.querySelector('[data-action="reset"]')?.addEventListener("click", () => {
    confirm.hidden = false;
    confirm.querySelector<HTMLButtonElement>("button")?.focus();
  });
  root.querySelector('[data-action="reset-cancel"]')?.addEventListener("click", () => (confirm.hidden = true));
  root.querySelector('[data-action="reset-confirm"]')?.addEventListener("click", () => {
    writeProgress(emptyProgress());
    confirm.hidden = true;
    status.textContent = "Progress reset.";
    render();
  });

  render();
}
