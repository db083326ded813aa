/**
 * The explorer's state: what the controls hold, how it is clamped to what the simulation can
 * do, and how it round-trips through the page URL so a link reproduces a view exactly.
 */
import { readDecimal } from "../../format/decimal.ts";
import { countOf, grouped, nounFor } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import { type Checked, clampTo, limitProblem } from "../number-fields.ts";
import { readSeed, seedRule } from "../../sim/random.ts";
import { dealCostProblem, shuffleShardLimits } from "../../sim/shuffle-shard.ts";

export interface ExplorerState {
  workers: number;
  /** Workers per customer (k). */
  shard: number;
  customers: number;
  /** Fixed groups, for the fixed-sharding comparison. */
  groups: number;
  seed: number;
  /** Clients retry on the surviving workers of their shard. */
  failover: boolean;
}

/** The chapter's worked example: the seed article's simulation. */
export const defaultState: ExplorerState = {
  workers: 8,
  shard: 2,
  customers: 10_000,
  groups: 4,
  seed: 7,
  failover: true,
};

/** The explorer's share of the one limits object the simulation, the CLI and this widget use. */
export const limits = { ...shuffleShardLimits.page, seed: shuffleShardLimits.seed } as const;

/** URL parameter for each field; short, so shared links stay readable. */
const param = { workers: "n", shard: "k", customers: "c", groups: "g", seed: "seed", failover: "failover" } as const;

/**
 * Why the explorer will not deal `state` (too many worker picks for the page's main thread),
 * or undefined. The terminal has the same rule with a larger budget.
 */
export function costProblem(state: ExplorerState): string | undefined {
  const problem = dealCostProblem(state, limits.picks);
  return problem
    ? `${problem}. The page deals at most ${grouped(limits.picks)} at once so it stays responsive; in a clone of the course's repository, npm run sim -- shuffle-shard deals up to ${grouped(shuffleShardLimits.picks)}.`
    : undefined;
}

/** Bring any combination of inputs to one the simulation accepts (k <= n, groups <= n). */
export function normalize(input: Partial<ExplorerState>): ExplorerState {
  const workers = clampTo(input.workers, limits.workers.min, limits.workers.max, defaultState.workers);
  return {
    workers,
    shard: clampTo(
      input.shard,
      limits.shard.min,
      Math.min(limits.shard.max, workers),
      Math.min(defaultState.shard, workers),
    ),
    customers: clampTo(input.customers, limits.customers.min, limits.customers.max, defaultState.customers),
    groups: clampTo(input.groups, limits.groups.min, workers, Math.min(defaultState.groups, workers)),
    seed: clampTo(input.seed, limits.seed.min, limits.seed.max, defaultState.seed),
    failover: input.failover ?? defaultState.failover,
  };
}

/**
 * A field's text as a number, or undefined when it is not one: the seed by the course's one seed
 * rule (`readSeed`: digits only, so "1e3" is refused, as `npm run sim -- shuffle-shard --seed`
 * refuses it), every other field as the course reads a typed number (`1_000` and `1e3` are 1000).
 */
export function readField(name: NumberField, text: string): number | undefined {
  return name === "seed" ? readSeed(text) : readDecimal(text);
}

/** The fields whose bound is the worker count: a state may not hold more of them than workers. */
const boundByWorkers = ["shard", "groups"] as const;

/**
 * What a shared link puts in the controls, for each field it names: the number as a typed one is
 * read (`readField`), or the link's text when it is not one. Nothing the link gave is
 * clamped: a value the explorer cannot draw (k=99 with 8 workers, seed=1.5) is shown as the link
 * gave it and refused at its field, with its message, as a typed one is, never quietly replaced;
 * one its number field cannot hold ("abc", "1e400") is quoted in that message (`withLinkText`).
 * A field the link does not name keeps what it `held`, unless the link's own worker count (one
 * the explorer accepts) is below it: a shard or a group count above the workers then takes that
 * count, as `fromQuery` draws such a link (normalize: the default, at most the workers), so only
 * a value the link gave is ever marked wrong ("n=3" alone is no mistake in the groups' 4).
 */
