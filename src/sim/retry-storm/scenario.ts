/**
 * What the retry-storm simulation can be told: the services and dependencies of the incident,
 * the defences that can be switched on, and every tunable parameter with its default and unit.
 * Times are in seconds on a clock whose zero is the moment the trigger starts.
 */
import type { Random } from "../random.ts";
import { readDecimal } from "../../format/decimal.ts";
import { asGiven } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";

export const defenceNames = ["bulkhead", "breaker", "budget", "jitter", "timeout", "shed"] as const;
export type DefenceName = (typeof defenceNames)[number];

/** The naive loop's sleep step by default, in ms: sleepStep's default, and the jitter defence's words. */
const sleepStepDefault = 200;

export const defenceDescriptions: Record<DefenceName, string> = {
  bulkhead: "a small connection pool per dependency instead of one shared pool",
  breaker:
    "a circuit breaker per calling service, in front of its dependency: closed, open for a cooldown, half-open probes",
  budget: "retries capped as a share of requests per window (or a gRPC-style token bucket)",
  jitter: `capped exponential backoff with full jitter instead of ${sleepStepDefault} ms × attempt`,
  timeout: "deadlines that release the connection: no work for callers who gave up",
  shed: "load shedding: a bounded wait queue that fails fast when full",
};

/** One latency distribution: log-normal around a median, cut at a maximum. */
export interface Latency {
  medianMs: number;
  /** Spread of log(latency); 0.5 puts p99 near 3.2 x the median. */
  sigma: number;
}

export interface ServiceSpec {
  name: string;
  /** Original requests per second (open loop: they keep coming whatever happens). */
  rate: number;
  /** The one downstream dependency each request calls while holding a pooled connection. */
  dependency: string;
}

export interface DependencySpec {
  name: string;
  latency: Latency;
}

/**
 * A retry policy: called after attempt number `failedAttempt` (0 for the first) fails. Return
 * how long to sleep (milliseconds) and whether to try again afterwards. The article's loop
 * sleeps 200 ms x attempt even after its last attempt, and so does `naiveRetryPolicy`.
 */
export type RetryPolicy = (failedAttempt: number, random: Random) => { sleepMs: number; retry: boolean };

/** Where a retry happens: the client calling a service, or the service calling its dependency. */
export type RetryLayer = "client" | "dependency";

export interface ParameterSpec {
  name: string;
  default: number | string | null;
  unit: string;
  description: string;
  /** The defence this parameter tunes, if any. */
  defence?: DefenceName;
  min?: number;
  /** The value must be greater than this (a strict lower bound). */
  above?: number;
  max?: number;
  /** Where a bound comes from, named in the message when a value breaks it. */
  source?: string;
  /** The most decimal places a value may have. */
  decimals?: number;
  integer?: boolean;
  /** For text parameters: the allowed values. */
  choices?: readonly string[];
  /** True when "none" is allowed (the value is then null). */
  nullable?: boolean;
}

