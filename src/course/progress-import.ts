/**
 * Importing progress (the /progress/ page's import and the terminal's \`import\`), apart from
 * src/course/progress.ts, which every page loads to read the learner's progress: only the pages
 * and commands that import a file load this (the refusals' words for each place, the merge's
 * audit, the sentence a finished import says), so the code every page loads before interaction
 * stays within its budget (tools/budgets.ts).
 */
import { countOf } from "../format/number.ts";
import { withoutByteOrderMark } from "./file-text.ts";
import {
  cardDatesPossible,
  emptyProgress,
  entryHoldsProgress,
  maxProgressFileLength,
  mergeProgress,
  otherFileHolds,
  type Progress,
  type ProgressProblem,
  progressVersion,
  readProgressText,
} from "./progress.ts";

export type ImportResult =
  | {
      ok: true;
      progress: Progress;
      /**
       * Exercises of this course the file brought something for: an entry with anything done in
       * it (entryHoldsProgress) or a review card.
       */
      imported: string[];
      /**
       * Exercises of this course whose entry brought nothing (read whole or not): left out, so
       * an import of them changes nothing.
       */
      empty: string[];
      /** Entries for exercises this course does not have (left out). */
      unknown: string[];
      /**
       * Entries for this course's exercises that could not be read whole: dropped, or with a
       * field of the wrong kind read as nothing done (so "imported" does not overstate them), or
       * with a review card left out for its dates (misdated, among these).
       */
      unread: string[];
      /**
       * Exercises of this course whose review card in the file has dates the schedule cannot have
       * written (cardDatesPossible): reviewed after the import's `now`, or due before its review.
       */
      misdated: string[];
    }
  | { ok: false; message: string };

export const tooLargeToImport = "That file is too large to be course progress. Nothing was changed.";
const emptyFileToImport = "That file is empty, so it holds no course progress. Nothing was changed.";

/**
 * Where an import is made: the /progress/ page or the terminal's `import`. One rule for both;
 * only the words that name the place and what to do there differ (importProblem).
 */
export type ImportPlace = "page" | "terminal";

/**
 * Parse an exported file (or a bare progress object), a byte-order mark at its start dropped
 * (withoutByteOrderMark), and merge it into `current`. An empty file is refused as empty. Entries for
 * exercises not in `known` are left out and listed. A review card reviewed after `now` (the time of
 * the import, past a day's skew between clocks) or due before its last review is left out and
 * named, so a device whose clock ran ahead cannot put an exercise out of review. Never throws.
 */
export function importProgress(
  text: string,
  current: Progress,
  known: ReadonlySet<string>,
  place: ImportPlace,
  now: Date,
): ImportResult {
  // A byte-order mark is dropped as the page's File.text() drops it, so the terminal reads the file alike.
  text = withoutByteOrderMark(text);
  if (text.length > maxProgressFileLength) return { ok: false, message: tooLargeToImport };
  // An empty file (or one of blank lines) is said to be that, not "not JSON".
  if (text.trim() === "") return { ok: false, message: emptyFileToImport };
  const read = readProgressText(text);
  if (!read.ok) return { ok: false, message: `${importProblem(read, place)} Nothing was changed.` };
  const { counted, unknown, unread } = auditProgress(read.progress, known, read);
  // The file's own fields this version does not know, at the top, go with it (mergeProgress).
  const { exercises: _, review: __, ...top } = read.progress;
  const kept: Progress = { ...top, ...emptyProgress() };
  for (const id of counted) {
    const entry = read.progress.exercises[id]!;
    if (entryHoldsProgress(entry)) kept.exercises[id] = entry;
  }
  const misdated: string[] = [];
  for (const [id, card] of Object.entries(read.progress.review ?? {})) {
    if (!known.has(id)) continue;
    if (cardDatesPossible(card, now)) (kept.review ??= {})[id] = card;
    else {
      misdated.push(id);
      if (!unread.includes(id)) unread.push(id);
    }
  }
  const imported = [...new Set([...Object.keys(kept.exercises), ...Object.keys(kept.review ?? {})])];
  const empty = counted.filter((id) => !imported.includes(id));
  return { ok: true, progress: mergeProgress(current, kept, now), imported, empty, unknown, unread, misdated };
}

