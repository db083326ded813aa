/** Page side of the cells widget, loaded on first interaction. */
import { cellsBounds, cellsLimits, cellsView, checkCells } from "./cells-model.ts";
import { cellsSummary, renderCells } from "./cells-render.ts";
import { mountFormWidget, readFields } from "./mount-form.ts";
import { limitProblem } from "../number-fields.ts";

export function mount(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  // A cell count, once finished and within its bounds, sets the other fields' bounds (whether or
  // not they hold a value it allows), so the arrow keys stop where the check does: at each change,
  // and at the mount, for a count set before it (or put back by the browser after Back).
  const followCells = () => {
    if (!form) return;
    const { cells } = readFields(form);
    if (typeof cells !== "number" || limitProblem(cells, cellsLimits.cells) !== null) return;
    const bounds = cellsBounds(cells);
    field("customers")?.setAttribute("min", String(bounds.customersMin));
    field("waveSize")?.setAttribute("max", String(bounds.waveMax));
  };
  form?.addEventListener("change", followCells);
  followCells();
  mountFormWidget(root, checkCells, (state) => {
    const view = cellsView(state);
    return { html: renderCells(view), summary: cellsSummary(view) };
  });
}
