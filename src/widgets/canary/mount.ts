/**
 * Page side of the canary widget, loaded on first touch: the form-driven widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the form's current values (so a change made
 * before it loaded counts) and after every change, and announces the result. Its fields are
 * selects and a slider, so every read is valid.
 */
import { mountFormWidget } from "../cells/mount-form.ts";
import { bakeText, canaryState, canarySummary, canaryView, renderCanary } from "./render.ts";

export function mount(root: HTMLElement): void {
  const shown = root.querySelector<HTMLOutputElement>("output[data-bake]");
  const slider = root.querySelector<HTMLInputElement>('input[name="bake"]');
  mountFormWidget(
    root,
    (fields) => ({ ok: true, state: canaryState(fields) }),
    (state) => {
      const view = canaryView(state);
      return { html: renderCanary(view), summary: canarySummary(view) };
    },
    (state) => {
      const text = bakeText(state.bakeMinutes * 60);
      if (shown) shown.textContent = text;
      slider?.setAttribute("aria-valuetext", text);
    },
  );
}
