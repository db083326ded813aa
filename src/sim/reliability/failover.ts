/**
 * Failover arithmetic: what asynchronous replication loses, how long DNS-based failover takes,
 * and how many members a quorum can lose.
 */
import { checkNonNegative, checkWhole } from "./checks.ts";

/**
 * Writes lost when an asynchronous replica is promoted: every write acknowledged by the old
 * primary in the last `lagSeconds` had not reached it. Replication lag is data loss, measured in time.
 */
export function writesLost(lagSeconds: number, writesPerSecond: number): number {
  checkNonNegative("replication lag", lagSeconds);
  checkNonNegative("writes per second", writesPerSecond);
  return lagSeconds * writesPerSecond;
}

export interface HealthCheck {
  /** Seconds between checks. */
  intervalSeconds: number;
  /** Consecutive failed checks before the endpoint is declared unhealthy. */
  failuresToTrip: number;
}

/** Worst case from the failure to "unhealthy": the failure lands just after a passing check. */
export function detectionSeconds({ intervalSeconds, failuresToTrip }: HealthCheck): number {
  checkNonNegative("check interval", intervalSeconds);
  checkWhole("failures to trip", failuresToTrip, 1);
  return intervalSeconds * failuresToTrip;
}

export interface DnsFailover extends HealthCheck {
  /** TTL of the record: a resolver that cached the old answer just before the change keeps it this long. */
  ttlSeconds: number;
  /** Anything else before clients move: the DNS provider's own update time, clients that cache longer. */
  extraSeconds?: number;
}

/**
 * Worst-case seconds until a client that obeys the TTL reaches the healthy endpoint: detection,
 * then the record's TTL (a resolver that cached just before the switch keeps the old answer that
 * long), plus any extra delay. Clients that ignore the TTL (long-lived connections, JVM DNS caches)
 * take longer; that is a separate number to ask about.
 */
export function dnsFailoverSeconds({ ttlSeconds, extraSeconds = 0, ...check }: DnsFailover): number {
  checkNonNegative("TTL", ttlSeconds);
  checkNonNegative("extra seconds", extraSeconds);
  return detectionSeconds(check) + ttlSeconds + extraSeconds;
}

/** Votes needed for a majority of `members`: floor(n / 2) + 1. */
export function majority(members: number): number {
  checkWhole("members", members, 1);
  return Math.floor(members / 2) + 1;
}

/** Members a majority quorum can lose and still decide: n - majority(n). */
export function tolerableFailures(members: number): number {
  return members - majority(members);
}
