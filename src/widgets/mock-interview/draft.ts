/**
 * An interview in progress, kept so a reload or a closed tab does not lose the notes or the
 * clock. One draft at a time; unreadable drafts are dropped.
 */
export const draftKey = "blast-radius:interview-draft:v1";

export interface Draft {
  questionId: string;
  seed: number | null;
  durationMs: number;
  usedMs: number;
  notes: string;
  startedAt: string;
}

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

const isCount = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v) && v >= 0;

export function parseDraft(raw: string | null): Draft | null {
  if (raw === null) return null;
  try {
    const d = JSON.parse(raw) as Record<string, unknown>;
    if (
      typeof d === "object" &&
      d !== null &&
      typeof d.questionId === "string" &&
      (d.seed === null || (isCount(d.seed) && Number.isInteger(d.seed))) &&
      isCount(d.durationMs) &&
      d.durationMs > 0 &&
      isCount(d.usedMs) &&
      d.usedMs <= d.durationMs &&
      typeof d.notes === "string" &&
      typeof d.startedAt === "string"
    ) {
      return d as unknown as Draft;
    }
  } catch {
    /* unreadable: treated as no draft */
  }
  return null;
}

export function loadDraft(store: Store): Draft | null {
  try {
    const draft = parseDraft(store.getItem(draftKey));
    if (!draft) store.removeItem(draftKey);
    return draft;
  } catch {
    return null;
  }
}

/** Best effort: a full or blocked storage only means no resume after a reload. */
export function saveDraft(store: Store, draft: Draft): void {
  try {
    store.setItem(draftKey, JSON.stringify(draft));
  } catch {
    /* ignore */
  }
}

export function clearDraft(store: Store): void {
  try {
    store.removeItem(draftKey);
  } catch {
    /* ignore */
  }
}
