/**
 * Shared page-side glue for the cells widgets: read the form, redraw the output from the same
 * renderer the server used, announce the result politely.
 */
export interface Drawn {
  html: string;
  summary: string;
}

/** Reads the form's fields: numbers (null while one is mid-edit), checkboxes as booleans, the rest as text. */
export function readFields(form: HTMLFormElement): Record<string, number | boolean | string> | null {
  const values: Record<string, number | boolean | string> = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") values[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked) values[element.name] = element.value;
    } else if (element instanceof HTMLInputElement && element.type === "number") {
      const text = element.value.trim();
      if (text === "" || !Number.isFinite(Number(text))) return null;
      values[element.name] = Number(text);
    } else values[element.name] = element.value;
  }
  return values;
}

export function mountFormWidget(
  root: HTMLElement,
  draw: (fields: Record<string, number | boolean | string>) => Drawn & { normalized: Record<string, unknown> },
): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  if (!form || !output || !live) throw new Error("widget markup is missing its form, output or live region");
  let last = "";
  const redraw = (writeBack: boolean) => {
    const fields = readFields(form);
    if (!fields) return;
    const drawn = draw(fields);
    const key = JSON.stringify(drawn.normalized);
    if (key !== last) {
      last = key;
      output.innerHTML = drawn.html;
      live.textContent = drawn.summary;
    }
    if (writeBack) {
      // Show clamped values in the controls once the reader has finished typing.
      for (const [name, value] of Object.entries(drawn.normalized)) {
        const field = form.elements.namedItem(name);
        if (field instanceof HTMLInputElement && field.type === "number" && field.value !== String(value))
          field.value = String(value);
      }
    }
  };
  form.addEventListener("input", () => redraw(false));
  form.addEventListener("change", () => redraw(true));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    redraw(true);
  });
  root.dataset.ready = "true";
  redraw(Boolean(root.dataset.pendingChange));
  delete root.dataset.pendingChange;
}
