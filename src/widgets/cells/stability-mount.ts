/** Page side of the static-stability widget, loaded on first interaction. */
import { normalizeStability, stabilityView, type StabilityState } from "./stability-model.ts";
import { renderStability, stabilitySummary } from "./stability-render.ts";
import { mountFormWidget } from "./mount-form.ts";

export function mount(root: HTMLElement): void {
  mountFormWidget(root, (fields) => {
    const raw = fields as Record<string, unknown>;
    const state = normalizeStability({
      ...(raw as Partial<StabilityState>),
      controlPlaneUp: raw.controlPlane === "up",
    });
    const view = stabilityView(state);
    return { html: renderStability(view), summary: stabilitySummary(view), normalized: { ...state } };
  });
}
