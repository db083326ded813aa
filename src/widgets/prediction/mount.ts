/**
 * The page side of a Predict block that grades: reads the form, grades it with
 * src/grader/prediction.ts, writes the verdict into the live region and reveals the result
 * (shown.ts), and keeps the answer with its verdict and the settings it was graded against
 * (kept.ts), so that a reload shows it as made, with its result, without loading this. Loaded on
 * the first focus, submit or skip, or on load when a kept answer must be graded again: it was kept
 * without a verdict, or against settings the page no longer has (the chapter changed since).
 */
import { gradeClassPrediction, gradeNumberPrediction } from "../../grader/prediction.ts";
import { keep } from "../site-storage.ts";
import { setSpokenText, spokenPieces } from "../spoken-figures.ts";
import type { PredictConfig } from "./config.ts";
import { predictionKey } from "./key.ts";
import { type KeptPrediction, type KeptVerdict, keptText, readKeptPrediction } from "./kept.ts";
import { fill, revealResult, showKept, skippedSaid } from "./shown.ts";

const configOf = (form: HTMLFormElement) => JSON.parse(form.dataset.config!) as PredictConfig;
const formOf = (root: HTMLElement) => root.querySelector<HTMLFormElement>("[data-predict-form]")!;

type Graded = { invalid: true; message: string } | { invalid: false; verdict: KeptVerdict };

/**
 * Grade what the form holds, marking each field the grader refuses, as against the settings
 * `against` (the form's `data-config`, `config` read from it).
 */
function grade(form: HTMLFormElement, config: PredictConfig, against: string): Graded {
  const data = new FormData(form);
  if (config.kind === "number") {
    const input = form.querySelector<HTMLInputElement>('input[name="value"]')!;
    const v = gradeNumberPrediction(String(data.get("value") ?? ""), config.actual, config);
    if (v.status === "invalid") {
      input.setAttribute("aria-invalid", "true");
      return { invalid: true, message: v.message };
    }
    input.removeAttribute("aria-invalid");
    return { invalid: false, verdict: { against, status: v.status, said: spokenPieces(v.message) } };
  }
  const predicted: Record<string, string> = {};
  for (const item of config.items) predicted[item.id] = String(data.get(item.id) ?? "");
  const v = gradeClassPrediction(config.items, predicted, config.classes);
  for (const select of form.querySelectorAll<HTMLSelectElement>("select")) {
    if (v.status === "invalid" && v.missing.includes(select.name)) select.setAttribute("aria-invalid", "true");
    else select.removeAttribute("aria-invalid");
  }
  if (v.status === "invalid") return { invalid: true, message: v.message };
  const wrong = new Set(v.wrong.map((w) => w.id));
  const rows = Object.fromEntries(config.items.map((item) => [item.id, !wrong.has(item.id)]));
  const status = v.right === v.total ? "close" : "graded";
  return { invalid: false, verdict: { against, status, said: spokenPieces(v.message), rows } };
}

/** What the form holds, as it is kept. */
function answerOf(form: HTMLFormElement, config: PredictConfig): KeptPrediction {
  const data = new FormData(form);
  if (config.kind === "number") return { value: String(data.get("value") ?? "") };
  const classes: Record<string, string> = {};
  for (const item of config.items) classes[item.id] = String(data.get(item.id) ?? "");
  return { classes };
}

/** Keep the answer the form holds, with its verdict: what a reload shows without the grader. */
function keepGraded(form: HTMLFormElement, config: PredictConfig, verdict: KeptVerdict): void {
  keep(predictionKey(config.id), JSON.stringify({ ...answerOf(form, config), verdict } satisfies KeptPrediction));
}

/**
 * Show the answer the browser keeps for this block, as made, and its result: true when there is
 * one the grader still takes (a row the chapter added since has no answer, and the block is asked
 * afresh). Where it was kept without a verdict, or graded against other settings than the page's,
 * it is graded against the page's, and kept again with that verdict. Said only when the reader
 * acted (`quietly` false: an answer from another tab).
 */
export function restore(root: HTMLElement, quietly = true): boolean {
  if (root.dataset.status) return false;
  const stored = keptText(root.dataset.predict!);
  if (showKept(root, stored, quietly)) return true;
  const form = formOf(root);
  const kept = readKeptPrediction(stored);
  if (!kept || "skipped" in kept) return false;
  const against = form.dataset.config!;
  const config = configOf(form);
  if ("value" in kept !== (config.kind === "number")) return false;
  const typed = answerOf(form, config);
  fill(form, kept);
  const graded = grade(form, config, against);
  if (graded.invalid) {
    // Not an answer the grader takes now: the form is left as it was.
    fill(form, typed);
    for (const field of form.querySelectorAll("[aria-invalid]")) field.removeAttribute("aria-invalid");
    return false;
  }
  keepGraded(form, config, graded.verdict);
  revealResult(root, graded.verdict, "answered", quietly);
  return true;
}

export function check(root: HTMLElement): void {
  const form = formOf(root);
  if (root.dataset.status) return;
  // Answered in another tab meanwhile: that first answer stands, and is shown.
  if (restore(root, false)) return;
  const config = configOf(form);
  const graded = grade(form, config, form.dataset.config!);
  if (graded.invalid) {
    setSpokenText(root.querySelector<HTMLElement>("[data-predict-verdict]")!, graded.message);
    form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    return;
  }
  keepGraded(form, config, graded.verdict);
  revealResult(root, graded.verdict);
}

export function skip(root: HTMLElement): void {
  if (root.dataset.status) return;
  if (restore(root, false)) return;
  keep(predictionKey(root.dataset.predict!), JSON.stringify({ skipped: true } satisfies KeptPrediction));
  revealResult(root, { said: [skippedSaid], status: "skipped" });
}
