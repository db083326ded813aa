/**
 * The page side of a Predict block: reads the form, grades it with src/grader/prediction.ts,
 * writes the verdict into the live region and reveals the result. Loaded on the first focus,
 * submit or skip.
 */
import { gradeClassPrediction, gradeNumberPrediction } from "../../grader/prediction.ts";
import { setSpokenText } from "../spoken-figures.ts";
import type { PredictConfig } from "./config.ts";

function parts(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>("[data-predict-form]")!;
  const verdict = root.querySelector<HTMLElement>("[data-predict-verdict]")!;
  const config = JSON.parse(form.dataset.config!) as PredictConfig;
  const reveal = document.querySelector<HTMLElement>(`[data-predict-reveal="${config.id}"]`)!;
  return { form, verdict, config, reveal };
}

/**
 * Show the result, freeze the form as it was answered, and say so. The form's controls are
 * disabled and its buttons hidden, so a reader whose focus was on one (the button they pressed,
 * the field they pressed Enter in) would be left on the page's body: focus moves to the result
 * instead, which the verdict says is shown below, and the next Tab goes on from there.
 */
function revealResult(root: HTMLElement, message: string, status: string): void {
  const { form, verdict, reveal } = parts(root);
  const focusWasInForm = form.contains(document.activeElement);
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
    "input, select, button",
  ))
    field.disabled = true;
  form.querySelector(".predict-actions")?.setAttribute("hidden", "");
  root.dataset.status = status;
  reveal.hidden = false;
  // A power of ten in the verdict is said in words, and shown on one line (spoken-figures.ts).
  setSpokenText(verdict, `${message} The result is shown below.`);
  if (focusWasInForm) reveal.focus();
}

export function check(root: HTMLElement): void {
  const { form, verdict, config } = parts(root);
  if (root.dataset.status) return;
  const data = new FormData(form);
  if (config.kind === "number") {
    const input = form.querySelector<HTMLInputElement>('input[name="value"]')!;
    const v = gradeNumberPrediction(String(data.get("value") ?? ""), config.actual, config);
    if (v.status === "invalid") {
      input.setAttribute("aria-invalid", "true");
      setSpokenText(verdict, v.message);
      input.focus();
      return;
    }
    input.removeAttribute("aria-invalid");
    revealResult(root, v.message, v.status);
    return;
  }
  const predicted: Record<string, string> = {};
  for (const item of config.items) predicted[item.id] = String(data.get(item.id) ?? "");
  const v = gradeClassPrediction(config.items, predicted, config.classes);
  for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
    if (v.status === "invalid" && v.missing.includes(select.name)) select.setAttribute("aria-invalid", "true");
    else select.removeAttribute("aria-invalid");
  }
  if (v.status === "invalid") {
    verdict.textContent = v.message;
    form.querySelector<HTMLSelectElement>('select[aria-invalid="true"]')?.focus();
    return;
  }
  for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
    const item = config.items.find((i) => i.id === select.name);
    if (item) select.closest(".predict-row")?.setAttribute("data-right", String(select.value === item.actual));
  }
  revealResult(root, v.message, v.right === v.total ? "close" : "graded");
}

export function skip(root: HTMLElement): void {
  if (root.dataset.status) return;
  revealResult(root, "No prediction made.", "skipped");
}
