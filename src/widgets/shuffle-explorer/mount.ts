/**
 * The explorer in the page, loaded on first interaction: reads the controls, redraws the
 * figures with the same renderer the server used, and keeps the state in the URL.
 */
import { readDecimal } from "../../format/decimal.ts";
import { explorerView } from "./model.ts";
import { renderExplorer, summary } from "./render.ts";
import { costProblem, type ExplorerState, fromQuery, limits, normalize, queryHasState, toQuery } from "./state.ts";

type NumberField = "workers" | "shard" | "customers" | "groups" | "seed";
const numberFields: NumberField[] = ["workers", "shard", "customers", "groups", "seed"];

interface Parts {
  form: HTMLFormElement;
  output: HTMLElement;
  live: HTMLElement;
  problem: HTMLElement | null;
}

function parts(root: HTMLElement): Parts {
  const form = root.querySelector<HTMLFormElement>("form[data-controls]");
  const output = root.querySelector<HTMLElement>("[data-output]");
  const live = root.querySelector<HTMLElement>("[data-live]");
  if (!form || !output || !live) throw new Error("shuffle explorer: markup is missing its form, output or live region");
  return { form, output, live, problem: root.querySelector<HTMLElement>("[data-problem]") };
}

function input(form: HTMLFormElement, name: string): HTMLInputElement {
  return form.elements.namedItem(name) as HTMLInputElement;
}

/** The controls' values, or null while one of them is mid-edit (empty or not a number). */
function readForm(form: HTMLFormElement): ExplorerState | null {
  const raw: Partial<ExplorerState> = {};
  for (const name of numberFields) {
    const text = input(form, name).value.trim();
    const value = readDecimal(text);
    if (value === undefined) return null;
    raw[name] = value;
  }
  raw.failover = input(form, "failover").checked;
  return normalize(raw);
}

function writeForm(form: HTMLFormElement, state: ExplorerState): void {
  for (const name of numberFields) {
    const field = input(form, name);
    if (field.value !== String(state[name])) field.value = String(state[name]);
  }
  input(form, "failover").checked = state.failover;
  // The shard and the group count cannot exceed the workers.
  input(form, "shard").max = String(Math.min(limits.shard.max, state.workers));
  input(form, "groups").max = String(state.workers);
}

export interface MountedExplorer {
  /** Redraw from the controls now; returns the state drawn. */
  redraw(): ExplorerState | null;
}

export function mount(root: HTMLElement): MountedExplorer {
  const { form, output, live, problem } = parts(root);
  const syncUrl = root.dataset.url !== "off";
  let drawn = "";

  /** Say why a state is not drawn, at the customers field; the last drawing stays, marked as such. */
  const showProblem = (message: string | undefined) => {
    const field = input(form, "customers");
    if (message) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
    output.toggleAttribute("data-stale", message !== undefined);
    if (!problem) return;
    problem.hidden = message === undefined;
    problem.textContent = message ? `${message} The figures below are for the last values that fit.` : "";
  };

  const draw = (state: ExplorerState) => {
    const message = costProblem(state);
    showProblem(message);
    if (message) return;
    const key = JSON.stringify(state);
    if (key === drawn) return;
    drawn = key;
    const view = explorerView(state);
    output.innerHTML = renderExplorer(view, { headingLevel: root.dataset.headingLevel === "2" ? 2 : 3 });
    live.textContent = summary(view);
    if (syncUrl) {
      const query = toQuery(state, new URLSearchParams(location.search));
      history.replaceState(history.state, "", `${location.pathname}?${query}${location.hash}`);
    }
  };

  const redraw = () => {
    const state = readForm(form);
    if (state) draw(state);
    return state;
  };

  // A shared link wins over the server-rendered defaults.
  const query = new URLSearchParams(location.search);
  if (syncUrl && queryHasState(query)) writeForm(form, fromQuery(query));
  // The server drew this state already (JSON of the normalized state, same key order).
  drawn = root.dataset.initial ?? "";

  form.addEventListener("input", redraw);
  form.addEventListener("change", () => {
    const state = redraw();
    if (state) writeForm(form, state);
  });
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const state = redraw();
    if (state) writeForm(form, state);
  });
  root.dataset.ready = "true";
  const state = redraw();
  if (state && root.dataset.pendingChange) writeForm(form, state);
  delete root.dataset.pendingChange;
  return { redraw };
}
