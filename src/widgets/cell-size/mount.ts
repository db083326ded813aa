/**
 * Page side of the cell-size widget, loaded on first touch: the slider widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the slider's current value (so a change made
 * before it loaded counts) and after every change, and announces it.
 */
import { mountSliderWidget } from "../cells/mount-form.ts";
import { cellSizeState, cellSizeSummary, cellSizeView, cellsText, renderCellSize } from "./render.ts";

export function mount(root: HTMLElement): void {
  mountSliderWidget(root, {
    state: cellSizeState,
    draw: (state) => {
      const view = cellSizeView(state);
      return { html: renderCellSize(view), summary: cellSizeSummary(view) };
    },
    sliderText: (state) => cellsText(cellSizeView(state)),
  });
}
