/**
 * Progress as a file: export wraps it with a marker so an import can tell it from any other
 * JSON; import accepts that file (or a bare progress object), keeps every valid entry, and
 * merges it into what the browser has, so importing never loses local progress.
 */
import { mergeProgress, progressKey, sanitizeProgress, type Progress } from "./store.ts";

export interface ProgressFile {
  app: "blast-radius";
  key: typeof progressKey;
  exported: string;
  progress: Progress;
}

export function exportProgress(progress: Progress, now = new Date()): string {
  const file: ProgressFile = { app: "blast-radius", key: progressKey, exported: now.toISOString(), progress };
  return JSON.stringify(file, null, 2);
}

export type ImportResult = { ok: true; progress: Progress; exercises: number } | { ok: false; message: string };

/** Parse an exported file and merge it into `current`. Never throws. */
export function importProgress(text: string, current: Progress): ImportResult {
  if (text.length > 5_000_000) return { ok: false, message: "That file is too large to be course progress." };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: "That file is not JSON, so it cannot be course progress." };
  }
  const candidate =
    typeof parsed === "object" && parsed !== null && "progress" in parsed
      ? (parsed as { progress: unknown }).progress
      : parsed;
  const clean = sanitizeProgress(candidate);
  if (!clean)
    return { ok: false, message: "That file is JSON, but not Blast Radius progress (version 1). Nothing was changed." };
  return { ok: true, progress: mergeProgress(current, clean), exercises: Object.keys(clean.exercises).length };
}
