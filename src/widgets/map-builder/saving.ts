/**
 * Which title a map is saved under: the one its own text gives, read when Save is pressed. The
 * drawing may still show an earlier map (the text is read 250 ms after typing stops, and a text
 * with errors keeps the last map that read cleanly), so its title is not the text's.
 */
import { parseFailureMap } from "../../sim/failure-map/parse.ts";
import { countOf } from "../../format/number.ts";
import { textTooLarge } from "./limits.ts";

/** What a map saved without a "title" line is called. */
export const untitled = "Untitled map";

export type SaveTitle = { ok: true; title: string } | { ok: false; reason: string };

/**
 * The title to save `text` under, or why it is not saved. A text that does not read is refused:
 * its title cannot be trusted (the title line may be the wrong one), and a saved map is one the
 * builder can open again. Export keeps such a text as it is.
 */
export function titleToSave(text: string): SaveTitle {
  const export_ = "save again, or keep the text as it is with Export file";
  if (textTooLarge(text.length))
    return {
      ok: false,
      reason: `Not saved: the map text is too long (see below the editor). Shorten it and ${export_}.`,
    };
  const parsed = parseFailureMap(text);
  if (!parsed.ok) {
    const n = parsed.errors.length;
    return {
      ok: false,
      reason: `Not saved: the map text has ${countOf(n, "error")} (see below the editor). Fix ${n === 1 ? "it" : "them"} and ${export_}.`,
    };
  }
  return { ok: true, title: parsed.map.title ?? untitled };
}
