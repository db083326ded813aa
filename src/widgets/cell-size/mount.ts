/**
 * Page side of the cell-size widget, loaded on first touch: the form-driven widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the slider's current value (so a change made
 * before it loaded counts) and after every change, and announces it. A slider cannot hold a wrong
 * value, so every read is valid.
 */
import { mountFormWidget } from "../cells/mount-form.ts";
import { cellSizeState, cellSizeSummary, cellSizeView, cellsText, renderCellSize } from "./render.ts";

export function mount(root: HTMLElement): void {
  const shown = root.querySelector<HTMLOutputElement>("output[data-cells]");
  const slider = root.querySelector<HTMLInputElement>('input[name="cells"]');
  mountFormWidget(
    root,
    (fields) => ({ ok: true, state: cellSizeState(fields) }),
    (state) => {
      const view = cellSizeView(state);
      return { html: renderCellSize(view), summary: cellSizeSummary(view) };
    },
    (state) => {
      const text = cellsText(cellSizeView(state));
      if (shown) shown.textContent = text;
      slider?.setAttribute("aria-valuetext", text);
    },
  );
}
