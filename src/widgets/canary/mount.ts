/**
 * Page side of the canary widget, loaded on first touch: redraws from the form's current values
 * (so a change made before it loaded counts) and after every change, and announces the result.
 */
import { bakeText, canaryState, canarySummary, canaryView, renderCanary } from "./render.ts";

export function mount(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  const bakeOut = root.querySelector<HTMLOutputElement>("output[data-bake]");
  const bake = form?.querySelector<HTMLInputElement>('input[name="bake"]');
  if (!form || !output || !live) return;
  let last = "";
  const draw = () => {
    const data = new FormData(form);
    const state = canaryState({ share: data.get("share"), bake: data.get("bake"), regressed: data.get("regressed") });
    const key = JSON.stringify(state);
    const text = bakeText(state.bakeMinutes * 60);
    if (bakeOut) bakeOut.textContent = text;
    bake?.setAttribute("aria-valuetext", text);
    if (key === last) return;
    last = key;
    const view = canaryView(state);
    output.innerHTML = renderCanary(view);
    live.textContent = canarySummary(view);
  };
  form.addEventListener("input", draw);
  form.addEventListener("change", draw);
  form.addEventListener("submit", (event) => event.preventDefault());
  draw();
  root.dataset.ready = "true";
}
