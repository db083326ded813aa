/**
 * The page side of a Predict block: reads the form, grades it with src/grader/prediction.ts,
 * writes the verdict into the live region and reveals the result, and keeps the answer (kept.ts)
 * so that a reload shows it as made, with its result. Loaded on the first focus, submit or skip,
 * or on load when the browser keeps an answer for a block of the page.
 */
import { gradeClassPrediction, gradeNumberPrediction } from "../../grader/prediction.ts";
import { keep } from "../site-storage.ts";
import { setSpokenText } from "../spoken-figures.ts";
import type { PredictConfig } from "./config.ts";
import { predictionKey } from "./key.ts";
import { type KeptPrediction, keptPrediction } from "./kept.ts";

function parts(root: HTMLElement) {
  const form = root.querySelector<HTMLFormElement>("[data-predict-form]")!;
  const verdict = root.querySelector<HTMLElement>("[data-predict-verdict]")!;
  const config = JSON.parse(form.dataset.config!) as PredictConfig;
  const reveal = document.querySelector<HTMLElement>(`[data-predict-reveal="${config.id}"]`)!;
  return { form, verdict, config, reveal };
}

/** What the verdict adds when it shows an answer kept from before (a reload, another tab). */
export function keptSaid(kept: KeptPrediction): string {
  return `Kept in this browser since you ${"skipped" in kept ? "skipped" : "answered"}.`;
}

/**
 * Show the result, freeze the form as it was answered, and say so. The form's controls are
 * disabled and its buttons hidden, so a reader whose focus was on one (the button they pressed,
 * the field they pressed Enter in) would be left on the page's body: focus moves to the result
 * instead, which the verdict says is shown below, and the next Tab goes on from there. A kept
 * answer (`kept`) says so; one shown again on load (`quietly`) is not announced: the reader did nothing, and a page with two
 * kept answers would speak twice as it opened; its verdict is the field's description all the same.
 */
function revealResult(
  root: HTMLElement,
  message: string,
  status: string,
  kept?: { answer: KeptPrediction; quietly: boolean },
): void {
  const { form, verdict, reveal } = parts(root);
  const focusWasInForm = form.contains(document.activeElement);
  for (const field of form.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLButtonElement>(
    "input, select, button",
  ))
    field.disabled = true;
  form.querySelector(".predict-actions")?.setAttribute("hidden", "");
  root.dataset.status = status;
  reveal.hidden = false;
  // Nothing is written into the verdict after this (the form is frozen): it can stay silent.
  if (kept?.quietly) verdict.setAttribute("aria-live", "off");
  // A power of ten in the verdict is said in words, and shown on one line (spoken-figures.ts).
  setSpokenText(verdict, `${message} The result is shown below.${kept ? ` ${keptSaid(kept.answer)}` : ""}`);
  if (focusWasInForm) reveal.focus();
}

type Graded = { invalid: true; message: string } | { invalid: false; message: string; status: string };

/** Grade what the form holds, marking each field the grader refuses and, for rows, each row right or wrong. */
function grade(form: HTMLFormElement, config: PredictConfig): Graded {
  const data = new FormData(form);
  if (config.kind === "number") {
    const input = form.querySelector<HTMLInputElement>('input[name="value"]')!;
    const v = gradeNumberPrediction(String(data.get("value") ?? ""), config.actual, config);
    if (v.status === "invalid") {
      input.setAttribute("aria-invalid", "true");
      return { invalid: true, message: v.message };
    }
    input.removeAttribute("aria-invalid");
    return { invalid: false, message: v.message, status: v.status };
  }
  const predicted: Record<string, string> = {};
  for (const item of config.items) predicted[item.id] = String(data.get(item.id) ?? "");
  const v = gradeClassPrediction(config.items, predicted, config.classes);
  for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
    if (v.status === "invalid" && v.missing.includes(select.name)) select.setAttribute("aria-invalid", "true");
    else select.removeAttribute("aria-invalid");
  }
  if (v.status === "invalid") return { invalid: true, message: v.message };
  for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
    const item = config.items.find((i) => i.id === select.name);
    if (item) select.closest(".predict-row")?.setAttribute("data-right", String(select.value === item.actual));
  }
  return { invalid: false, message: v.message, status: v.right === v.total ? "close" : "graded" };
}

/** What the form holds, as it is kept. */
function answerOf(form: HTMLFormElement, config: PredictConfig): KeptPrediction {
  const data = new FormData(form);
  if (config.kind === "number") return { value: String(data.get("value") ?? "") };
  const classes: Record<string, string> = {};
  for (const item of config.items) classes[item.id] = String(data.get(item.id) ?? "");
  return { classes };
}

/** Put an answer (not a skip) into the form's fields. */
function fill(form: HTMLFormElement, answer: KeptPrediction): void {
  if ("value" in answer) form.querySelector<HTMLInputElement>('input[name="value"]')!.value = answer.value;
  else if ("classes" in answer)
    for (const select of form.querySelectorAll<HTMLSelectElement>("select"))
      select.value = answer.classes[select.name] ?? "";
}

/**
 * Show the answer the browser keeps for this block, as made, and its result: true when there is
 * one the grader still takes (a row the chapter added since has no answer, and the block is asked
 * afresh). Said only when the reader acted (`quietly` false: an answer from another tab).
 */
export function restore(root: HTMLElement, quietly = true): boolean {
  const { form, config } = parts(root);
  if (root.dataset.status) return false;
  const kept = keptPrediction(config.id);
  if (!kept) return false;
  if ("skipped" in kept) {
    revealResult(root, "No prediction made.", "skipped", { answer: kept, quietly });
    return true;
  }
  if ("value" in kept !== (config.kind === "number")) return false;
  const typed = answerOf(form, config);
  fill(form, kept);
  const graded = grade(form, config);
  if (graded.invalid) {
    // Not an answer the grader takes now: the form is left as it was.
    fill(form, typed);
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    return false;
  }
  revealResult(root, graded.message, graded.status, { answer: kept, quietly });
  return true;
}

export function check(root: HTMLElement): void {
  const { form, verdict, config } = parts(root);
  if (root.dataset.status) return;
  // Answered in another tab meanwhile: that first answer stands, and is shown.
  if (restore(root, false)) return;
  const graded = grade(form, config);
  if (graded.invalid) {
    setSpokenText(verdict, graded.message);
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    return;
  }
  keep(predictionKey(config.id), JSON.stringify(answerOf(form, config)));
  revealResult(root, graded.message, graded.status);
}

export function skip(root: HTMLElement): void {
  if (root.dataset.status) return;
  if (restore(root, false)) return;
  keep(predictionKey(parts(root).config.id), JSON.stringify({ skipped: true } satisfies KeptPrediction));
  revealResult(root, "No prediction made.", "skipped");
}
