/** The few DOM helpers every part of the mock interview uses: its fields, buttons and live region. */
import { keepUnitWithNumber } from "../../format/units.ts";

export interface Ui {
  root: HTMLElement;
  field<T extends HTMLElement = HTMLElement>(name: string): T;
  button(action: string): HTMLButtonElement;
  /** Says `text` in the polite live region (cleared first, so a repeated message is read again). */
  announce(text: string): void;
  /** Empties the live region (and drops a message still pending), so nothing stale stays on screen. */
  quiet(): void;
  /** What the live region says (or is about to), as given to `announce`; empty once quiet. */
  said(): string;
}

export function bindUi(root: HTMLElement): Ui {
  const field = <T extends HTMLElement = HTMLElement>(name: string): T => {
    const el = root.querySelector<T>(`[data-field="${name}"]`);
    if (!el) throw new Error(`mock interview: missing [data-field="${name}"]`);
    return el;
  };
  const button = (action: string) => {
    const el = root.querySelector<HTMLButtonElement>(`[data-action="${action}"]`);
    if (!el) throw new Error(`mock interview: missing [data-action="${action}"]`);
    return el;
  };
  let pending: number | undefined;
  let last = "";
  const announce = (text: string) => {
    last = text;
    const region = field("announce");
    region.textContent = "";
    window.clearTimeout(pending);
    pending = window.setTimeout(() => {
      // Numbers kept with their units, as the build keeps the page's (src/format/units.ts).
      region.textContent = keepUnitWithNumber(text);
    }, 50);
  };
  const quiet = () => {
    last = "";
    window.clearTimeout(pending);
    field("announce").textContent = "";
  };
  return { root, field, button, announce, quiet, said: () => last };
}

/** Shows one stage of the widget and hides the others. */
export function showStage(ui: Ui, stage: "setup" | "running" | "review"): void {
  for (const el of ui.root.querySelectorAll<HTMLElement>("[data-stage]")) el.hidden = el.dataset.stage !== stage;
  ui.root.dataset.stage = stage;
}
