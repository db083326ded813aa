/**
 * A Predict block's answered state, written into the page: the form frozen as answered, each row
 * marked, the verdict written and the result revealed. Both ways to it come here: mount.ts, which
 * grades (and loads the grader), and `showKept`, which shows an answer the browser keeps with the
 * verdict it was given (kept.ts) and loads nothing else: a returning reader's page then costs
 * about what a first visit's does, within the budget (prediction.test.ts weighs it). So it is kept
 * small, reading no more of the stored value than it shows: a verdict is shown only if it was
 * graded against the settings the block has now, and a value it cannot show (no verdict, other
 * settings, damaged) is left to mount.ts, which grades it again.
 */
import type { KeptPrediction, KeptVerdict, SaidPiece } from "./kept.ts";

/** What a skip says. */
export const skippedSaid = "No prediction made.";

/**
 * `pieces` as nodes, as spoken-figures.ts's setSpokenText writes the sentence they were cut from:
 * plain text as text, each power of ten shown on one line and hidden from the accessibility tree,
 * beside a visually hidden copy in words.
 */
function saidNodes(pieces: readonly SaidPiece[]): Node[] {
  return pieces.map((piece) => {
    if (typeof piece === "string") return document.createTextNode(piece);
    const group = document.createElement("span");
    group.dataset.figure = "";
    group.innerHTML = '<span aria-hidden="true"></span><span class="sr-only"></span>';
    group.firstChild!.textContent = piece.shown;
    group.lastChild!.textContent = piece.spoken;
    return group;
  });
}

/**
 * Show the result, freeze the form as it was answered (each row marked as graded), and say so.
 * The form's controls are disabled and its buttons hidden, so a reader whose focus was on one
 * (the button they pressed, the field they pressed Enter in) would be left on the page's body:
 * focus moves to the result instead, which the verdict says is shown below, and the next Tab goes
 * on from there. A kept answer says so (`keptSince`: how the reader left it); one shown again on
 * load (`quietly`) is not announced: the reader did nothing, and a page with two kept answers would
 * speak twice as it opened; its verdict is the field's description all the same.
 */
export function revealResult(
  root: HTMLElement,
  verdict: Pick<KeptVerdict, "said" | "status" | "rows">,
  keptSince?: "answered" | "skipped",
  quietly?: boolean,
): void {
  const nodes = saidNodes([
    ...verdict.said,
    ` The result is shown below.${keptSince ? ` Kept in this browser since you ${keptSince}.` : ""}`,
  ]);
  const form = root.querySelector("form")!;
  const said = root.querySelector<HTMLElement>("[data-predict-verdict]")!;
  const reveal = document.querySelector<HTMLElement>(`[data-predict-reveal="${root.dataset.predict}"]`)!;
  const focusWasInForm = form.contains(document.activeElement);
  for (const field of form.querySelectorAll<HTMLInputElement>("input, select, button")) {
    field.disabled = true;
    const right = verdict.rows?.[field.name];
    if (right !== undefined) field.closest(".predict-row")?.setAttribute("data-right", String(right));
  }
  form.querySelector(".predict-actions")!.setAttribute("hidden", "");
  root.dataset.status = verdict.status;
  reveal.hidden = false;
  // Nothing is written into the verdict after this (the form is frozen): it can stay silent.
  if (quietly) said.setAttribute("aria-live", "off");
  said.replaceChildren(...nodes);
  if (focusWasInForm) reveal.focus();
}

/** Put an answer (not a skip) into the form's fields. */
export function fill(form: HTMLFormElement, answer: KeptPrediction): void {
  for (const field of form.querySelectorAll<HTMLInputElement>("input, select"))
    field.value = ("value" in answer ? answer.value : "classes" in answer && answer.classes[field.name]) || "";
}

/**
 * Show the answer the browser keeps for this block (`stored`, the value kept under its key), as
 * made, with the verdict it was given, where that needs no grader: a skip, or an answer graded
 * against the settings the block has now. True when the block shows an answer (already, or now);
 * false when it must be read and graded by mount.ts's `restore` (none kept, none it can show, or
 * graded against other settings). Said only when the reader acted (`quietly` false: an answer
 * from another tab).
 */
export function showKept(root: HTMLElement, stored: string | null, quietly = true): boolean {
  if (root.dataset.status) return true;
  try {
    const kept = JSON.parse(stored!) as KeptPrediction;
    const form = root.querySelector("form")!;
    if ("skipped" in kept) revealResult(root, { said: [skippedSaid], status: "skipped" }, "skipped", quietly);
    else if (kept.verdict && kept.verdict.against === form.dataset.config) {
      fill(form, kept);
      revealResult(root, kept.verdict, "answered", quietly);
    } else return false;
    return true;
  } catch {
    return false;
  }
}
