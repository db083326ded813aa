/**
 * What the replay shows, as plain data that round-trips through the page URL: the seed, the
 * defences of the defended run, and any parameters changed from the defaults.
 * The other run is always the naive one: same seed and parameters, no defences.
 */
import {
  checkParameter,
  defaultScenario,
  defenceNames,
  interventionAfterEnd,
  parameterSpecs,
  type DefenceName,
  type Parameters,
  type Scenario,
} from "../../sim/retry-storm/index.ts";
import { amount } from "../../sim/retry-storm/scenario.ts";
import { runSizeProblem } from "../../sim/retry-storm/run-size.ts";
import { isSeed, readSeed, seedRange, seedRule } from "../../sim/random.ts";
import { listNames } from "../../format/words.ts";
import { replayQueryKeys } from "./url-keys.ts";

export interface ReplayState {
  seed: number;
  defences: DefenceName[];
  /** Only the parameters that differ from their defaults. */
  params: Partial<Parameters>;
}

/** A state from outside (a URL, a data attribute, the form): parameters not yet checked. */
export interface UncheckedState {
  seed?: number;
  defences?: DefenceName[];
  params?: Record<string, unknown>;
}

export const defaultReplayState: ReplayState = { seed: 1, defences: [...defenceNames], params: {} };

/** The scenario controls shown in the page (every parameter still works through the URL). */
export const scenarioControls = ["triggerDuration", "intervention", "poolSize", "load", "clientTimeout"] as const;
export type ScenarioControl = (typeof scenarioControls)[number];

/** Each control's label in the page (and in the "last valid run" note). */
export const controlLabels: Record<ScenarioControl | "seed", string> = {
  seed: "Seed",
  triggerDuration: "Pricing slow for (s)",
  intervention: "Operators step in at (s)",
  poolSize: "Pool size (connections)",
  load: "Load (× normal)",
  clientTimeout: "Client timeout (s)",
};

/** The seeds every simulation takes, in the page as in the terminal (one seed rule). */
export const seedLimits = seedRange;

/** What the form holds, as text, before it is checked. */
export interface FormInput {
  seed: string;
  params: Partial<Record<ScenarioControl, string>>;
  noIntervention: boolean;
  defences: DefenceName[];
}

/** The form read: a state to run, or the message for each field that holds something invalid. */
export type FormReading = { state: ReplayState; errors: null } | { state: null; errors: Record<string, string> };

/**
 * Check the form's fields. Every field must hold a valid value: an empty or out-of-range one
 * is an error shown at the field, never silently replaced by the default.
 */
export function readForm(input: FormInput, base: Partial<Parameters> = {}): FormReading {
  const errors: Record<string, string> = {};
  const seed = readSeed(input.seed);
  if (seed === undefined) errors.seed = `Enter ${seedRule}.`;
  const params: Record<string, unknown> = { ...base };
  for (const name of scenarioControls) {
    if (name === "intervention" && input.noIntervention) {
      params.intervention = null;
      continue;
    }
    const text = (input.params[name] ?? "").trim();
    if (text === "" || text === "none") {
      errors[name] = "Enter a number.";
      continue;
    }
    try {
      params[name] = checkParameter(name, text);
    } catch (error) {
      errors[name] = fieldMessage(name, (error as Error).message);
    }
  }
  const late = errors.intervention ? null : lateIntervention(params);
  if (late) errors.intervention = late;
  if (Object.keys(errors).length > 0) return { state: null, errors };
  return { state: normalizeState({ seed, defences: input.defences, params }), errors: null };
}

/** Why the intervention's time cannot be used with these parameters, or null (interventionAfterEnd's rule). */
function lateIntervention(params: Record<string, unknown>): string | null {
  const end = interventionAfterEnd(params);
  return end === null ? null : `Must be before the run ends, at ${amount(end, "s")}; for none, tick No intervention.`;
}

/** "poolSize must be at least 1 connection, got 0" -> "Must be at least 1 connection." */
function fieldMessage(name: string, message: string): string {
  const text = message.startsWith(`${name} `) ? message.slice(name.length + 1) : message;
  const short = text.replace(/, got .*$/, "");
  return `${short.charAt(0).toUpperCase()}${short.slice(1)}.`;
}

/** A field's label without its unit, as a sentence names it: "Pool size (connections)" -> "Pool size". */
function shortLabel(name: ScenarioControl | "seed"): string {
  return controlLabels[name].replace(/ \(.*\)$/, "");
}

/** The fields a reading marked invalid (readForm's `errors`), named as the status line names them, in the form's order. */
export function markedFields(errors: Record<string, string>): string[] {
  return (["seed", ...scenarioControls] as const).filter((name) => name in errors).map(shortLabel);
}

/** The settings of a state in words, for the note that labels the last valid run. */
export function describeState(state: ReplayState): string {
  const parts = [`seed ${state.seed}`];
  for (const name of scenarioControls) {
    const value = state.params[name];
    if (value === undefined) continue;
    const label = shortLabel(name).toLowerCase();
    parts.push(value === null ? "no intervention" : `${label} ${value}`);
  }
  if (parts.length === 1) parts.push("every other setting at its default");
  return parts.join(", ");
}

/**
 * Keep only valid, non-default parameters; order defences canonically. A seed that is not one
 * (isSeed, the one seed rule) takes the default, as an invalid parameter does. Parameters that
 * together ask for a run over the limit of events (runSizeProblem, the terminal's rule too: a
 * hand-edited link can, the form cannot) take their defaults, every one.
 */
export function normalizeState(state: UncheckedState): ReplayState {
  return sized(checkedState(state)).state;
}

