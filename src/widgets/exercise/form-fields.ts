/**
 * A part's answer form as data and back: what is typed, ticked or picked in it, field by field.
 * One module for the two pages that put answers back in a form, a chapter's exercise
 * (typed-answers.ts, what was typed before a reload) and /review/ (src/widgets/review/card.ts, the
 * answers checked and the text typed before a reload), kept apart from typed-answers.ts so /review/
 * does not load the chapter's keeping with them.
 */

/** A part's form data, field by field, in order (a choice's ticked boxes, a match's picks). */
export type Fields = [name: string, value: string][];

/** What a part's form holds: its form data, field by field. */
export function formFields(form: HTMLFormElement): Fields {
  return [...new FormData(form)].flatMap(([name, value]) =>
    typeof value === "string" ? [[name, value] as [string, string]] : [],
  );
}

/**
 * Puts `fields` (formFields) back in a part's form: a box ticked, a text typed, an option picked;
 * a field with nothing in `fields` emptied.
 */
export function fillForm(form: HTMLFormElement, fields: Fields): void {
  for (const field of form.elements) {
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
      field.checked = fields.some(([name, value]) => name === field.name && value === field.value);
    else if (field instanceof HTMLInputElement || field instanceof HTMLSelectElement) {
      const value = fields.find(([name]) => name === field.name)?.[1] ?? "";
      // A select takes only one of its options; a pick it no longer offers leaves it unpicked.
      field.value = value;
      if (field.value !== value) field.value = "";
    }
  }
}
