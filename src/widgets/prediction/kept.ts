/**
 * A Predict block's answer, kept in the site's storage under `blast-radius:prediction:v1:<id>` once
 * it is graded or skipped: the figure typed, each row's class chosen, or that it was skipped. After a
 * reload the block shows it as made, graded again by the same grader against the chapter's figure,
 * and the result; the first answer stands, so the reader who has seen the result cannot predict
 * anew as if for the first time. Where storage is refused nothing is kept and the block works as it
 * did, as an exercise's typed answers do. The key is key.ts's, which the block's inline script
 * reads on every load: this reading comes with the widget.
 */
import { siteStorage, type Store } from "../site-storage.ts";
import { predictionKey } from "./key.ts";

/** What is kept of an answer: the figure as typed, the class chosen per row, or a skip. */
export type KeptPrediction = { value: string } | { classes: Record<string, string> } | { skipped: true };

/** Longest figure kept: the field takes a number, and a longer text is no prediction. */
const maxValueLength = 200;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** The kept answer in a stored value, or null when there is none or it cannot be read. */
export function readKeptPrediction(text: string | null): KeptPrediction | null {
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  if (value.skipped === true) return { skipped: true };
  if (typeof value.value === "string" && value.value.length <= maxValueLength) return { value: value.value };
  if (isRecord(value.classes)) {
    const classes: Record<string, string> = {};
    for (const [item, chosen] of Object.entries(value.classes)) if (typeof chosen === "string") classes[item] = chosen;
    return { classes };
  }
  return null;
}

/** Block `id`'s kept answer, if the browser keeps one; null where storage is refused or unreadable. */
export function keptPrediction(id: string, storage: Store | null = siteStorage()): KeptPrediction | null {
  try {
    return readKeptPrediction(storage?.getItem(predictionKey(id)) ?? null);
  } catch {
    return null;
  }
}
