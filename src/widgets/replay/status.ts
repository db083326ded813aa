/**
 * What the replay is doing, for the eye and for assistive technology: the root's
 * `data-state` (loading, running, ready, invalid, error) and `aria-busy`, and a visible line
 * that says so while it matters (a rerun under way, an invalid field, a failed run).
 */
import { countOf } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";

export type ReplayStatus =
  | { kind: "loading" | "running" }
  /** `note`: something the reader should know about the run shown (a shared link's unusable values). */
  | { kind: "ready"; note?: string }
  /** `fields`: the names of the fields marked invalid, in the form's order (markedFields, state.ts). */
  | { kind: "invalid"; fields: readonly string[]; lastValid: string }
  | { kind: "error"; message: string };

/**
 * The line for a form that cannot run: how many fields are marked and which, so a reader who
 * hears it knows where to go, each named as its label reads (quoted: "Pricing slow for" is a
 * name, not a phrase): 'Fix the 2 marked fields ("Pricing slow for" and "Pool size") to run
 * again. The charts still show the last valid run (seed 1, every other setting at its default).'
 */
export function invalidText(fields: readonly string[], lastValid: string): string {
  const marked = fields.length === 1 ? "marked field" : countOf(fields.length, "marked field");
  return `Fix the ${marked} (${listNames(fields.map((field) => `"${field}"`))}) to run again. The charts still show the last valid run (${lastValid}).`;
}

export function showStatus(root: HTMLElement, line: HTMLElement, status: ReplayStatus): void {
  root.dataset.state = status.kind;
  if (status.kind === "loading" || status.kind === "running") root.setAttribute("aria-busy", "true");
  else root.removeAttribute("aria-busy");
  line.dataset.kind = status.kind;
  line.textContent =
    status.kind === "running"
      ? "Simulating both runs…"
      : status.kind === "invalid"
        ? invalidText(status.fields, status.lastValid)
        : status.kind === "error"
          ? `The simulation could not run: ${status.message}`
          : status.kind === "ready"
            ? (status.note ?? "")
            : "";
}
