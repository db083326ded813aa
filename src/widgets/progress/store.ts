/**
 * Learner progress in localStorage under one versioned key. Reading never throws: a corrupt
 * value is kept aside under a backup key and replaced, and malformed entries are dropped one
 * by one so the valid rest survives. Foreign data (another schema, another app) is ignored.
 */
export const progressKey = "blast-radius:progress:v1";

/** Dispatched on window after this tab changes progress, so other parts of the page redraw. */
export const progressEvent = "blast-radius:progress";

export interface PartProgress {
  attempts: number;
  solved: boolean;
}
export interface ExerciseProgress {
  parts: Record<string, PartProgress>;
  /** How many hints have been revealed. */
  hints: number;
  /** Whether the worked solution was shown. */
  revealed: boolean;
}
export interface Progress {
  version: 1;
  exercises: Record<string, ExerciseProgress>;
}

export function emptyProgress(): Progress {
  return { version: 1, exercises: {} };
}

const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
const count = (v: unknown): number => (typeof v === "number" && Number.isInteger(v) && v >= 0 && v < 1e9 ? v : 0);

function sanitizeExercise(value: unknown): ExerciseProgress | undefined {
  if (!isRecord(value)) return undefined;
  const parts: Record<string, PartProgress> = {};
  if (isRecord(value.parts)) {
    for (const [id, part] of Object.entries(value.parts)) {
      if (!idPattern.test(id) || !isRecord(part)) continue;
      parts[id] = { attempts: count(part.attempts), solved: part.solved === true };
    }
  }
  return { parts, hints: count(value.hints), revealed: value.revealed === true };
}

/**
 * Keep every well-formed exercise entry of `value`, drop the rest. Returns undefined when
 * `value` is not progress of this version at all (foreign data).
 */
export function sanitizeProgress(value: unknown): Progress | undefined {
  if (!isRecord(value) || value.version !== 1 || !isRecord(value.exercises)) return undefined;
  const result = emptyProgress();
  for (const [id, entry] of Object.entries(value.exercises)) {
    if (!idPattern.test(id)) continue;
    const clean = sanitizeExercise(entry);
    if (clean) result.exercises[id] = clean;
  }
  return result;
}

/** Read progress; never throws. Unreadable data is moved to a backup key rather than lost. */
export function readProgress(storage: Storage | undefined = safeLocalStorage()): Progress {
  if (!storage) return emptyProgress();
  let raw: string | null = null;
  try {
    raw = storage.getItem(progressKey);
  } catch {
    return emptyProgress();
  }
  if (raw === null) return emptyProgress();
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = undefined;
  }
  const clean = sanitizeProgress(parsed);
  if (clean) return clean;
  try {
    storage.setItem(`${progressKey}:unreadable`, raw);
  } catch {
    // Storage full or denied: nothing more we can do without losing the page.
  }
  return emptyProgress();
}

export function writeProgress(progress: Progress, storage: Storage | undefined = safeLocalStorage()): boolean {
  if (!storage) return false;
  try {
    storage.setItem(progressKey, JSON.stringify(progress));
    return true;
  } catch {
    return false;
  }
}

/** Apply a change to the stored progress (read, change, write) and return the new state. */
export function updateProgress(
  change: (p: Progress) => void,
  storage: Storage | undefined = safeLocalStorage(),
): Progress {
  const progress = readProgress(storage);
  change(progress);
  writeProgress(progress, storage);
  return progress;
}

export function exerciseEntry(progress: Progress, id: string): ExerciseProgress {
  return (progress.exercises[id] ??= { parts: {}, hints: 0, revealed: false });
}

export function partEntry(progress: Progress, id: string, part: string): PartProgress {
  return (exerciseEntry(progress, id).parts[part] ??= { attempts: 0, solved: false });
}

/** An exercise is solved when every one of its parts is. */
export function isSolved(progress: Progress, id: string, partIds: string[]): boolean {
  const entry = progress.exercises[id];
  return !!entry && partIds.length > 0 && partIds.every((p) => entry.parts[p]?.solved === true);
}

/**
 * Merge imported progress into the current one: attempts add up to the larger count, solved
 * and revealed stay true once true, hints take the larger count.
 */
export function mergeProgress(current: Progress, imported: Progress): Progress {
  const result: Progress = JSON.parse(JSON.stringify(current));
  for (const [id, entry] of Object.entries(imported.exercises)) {
    const target = exerciseEntry(result, id);
    target.hints = Math.max(target.hints, entry.hints);
    target.revealed ||= entry.revealed;
    for (const [pid, part] of Object.entries(entry.parts)) {
      const t = partEntry(result, id, pid);
      t.attempts = Math.max(t.attempts, part.attempts);
      t.solved ||= part.solved;
    }
  }
  return result;
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // Access denied (privacy settings, sandboxed frames).
  }
}
