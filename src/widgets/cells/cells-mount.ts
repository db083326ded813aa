/** Page side of the cells widget, loaded on first interaction. */
import { cellsView, checkCells } from "./cells-model.ts";
import { cellsSummary, renderCells } from "./cells-render.ts";
import { mountFormWidget } from "./mount-form.ts";

export function mount(root: HTMLElement): void {
  mountFormWidget(root, checkCells, (state) => {
    const view = cellsView(state);
    return { html: renderCells(view), summary: cellsSummary(view) };
  });
}
