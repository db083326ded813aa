/**
 * The page side of a widget's typed number fields, shared by the form-driven widgets' mount
 * (src/widgets/cells/mount-form.ts) and the shuffle-shard explorer: when a typed number counts as
 * finished, and each field's message (the rule and its words: ./number-fields.ts).
 */

/**
 * Calls `redraw(finished)` on every edit of `form`. A number field is finished when the reader
 * leaves it or presses Enter, so a half-typed value (the 9 on the way to 99) is never drawn; a
 * tick, a choice or a slider is finished at once.
 */
export function redrawOnEdit(form: HTMLFormElement, redraw: (finished: boolean) => void): void {
  form.addEventListener("input", (event) =>
    redraw(!(event.target instanceof HTMLInputElement && event.target.type === "number")),
  );
  form.addEventListener("change", () => redraw(true));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    redraw(true);
  });
}

/**
 * Marks each number field of `form` whose value is wrong and shows its message in the widget's
 * `[data-error-for=<name>]`, clearing the others. While a field is being typed in (not
 * `finished`), an empty one is a number not yet written, not a mistake. Returns how many show.
 */
export function showFieldErrors(
  root: HTMLElement,
  form: HTMLFormElement,
  errors: Readonly<Partial<Record<string, string>>>,
  finished: boolean,
): number {
  let shown = 0;
  for (const field of form.querySelectorAll<HTMLInputElement>("input[type=number]")) {
    const message = errors[field.name];
    const visible = message !== undefined && (finished || field.value.trim() !== "");
    if (visible) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    const note = root.querySelector<HTMLElement>(`[data-error-for="${field.name}"]`);
    if (note) {
      note.textContent = visible ? (message ?? "") : "";
      note.hidden = !visible;
    }
    if (visible) shown++;
  }
  return shown;
}
