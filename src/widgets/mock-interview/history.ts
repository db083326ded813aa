/**
 * Attempts at mock interviews, kept on this device in localStorage. Unreadable data is never
 * allowed to break the page: valid attempts are kept, the rest is set aside under a backup key.
 */
import type { Store } from "../site-storage.ts";

export const historyKey = "blast-radius:interviews:v1";
export const backupKey = `${historyKey}:unreadable`;
/** Oldest attempts are dropped beyond this, so storage stays small. */
export const maxAttempts = 200;

/**
 * One interview's attempt. An interview is fixed when it starts, so its question and its start
 * time name it (`sameInterview`): saving it again (changes made at its debrief after a save)
 * updates its entry in place rather than adding another.
 */
export interface Attempt {
  questionId: string;
  title: string;
  /** ISO time the interview started. */
  startedAt: string;
  /** The seed that drew the question, or null when it was picked. */
  seed: number | null;
  durationSeconds: number;
  usedSeconds: number;
  /** Indices of the rubric points the learner ticked (with levels: the criteria their evidence backs). */
  hit: number[];
  /** Rubric points in all. */
  points: number;
  notes: string;
  /** The levelled debrief (attempts saved before levelled rubrics have none). */
  debrief?: SavedDebrief;
}

/** What a levelled self-assessment adds to an attempt. */
export interface SavedDebrief {
  /** Level claimed per criterion, 0 (not shown) to 3 (staff). */
  claimed: number[];
  /** Level the evidence backs per criterion. */
  backed: number[];
  /** Weight per criterion. */
  weights: number[];
  /** Indices of the red flags ticked. */
  redFlags: number[];
  selfScore: number;
  backedScore: number;
  /** Level reached on the evidence, or null (below mid, or sunk by a red flag). */
  level: "mid" | "senior" | "staff" | null;
  /** Milliseconds used per phase, by phase id. */
  phases: { id: string; usedSeconds: number }[];
  /** Follow-ups the interviewer asked, and how many pushed back. */
  asked: number;
  pushedBack: number;
}

export interface LoadedHistory {
  attempts: Attempt[];
  /** True when something stored could not be read and was set aside. */
  recovered: boolean;
}

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

const isShare = (v: unknown): v is number => typeof v === "number" && v >= 0 && v <= 1;
const isLevel = (v: unknown): v is number => isCount(v) && v <= 3;

function isDebrief(value: unknown, points: number): value is SavedDebrief {
  if (typeof value !== "object" || value === null) return false;
  const d = value as Record<string, unknown>;
  const perCriterion = (v: unknown, ok: (x: unknown) => boolean) =>
    Array.isArray(v) && v.length === points && v.every(ok);
  return (
    perCriterion(d.claimed, isLevel) &&
    perCriterion(d.backed, isLevel) &&
    perCriterion(d.weights, (w) => isCount(w) && w >= 1) &&
    Array.isArray(d.redFlags) &&
    d.redFlags.every(isCount) &&
    isShare(d.selfScore) &&
    isShare(d.backedScore) &&
    (d.level === null || d.level === "mid" || d.level === "senior" || d.level === "staff") &&
    Array.isArray(d.phases) &&
    d.phases.every(
      (p) =>
        typeof p === "object" &&
        p !== null &&
        typeof (p as { id?: unknown }).id === "string" &&
        isCount((p as { usedSeconds?: unknown }).usedSeconds),
    ) &&
    isCount(d.asked) &&
    isCount(d.pushedBack)
  );
}

export function isAttempt(value: unknown): value is Attempt {
  if (typeof value !== "object" || value === null) return false;
  const a = value as Record<string, unknown>;
  return (
    typeof a.questionId === "string" &&
    typeof a.title === "string" &&
    typeof a.startedAt === "string" &&
    !Number.isNaN(Date.parse(a.startedAt)) &&
    (a.seed === null || isCount(a.seed)) &&
    isCount(a.durationSeconds) &&
    isCount(a.usedSeconds) &&
    isCount(a.points) &&
    a.points > 0 &&
    Array.isArray(a.hit) &&
    a.hit.every((i) => isCount(i) && i < (a.points as number)) &&
    new Set(a.hit).size === a.hit.length &&
    typeof a.notes === "string" &&
    (a.debrief === undefined || isDebrief(a.debrief, a.points as number))
  );
}

/** Read stored text; anything unreadable is dropped and reported, never thrown. */
export function parseHistory(raw: string | null): LoadedHistory {
  if (raw === null) return { attempts: [], recovered: false };
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return { attempts: [], recovered: true };
  }
  const list = typeof data === "object" && data !== null ? (data as { attempts?: unknown }).attempts : undefined;
  if (!Array.isArray(list)) return { attempts: [], recovered: true };
  const attempts = list.filter(isAttempt);
  return { attempts, recovered: attempts.length !== list.length };
}

