/**
 * Page side of the zone-headroom widget, loaded on first touch: the form-driven widgets' one
 * mount (src/widgets/cells/mount-form.ts) redraws from the form's current values (so a change made
 * before it loaded counts) and after every change, and announces it. Its fields are a select and a
 * slider, so every read is valid.
 */
import { times } from "../../format/number.ts";
import { mountFormWidget } from "../cells/mount-form.ts";
import { headroomState, headroomSummary, headroomView, renderHeadroom } from "./render.ts";

export function mount(root: HTMLElement): void {
  const shown = root.querySelector<HTMLOutputElement>("output[data-provisioned]");
  const slider = root.querySelector<HTMLInputElement>('input[name="provisioned"]');
  mountFormWidget(
    root,
    (fields) => ({ ok: true, state: headroomState(fields) }),
    (state) => {
      const view = headroomView(state);
      return { html: renderHeadroom(view), summary: headroomSummary(view) };
    },
    (state) => {
      const text = `${times(state.provisioned)} the peak`;
      if (shown) shown.textContent = text;
      slider?.setAttribute("aria-valuetext", text);
    },
  );
}
