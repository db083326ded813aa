/**
 * What the replay is doing, for the eye and for assistive technology: the root's
 * `data-state` (loading, running, ready, invalid, error) and `aria-busy`, and a visible line
 * that says so while it matters (a rerun under way, an invalid field, a failed run).
 */
export type ReplayStatus =
  | { kind: "loading" | "running" }
  /** `note`: something the reader should know about the run shown (a shared link's unusable values). */
  | { kind: "ready"; note?: string }
  | { kind: "invalid"; lastValid: string }
  | { kind: "error"; message: string };

export function showStatus(root: HTMLElement, line: HTMLElement, status: ReplayStatus): void {
  root.dataset.state = status.kind;
  if (status.kind === "loading" || status.kind === "running") root.setAttribute("aria-busy", "true");
  else root.removeAttribute("aria-busy");
  line.dataset.kind = status.kind;
  line.textContent =
    status.kind === "running"
      ? "Simulating both runs…"
      : status.kind === "invalid"
        ? `Fix the marked field to run again. The charts still show the last valid run (${status.lastValid}).`
        : status.kind === "error"
          ? `The simulation could not run: ${status.message}`
          : status.kind === "ready"
            ? (status.note ?? "")
            : "";
}
