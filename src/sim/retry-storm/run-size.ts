/**
 * How big a retry-storm run can get, from its parameters alone, before it runs: a bound on the
 * events the engine will process, and the limit a run is refused over, in words that name the
 * limit and what to lower (the shape of shuffle-shard's `dealCostProblem`). One rule for every
 * place a learner can ask for any parameters: the terminal's `--set`, the replay's links.
 *
 * The bound follows the engine (engine.ts) event by event, for the retry loops the parameters
 * choose (the naive loop, or jitter): a learner's own policy is not capped by `attempts`.
 *   - arrivals: Poisson at the services' rates × load over warm-up and duration; counted at six
 *     standard deviations above the mean, so only a run one in hundreds of millions outgrows it;
 *   - tries: at most `attempts` per request;
 *   - per try: its client timeout, the client's retry after a sleep, and at most one step that
 *     ends it (a success, or a deadline that cuts a call or a sleep short);
 *   - per failed call: the call's end and the sleep after it. A failed call holds a connection for
 *     the whole attempt timeout, so the calls that fail are also bounded by the connections
 *     (pool, or a bulkhead per dependency) times the run's length over that timeout, which is
 *     what keeps a storm's bound near its real count: most of its tries wait, not call;
 *   - a tick a second, and the intervention.
 */
import { drainSeconds } from "./engine.ts";
import { defaultServices, parameterSpecs, type DefenceName, type Parameters, type ServiceSpec } from "./scenario.ts";
import { asGiven, countOf, grouped } from "../../format/number.ts";

/** What the bound needs of a scenario (a `Scenario` has all of it). */
export interface RunSizeInput {
  params: Parameters;
  defences: readonly DefenceName[];
  services?: readonly ServiceSpec[];
}

/**
 * The most events a run processes, per one rule for the terminal and the replay's links: a run
 * whose bound is over it is refused before it starts. Every run the replay's form can ask for
 * (its five fields anywhere in their ranges, the rest at their defaults) stays under it, and so
 * does every run with one parameter at its extreme (tested).
 */
export const retryStormEventLimit = 10_000_000;

/** Standard deviations above the mean the arrivals are counted at. */
const arrivalSpread = 6;

/** The most events the engine processes for a run of these parameters (see the module's comment). */
export function runEventBound({ params: p, defences, services = defaultServices }: RunSizeInput): number {
  const span = p.warmup + p.duration;
  const mean = services.reduce((sum, s) => sum + s.rate, 0) * p.load * span;
  const arrivals = Math.ceil(mean + arrivalSpread * Math.sqrt(mean));
  const tries = arrivals * p.attempts;
  const pools = defences.includes("bulkhead") ? new Set(services.map((s) => s.dependency)).size : 1;
  const connections = pools * (defences.includes("bulkhead") ? p.bulkheadSize : p.poolSize);
  const attemptTimeout = defences.includes("timeout") ? p.deadlineAttemptTimeout : p.attemptTimeout;
  // Each connection makes its failed calls one after another, each as long as the timeout, over
  // the run's whole length (the drain too); one more each for a call the run's start or end cuts.
  const failedByTime = connections * (Math.floor((span + drainSeconds) / attemptTimeout) + 1);
  const failedCalls = Math.min(tries * p.attempts, failedByTime);
  const ticks = Math.ceil(span);
  return arrivals + 3 * tries + 2 * failedCalls + ticks + 1;
}

/** The parameters the bound mostly grows with, as a message names them: "load 5 with 20 attempts". */
function settings(p: Parameters): string {
  return `load ${asGiven(p.load)} with ${countOf(p.attempts, "attempt")}`;
}

/**
 * Why a run of these parameters could take more events than `limit` allows, in words that name the
 * limit and a way under it (the longest duration that fits, in whole seconds, or, when even the
 * shortest run is over, what else to lower); undefined when its bound is within the limit.
 */
export function runSizeProblem(input: RunSizeInput, limit: number = retryStormEventLimit): string | undefined {
  const bound = runEventBound(input);
  if (bound <= limit) return undefined;
  const p = input.params;
  const what = `a run of ${asGiven(p.duration)} s at ${settings(p)} could take up to ${grouped(bound)} events, over the limit of ${grouped(limit)} a run`;
  const fits = (duration: number) => runEventBound({ ...input, params: { ...p, duration } }) <= limit;
  const shortest: number = parameterSpecs.find((spec) => spec.name === "duration")!.min;
  if (!fits(shortest))
    return p.warmup > 0
      ? `${what}: even the shortest run, ${shortest} s, is over it after a warm-up of ${asGiven(p.warmup)} s; lower the load, the attempts or the warm-up`
      : `${what}: even the shortest run, ${shortest} s, is over it; lower the load or the attempts`;
  // The bound grows with the duration: the longest whole second that fits, by bisection.
  let low = shortest;
  let high = Math.floor(p.duration);
  if (fits(high)) low = high;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle;
  }
  return `${what}: use a duration of at most ${grouped(low)} s, or lower the load or the attempts`;
}