/** A checked state as it runs, with why it takes every default when its runs are over the limit (tooBig). */
function sized(checked: ReplayState): { state: ReplayState; overLimit?: string } {
  const overLimit = tooBig(checked);
  return overLimit === undefined ? { state: checked } : { state: { ...checked, params: {} }, overLimit };
}

/** Why either run of `state` is over the limit of events (runSizeProblem), or undefined. */
function tooBig(state: ReplayState): string | undefined {
  const { naive, defended } = scenarios(state);
  return runSizeProblem(naive) ?? runSizeProblem(defended);
}

/** normalizeState, each value checked alone. */
function checkedState(state: UncheckedState): ReplayState {
  const seed = isSeed(state.seed) ? state.seed : defaultReplayState.seed;
  const chosen = new Set(state.defences ?? defaultReplayState.defences);
  const params: Record<string, unknown> = {};
  for (const spec of parameterSpecs) {
    const value = state.params?.[spec.name];
    if (value === undefined) continue;
    try {
      const checked = checkParameter(spec.name, value);
      if (checked !== spec.default) params[spec.name] = checked;
    } catch {
      // An invalid value (hand-edited URL, half-typed field) falls back to the default.
    }
  }
  // So does an intervention the run ends before: it would never happen.
  if (lateIntervention(params)) delete params.intervention;
  return { seed, defences: defenceNames.filter((d) => chosen.has(d)), params: params as Partial<Parameters> };
}

/** The two scenarios the replay compares. */
export function scenarios(state: ReplayState): { naive: Scenario; defended: Scenario } {
  return {
    naive: defaultScenario({ seed: state.seed, defences: [], params: state.params }),
    defended: defaultScenario({ seed: state.seed, defences: state.defences, params: state.params }),
  };
}

/** Write the state into URL query parameters, leaving unrelated ones alone. */
export function toQuery(state: ReplayState, base = new URLSearchParams()): URLSearchParams {
  const query = new URLSearchParams(base);
  for (const key of replayQueryKeys) query.delete(key);
  if (state.seed !== defaultReplayState.seed) query.set("seed", String(state.seed));
  const same =
    state.defences.length === defaultReplayState.defences.length &&
    state.defences.every((d, i) => d === defaultReplayState.defences[i]);
  if (!same) query.set("defences", state.defences.length ? state.defences.join(",") : "none");
  for (const spec of parameterSpecs) {
    const value = state.params[spec.name];
    if (value !== undefined) query.set(spec.name, value === null ? "none" : String(value));
  }
  return query;
}

/** Read a state from URL query parameters; anything missing or invalid takes its default. */
export function fromQuery(query: URLSearchParams): ReplayState {
  return normalizeState(queryState(query));
}

/** What a query asks for, not yet checked. */
function queryState(query: URLSearchParams): UncheckedState {
  const seedText = query.get("seed");
  const defencesText = query.get("defences");
  const params: Record<string, unknown> = {};
  for (const spec of parameterSpecs) {
    const value = query.get(spec.name);
    if (value !== null) params[spec.name] = value;
  }
  return {
    seed: seedText === null ? undefined : readSeed(seedText),
    defences:
      defencesText === null
        ? undefined
        : (defencesText.split(",").filter((d) => (defenceNames as readonly string[]).includes(d)) as DefenceName[]),
    params,
  };
}

/**
 * What a link asked for and did not get, one sentence per key: a value the replay could not use
 * (a hand-edited or truncated link) is replaced by the default, and the reader is told so, with
 * what runs instead, as the explorer says of a link's refused value what its figures use: an
 * unknown defence is left out, and the sentence names the defences the defended run has.
 */
export function linkProblems(query: URLSearchParams): string[] {
  // What the link asks for, each value checked alone, and what runs (fromQuery's rule, once).
  const checked = checkedState(queryState(query));
  const { state, overLimit } = sized(checked);
  const problems: string[] = [];
  const seedText = query.get("seed");
  if (seedText !== null && readSeed(seedText) === undefined)
    problems.push(`seed "${seedText}" is not ${seedRule}, so it runs seed ${state.seed}`);
  const defencesText = query.get("defences");
  if (defencesText !== null && defencesText !== "none") {
    // An empty name (`?defences=`, "a,,b") names nothing: it is no defence, not an unknown one.
    const unknown = defencesText.split(",").filter((d) => d !== "" && !(defenceNames as readonly string[]).includes(d));
    if (unknown.length > 0) {
      const instead = state.defences.length
        ? `the defended run has ${listNames(state.defences)}`
        : "no defence is switched on";
      problems.push(
        `no defence is called ${unknown.map((d) => `"${d}"`).join(" or ")}, so ${unknown.length === 1 ? "it is" : "they are"} left out, and ${instead}`,
      );
    }
  }
  for (const spec of parameterSpecs) {
    const text = query.get(spec.name);
    if (text === null) continue;
    let why: string | null;
    try {
      const value = checkParameter(spec.name, text);
      why = spec.name === "intervention" ? lateIntervention({ ...checked.params, intervention: value }) : null;
    } catch (error) {
      why = fieldMessage(spec.name, (error as Error).message);
    }
    if (why === null) continue;
    const fallback = typeof spec.default === "number" ? amount(spec.default, spec.unit) : String(spec.default);
    problems.push(
      `${spec.name} "${text}" cannot be used (${why.replace(/\.$/, "").toLowerCase()}), so it takes its default, ${fallback}`,
    );
  }
  // Each value fine alone, together over the limit of events: every setting takes its default.
  if (overLimit !== undefined) problems.push(`${overLimit}; so every setting takes its default`);
  return problems;
}

export { queryHasState } from "./url-keys.ts";