/** Every parameter, in the order `--help` lists them. */
export const parameterSpecs = [
  {
    name: "duration",
    default: 690,
    unit: "s",
    description: "simulated time after the trigger starts",
    min: 10,
    max: 3600,
  },
  { name: "warmup", default: 30, unit: "s", description: "simulated time before the trigger starts", min: 0, max: 600 },
  { name: "load", default: 1, unit: "x", description: "multiplies every service's arrival rate", min: 0, max: 5 },
  {
    name: "poolSize",
    default: 20,
    unit: "connections",
    description: "size of the shared connection pool",
    min: 1,
    max: 1000,
    integer: true,
  },
  {
    name: "acquireTimeout",
    default: 20,
    unit: "s",
    description: "how long a request waits for a pooled connection before it fails",
    min: 0.01,
    max: 600,
  },
  {
    name: "clientTimeout",
    default: 1,
    unit: "s",
    description: "how long a client waits for a service before it gives up on the try",
    min: 0.01,
    max: 60,
  },
  {
    name: "attempts",
    default: 5,
    unit: "attempts",
    description: "tries per request in the naive loop (client and service alike)",
    min: 1,
    max: 20,
    integer: true,
  },
  {
    name: "sleepStep",
    default: sleepStepDefault,
    unit: "ms",
    description: "the naive loop sleeps sleepStep × attempt after each failure",
    min: 0,
    max: 10000,
  },
  {
    name: "attemptTimeout",
    default: 1,
    unit: "s",
    description: "per-attempt timeout on a dependency call",
    min: 0.001,
    max: 60,
  },
  {
    name: "pricingLatency",
    default: 60,
    unit: "ms",
    description: "median latency of the pricing dependency when healthy",
    min: 1,
    max: 5000,
  },
  {
    name: "triggerDuration",
    default: 4,
    unit: "s",
    description: "how long pricing stays slow (0: no trigger)",
    min: 0,
    max: 600,
  },
  {
    name: "triggerLatency",
    default: 2500,
    unit: "ms",
    description: "median pricing latency during the trigger",
    min: 1,
    max: 60000,
  },
  {
    name: "intervention",
    default: 660,
    unit: "s",
    description: "when operators flush the queue and turn retries off (none: never)",
    min: 0,
    max: 3600,
    nullable: true,
  },
  {
    name: "bulkheadSize",
    default: 8,
    unit: "connections",
    description: "size of each dependency's own pool",
    defence: "bulkhead",
    min: 1,
    max: 1000,
    integer: true,
  },
  {
    name: "breakerKind",
    default: "consecutive",
    unit: "",
    description: "what opens the breaker: consecutive failures or a failure rate",
    defence: "breaker",
    choices: ["consecutive", "rate"],
  },
  {
    name: "breakerThreshold",
    default: 5,
    unit: "failures",
    description: "consecutive failures that open the breaker",
    defence: "breaker",
    min: 1,
    max: 1000,
    integer: true,
  },
  {
    name: "breakerFailureRate",
    default: 0.5,
    unit: "share",
    description: "failure rate (over the window) that opens the breaker",
    defence: "breaker",
    min: 0.01,
    max: 1,
  },
  {
    name: "breakerWindow",
    default: 20,
    unit: "calls",
    description: "calls in the failure-rate window",
    defence: "breaker",
    min: 1,
    max: 10000,
    integer: true,
  },
  {
    name: "breakerMinCalls",
    default: 10,
    unit: "calls",
    description: "calls needed in the window before the rate counts",
    defence: "breaker",
    min: 1,
    max: 10000,
    integer: true,
  },
  {
    name: "breakerCooldown",
    default: 2,
    unit: "s",
    description: "how long the breaker stays open before probing",
    defence: "breaker",
    min: 0.01,
    max: 600,
  },
  {
    name: "breakerProbes",
    default: 3,
    unit: "calls",
    description: "half-open trial calls that must all succeed to close",
    defence: "breaker",
    min: 1,
    max: 100,
    integer: true,
  },
  {
    name: "budgetKind",
    default: "ratio",
    unit: "",
    description: "share of requests per window, or a gRPC A6 token bucket",
    defence: "budget",
    choices: ["ratio", "token"],
  },
  {
    name: "budgetRatio",
    default: 0.1,
    unit: "share",
    description: "retries allowed per request in the window",
    defence: "budget",
    min: 0,
    max: 10,
  },
  {
    name: "budgetWindow",
    default: 10,
    unit: "s",
    description: "the retry budget's sliding window",
    defence: "budget",
    min: 1,
    max: 600,
    integer: true,
  },
  {
    name: "budgetMinPerSecond",
    default: 0,
    unit: "retries/s",
    description: "retries always allowed, however few requests",
    defence: "budget",
    min: 0,
    max: 1000,
  },
  {
    name: "tokenMax",
    default: 10,
    unit: "tokens",
    description: "token bucket size (gRPC maxTokens)",
    defence: "budget",
    min: 1,
    max: 10000,
    decimals: 3,
    source: "gRFC A6",
  },
  {
    name: "tokenRatio",
    default: 0.1,
    unit: "tokens",
    description: "tokens a success puts back (gRPC tokenRatio)",
    defence: "budget",
    above: 0,
    max: 10,
    decimals: 3,
    source: "gRFC A6",
  },
  {
    name: "backoffBase",
    default: 100,
    unit: "ms",
    description: "first backoff ceiling, doubled per retry",
    defence: "jitter",
    min: 0,
    max: 60000,
  },
  {
    name: "backoffCap",
    default: 2000,
    unit: "ms",
    description: "the ceiling no backoff exceeds",
    defence: "jitter",
    min: 0,
    max: 600000,
  },
  {
    name: "deadlineAttemptTimeout",
    default: 0.3,
    unit: "s",
    description: "per-attempt timeout set from pricing's latency percentiles",
    defence: "timeout",
    min: 0.001,
    max: 60,
  },
  {
    name: "shedQueue",
    default: 10,
    unit: "requests",
    description: "most requests allowed to wait for a connection; more are refused at once",
    defence: "shed",
    min: 0,
    max: 100000,
    integer: true,
  },
] as const satisfies readonly ParameterSpec[];

