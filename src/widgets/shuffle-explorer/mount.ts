/**
 * The explorer in the page, loaded on first interaction: reads the controls, redraws the
 * figures with the same renderer the server used, and keeps the state in the URL.
 *
 * A number is drawn once the reader has finished typing it (Enter, or leaving the field), so a
 * half-typed value (the 3 on the way to 32) is never drawn; until then the figures are marked as
 * the last values drawn. A value that cannot be drawn gets a message at its field, the figures
 * stay on the last values drawn, marked as such, and no field is rewritten behind the reader's
 * back.
 */
import { redrawOnEdit, showFieldErrors } from "../form-edits.ts";
import { limitProblem } from "../number-fields.ts";
import { explorerView } from "./model.ts";
import { renderExplorer, summary, summaryHtml } from "./render.ts";
import {
  checkExplorer,
  type ExplorerFields,
  type ExplorerState,
  limits,
  linkFields,
  type NumberField,
  numberFields,
  queryHasState,
  readField,
  toQuery,
  withLinkText,
} from "./state.ts";
import { keepUnitsInPage, keepUnitWithNumber } from "../../format/units.ts";

interface Parts {
  form: HTMLFormElement;
  output: HTMLElement;
  live: HTMLElement;
  problem: HTMLElement | null;
  stale: HTMLElement | null;
}

function parts(root: HTMLElement): Parts {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  if (!form || !output || !live) throw new Error("shuffle explorer: markup is missing its form, output or live region");
  return {
    form,
    output,
    live,
    problem: root.querySelector<HTMLElement>("[data-problem]"),
    stale: root.querySelector<HTMLElement>("[data-stale-note]"),
  };
}

function input(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The controls as typed: each number read by its field's rule (`readField`), undefined when empty or not a number. */
function readForm(form: HTMLFormElement): ExplorerFields {
  const fields = { failover: input(form, "failover").checked } as ExplorerFields;
  for (const name of numberFields) fields[name] = readField(name, input(form, name).value);
  return fields;
}

/**
 * A shared link's values, as the link gives them (checked like typed ones, so a wrong one is
 * marked). A number field cannot hold text that is no number ("abc", or "1e400", too large to be
 * one): the browser empties it. Returns those texts by field, for the field's message to quote.
 */
function writeLink(form: HTMLFormElement, query: URLSearchParams): Partial<Record<NumberField, string>> {
  const link = linkFields(query);
  const unshown: Partial<Record<NumberField, string>> = {};
  for (const [name, text] of Object.entries(link.numbers) as [NumberField, string][]) {
    const field = input(form, name);
    field.value = text;
    if (field.value !== text) unshown[name] = text;
  }
  if (link.failover !== undefined) input(form, "failover").checked = link.failover;
  return unshown;
}

export interface MountedExplorer {
  /** Redraw from the controls now, as if the reader had finished typing; returns the state drawn. */
  redraw(): ExplorerState | null;
}

export function mount(root: HTMLElement): MountedExplorer {
  const { form, output, live, problem, stale } = parts(root);
  const syncUrl = root.dataset.url !== "off";
  let drawn = "";

  /**
   * Marks the fields that cannot be drawn, with their messages, and says what the figures show.
   * While a field is being typed in, an empty one is a number not yet written, not a mistake.
   */
  const showState = (errors: Partial<Record<string, string>>, finished: boolean, pending: boolean) => {
    const shown = showFieldErrors(root, form, errors, finished);
    const outOfDate = shown > 0 || pending || Object.keys(errors).length > 0;
    output.toggleAttribute("data-stale", outOfDate);
    if (stale) {
      stale.textContent =
        shown > 0
          ? "The figures below are for the last values drawn: correct the marked fields to redraw them."
          : "The figures below are for the last values drawn: press Enter or leave the field to redraw them.";
    }
    if (problem) problem.hidden = !outOfDate;
  };

  const draw = (state: ExplorerState) => {
    const key = JSON.stringify(state);
    if (key === drawn) return;
    drawn = key;
    const view = explorerView(state);
    // Numbers and units bound as the build binds the server's drawing (src/format/units.ts).
    output.innerHTML = keepUnitsInPage(
      renderExplorer(view, { headingLevel: root.dataset.headingLevel === "2" ? 2 : 3 }),
    );
    // Its text is the sentence's; a count said as a power of ten stays on one line (summaryHtml).
    live.innerHTML = summaryHtml(keepUnitWithNumber(summary(view)));
    if (syncUrl) {
      const query = toQuery(state, new URLSearchParams(location.search));
      history.replaceState(history.state, "", `${location.pathname}?${query}${location.hash}`);
    }
  };

  /** `finished`: the reader has left the field or pressed Enter (or ticked a box), so draw. */
  const redraw = (finished: boolean): ExplorerState | null => {
    const checked = checkExplorer(readForm(form));
    if (!checked.ok) {
      const errors = { ...checked.errors };
      for (const [name, text] of Object.entries(unshown) as [NumberField, string][])
        if (errors[name] !== undefined) errors[name] = withLinkText(errors[name], text);
      showState(errors, finished, true);
      return null;
    }
    if (finished) draw(checked.state);
    showState({}, finished, JSON.stringify(checked.state) !== drawn);
    return finished ? checked.state : null;
  };

  // A shared link wins over the server-rendered defaults. A value of it that its field cannot
  // hold is quoted in the field's message until the reader edits that field.
  const query = new URLSearchParams(location.search);
  const unshown: Partial<Record<NumberField, string>> = syncUrl && queryHasState(query) ? writeLink(form, query) : {};
  form.addEventListener("input", (event) => {
    delete unshown[(event.target as HTMLInputElement).name as NumberField];
  });
  // The server drew this state already (JSON of the normalized state, same key order).
  drawn = root.dataset.initial ?? "";

  // The shard and the group count cannot exceed the workers: a finished worker count the explorer
  // accepts sets their max at once, whether or not another field holds a value it can draw, so the
  // arrow keys stop where the check does (before the redraw, which may draw the new count).
  const followWorkers = () => {
    const workers = readField("workers", input(form, "workers").value);
    if (limitProblem(workers, { ...limits.workers, label: "" }) !== null) return;
    input(form, "shard").max = String(Math.min(limits.shard.max, workers!));
    input(form, "groups").max = String(Math.min(limits.groups.max, workers!));
  };
  form.addEventListener("change", followWorkers);
  // The count as the code finds it: a shared link's, or one changed before the code had loaded.
  followWorkers();
  redrawOnEdit(form, redraw);
  root.dataset.ready = "true";
  // A shared link's state is drawn at once; so is a change made before the code had loaded.
  redraw(Boolean(root.dataset.pendingChange) || (syncUrl && queryHasState(query)));
  delete root.dataset.pendingChange;
  return { redraw: () => redraw(true) };
}
