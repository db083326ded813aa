/**
 * Page side of the zone-headroom widget, loaded on first touch: the slider widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the form's current values (so a change made
 * before it loaded counts) and after every change, and announces it.
 */
import { mountSliderWidget } from "../cells/mount-form.ts";
import { headroomState, headroomSummary, headroomView, provisionedText, renderHeadroom } from "./render.ts";

export function mount(root: HTMLElement): void {
  mountSliderWidget(root, {
    state: headroomState,
    draw: (state) => {
      const view = headroomView(state);
      return { html: renderHeadroom(view), summary: headroomSummary(view) };
    },
    sliderText: provisionedText,
  });
}