type Spec = (typeof parameterSpecs)[number];
/** The name of a parameter: a misspelt one is a compile error. */
export type ParameterName = Spec["name"];
type SpecNamed<N extends ParameterName> = Extract<Spec, { name: N }>;
/** The value a parameter takes: one of its choices, a number, or (where allowed) null for none. */
export type ParameterValue<N extends ParameterName> =
  SpecNamed<N> extends { choices: readonly (infer C)[] }
    ? C
    : SpecNamed<N> extends { nullable: true }
      ? number | null
      : number;
/** Every parameter of a scenario, each with its own kind of value. */
export type Parameters = { [N in ParameterName]: ParameterValue<N> };

/** The spec of a parameter by name, or undefined for a name that is not one. */
export function parameterSpec(name: string): ParameterSpec | undefined {
  return parameterSpecs.find((p) => p.name === name);
}

/** True when `name` names a parameter (narrows an untyped name from a URL or a command line). */
export function isParameterName(name: string): name is ParameterName {
  return parameterSpec(name) !== undefined;
}

export interface Scenario {
  seed: number;
  defences: DefenceName[];
  /** Every parameter; `defaultScenario` fills in the defaults of those not given. */
  params: Parameters;
  services: ServiceSpec[];
  dependencies: DependencySpec[];
  /** A learner's policy, used at both layers in place of the naive loop (and of jitter). */
  retryPolicy?: RetryPolicy;
}

/** The incident: two services call pricing; two others share the pool and never do. */
export const defaultServices: readonly ServiceSpec[] = [
  { name: "checkout", rate: 25, dependency: "pricing" },
  { name: "quotes", rate: 15, dependency: "pricing" },
  { name: "search", rate: 40, dependency: "catalog" },
  { name: "accounts", rate: 20, dependency: "profiles" },
];

export const defaultDependencies: readonly DependencySpec[] = [
  { name: "pricing", latency: { medianMs: 60, sigma: 0.5 } },
  { name: "catalog", latency: { medianMs: 40, sigma: 0.5 } },
  { name: "profiles", latency: { medianMs: 30, sigma: 0.5 } },
];

/** The dependency the trigger slows down. */
export const triggeredDependency = "pricing";

/** Every parameter's default, each typed as exactly its value (`parameterDefaults.intervention` is 660). */
export const parameterDefaults = Object.freeze(Object.fromEntries(parameterSpecs.map((p) => [p.name, p.default]))) as {
  readonly [N in ParameterName]: SpecNamed<N>["default"];
};

/** A fresh copy of every parameter's default, to change. */
export function defaultParameters(): Parameters {
  return { ...parameterDefaults };
}

/** The default scenario: seed 1, no defences, the article's naive retry loop. */
export function defaultScenario(
  overrides: Partial<Omit<Scenario, "params">> & { params?: Partial<Parameters> } = {},
): Scenario {
  return {
    seed: overrides.seed ?? 1,
    defences: [...(overrides.defences ?? [])],
    params: { ...defaultParameters(), ...(overrides.params ?? {}) },
    services: (overrides.services ?? defaultServices).map((s) => ({ ...s })),
    dependencies: (overrides.dependencies ?? defaultDependencies).map((d) => ({ ...d, latency: { ...d.latency } })),
    ...(overrides.retryPolicy ? { retryPolicy: overrides.retryPolicy } : {}),
  };
}

/** "1 connection", "20 connections", "4 s": an amount with its unit, in the singular for one. */
/**
 * When a chosen intervention time cannot happen in the run these parameters make, the second the
 * run ends (its duration, a link's or the default); else null. Operators set to step in then or
 * later never do, so the run would be the one with no intervention under a time someone chose:
 * the replay's form and links and the terminal's `--set` refuse it by this one rule. The course's
 * own time is not a choice: a shorter run (a link's two minutes) simply ends before it.
 */
