/** Page side of the cells widget, loaded on first interaction. */
import { cellsFieldBounds, cellsView, checkCells } from "./cells-model.ts";
import { cellsSummary, renderCells } from "./cells-render.ts";
import { mountFormWidget, readFields } from "./mount-form.ts";

export function mount(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const field = (name: string) => root.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  // The other fields carry the bounds the check holds them to, from what the Cells field holds
  // (cellsFieldBounds: the count's, or the widget's own while Cells is wrong), whether or not they
  // hold a value those allow, so the arrow keys stop where the check does and the field's bounds
  // are the message's: at each keystroke (a message shows while a number is typed), each change,
  // and at the mount, for a count set before it (or put back by the browser after Back).
  const followCells = () => {
    if (!form) return;
    const bounds = cellsFieldBounds(readFields(form).cells);
    field("customers")?.setAttribute("min", String(bounds.customersMin));
    field("waveSize")?.setAttribute("max", String(bounds.waveMax));
  };
  form?.addEventListener("input", followCells);
  form?.addEventListener("change", followCells);
  followCells();
  mountFormWidget(root, checkCells, (state) => {
    const view = cellsView(state);
    return { html: renderCells(view), summary: cellsSummary(view) };
  });
}
