/**
 * Page side of the zone-headroom widget, loaded on first touch: redraws from the form's current
 * values (so a change made before it loaded counts) and after every change, and announces it.
 */
import { times } from "../../format/number.ts";
import { headroomState, headroomSummary, headroomView, renderHeadroom } from "./render.ts";

export function mount(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  const shown = root.querySelector<HTMLOutputElement>("output[data-provisioned]");
  const slider = form?.querySelector<HTMLInputElement>('input[name="provisioned"]');
  if (!form || !output || !live) return;
  let last = "";
  const draw = () => {
    const data = new FormData(form);
    const state = headroomState({ zones: data.get("zones"), provisioned: data.get("provisioned") });
    const text = `${times(state.provisioned)} the peak`;
    if (shown) shown.textContent = text;
    slider?.setAttribute("aria-valuetext", text);
    const key = JSON.stringify(state);
    if (key === last) return;
    last = key;
    const view = headroomView(state);
    output.innerHTML = renderHeadroom(view);
    live.textContent = headroomSummary(view);
  };
  form.addEventListener("input", draw);
  form.addEventListener("change", draw);
  form.addEventListener("submit", (event) => event.preventDefault());
  draw();
  root.dataset.ready = "true";
}
