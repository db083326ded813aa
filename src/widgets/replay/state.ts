/**
 * What the replay shows, as plain data that round-trips through the page URL: the seed, the
 * defences of the right-hand ("defended") run, and any parameters changed from the defaults.
 * The left-hand run is always the naive one: same seed and parameters, no defences.
 */
import {
  checkParameter,
  defaultScenario,
  defenceNames,
  parameterSpecs,
  type DefenceName,
  type Parameters,
  type Scenario,
} from "../../sim/retry-storm/index.ts";
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

export const seedLimits = { min: 0, max: 999_999 };

/** Keep only valid, non-default parameters; clamp the seed; order defences canonically. */
export function normalizeState(state: UncheckedState): ReplayState {
  const seed = Number.isInteger(state.seed)
    ? Math.min(seedLimits.max, Math.max(seedLimits.min, state.seed!))
    : defaultReplayState.seed;
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
  const seedText = query.get("seed");
  const defencesText = query.get("defences");
  const params: Record<string, unknown> = {};
  for (const spec of parameterSpecs) {
    const value = query.get(spec.name);
    if (value !== null) params[spec.name] = value;
  }
  return normalizeState({
    seed: seedText === null ? undefined : Number(seedText),
    defences:
      defencesText === null
        ? undefined
        : (defencesText.split(",").filter((d) => (defenceNames as readonly string[]).includes(d)) as DefenceName[]),
    params,
  });
}

export { queryHasState } from "./url-keys.ts";
