/**
 * The error marks a CodeMirror editor shows (a playground's, a code exercise's): each marked
 * line (1-based), with the code its mark underlines.
 */
import type { Locator } from "playwright-core";

export function editorMarks(editor: Locator): Promise<{ line: number; text: string }[]> {
  return editor.locator(".cm-content").evaluate((content) => {
    const lines = [...content.querySelectorAll(".cm-line")];
    const marked = new Map<number, string>();
    for (const mark of content.querySelectorAll(".cm-lintRange-error")) {
      const line = lines.indexOf(mark.closest(".cm-line")!) + 1;
      marked.set(line, (marked.get(line) ?? "") + mark.textContent);
    }
    return [...marked].map(([line, text]) => ({ line, text }));
  });
}
