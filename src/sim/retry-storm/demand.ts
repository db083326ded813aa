/**
 * How many pooled connections pricing's callers want while pricing is slow, by Little's law
 * (connections in use = requests per second x seconds each request holds one). One request
 * holds its connection for a different time depending on how it calls pricing, so there are
 * three honest figures, each for one way of calling; the chapters use these, never their own.
 */
import { busyConnections, naiveHoldSeconds, poolThroughput } from "../backoff.ts";
import {
  type DependencySpec,
  defaultDependencies,
  defaultParameters,
  defaultServices,
  triggeredDependency,
  type Parameters,
  type ServiceSpec,
} from "./scenario.ts";

export interface DemandCase {
  /** Seconds one pricing request holds its connection while pricing is slow. */
  holdSeconds: number;
  /** Little's law: connections in use = pricing requests per second x hold. */
  connections: number;
}

export interface PricingDemand {
  /** Requests per second from the services that call pricing. */
  rate: number;
  /** Pricing's latency during the trigger, in seconds. */
  slowSeconds: number;
  /** The pool every service shares, in connections. */
  poolSize: number;
  /** A call with no timeout waits out the slowdown: rate x slow latency. */
  noTimeout: DemandCase;
  /** A call that gives up at its timeout and does not retry: rate x one attempt's timeout. */
  oneTry: DemandCase;
  /** The incident's loop: every attempt times out, it sleeps between them and after the last, all with the connection held. */
  naiveLoop: DemandCase;
}

export function pricingDemand(
  params: Pick<
    Parameters,
    "triggerLatency" | "attemptTimeout" | "poolSize" | "attempts" | "sleepStep"
  > = defaultParameters(),
  services: readonly ServiceSpec[] = defaultServices,
): PricingDemand {
  const rate = services.filter((s) => s.dependency === triggeredDependency).reduce((sum, s) => sum + s.rate, 0);
  const slowSeconds = params.triggerLatency / 1000;
  const attemptTimeout = params.attemptTimeout;
  const demand = (holdSeconds: number): DemandCase => ({ holdSeconds, connections: rate * holdSeconds });
  return {
    rate,
    slowSeconds,
    poolSize: params.poolSize,
    noTimeout: demand(slowSeconds),
    // A timeout longer than the slowdown never fires: the call just waits the slowdown out.
    oneTry: demand(Math.min(attemptTimeout, slowSeconds)),
    // If the timeout is longer than the slowdown, the first attempt succeeds and nothing retries.
    naiveLoop: demand(
      attemptTimeout >= slowSeconds
        ? slowSeconds
        : naiveHoldSeconds({
            attempts: params.attempts,
            timeoutSeconds: attemptTimeout,
            sleepStepSeconds: params.sleepStep / 1000,
          }),
    ),
  };
}

export interface HealthyPool {
  /** Connections in use on average when all is well (Little's law: each service's rate x its dependency's mean latency). */
  busy: number;
  /** Seconds the average request holds its connection. */
  holdSeconds: number;
  /** Requests per second the pool can serve at that holding time: pool size / hold. */
  capacity: number;
}

/**
 * The shared pool when all is well, by Little's law: each service holds a connection for its
 * dependency's mean latency (a log-normal's mean is its median x e^(sigma^2 / 2); pricing's
 * median is the scenario's `pricingLatency`). The chapters and the interview bank use this one.
 */
export function healthyPool(
  params: Pick<Parameters, "pricingLatency" | "poolSize"> = defaultParameters(),
  services: readonly ServiceSpec[] = defaultServices,
  dependencies: readonly DependencySpec[] = defaultDependencies,
): HealthyPool {
  const meanSeconds = (name: string) => {
    const d = dependencies.find((x) => x.name === name);
    if (!d) throw new Error(`no dependency named ${name}`);
    const median = name === triggeredDependency ? params.pricingLatency : d.latency.medianMs;
    return (median / 1000) * Math.exp(d.latency.sigma ** 2 / 2);
  };
  const busy = services.reduce((sum, s) => sum + busyConnections(s.rate, meanSeconds(s.dependency)), 0);
  const holdSeconds = busy / services.reduce((sum, s) => sum + s.rate, 0);
  return { busy, holdSeconds, capacity: poolThroughput(params.poolSize, holdSeconds) };
}
