/**
 * A list that every tab of a page keeps under one stored key (the room board's links and files,
 * the map builder's unsaved maps), so that no tab's additions are lost to another tab's write. A
 * tab remembers the value it last read or wrote there, and before it writes it looks at what is
 * stored now.
 *
 * - Only this tab changed the list since: it writes its own.
 * - Only another tab changed it: this tab follows it.
 * - Both changed it: the two are merged item by item (mergeLists), the merge written and shown in
 *   both tabs, so neither tab's new items are lost, and the page says so (syncText).
 *
 * Pure apart from the storage it is handed (a Map-backed one in the tests, two "tabs" on one).
 */
import { keep, type Store } from "./site-storage.ts";

/** How a list is stored: read from a stored value, written as one, and what makes two items one. */
export interface ListCodec<T> {
  /** The list a stored value holds (none stored: an empty list). */
  read(raw: string | null): T[];
  /** The value to store for a list; null forgets the key. */
  write(list: readonly T[]): string | null;
  /** Items with the same id are the same item. */
  id(item: T): string;
}

function counts<T>(list: readonly T[], id: (item: T) => string): Map<string, number> {
  const n = new Map<string, number>();
  for (const item of list) n.set(id(item), (n.get(id(item)) ?? 0) + 1);
  return n;
}

/**
 * Two tabs' changes to one list, merged: `base` is what both started from, `mine` and `theirs`
 * what each made of it. An item either tab added is in the merge (once when both added it), an
 * item either tab removed is not; every other item stays. The other tab's list comes first, in its
 * order, then what only this tab added, in this tab's order.
 */
export function mergeLists<T>(
  base: readonly T[],
  mine: readonly T[],
  theirs: readonly T[],
  id: (item: T) => string,
): T[] {
  const [b, m, t] = [base, mine, theirs].map((list) => counts(list, id)) as [
    Map<string, number>,
    Map<string, number>,
    Map<string, number>,
  ];
  const wanted = new Map<string, number>();
  for (const key of new Set([...m.keys(), ...t.keys()])) {
    const was = b.get(key) ?? 0;
    const here = (m.get(key) ?? 0) - was;
    const there = (t.get(key) ?? 0) - was;
    // Both added (or both removed) the same item: the larger change, not the two added up.
    const change =
      here === 0 || there === 0 || Math.sign(here) !== Math.sign(there)
        ? here + there
        : Math.abs(here) >= Math.abs(there)
          ? here
          : there;
    wanted.set(key, Math.max(0, was + change));
  }
  const merged: T[] = [];
  for (const item of [...theirs, ...mine]) {
    const key = id(item);
    const left = wanted.get(key) ?? 0;
    if (left === 0) continue;
    merged.push(item);
    wanted.set(key, left - 1);
  }
  return merged;
}

/** What a sync did: nothing new (the list is this tab's), followed another tab, or merged both. */
export type SyncOutcome = "own" | "followed" | "merged";

export interface Synced<T> {
  /** The list this tab now shows. */
  list: T[];
  outcome: SyncOutcome;
  /** Whether the browser holds that list (false where storage is refused or full). */
  kept: boolean;
}

/** One list, shared by every tab of it through one stored key. */
export class SharedList<T> {
  /** The stored value as this tab last read or wrote it (written by the codec; "" for none). */
  private seen: string;

  constructor(
    private readonly key: string,
    private readonly codec: ListCodec<T>,
    private readonly store: Store | null,
  ) {
    this.seen = this.canonical(this.raw());
  }

  private raw(): string | null {
    try {
      return this.store?.getItem(this.key) ?? null;
    } catch {
      return null;
    }
  }

  private canonical(raw: string | null): string {
    return this.codec.write(this.codec.read(raw)) ?? "";
  }

  private written(list: readonly T[]): string {
    return this.codec.write(list) ?? "";
  }

  /** The stored list, as this tab opens. */
  load(): T[] {
    const raw = this.raw();
    this.seen = this.canonical(raw);
    return this.codec.read(raw);
  }

  /**
   * The list a tab opens with when it already shows one (a box the browser refilled on Back):
   * that list and the stored one merged as if both began empty, so neither loses anything.
   */
  opened(mine: readonly T[]): Synced<T> {
    this.seen = "";
    return this.sync(mine);
  }

  /**
   * Brings this tab's list (`mine`, as it is now) and the stored one together: after this tab
   * changed its list, and when another tab wrote the key. Keeps the result when it can.
   */
  sync(mine: readonly T[]): Synced<T> {
    const raw = this.raw();
    const stored = this.canonical(raw);
    const own = this.written(mine);
    if (stored === own) {
      this.seen = stored;
      return { list: [...mine], outcome: "own", kept: this.store !== null };
    }
    // Nobody else wrote since this tab did: this tab's list is the one to keep.
    if (stored === this.seen) return { list: [...mine], outcome: "own", kept: this.write(mine, stored) };
    // Another tab wrote, and this tab changed nothing since it last wrote or read: follow it.
    if (own === this.seen) {
      this.seen = stored;
      return { list: this.codec.read(raw), outcome: "followed", kept: true };
    }
    const merged = mergeLists(this.codec.read(this.seen || null), mine, this.codec.read(raw), this.codec.id);
    const outcome = this.written(merged) === own ? "own" : "merged";
    if (this.written(merged) === stored) {
      this.seen = stored;
      return { list: merged, outcome, kept: true };
    }
    return { list: merged, outcome, kept: this.write(merged, stored) };
  }

  /** Writes `list`; where it cannot, this tab's view of the key stays what is stored (`stored`). */
  private write(list: readonly T[], stored: string): boolean {
    const kept = keep(this.key, this.codec.write(list), this.store);
    this.seen = kept ? this.written(list) : stored;
    return kept;
  }
}

/**
 * What a page says after another tab's write changed one of its lists: `place` is what is open
 * in both tabs ("board"), `what` the list ("links"). Nothing when this tab's list is its own.
 */
export function syncText(place: string, what: string, { outcome, kept }: Synced<unknown>): string {
  if (outcome === "followed")
    return `The ${place} is open in another tab, which changed the ${what}: this tab shows them as they are now.`;
  if (outcome === "merged")
    return `The ${place} is open in another tab, and both tabs changed the ${what}: this tab now has both tabs' changes, nothing lost${kept ? "" : ", though this browser could not keep them"}.`;
  return "";
}
