/**
 * Shared page-side glue for the form-driven widgets (cells, static stability, canary, zone
 * headroom): read the form, check it against the widget's limits, redraw the output from the same
 * renderer the server used, announce the result politely. A value out of range is never clamped
 * behind the reader's back: the field is marked, its message shows under the controls, and the drawing
 * stays on the last valid settings, labelled as such. A typed number is drawn once the reader
 * has finished it (Enter, or leaving the field), never half-typed (the 9 on the way to 99); until
 * then the drawing is labelled as the last settings drawn. A widget whose fields cannot hold a wrong
 * value (selects and sliders only) has no stale note; `mountSliderWidget` is the mount of those
 * with one slider (cell size, canary, zone headroom), whose markup is
 * src/components/cells/SliderField.astro.
 */
import { readDecimal } from "../../format/decimal.ts";
import { redrawOnEdit, showFieldErrors } from "../form-edits.ts";
import type { Checked } from "../number-fields.ts";
import { keepUnitsInPage, keepUnitWithNumber } from "../../format/units.ts";

export interface Drawn {
  html: string;
  summary: string;
}

export type Fields = Record<string, number | boolean | string | null>;

/**
 * Reads the form's fields: numbers by the course's one decimal reader, as the explorer reads
 * them (null when empty or not a number), checkboxes as booleans, the rest as text.
 */
export function readFields(form: HTMLFormElement): Fields {
  const values: Fields = {};
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLSelectElement) || !element.name) continue;
    if (element instanceof HTMLInputElement && element.type === "checkbox") values[element.name] = element.checked;
    else if (element instanceof HTMLInputElement && element.type === "radio") {
      if (element.checked) values[element.name] = element.value;
    } else if (element instanceof HTMLInputElement && element.type === "number") {
      values[element.name] = readDecimal(element.value) ?? null;
    } else values[element.name] = element.value;
  }
  return values;
}

/**
 * Draws `html` in `output`, keeping the keyboard's place. A redraw replaces every element of the
 * drawing, so one that had focus (the cells widget's scrolling move table, focused by the Tab or
 * the tap that also loads the widget, whose first redraw then replaced it) took focus with it, to
 * the page's body. Its replacement, the element at the same place in the new drawing, takes focus
 * and the scroll position the reader had reached.
 */
function replaceDrawing(output: HTMLElement, html: string): void {
  const focused = document.activeElement;
  const place: number[] = [];
  for (let e = focused; e && e !== output && output.contains(e); e = e.parentElement)
    place.unshift(Array.prototype.indexOf.call(e.parentElement?.children ?? [], e));
  const { scrollLeft = 0, scrollTop = 0 } = focused ?? {};
  output.innerHTML = html;
  let heir: Element | undefined = place.length > 0 ? output : undefined;
  for (const index of place) heir = heir?.children[index];
  if (!(heir instanceof HTMLElement) || heir.tagName !== focused?.tagName || heir.tabIndex < 0) return;
  heir.focus({ preventScroll: true });
  heir.scrollLeft = scrollLeft;
  heir.scrollTop = scrollTop;
}

/**
 * The note above the drawing while `marked` fields hold values it cannot draw (the page's own
 * note, hidden until then, has the words for one).
 */
export function wrongValuesNote(marked: number): string {
  return `Showing the last valid settings: correct the marked ${marked === 1 ? "field" : "fields"} to redraw.`;
}

/**
 * `follow` runs on every valid read, before the redraw, for what moves with the fields (a slider's
 * shown value and its aria-valuetext).
 */
