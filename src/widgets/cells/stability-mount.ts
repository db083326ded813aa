/** Page side of the static-stability widget, loaded on first interaction. */
import { checkStability, stabilityView } from "./stability-model.ts";
import { renderStability, stabilitySummary } from "./stability-render.ts";
import { mountFormWidget } from "./mount-form.ts";

export function mount(root: HTMLElement): void {
  mountFormWidget(
    root,
    (fields) => checkStability({ ...fields, controlPlaneUp: fields.controlPlane === "up" }),
    (state) => {
      const view = stabilityView(state);
      return { html: renderStability(view), summary: stabilitySummary(view) };
    },
  );
}
