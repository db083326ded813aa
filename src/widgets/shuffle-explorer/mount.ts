/**
 * The explorer in the page, loaded on first interaction: reads the controls, redraws the
 * figures with the same renderer the server used, and keeps the state in the URL.
 *
 * A number is drawn once the reader has finished typing it (Enter, or leaving the field), so a
 * half-typed value (the 3 on the way to 32) is never drawn; until then the figures are marked as
 * the last values drawn. A value that cannot be drawn gets a message at its field, the figures
 * stay on the last values drawn, marked as such, and no field is rewritten behind the reader's
 * back. A shared link's refused value is quoted as the link wrote it, with what the figures use
 * instead, until a drawing or the reader's edit of that field; a failover the link wrote as no word
 * for on or off is said, with what stays, until the reader changes the box.
 */
import { redrawOnEdit, showFieldErrors } from "../form-edits.ts";
import { limitProblem } from "../number-fields.ts";
import { explorerView } from "./model.ts";
import { renderExplorer, summary, summaryHtml } from "./render.ts";
import {
  checkExplorer,
  defaultState,
  type ExplorerFields,
  type ExplorerState,
  failoverLinkMessage,
  fieldInWords,
  limits,
  linkFields,
  linkNotDrawnNote,
  linkTexts,
  markedFieldsWords,
  type NumberField,
  numberFields,
  queryHasState,
  readField,
  toQuery,
  undrawnValues,
  withLinkText,
} from "./state.ts";
import { keepUnitsInPage, keepUnitWithNumber } from "../../format/units.ts";

interface Parts {
  form: HTMLFormElement;
  output: HTMLElement;
  live: HTMLElement;
  problem: HTMLElement | null;
  stale: HTMLElement | null;
  failoverNote: HTMLElement | null;
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
    failoverNote: root.querySelector<HTMLElement>('[data-error-for="failover"]'),
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
 * marked), and a field it does not name lowered to the link's worker count where it held more
 * (linkFields). A number field cannot hold text that is no number ("abc", or "1e400", too large
 * to be one): the browser empties it. Returns what the link wrote (linkTexts), for the messages to quote.
 */
function writeLink(form: HTMLFormElement, query: URLSearchParams): ReturnType<typeof linkTexts> {
  const link = linkFields(query, readForm(form));
  for (const [name, text] of Object.entries(link.numbers) as [NumberField, string][]) input(form, name).value = text;
  if (link.failover !== undefined) input(form, "failover").checked = link.failover;
  return linkTexts(query);
}

export interface MountedExplorer {
  /** Redraw from the controls now, as if the reader had finished typing; returns the state drawn. */
  redraw(): ExplorerState | null;
}

export function mount(root: HTMLElement): MountedExplorer {
  const { form, output, live, problem, stale, failoverNote } = parts(root);
  const syncUrl = root.dataset.url !== "off";
  let drawn = "";
  /** The state the figures show: the server's, then the last one drawn here. */
  let drawnState: ExplorerState = root.dataset.initial ? JSON.parse(root.dataset.initial) : defaultState;
  // A shared link wins over the server-rendered defaults. What it wrote for a field the explorer
  // refuses is quoted in that field's message until the field is edited or a state is drawn (the
  // link's values are then drawn, or replaced); one for the failover box until the box is changed.
  const query = new URLSearchParams(location.search);
  const fromLink = syncUrl && queryHasState(query);
  const link: ReturnType<typeof linkTexts> = fromLink ? writeLink(form, query) : { numbers: {} };
  /** The figures are still the page's first drawing, not the link's (a value of it was refused). */
  let linkUndrawn = fromLink;

  /**
   * Marks the fields that cannot be drawn, with their messages, and says what the figures show.
   * While a field is being typed in, an empty one is a number not yet written, not a mistake.
   */
  const showState = (errors: Partial<Record<string, string>>, finished: boolean, pending: boolean) => {
    const shown = showFieldErrors(root, form, errors, finished);
    const outOfDate = shown > 0 || pending || Object.keys(errors).length > 0;
    output.toggleAttribute("data-stale", outOfDate);
    if (stale) {
      stale.hidden = !outOfDate;
      stale.textContent =
        shown > 0
          ? linkUndrawn
            ? linkNotDrawnNote(drawnState, shown, undrawnValues(readForm(form), drawnState, Object.keys(errors)))
            : `The figures below are for the last values drawn: correct ${markedFieldsWords(shown)} to redraw them.`
          : "The figures below are for the last values drawn: press Enter or leave the field to redraw them.";
    }
    const failover =
      link.failover === undefined ? "" : failoverLinkMessage(link.failover, input(form, "failover").checked);
    if (failoverNote) {
      failoverNote.textContent = failover;
      failoverNote.hidden = failover === "";
    }
    if (problem) problem.hidden = !outOfDate && failover === "";
  };

  const draw = (state: ExplorerState) => {
    const key = JSON.stringify(state);
    if (key === drawn) return;
    drawn = key;
    drawnState = state;
    linkUndrawn = false;
    link.numbers = {};
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
      for (const [name, text] of Object.entries(link.numbers) as [NumberField, string][])
        if (errors[name] !== undefined) errors[name] = withLinkText(errors[name], text, fieldInWords(name, drawnState));
      showState(errors, finished, true);
      return null;
    }
    if (finished) draw(checked.state);
    showState({}, finished, JSON.stringify(checked.state) !== drawn);
    return finished ? checked.state : null;
  };

  form.addEventListener("input", (event) => {
    const name = (event.target as HTMLInputElement).name;
    if (name === "failover") delete link.failover;
    else delete link.numbers[name as NumberField];
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
  redraw(Boolean(root.dataset.pendingChange) || fromLink);
  delete root.dataset.pendingChange;
  return { redraw: () => redraw(true) };
}