export function loadHistory(store: Store): LoadedHistory {
  let raw: string | null = null;
  try {
    raw = store.getItem(historyKey);
  } catch {
    return { attempts: [], recovered: false };
  }
  const loaded = parseHistory(raw);
  if (loaded.recovered && raw !== null) {
    // Keep the unreadable original for whoever wants it, and store the readable part.
    try {
      store.setItem(backupKey, raw);
      store.setItem(historyKey, serialize(loaded.attempts));
    } catch {
      /* storage full or blocked: the page still works with what was read */
    }
  }
  return loaded;
}

function serialize(attempts: Attempt[]): string {
  return JSON.stringify({ attempts: attempts.slice(-maxAttempts) });
}

/** Whether two attempts are the same interview: the same question, started at the same moment. */
export function sameInterview(
  a: Pick<Attempt, "questionId" | "startedAt">,
  b: Pick<Attempt, "questionId" | "startedAt">,
): boolean {
  return a.questionId === b.questionId && a.startedAt === b.startedAt;
}

/** Whether two values are the same JSON data: objects key by key in any order, a key set to undefined as one left out. */
function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameData(x, b[i]));
  }
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = (o: Record<string, unknown>) => Object.keys(o).filter((k) => o[k] !== undefined);
  const kx = keys(x);
  return kx.length === keys(y).length && kx.every((k) => Object.hasOwn(y, k) && sameData(x[k], y[k]));
}

/**
 * Whether the history's copy of an attempt (read back from storage, or saved by another tab) holds
 * exactly what `attempt` would store: a debrief changed and changed back is the one saved.
 */
export function sameAttempt(stored: Attempt, attempt: Attempt): boolean {
  return sameData(stored, attempt);
}

/** The attempt the history holds for `interview`, if it was saved before (the latest, should there be two). */
export function savedAttempt(
  attempts: readonly Attempt[],
  interview: Pick<Attempt, "questionId" | "startedAt">,
): Attempt | undefined {
  const at = latestOf(attempts, interview);
  return at < 0 ? undefined : attempts[at];
}

/** The index of `interview`'s latest entry in `attempts`, or -1. */
function latestOf(attempts: readonly Attempt[], interview: Pick<Attempt, "questionId" | "startedAt">): number {
  for (let i = attempts.length - 1; i >= 0; i--) if (sameInterview(attempts[i]!, interview)) return i;
  return -1;
}

/**
 * `attempts` with `attempt` in: in place of the same interview's entry when it holds one (its
 * latest), else appended, the oldest dropped beyond `maxAttempts`.
 */
export function withAttempt(attempts: readonly Attempt[], attempt: Attempt): Attempt[] {
  const at = latestOf(attempts, attempt);
  if (at >= 0) return attempts.map((a, i) => (i === at ? attempt : a));
  return [...attempts, attempt].slice(-maxAttempts);
}

/**
 * Saves an attempt (`withAttempt`: a new interview is appended, one saved before is updated);
 * returns the history as stored, or throws if storage refuses it.
 */
export function saveAttempt(store: Store, attempt: Attempt): Attempt[] {
  if (!isAttempt(attempt)) throw new TypeError("not a valid attempt");
  const attempts = withAttempt(loadHistory(store).attempts, attempt);
  store.setItem(historyKey, serialize(attempts));
  return attempts;
}

export function clearHistory(store: Pick<Storage, "removeItem">): void {
  store.removeItem(historyKey);
}

/** The attempt's score, 0..1: the evidence-backed weighted score, or (older attempts) the share of points ticked. */
export function score(attempt: Pick<Attempt, "hit" | "points" | "debrief">): number {
  return attempt.debrief ? attempt.debrief.backedScore : attempt.hit.length / attempt.points;
}

/**
 * How far self-scores ran above the evidence, on average, over attempts with a levelled debrief
 * (in points of score, 0..1), or null when there are none.
 */
export function averageOverclaim(attempts: readonly Attempt[]): number | null {
  const levelled = attempts.flatMap((a) => (a.debrief ? [a.debrief] : []));
  if (levelled.length === 0) return null;
  return levelled.reduce((sum, d) => sum + (d.selfScore - d.backedScore), 0) / levelled.length;
}

/** Average score over attempts, or null with none. */
export function averageScore(attempts: readonly Attempt[]): number | null {
  if (attempts.length === 0) return null;
  return attempts.reduce((sum, a) => sum + score(a), 0) / attempts.length;
}