/** What progress holds for one course (auditProgress). */
export interface ProgressAudit {
  /** This course's exercises that have an entry: the only ones any count takes. */
  counted: string[];
  /**
   * Entries never counted: ids of exercises this course does not have (of an entry or a review
   * card, read or not), then names that are no exercise id, quoted (quotedName).
   */
  unknown: string[];
  /** This course's exercises whose entry or review card could not be read whole. */
  unread: string[];
}

/**
 * The rules the page's import and the terminal's own progress file share, against the exercises
 * this course has (`known`): only theirs count; entries for others are named, never counted;
 * entries read only in part (`lossy`) and names that are no id (`strange`, both from
 * readProgressText) are named. Pure: the caller decides whether to keep, leave out or say.
 */
export function auditProgress(
  progress: Progress,
  known: ReadonlySet<string>,
  { lossy = [], strange = [] }: { lossy?: readonly string[]; strange?: readonly string[] } = {},
): ProgressAudit {
  const ids = Object.keys(progress.exercises);
  const others = new Set([...ids, ...Object.keys(progress.review ?? {}), ...lossy].filter((id) => !known.has(id)));
  return {
    counted: ids.filter((id) => known.has(id)),
    unknown: [...others, ...strange],
    unread: lossy.filter((id) => known.has(id)),
  };
}

/** Why a file cannot be imported, in the words of the place it is imported in. */
function importProblem(problem: ProgressProblem, place: ImportPlace): string {
  switch (problem.reason) {
    case "not-json":
      return `That file is not JSON${problem.where ? ` (it breaks at ${problem.where})` : ""}, so it cannot be course progress.`;
    case "newer-version":
      return place === "page"
        ? `That file comes from a newer version of the course (progress version ${problem.version}; this site reads version ${progressVersion}). Open it where it was made, or use an up-to-date copy of the course.`
        : `That file comes from a newer version of the course (progress version ${problem.version}; this copy of the course reads version ${progressVersion}). Open it where it was made, or bring this copy up to date (git pull) and import it again.`;
    case "not-progress":
      if (problem.file)
        return place === "page"
          ? `That file is the terminal's ${problem.file} (${otherFileHolds[problem.file]}), which holds no progress. Import the terminal's progress.json, or an export from this page.`
          : `That file is the terminal's ${problem.file} (${otherFileHolds[problem.file]}), which holds no progress: yours is in progress.json. Import an export from the page's /progress/, or a kept copy of an unreadable progress file.`;
      return `That file is JSON, but not Blast Radius progress (${problem.why}).`;
  }
}

/** One sentence for a finished import. */
export function describeImport(result: Extract<ImportResult, { ok: true }>): string {
  const { imported, empty, unread, misdated } = result;
  const n = imported.length;
  const main =
    n > 0
      ? `Imported progress for ${countOf(n, "exercise")}, merged with what was here.`
      : empty.length > 0 || unread.length > 0
        ? "Nothing usable was imported, so nothing changed."
        : "The file had no progress for this course's exercises, so nothing changed.";
  // Those read as nothing at all were left out, and are not among the imported.
  const lost = unread.filter((id) => !imported.includes(id));
  const nothingOf =
    lost.length === 0
      ? ""
      : lost.length === unread.length
        ? ", which left nothing to import"
        : `, which left nothing of ${listed(lost)} to import`;
  // Why: a field of the wrong type, a review card's dates (misdated), or both.
  const dates = "a review card dated in the future or due before its last review";
  const why =
    misdated.length === 0
      ? "a field of the wrong type"
      : misdated.length === unread.length
        ? dates
        : `a field of the wrong type, or ${dates},`;
  const damaged =
    unread.length === 0
      ? ""
      : ` ${entries(unread)} could not be read whole (${listed(unread)}): ${why} counts as nothing done${nothingOf}.`;
  const idle = empty.filter((id) => !unread.includes(id));
  const blank =
    idle.length === 0
      ? ""
      : ` Left out ${entries(idle)} with nothing done in ${idle.length === 1 ? "it" : "them"} (${listed(idle)}).`;
  const left =
    result.unknown.length === 0
      ? ""
      : ` Left out ${entries(result.unknown)} for exercises this course does not have (${listed(result.unknown)}).`;
  return `${main}${damaged}${blank}${left}`;
}

const entries = (ids: string[]) => countOf(ids.length, "entry", "entries");
const listed = (ids: string[]) => ids.slice(0, 5).join(", ") + (ids.length > 5 ? ", ..." : "");