export function interventionAfterEnd(params: Readonly<Record<string, unknown>>): number | null {
  const at = params.intervention;
  const end = typeof params.duration === "number" ? params.duration : parameterDefaults.duration;
  return typeof at === "number" && at !== parameterDefaults.intervention && at >= end ? end : null;
}

export function amount(n: number, unit: string): string {
  // A multiplier or a share reads best bare: "at least 0", not "at least 0 x".
  // Thousands grouped, as --help and the replay's form state the same bounds ("at most 1,000").
  if (unit === "" || unit === "x" || unit === "share") return asGiven(n);
  const word = /^[a-z]{3,}$/.test(unit);
  return `${asGiven(n)} ${word && n === 1 ? unit.replace(/s$/, "") : unit}`;
}

/**
 * Check one parameter value from anywhere (a typed caller, a command line, a URL, a learner's
 * untyped playground); returns the normalised value or throws a RangeError naming it.
 */
export function checkParameter<N extends ParameterName>(name: N, value: unknown): ParameterValue<N>;
export function checkParameter(name: string, value: unknown): number | string | null;
export function checkParameter(name: string, value: unknown): number | string | null {
  const spec = parameterSpec(name);
  if (!spec)
    throw new RangeError(`unknown parameter "${name}"; known: ${parameterSpecs.map((p) => p.name).join(", ")}`);
  if (spec.choices) {
    if (typeof value !== "string" || !spec.choices.includes(value))
      throw new RangeError(`${name} must be one of ${listNames(spec.choices, "or")}, got ${String(value)}`);
    return value;
  }
  if (value === null || value === "none") {
    if (spec.nullable) return null;
    throw new RangeError(`${name} needs a number, got none`);
  }
  // Text is read by the one rule for typed numbers: decimal, so "0x10" or "0b1" is refused, not read as 16 or 1.
  const n = typeof value === "number" ? value : typeof value === "string" ? (readDecimal(value) ?? NaN) : NaN;
  if (!Number.isFinite(n))
    throw new RangeError(`${name} must be a number${spec.nullable ? ' or "none"' : ""}, got "${String(value)}"`);
  if (spec.integer && !Number.isInteger(n)) throw new RangeError(`${name} must be a whole number, got ${n}`);
  const why = spec.source ? ` (${spec.source})` : "";
  if (spec.min !== undefined && n < spec.min)
    throw new RangeError(`${name} must be at least ${amount(spec.min, spec.unit)}${why}, got ${n}`);
  if (spec.above !== undefined && !(n > spec.above))
    throw new RangeError(`${name} must be greater than ${amount(spec.above, spec.unit)}${why}, got ${n}`);
  if (spec.max !== undefined && n > spec.max)
    throw new RangeError(`${name} must be at most ${amount(spec.max, spec.unit)}, got ${n}`);
  if (spec.decimals !== undefined) {
    const scaled = n * 10 ** spec.decimals;
    if (Math.abs(scaled - Math.round(scaled)) > 1e-6)
      throw new RangeError(`${name} has at most ${spec.decimals} decimal places${why}, got ${n}`);
  }
  return n;
}

/** Validate a whole scenario's parameters and defences (throws RangeError on the first problem). */
export function checkScenario(scenario: Scenario): void {
  if (!Number.isInteger(scenario.seed)) throw new RangeError(`seed must be a whole number, got ${scenario.seed}`);
  for (const d of scenario.defences) {
    if (!defenceNames.includes(d))
      throw new RangeError(`unknown defence "${d}"; choose from ${listNames(defenceNames)}`);
  }
  // Params may come from untyped code (a playground, a worker message): check every one.
  const params = scenario.params as Record<string, unknown>;
  for (const spec of parameterSpecs) {
    const given = params[spec.name];
    params[spec.name] = checkParameter(spec.name, given === undefined ? spec.default : given);
  }
  for (const name of Object.keys(params)) checkParameter(name, params[name]);
  const deps = new Set(scenario.dependencies.map((d) => d.name));
  for (const s of scenario.services) {
    if (!deps.has(s.dependency)) throw new RangeError(`service ${s.name} calls unknown dependency ${s.dependency}`);
    if (!(s.rate >= 0)) throw new RangeError(`service ${s.name} needs a rate >= 0`);
  }
}
