/**
 * Page side of the canary widget, loaded on first touch: the slider widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the form's current values (so a change made
 * before it loaded counts) and after every change, and announces the result.
 */
import { mountSliderWidget } from "../cells/mount-form.ts";
import { bakeText, canaryState, canarySummary, canaryView, renderCanary } from "./render.ts";

export function mount(root: HTMLElement): void {
  mountSliderWidget(root, {
    state: canaryState,
    draw: (state) => {
      const view = canaryView(state);
      return { html: renderCanary(view), summary: canarySummary(view) };
    },
    sliderText: (state) => bakeText(state.bakeMinutes * 60),
  });
}
