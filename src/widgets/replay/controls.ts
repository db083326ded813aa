/**
 * The replay's form: reading it (checked by `readForm` in state.ts), writing a state into it,
 * and showing each invalid field's message at the field.
 */
import { defenceNames } from "../../sim/retry-storm/index.ts";
import { keepUnitWithNumber } from "../../format/units.ts";
import { readForm, scenarioControls, type FormReading, type ReplayState } from "./state.ts";

export class ReplayControls {
  constructor(private readonly form: HTMLFormElement) {}

  private field(name: string): HTMLInputElement | null {
    return this.form.elements.namedItem(name) as HTMLInputElement | null;
  }

  /** The form as the reader left it, checked; `state.params` outside the form are kept. */
  read(current: ReplayState): FormReading {
    const kept = Object.fromEntries(
      Object.entries(current.params).filter(([name]) => !(scenarioControls as readonly string[]).includes(name)),
    );
    return readForm(
      {
        seed: this.field("seed")?.value ?? "",
        params: Object.fromEntries(scenarioControls.map((name) => [name, this.field(name)?.value ?? ""])),
        noIntervention: this.field("noIntervention")?.checked ?? false,
        defences: defenceNames.filter((d) => this.field(`defence-${d}`)?.checked),
      },
      kept,
    );
  }

  /**
   * The fields the reader has changed since the page was drawn (before any script ran, or
   * while it loaded): their value is no longer the one the server wrote.
   */
  changedByReader(): Set<string> {
    const changed = new Set<string>();
    for (const field of this.form.querySelectorAll<HTMLInputElement>("input[name]")) {
      const moved =
        field.type === "checkbox" ? field.checked !== field.defaultChecked : field.value !== field.defaultValue;
      if (moved) changed.add(field.name);
    }
    return changed;
  }

  /** Show `state` in the fields, except those the reader has already changed (`keep`). */
  write(state: ReplayState, keep: ReadonlySet<string> = new Set()): void {
    const set = (name: string, apply: (field: HTMLInputElement) => void) => {
      const field = this.field(name);
      if (field && !keep.has(name)) apply(field);
    };
    set("seed", (f) => (f.value = String(state.seed)));
    for (const name of scenarioControls) {
      const v = state.params[name];
      set(name, (f) => (f.value = v === undefined || v === null ? f.defaultValue : String(v)));
    }
    set("noIntervention", (f) => (f.checked = state.params.intervention === null));
    for (const d of defenceNames) set(`defence-${d}`, (f) => (f.checked = state.defences.includes(d)));
    this.syncIntervention();
  }

  /** The intervention's time means nothing while "No intervention" is ticked: disable it. */
  syncIntervention(): void {
    const none = this.field("noIntervention");
    const at = this.field("intervention");
    if (none && at) at.disabled = none.checked;
  }

  /** Mark each invalid field and show its message beside it; clear the rest. */
  showErrors(errors: Record<string, string> | null): void {
    for (const box of this.form.querySelectorAll<HTMLElement>("[data-error-for]")) {
      const name = box.dataset.errorFor!;
      const field = this.field(name);
      const message = errors?.[name];
      // "Must be at most 600 s.": the number keeps its unit on a narrow field's line (src/format/units.ts).
      box.textContent = message ? keepUnitWithNumber(message) : "";
      box.hidden = !message;
      if (!field) continue;
      if (message) {
        field.setAttribute("aria-invalid", "true");
        field.setAttribute("aria-describedby", box.id);
      } else {
        field.removeAttribute("aria-invalid");
        field.removeAttribute("aria-describedby");
      }
    }
  }
}
