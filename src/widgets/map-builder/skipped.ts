/**
 * What the readers of a group's shared map (the room board, the presenter view) do with its
 * errors: a map whose only errors are in "decide" lines is read without those lines (see
 * parseFailureMapSkippingBadDecisions), and they say so, each line in the parser's own words, as
 * the map builder lists them; the builder says as much when such a map is shared.
 */
import { countOf } from "../../format/number.ts";
import { listNames } from "../../sim/failure-map/describe.ts";
import { errorText, type MapError, parseFailureMapSkippingBadDecisions } from "../../sim/failure-map/parse.ts";
import { textTooLarge } from "./limits.ts";

/** "decide line skipped, line 9: no resource named "db" to decide about" (empty for none). */
export function skippedDecisions(skipped: readonly MapError[]): string {
  if (skipped.length === 0) return "";
  const what = skipped.length === 1 ? "decide line" : countOf(skipped.length, "decide line");
  return `${what} skipped, ${skipped.map(errorText).join("; ")}`;
}

/** What the room board and the presenter view will do with a shared map text that has errors. */
export function sharedReading(text: string): string {
  const read = textTooLarge(text.length) ? null : parseFailureMapSkippingBadDecisions(text);
  if (!read?.ok) return "the room board and the presenter view cannot read it until they are fixed.";
  const one = read.skipped.length === 1;
  return `all of them in decide lines, so the room board and the presenter view will show the rest of the map without ${one ? "line" : "lines"} ${listNames(read.skipped.map((e) => String(e.line)))}, saying why, until ${one ? "it is" : "they are"} fixed.`;
}
