/**
 * The model must keep producing what it produced before the engine was split into parts:
 * `golden/legacy-results.json` holds the summary and a SHA-256 of the full per-second metrics
 * of every case in `golden/equality-cases.ts`, captured from the one-closure model before any
 * change. Fields added since (milestones, incident window, abandoned connections) are left out
 * of the comparison; the renamed `firstRefusalSeconds` is compared under its old name.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { equalityCases, policies } from "./golden/equality-cases.ts";
import { runRetryStorm } from "./model.ts";
import { defaultScenario } from "./scenario.ts";
import type { RetryStormMetrics, RetryStormSummary } from "./metrics.ts";

interface Legacy {
  summary: Record<string, unknown>;
  metricsSha256: string;
}
const legacy: Record<string, Legacy> = JSON.parse(
  readFileSync(new URL("./golden/legacy-results.json", import.meta.url), "utf8"),
);

/** The summary as the old model printed it: its fields, in its order, under its names. */
function legacySummary(s: RetryStormSummary): Record<string, unknown> {
  return {
    seed: s.seed,
    defences: s.defences,
    triggerSeconds: s.triggerSeconds,
    interventionSeconds: s.interventionSeconds,
    poolExhaustedSeconds: s.firstRefusalSeconds,
    recovered: s.recovered,
    recoverySeconds: s.recoverySeconds,
    amplification: s.amplification,
    dependencyAmplification: s.dependencyAmplification,
    services: s.services.map(({ name, dependency, requests, succeeded, failed, successRate }) => ({
      name,
      dependency,
      requests,
      succeeded,
      failed,
      successRate,
    })),
    abandonedWork: s.abandonedWork,
    breakerOpenings: s.breakerOpenings,
    events: s.events,
  };
}

/** The metrics as the old model returned them, hashed in its key order. */
function legacyMetricsHash(m: RetryStormMetrics): string {
  const old = {
    time: m.time,
    poolInUse: m.poolInUse,
    poolCapacity: m.poolCapacity,
    waiting: m.waiting,
    attempts: m.attempts,
    dependencyCalls: m.dependencyCalls,
    successes: m.successes,
    successRate: m.successRate,
    latencyP50: m.latencyP50,
    latencyP99: m.latencyP99,
    services: m.services.map(({ name, attempts, successes, successRate }) => ({
      name,
      attempts,
      successes,
      successRate,
    })),
  };
  return createHash("sha256").update(JSON.stringify(old)).digest("hex");
}

test("every captured case is still in the list, and the list has no duplicates", () => {
  const names = equalityCases.map((c) => c.name);
  expect(new Set(names).size).toBe(names.length);
  expect(Object.keys(legacy).sort()).toEqual([...names].sort());
  expect(names.length).toBeGreaterThanOrEqual(70);
});

test.each(equalityCases)("$name: summary and full metrics as before", { timeout: 60_000 }, (c) => {
  const { summary, metrics } = runRetryStorm(
    defaultScenario({
      seed: c.seed,
      defences: c.defences,
      params: c.params,
      ...(c.policy ? { retryPolicy: policies[c.policy] } : {}),
    }),
  );
  const before = legacy[c.name]!;
  expect(legacySummary(summary)).toEqual(before.summary);
  expect(legacyMetricsHash(metrics)).toBe(before.metricsSha256);
});
