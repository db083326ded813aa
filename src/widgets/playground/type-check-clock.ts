/**
 * The line a type check still out shows, with its seconds counting: the playground's output after
 * a run (output.ts) and a code exercise's feedback after its verdict (src/widgets/exercise/mount.ts)
 * both count them here. A module of its own, so the exercise widget loads these few lines and not
 * the playground's output view with them.
 */
import { elapsedSeconds } from "../../format/number.ts";
import { typeCheckPendingText } from "../../playground/protocol.ts";

/**
 * The line shown while a type check is still out after a run's end (or a Check's verdict), with
 * the seconds the check has taken: it counts on until the check answers (its errors, or the line
 * goes) or fails (the client stops a check past `checkTimeLimitMs`). A slow check (a cold one on a busy machine,
 * beside an endless loop that kept a core busy) is seen to be under way, not left over.
 */
export function typeCheckPendingLine(elapsedMs: number): string {
  return `${typeCheckPendingText} ${elapsedSeconds(elapsedMs, 1)}`;
}

/** How often a pending type check's seconds are counted on. */
const typeCheckTickMs = 250;

/**
 * Shows in `note` the seconds of a type check started at `since` (performance.now()), counting on
 * until the returned function stops it (typeCheckPendingLine).
 */
export function countTypeCheck(note: HTMLElement, since: number): () => void {
  const show = () => {
    note.textContent = typeCheckPendingLine(performance.now() - since);
  };
  show();
  const clock = setInterval(show, typeCheckTickMs);
  return () => clearInterval(clock);
}
