/**
 * A Predict block's answer, kept in the site's storage under `blast-radius:prediction:v1:<id>` once
 * it is graded or skipped: the figure typed, each row's class chosen, or that it was skipped, and
 * with a graded answer its verdict as the grader wrote it (`verdict`: its words, its status, each
 * row's mark) and the block's settings it was graded against (the form's `data-config`, which
 * holds the chapter's figure). After a reload the block shows the answer as made and that verdict,
 * with no grading code (shown.ts), while the settings in the page are the ones it was graded
 * against; where they differ (the chapter changed since) or no verdict was kept (a value kept
 * before verdicts were: `{"value":"5"}`), the grader grades the answer again against the page's
 * and keeps it again with that verdict.
 * The first answer stands, so the reader who has seen the result cannot predict anew as if for the
 * first time. Where storage is refused nothing is kept and the block works as it did, as an
 * exercise's typed answers do. The key is key.ts's, which the block's inline script reads on
 * every load.
 */
import { siteStorage, type Store } from "../site-storage.ts";
import { predictionKey } from "./key.ts";

/** A sentence's pieces as the page writes them: plain text, and each power of ten shown and said (spoken-figures.ts). */
export type SaidPiece = string | { shown: string; spoken: string };

/** A graded answer's verdict as it was shown, and what it was graded against. */
export interface KeptVerdict {
  /** The block's settings (its form's `data-config`) when it was graded: the chapter's figure among them. */
  against: string;
  /** The block's status: "close", "near", "far" for a figure, "close" or "graded" for rows. */
  status: string;
  /** The grader's verdict, in pieces (spokenPieces). */
  said: SaidPiece[];
  /** For rows: each row's id, and whether its class was the model's. */
  rows?: Record<string, boolean>;
}

/** What is kept of an answer: the figure as typed, the class chosen per row, or a skip; a graded one with its verdict. */
export type KeptPrediction =
  | { value: string; verdict?: KeptVerdict }
  | { classes: Record<string, string>; verdict?: KeptVerdict }
  | { skipped: true };

/** Longest figure kept: the field takes a number, and a longer text is no prediction. */
const maxValueLength = 200;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The kept answer in a stored value, or null when there is none or it cannot be read: the answer
 * alone, for the grader (mount.ts), which grades it again; a verdict kept with it is read only by
 * shown.ts, and only while the block's settings are the ones it was graded against.
 */
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

/** What the browser keeps under block `id`'s key, as stored; null where storage is refused or reading it throws. */
export function keptText(id: string, storage: Store | null = siteStorage()): string | null {
  try {
    return storage?.getItem(predictionKey(id)) ?? null;
  } catch {
    return null;
  }
}

/** Block `id`'s kept answer, if the browser keeps one; null where storage is refused or unreadable. */
export const keptPrediction = (id: string, storage: Store | null = siteStorage()): KeptPrediction | null =>
  readKeptPrediction(keptText(id, storage));
