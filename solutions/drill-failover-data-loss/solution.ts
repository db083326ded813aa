/** Expected answers for "Drill: what failover loses and how long it takes" (src/sim/reliability). */
import { countOf, grouped, rounded } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { detectionSeconds, dnsFailoverSeconds, writesLost } from "../../src/sim/reliability/index.ts";

export interface Params {
  lag: number;
  writes: number;
  interval: number;
  failures: number;
  ttl: number;
}

export function answers({ lag, writes, interval, failures, ttl }: Params): Record<string, number> {
  return {
    lost: writesLost(lag, writes),
    failover: dnsFailoverSeconds({ intervalSeconds: interval, failuresToTrip: failures, ttlSeconds: ttl }),
  };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { interval, failures } = params;
  const a = answers(params);
  return {
    writesGrouped: grouped(params.writes),
    lostWrites: grouped(a.lost!),
    failedChecks: countOf(failures, "failed check"),
    detection: rounded(detectionSeconds({ intervalSeconds: interval, failuresToTrip: failures }), 6),
    failoverSeconds: rounded(a.failover!, 6),
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/**
 * Another lag, write rate and health check; write rates in hundreds keep half-second lags whole.
 * Detection never takes exactly the TTL, so the feedback on "the TTL alone" and on "detection
 * alone" each fires only on the mistake it names.
 */
export function variant(rand: Random): Params {
  for (;;) {
    const params: Params = {
      // Never 1 s, where the writes lost are one second of writes, the mistake the exercise names.
      lag: pick(rand, [0.5, 2, 5, 10]),
      writes: 100 * (1 + Math.floor(rand() * 100)),
      interval: pick(rand, [10, 30]),
      failures: 1 + Math.floor(rand() * 5),
      ttl: pick(rand, [30, 60, 120, 300]),
    };
    if (params.interval * params.failures !== params.ttl) return params;
  }
}