export function linkFields(
  query: URLSearchParams,
  held: Partial<Record<NumberField, number | undefined>> = {},
): {
  numbers: Partial<Record<NumberField, string>>;
  failover?: boolean;
} {
  const numbers: Partial<Record<NumberField, string>> = {};
  for (const name of numberFields) {
    const text = query.get(param[name]);
    if (text === null) continue;
    const value = readField(name, text);
    numbers[name] = value === undefined ? text : String(value);
  }
  const workers = numbers.workers === undefined ? undefined : readField("workers", numbers.workers);
  if (workers !== undefined && limitProblem(workers, { ...limits.workers, label: "" }) === null)
    for (const name of boundByWorkers) {
      const value = held[name];
      if (numbers[name] === undefined && value !== undefined && value > workers) numbers[name] = String(workers);
    }
  const failover = linkSwitch(query.get(param.failover));
  return failover === undefined ? { numbers } : { numbers, failover };
}

/**
 * What a link wrote, as it wrote it, for the messages that quote it: each number field's text
 * ("1e99", where the field shows 1e+99, or "abc", which the field cannot hold), and the failover
 * text when it is no word for on or off (linkSwitch: "7").
 */
export function linkTexts(query: URLSearchParams): {
  numbers: Partial<Record<NumberField, string>>;
  failover?: string;
} {
  const numbers: Partial<Record<NumberField, string>> = {};
  for (const name of numberFields) {
    const text = query.get(param[name]);
    if (text !== null) numbers[name] = text;
  }
  const failover = query.get(param.failover);
  return failover === null || linkSwitch(failover) !== undefined ? { numbers } : { numbers, failover };
}

/** The longest part of a link's value a message quotes (a link may carry anything). */
const quotedLength = 40;

/** A link's value as a message quotes it: cut short past 40 characters; an empty one is "no value". */
function quoteLink(text: string): string {
  if (text === "") return "no value";
  return `"${text.length > quotedLength ? `${text.slice(0, quotedLength)}…` : text}"`;
}

/**
 * A field's message for a value a link gave and the explorer refused: the link's text as it wrote
 * it (a number field shows "1e99" as 1e+99, and holds no "abc" at all), and, when given, what the
 * figures use instead (fieldInWords: "shards of 2").
 */
export function withLinkText(message: string, text: string, used?: string): string {
  return `${message} The link gave ${quoteLink(text)}${used === undefined ? "" : `, so the figures use ${used}`}.`;
}

/** Why a link's failover was not read, and what the explorer does instead (`on`: the box as it stays). */
export function failoverLinkMessage(text: string, on: boolean): string {
  return `Failover: the link gave ${quoteLink(text)}, which is neither on (1) nor off (0), so failover stays ${on ? "on" : "off"}.`;
}

/** One field of a state in words, as the figures use it: "8 workers", "shards of 2", "seed 7". */
export function fieldInWords(name: NumberField, state: ExplorerState): string {
  switch (name) {
    case "workers":
      return countOf(state.workers, "worker");
    case "shard":
      return `shards of ${grouped(state.shard)}`;
    case "customers":
      return countOf(state.customers, "customer");
    case "groups":
      return countOf(state.groups, "fixed group");
    case "seed":
      return `seed ${state.seed}`;
  }
}

/** A state in words: "8 workers, shards of 2, 10,000 customers, 4 fixed groups, seed 7, failover on". */
export function stateInWords(state: ExplorerState): string {
  return [...numberFields.map((name) => fieldInWords(name, state)), `failover ${state.failover ? "on" : "off"}`].join(
    ", ",
  );
}

/**
 * The words of the note over figures that are not the fields' values, while `marked` fields hold
 * values they cannot draw: "the marked field", "the marked fields" (nounFor, the rule of every
 * widget's note: cells' wrongValuesNote).
 */
export const markedFieldsWords = (marked: number): string => `the marked ${nounFor(marked, "field")}`;

/**
 * What the figures show while a shared link's refused values (`marked` fields) keep the explorer
 * from drawing the link: the state the page drew first (`drawn`), named as the defaults when it
 * is them, and the values the fields show that the figures do not use though nothing is wrong
 * with them (`unused`, in words: "3 workers"), so that no field reads as drawn that is not.
 */
export function linkNotDrawnNote(drawn: ExplorerState, marked: number, unused: readonly string[] = []): string {
  const which = stateInWords(drawn) === stateInWords(defaultState) ? "the defaults" : "the page's first values";
  const until = `until ${markedFieldsWords(marked)} ${marked === 1 ? "is" : "are"} corrected`;
  const figures = `The figures below use ${which} (${stateInWords(drawn)}) ${until}`;
  return unused.length === 0
    ? `${figures}, not the link's values.`
    : `${figures}; they do not use the ${listNames(unused)} the fields show either.`;
}

/**
 * The values the fields hold, other than the `marked` ones, that differ from the state drawn, in
 * words ("3 workers", "failover off"): what a note over the figures names as not drawn.
 */
