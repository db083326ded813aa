/**
 * How many pooled connections pricing's callers want while pricing is slow, by Little's law
 * (connections in use = requests per second x seconds each request holds one). One request
 * holds its connection for a different time depending on how it calls pricing, so there are
 * three honest figures, each for one way of calling; the chapters use these, never their own.
 */
import { naiveHoldSeconds } from "../backoff.ts";
import {
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
  /** A call with no time-out waits out the slowdown: rate x slow latency. */
  noTimeout: DemandCase;
  /** A call that gives up at its time-out and does not retry: rate x one attempt's time-out. */
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
    // A time-out longer than the slowdown never fires: the call just waits the slowdown out.
    oneTry: demand(Math.min(attemptTimeout, slowSeconds)),
    // If the time-out is longer than the slowdown, the first attempt succeeds and nothing retries.
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
