/**
 * Page side of the zone-headroom widget, loaded on first touch: the slider widgets' one mount
 * (src/widgets/cells/mount-form.ts) redraws from the form's current values (so a change made
 * before it loaded counts) and after every change, and announces it.
 */
import { mountSliderWidget } from "../cells/mount-form.ts";
import {
  headroomState,
  headroomSummary,
  headroomView,
  provisionedText,
  renderHeadroom,
  summarySizers,
} from "./render.ts";

export function mount(root: HTMLElement): void {
  // The summary's unseen longest wordings are the zone count's: laid again when it changes, so
  // the summary keeps its height while the slider moves (at the new count's tallest).
  const sizers = root.querySelector<HTMLElement>("[data-summary-sizers]");
  if (!sizers) throw new Error("headroom widget markup is missing its summary sizers");
  mountSliderWidget(root, {
    state: headroomState,
    draw: (state) => {
      const view = headroomView(state);
      if (sizers.dataset.summarySizers !== String(state.zones)) {
        sizers.innerHTML = summarySizers(state.zones);
        sizers.dataset.summarySizers = String(state.zones);
      }
      return { html: renderHeadroom(view), summary: headroomSummary(view) };
    },
    sliderText: provisionedText,
  });
}