export function undrawnValues(fields: ExplorerFields, drawn: ExplorerState, marked: readonly string[]): string[] {
  const words: string[] = [];
  for (const name of numberFields) {
    const value = fields[name];
    if (marked.includes(name) || value === undefined || value === drawn[name]) continue;
    words.push(fieldInWords(name, { ...drawn, [name]: value }));
  }
  if (fields.failover !== drawn.failover) words.push(`failover ${fields.failover ? "on" : "off"}`);
  return words;
}

/** The words a link may write a switch with (toQuery writes 1 and 0). */
const switchWords: Record<string, boolean> = {
  1: true,
  on: true,
  true: true,
  yes: true,
  0: false,
  off: false,
  false: false,
  no: false,
};

/** A switch as a link writes it, or undefined when it is missing or no word for on or off. */
function linkSwitch(text: string | null): boolean | undefined {
  const word = text?.trim().toLowerCase();
  return word !== undefined && Object.hasOwn(switchWords, word) ? switchWords[word] : undefined;
}

/** The state a link gives, brought within what the simulation can do (missing or unreadable values: the defaults). */
export function fromQuery(query: URLSearchParams): ExplorerState {
  const { numbers, failover } = linkFields(query);
  const number = (name: NumberField) => (numbers[name] === undefined ? undefined : readField(name, numbers[name]));
  return normalize({
    workers: number("workers"),
    shard: number("shard"),
    customers: number("customers"),
    groups: number("groups"),
    seed: number("seed"),
    failover,
  });
}

/** True when the query string names any explorer field (a shared link, not a plain visit). */
export function queryHasState(query: URLSearchParams): boolean {
  return Object.values(param).some((key) => query.has(key));
}

/** Write the state into a query string, leaving unrelated parameters alone. */
export function toQuery(state: ExplorerState, base = new URLSearchParams()): URLSearchParams {
  const query = new URLSearchParams(base);
  query.set(param.workers, String(state.workers));
  query.set(param.shard, String(state.shard));
  query.set(param.customers, String(state.customers));
  query.set(param.groups, String(state.groups));
  query.set(param.seed, String(state.seed));
  query.set(param.failover, state.failover ? "1" : "0");
  return query;
}

/** The explorer's number fields, in the order the page shows them, with their labels. */
export const fieldLabels = {
  workers: "Workers (n)",
  shard: "Per shard (k)",
  customers: "Customers",
  groups: "Fixed groups",
  seed: "Seed",
} as const;

export type NumberField = keyof typeof fieldLabels;
export const numberFields = Object.keys(fieldLabels) as NumberField[];

/** What the controls hold: each number as read (undefined when the field is empty or not a number). */
export type ExplorerFields = Record<NumberField, number | undefined> & { failover: boolean };

/**
 * What the reader typed, checked field by field: nothing is clamped and no field is rewritten,
 * so a value the reader did not mean is never drawn. The shard and the groups may not exceed
 * the workers; the customers may not cost more picks than the page deals at once.
 */
export function checkExplorer(fields: ExplorerFields): Checked<ExplorerState> {
  const errors: Partial<Record<NumberField, string>> = {};
  /** A message for the field unless it is a whole number from min to max (a state's bounds). */
  const range = (name: NumberField, min: number, max: number, why = "") => {
    const problem = limitProblem(fields[name], { ...limits[name], label: fieldLabels[name] }, min, max, why);
    if (problem) errors[name] = problem;
    return problem === null;
  };
  const workersOk = range("workers", limits.workers.min, limits.workers.max);
  const workers = workersOk ? fields.workers! : limits.workers.max;
  const capped = (max: number) => (workersOk && workers < max ? ", no more than the workers" : "");
  const shardMax = Math.min(limits.shard.max, workers);
  const shardOk = range("shard", limits.shard.min, shardMax, capped(limits.shard.max));
  const customersOk = range("customers", limits.customers.min, limits.customers.max);
  range("groups", limits.groups.min, Math.min(limits.groups.max, workers), capped(limits.groups.max));
  // The seed by the course's one seed rule, in its own words: "1e3" is refused for its letters.
  if (!range("seed", limits.seed.min, limits.seed.max)) errors.seed = `${fieldLabels.seed}: ${seedRule}.`;
  if (shardOk && customersOk) {
    const cost = costProblem({ ...defaultState, shard: fields.shard!, customers: fields.customers! });
    if (cost) errors.customers = cost;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const { workers: n, shard, customers, groups, seed, failover } = fields as ExplorerState;
  return { ok: true, state: { workers: n, shard, customers, groups, seed, failover } };
}
