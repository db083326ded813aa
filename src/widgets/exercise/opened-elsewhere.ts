/**
 * What another tab opened of one exercise, read from the stored progress before and after its
 * write (the storage event's old and new values): the hints its record counts, when that count
 * rose, and the worked solution, when its record came to say it was seen. A page left open shows
 * them too (bootstrap.ts, followOtherTabs). Only a rise counts: a write that left the exercise as it
 * was opens nothing, so hints this page closed itself (new numbers dealt after the solution was on
 * show) stay closed when another tab changes something else. Pure: no DOM, no storage.
 */
import { type ExerciseProgress, progressKey, readProgressText } from "../../course/progress.ts";

export interface OpenedElsewhere {
  /** How many hints to have open (the first ones): the record's new count, or 0 if it did not rise. */
  hints: number;
  /** The record came to say the solution was seen. */
  revealed: boolean;
}

/** The exercise's entry in a stored value; none when there is no value or it cannot be read. */
function entryIn(text: string | null, id: string): ExerciseProgress | undefined {
  if (text === null) return undefined;
  const read = readProgressText(text);
  return read.ok ? read.progress.exercises[id] : undefined;
}

/**
 * What the write of the stored value under `key`, from `before` to `after`, opened of exercise
 * `id`. Another key (a copy kept aside) or none (the storage cleared) opens nothing.
 */
export function openedElsewhere(
  key: string | null,
  before: string | null,
  after: string | null,
  id: string,
): OpenedElsewhere {
  if (key !== progressKey) return { hints: 0, revealed: false };
  const was = entryIn(before, id);
  const is = entryIn(after, id);
  const hints = is?.hints ?? 0;
  return {
    hints: hints > (was?.hints ?? 0) ? hints : 0,
    revealed: is?.revealed === true && was?.revealed !== true,
  };
}