export function mountFormWidget<S>(
  root: HTMLElement,
  check: (fields: Fields) => Checked<S>,
  draw: (state: S) => Drawn,
  follow?: (state: S) => void,
): void {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  const stale = root.querySelector<HTMLElement>("[data-stale-note]");
  if (!form || !output || !live) throw new Error("widget markup is missing its form, output or live region");
  let last = "";
  /**
   * The live region is written only when its words change: a screen reader may read a region
   * whose text is replaced, even by the same words, so the first redraw after the code loads
   * (the server's sentence again, when the reader has only focused a control) says nothing.
   */
  const say = (words: string) => {
    if (live.textContent !== words) live.textContent = words;
  };
  // A value still being typed gets its own words; wrong ones get `wrongValuesNote`'s.
  const typingText = "Showing the last settings drawn: press Enter or leave the field to redraw.";

  const markStale = (text: string) => {
    if (stale) {
      stale.textContent = text;
      stale.hidden = false;
    }
    output.dataset.stale = "true";
  };
  const unmarkStale = () => {
    if (stale) stale.hidden = true;
    delete output.dataset.stale;
  };

  /** `committed`: the reader has finished (left the field, pressed Enter, or moved a control that is not typed in). */
  const redraw = (committed: boolean) => {
    const checked = check(readFields(form));
    if (!checked.ok) {
      showFieldErrors(root, form, checked.errors, committed);
      const shown = Object.entries(checked.errors).filter(([name]) => {
        const input = form.elements.namedItem(name);
        return committed || !(input instanceof HTMLInputElement) || input.value.trim() !== "";
      });
      if (shown.length > 0) {
        markStale(wrongValuesNote(shown.length));
        // Announced, not shown: each message is on the page already, under the controls, and the
        // note above the figures says they are the last valid settings.
        const words = `${shown.map(([, m]) => m).join(" ")} The figures below are for the last valid settings.`;
        if (live.textContent !== words) {
          const said = document.createElement("span");
          said.className = "sr-only";
          said.textContent = words;
          live.replaceChildren(said);
        }
      } else markStale(typingText);
      return;
    }
    showFieldErrors(root, form, {}, committed);
    const key = JSON.stringify(checked.state);
    if (!committed) {
      // Typing: the drawing waits for the number to be finished, and says so while it differs.
      if (key === last) unmarkStale();
      else markStale(typingText);
      return;
    }
    unmarkStale();
    follow?.(checked.state);
    const made = draw(checked.state);
    // Numbers and units bound as the build binds the server's drawing, so a redraw breaks its lines as that did.
    const drawn = { html: keepUnitsInPage(made.html), summary: keepUnitWithNumber(made.summary) };
    if (key !== last || live.textContent !== drawn.summary) {
      last = key;
      replaceDrawing(output, drawn.html);
      say(drawn.summary);
    }
  };
  const firstRedraw = (committed: boolean) => {
    const checked = check(readFields(form));
    if (checked.ok) redraw(true);
    else redraw(committed);
  };
  redrawOnEdit(form, redraw);
  // Shown again from the back/forward cache, or given values without an event: the drawing
  // follows the form as it is then (src/widgets/form-first-touch.ts, `mountFormOnFirstTouch`).
  window.addEventListener("pageshow", () => redraw(true));
  root.dataset.ready = "true";
  // The form as the code finds it: drawn if valid (the server's settings, or a change made before
  // the code loaded); only a change made by then shows an empty field as a mistake.
  firstRedraw(Boolean(root.dataset.pendingChange));
  delete root.dataset.pendingChange;
}

/** A form-driven widget whose fields cannot hold a wrong value: selects and one slider. */
export interface SliderWidget<S> {
  /** The state the fields describe (every read is valid). */
  state: (fields: Fields) => S;
  draw: (state: S) => Drawn;
  /** What the slider's value means, in words: shown beside it and given as its aria-valuetext. */
  sliderText: (state: S) => string;
}

/**
 * Mounts a slider widget: the slider's words (`output[data-slider-value]`, aria-valuetext) follow
 * every read, and the rest is `mountFormWidget`'s.
 */
export function mountSliderWidget<S>(root: HTMLElement, widget: SliderWidget<S>): void {
  const shown = root.querySelector<HTMLOutputElement>("output[data-slider-value]");
  const slider = root.querySelector<HTMLInputElement>('input[type="range"]');
  if (!shown || !slider) throw new Error("slider widget markup is missing its slider or its shown value");
  mountFormWidget(
    root,
    (fields) => ({ ok: true, state: widget.state(fields) }),
    widget.draw,
    (state) => {
      const text = widget.sliderText(state);
      shown.textContent = keepUnitWithNumber(text);
      slider.setAttribute("aria-valuetext", text);
    },
  );
}
