import { expect, test } from "vitest";
import { poissonTail } from "../../../src/sim/concurrency.ts";
import { readFileSync } from "node:fs";
import { pricingDemand } from "../../../src/sim/retry-storm/demand.ts";
import {
  createRun,
  defaultScenario,
  parameterDefaults,
  runRetryStorm,
  type Try,
} from "../../../src/sim/retry-storm/index.ts";
import {
  biggerPool,
  envoyDefaultShown,
  libraries,
  pools,
  pricingRow,
  queueing,
  quietestRow,
  raw,
  replay,
  shortcutMiss,
  sizing,
  tailTarget,
  trigger,
  z99,
} from "./numbers.ts";
import { workedSolution } from "../../../tests/support/worked-solution.ts";

test("z99 is the standard normal's 99th percentile", () => {
  // Independent check: the normal CDF at z99 (Abramowitz-Stegun 7.1.26 erf approximation) is 0.99.
  const erf = (x: number) => {
    const t = 1 / (1 + 0.3275911 * x);
    const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
    return 1 - poly * Math.exp(-x * x);
  };
  expect(0.5 * (1 + erf(z99 / Math.SQRT2))).toBeCloseTo(0.99, 6);
});

test("sizing: Little's law gives the mean in flight; the pool comes from the Poisson tail", () => {
  const pricing = sizing.find((s) => s.dependency === "pricing")!;
  // 25 + 15 requests/s; log-normal latency, median 60 ms, sigma 0.5: mean 68 ms, p99 192 ms.
  expect(pricing.rate).toBe(40);
  expect(pricing.meanMillis).toBe("68");
  expect(pricing.p99Millis).toBe(192);
  expect(pricing.meanInFlight).toBe("2.7"); // 40/s × 0.068 s
  expect(pricing.size).toBe(9);
  // A pool at the mean is too small nearly a third of the time; rate x p99 (8) 0.2% of the time.
  expect(pricing.atMeanSize).toBe(3);
  // Rounded shares keep the zero they were rounded to (readableShare, by percentAnySize's rule):
  // about 29.02% and 0.2007% of the time, not a whole 29% and 0.2%.
  expect(poissonTail(pricing.raw.mean, pricing.atMeanSize)).toBeCloseTo(0.2902, 4);
  expect(poissonTail(pricing.raw.mean, pricing.rateTimesP99)).toBeCloseTo(0.002007, 6);
  expect(pricing.atMeanTail).toBe("29.0%");
  expect(pricing.rateTimesP99).toBe(8);
  expect(pricing.rateTimesP99Tail).toBe("0.20%");
  for (const row of sizing) {
    // The size is the smallest pool whose tail is within the target.
    expect(poissonTail(row.raw.mean, row.size)).toBeLessThanOrEqual(tailTarget);
    expect(poissonTail(row.raw.mean, row.size - 1)).toBeGreaterThan(tailTarget);
  }
  // The shortcut fails worst for the quietest dependency: profiles' rate x p99 pool is too small 3% of the time.
  expect(quietestRow.dependency).toBe("profiles");
  expect(quietestRow.rateTimesP99Tail).toBe("3.2%");
  expect(pricingRow.dependency).toBe("pricing");
  expect(pools.sizedTotal).toBe(sizing.reduce((a, s) => a + s.size, 0));
  expect(pools.sizedTotal).toBeLessThanOrEqual(pools.shared);
  expect(pools.pricingSize).toBe(9);
});

// Audit: the chapter called pricing's rate x p99 pool, too small 0.20% of the time, one that "looks
// fine", three paragraphs after setting the target at 0.1%.
test("the rate x p99 shortcut misses pricing's target, by little: a connection short, twice the target; profiles' by far", () => {
  const tail = poissonTail(pricingRow.raw.mean, pricingRow.rateTimesP99);
  // "where the method above gives 9": the shortcut's pool is smaller than the sized one.
  expect(pricingRow.rateTimesP99).toBeLessThan(pricingRow.size);
  // "twice the 0.1% target": above the target, and the ratio the word rounds.
  expect(tail).toBeGreaterThan(tailTarget);
  expect(shortcutMiss.raw).toBe(tail / tailTarget);
  expect(shortcutMiss.raw).toBeCloseTo(2, 1);
  expect(shortcutMiss.timesTarget).toBe("twice");
  // "yet close enough to look fine": within three times the target...
  expect(tail).toBeLessThan(3 * tailTarget);
  // ...where "fails outright" is more than ten times it.
  expect(poissonTail(quietestRow.raw.mean, quietestRow.rateTimesP99)).toBeGreaterThan(10 * tailTarget);
});

test("during the trigger: the case study's demand figures, and what a sized pricing pool can do", () => {
  expect(trigger.latencyMillis).toBe("2,500");
  expect(trigger.noTimeoutDemand).toBe("100"); // 40/s × 2.5 s
  expect(trigger.naiveLoopDemand).toBe("280"); // 40/s × 7 s
  expect(trigger.naiveOverPool).toBe("14");
  expect(trigger.bulkheadThroughput).toBe("3.6"); // 9 / 2.5 s
  // A queue of 10 drains in 10 / (9 / 0.068 s) = 76 ms healthy (the mean latency: a full pool's
  // throughput is its size over the mean holding time), 10 / 3.6 = 2.8 s slow: past the 1 s client timeout.
  expect(queueing.healthyWaitMillis).toBe(76);
  expect(queueing.slowWaitSeconds).toBe("2.8");
  expect(Number(queueing.slowWaitSeconds)).toBeGreaterThan(queueing.clientTimeoutSeconds);
});

test("the queue while pricing is slow, both ways the prose names: waiting the slowdown out, and giving up at the 1 s attempt timeout", () => {
  // "about 2.8 s to drain if each call waits the slowdown out": 10 / (9 / 2.5 s), the no-timeout case.
  const demand = pricingDemand();
  expect(queueing.raw.slowThroughput).toBeCloseTo(pools.pricingSize / demand.noTimeout.holdSeconds, 12);
  expect(Number(trigger.bulkheadThroughput)).toBeCloseTo(queueing.raw.slowThroughput, 1);
  expect(queueing.raw.slowWait).toBeCloseTo(queueing.length / queueing.raw.slowThroughput, 12);
  // "and about 1.1 s if each gives up at a 1 s timeout": 10 / (9 / 1 s), the case study's setting.
  expect(queueing.attemptTimeoutSeconds).toBe(parameterDefaults.attemptTimeout);
  expect(demand.oneTry.holdSeconds).toBe(queueing.attemptTimeoutSeconds);
  expect(queueing.timeoutWaitSeconds).toBe("1.1");
  expect(queueing.raw.timeoutWait).toBeCloseTo(
    queueing.length / (pools.pricingSize / queueing.attemptTimeoutSeconds),
    12,
  );
  // "either way longer than the 1 s that clients wait": the figures, and the values behind them.
  for (const wait of [queueing.raw.slowWait, queueing.raw.timeoutWait])
    expect(wait).toBeGreaterThan(queueing.clientTimeoutSeconds);
  for (const shown of [queueing.slowWaitSeconds, queueing.timeoutWaitSeconds])
    expect(Number(shown)).toBeGreaterThan(queueing.clientTimeoutSeconds);
  // "Pricing's callers ask for far more than the pool completes": over four times as much, either way.
  for (const throughput of [queueing.raw.slowThroughput, queueing.raw.timeoutThroughput])
    expect(pools.pricingRate).toBeGreaterThan(4 * throughput);
});

test("library defaults, as the libraries document them", () => {
  expect(libraries).toEqual({
    resilience4jSemaphoreConcurrent: 25,
    resilience4jThreadPoolQueue: 100,
    envoyMaxRequests: 1024,
    envoyMaxConnections: 1024,
    envoyMaxPendingRequests: 1024,
  });
  expect(envoyDefaultShown).toBe("1,024");
  // "each 1,024 by default": Envoy documents the same default for all three limits.
  expect(libraries.envoyMaxConnections).toBe(libraries.envoyMaxRequests);
  expect(libraries.envoyMaxPendingRequests).toBe(libraries.envoyMaxRequests);
});

test("healthy, pricing answers in tens of milliseconds for a handful of connections; search's calls hold one a few tens of milliseconds", () => {
  const pricing = sizing.find((s) => s.dependency === "pricing")!;
  expect(pricing.raw.latency.mean).toBeGreaterThanOrEqual(0.01);
  expect(pricing.raw.latency.mean).toBeLessThan(0.1);
  expect(pricing.raw.mean).toBeLessThanOrEqual(5);
  const search = replay.rows.find((r) => r.service === "search")!;
  const catalog = sizing.find((s) => s.dependency === search.dependency)!;
  expect(catalog.raw.latency.mean).toBeGreaterThanOrEqual(0.01);
  expect(catalog.raw.latency.mean).toBeLessThan(0.1);
});

test("a queue in front of a slow pricing pool stays full: pricing's callers ask for far more than the pool completes", () => {
  // "a request that joins it at the back is served after its caller has given up"
  expect(pools.pricingRate).toBeGreaterThan(10 * Number(trigger.bulkheadThroughput));
  expect(Number(queueing.slowWaitSeconds)).toBeGreaterThan(queueing.clientTimeoutSeconds);
});

test("the replay: bulkheads keep unrelated services served, and do not save pricing's callers", () => {
  const rate = (summary: typeof raw.naive, name: string) =>
    summary.services.find((s) => s.name === name)!.incidentSuccessRate!;
  // "Neither run recovers before the operators step in": the same incident window.
  expect(raw.naive.recoveredBy).toBe("intervention");
  expect(raw.bulkhead.recoveredBy).toBe("intervention");
  expect(raw.naive.incidentEndSeconds).toBe(raw.bulkhead.incidentEndSeconds);
  expect(raw.naive.incidentEndSeconds).toBe(raw.naive.interventionSeconds);
  for (const name of ["search", "accounts"]) {
    expect(rate(raw.naive, name)).toBeLessThan(0.01);
    // "did their one job perfectly": every request of theirs in the window was served.
    expect(rate(raw.bulkhead, name)).toBe(1);
  }
  for (const name of ["checkout", "quotes"]) {
    expect(rate(raw.bulkhead, name)).toBeLessThan(0.01);
    // "did nothing for pricing's own callers": no better than with the shared pool.
    expect(rate(raw.bulkhead, name)).toBeLessThanOrEqual(rate(raw.naive, name));
  }
  expect(replay.unrelated).toBe("search and accounts");
  // Every request served: "100%", as the circuit-breakers chapter writes it; "100.0%" would be a rate just short of all.
  expect(replay.unrelatedBulkheadWorst).toBe("100%");
});

// QA: the bulkheads chapter wrote search's and accounts' every request served "100.0%", the
// circuit-breakers chapter the same "100%".
test("the replay's table writes a rate with a trailing zero only where it was rounded", () => {
  const rate = (summary: typeof raw.naive, name: string) =>
    summary.services.find((s) => s.name === name)!.incidentSuccessRate!;
  for (const row of replay.rows) {
    for (const [shown, summary] of [
      [row.naive, raw.naive],
      [row.bulkhead, raw.bulkhead],
    ] as const) {
      const exact = rate(summary, row.service);
      // The one decimal the table gives, and nothing more than the rate's own.
      expect(Number.parseFloat(shown), row.service).toBeCloseTo(100 * exact, 1);
      // "100%" says every request was served, and only then.
      expect(shown === "100%", row.service).toBe(exact === 1);
    }
  }
  expect(replay.rows.find((r) => r.service === "search")!.bulkhead).toBe("100%");
});

test("the replay's pools, as the prose counts them: three of 8, 24 connections in all, more than the shared pool's 20, and pricing's 8 where the sizing gives it 9", () => {
  const run = createRun(defaultScenario({ defences: ["bulkhead"] }));
  const sizes = run.world.pools.map((p) => p.size);
  expect(sizes).toHaveLength(replay.bulkheadPools);
  expect(replay.bulkheadPoolsWords).toBe("three");
  for (const size of sizes) expect(size).toBe(pools.bulkhead);
  expect(sizes.reduce((a, b) => a + b, 0)).toBe(replay.bulkheadTotal);
  expect(replay.bulkheadTotal).toBe(24);
  // "more than the shared pool's 20"
  expect(replay.bulkheadTotal).toBeGreaterThan(pools.shared);
  // "pricing's too, where the sizing above gives it 9"
  expect(run.world.pools.find((p) => p.name === "pricing")!.size).toBe(pools.bulkhead);
  expect(pools.pricingSize).not.toBe(pools.bulkhead);
  // The diagram's compartments are the replay's pools; its caption says how many slots each has.
  expect(readFileSync(new URL("./index.mdx", import.meta.url), "utf8")).toMatch(
    /\{`A pool per dependency, \$\{pools\.bulkhead\} connections each as in the model's replay below\./,
  );
});

test("the extra connections are not why: equal pools with no more than the shared pool's 20 serve the unrelated services as well", () => {
  const rate = (summary: typeof raw.naive, name: string) =>
    summary.services.find((s) => s.name === name)!.incidentSuccessRate!;
  expect(replay.dividedSize).toBe(6);
  expect(replay.dividedTotal).toBe(18);
  expect(replay.dividedTotal).toBeLessThanOrEqual(pools.shared);
  // The largest equal pools that fit: one more each would not.
  expect(replay.bulkheadPools * (replay.dividedSize + 1)).toBeGreaterThan(pools.shared);
  expect(raw.divided.defences).toEqual(["bulkhead"]);
  expect(raw.divided.incidentEndSeconds).toBe(raw.bulkhead.incidentEndSeconds);
  for (const name of ["search", "accounts"]) {
    expect(rate(raw.divided, name)).toBe(1);
    expect(rate(raw.divided, name)).toBeGreaterThanOrEqual(rate(raw.bulkhead, name));
  }
  expect(replay.unrelatedDividedWorst).toBe("100%");
});

test("a bigger shared pool: at 30 connections the storm ends by itself; at 20 it never does", () => {
  expect(biggerPool.size).toBe(30);
  expect(biggerPool.recovered).toBe(true);
  expect(biggerPool.recoverySeconds!).toBeLessThanOrEqual(5);
  expect(biggerPool.smallRecovered).toBe(false);
  // The prose's reason: that pool can serve even five tries per request.
  expect(biggerPool.capacity).toBeGreaterThan(biggerPool.worstCaseTries);
});

test("the bulkhead-sizing exercise's worked solution states the chapter's pricing figures", async () => {
  const explanation = await workedSolution("bulkhead-sizing");
  for (const figure of [
    pricingRow.meanMillis,
    pricingRow.atMeanTail,
    pricingRow.rateTimesP99Tail,
    String(pricingRow.size),
  ])
    expect(explanation).toContain(figure);
});

test("while pricing is slow, every connection of the shared pool ends up held by a pricing call; after, by callers of every kind who have gone", () => {
  // The chapter's sentence and its diagram: watch who holds each connection in the default run.
  const run = createRun(defaultScenario({}));
  const held = new Set<Try>();
  run.poolObserver = { wait() {}, take: (t) => void held.add(t), give: (t) => void held.delete(t), refuse() {} };
  const dependencyOf = (t: Try) => run.world.services[t.service]!.spec.dependency;
  const pricingOnly: number[] = [];
  for (let tenths = 1; tenths <= run.world.triggerEnd * 10; tenths++) {
    run.advanceTo(tenths / 10);
    if (held.size === pools.shared && [...held].every((t) => dependencyOf(t) === "pricing")) pricingOnly.push(tenths);
  }
  // From some moment of the slowdown to its end, every sample: the whole pool, pricing calls only.
  expect(pricingOnly.length).toBeGreaterThan(0);
  expect(pricingOnly.at(-1)).toBe(run.world.triggerEnd * 10);
  const from = pricingOnly[0]!;
  expect(pricingOnly).toEqual(Array.from({ length: pricingOnly.length }, (_, i) => from + i));
  expect(from).toBeLessThan(run.world.triggerEnd * 10);
  // Once pricing is fast again the pool stays full, now also of other services' tries.
  run.advanceTo(run.world.triggerEnd + 6);
  expect(held.size).toBe(pools.shared);
  expect(new Set([...held].map(dependencyOf)).size).toBeGreaterThan(1);
});

test("the diagram names the model's services, in the model's order", () => {
  expect(replay.rows.map((r) => r.service)).toEqual(["checkout", "quotes", "search", "accounts"]);
  expect(replay.serviceCountWords).toBe("four");
  // The compartments on the right are the model's dependencies, each once, the slow one first (the
  // full one), as the pool-sizing table lists them; the caption names the services that never call it.
  expect(replay.dependencies).toEqual(sizing.map((s) => s.dependency));
  expect(replay.dependencies[0]).toBe("pricing");
  expect(replay.unrelated).toBe("search and accounts");
});

test("the playground, as it stands, with a shared pool of 30: the storm ends by itself as soon after pricing is fast again as the chapter says", () => {
  // The chapter's sentence sits beside the playground; its figure comes from a five-minute run.
  const program = readFileSync(new URL("./bulkhead.play.ts", import.meta.url), "utf8");
  const literal = program.match(/const params = (\{[^}]*\});/)?.[1];
  expect(literal).toBeDefined();
  const params = JSON.parse(literal!.replace(/(\w+):/g, '"$1":')) as Record<string, number | null>;
  const seed = Number(program.match(/seed: (\d+)/)?.[1]);
  expect(params.intervention).toBeNull();
  const { summary } = runRetryStorm(
    defaultScenario({ seed, params: { ...params, poolSize: biggerPool.size } as Record<string, number> }),
  );
  expect(summary.recoveredBy).toBe("self");
  expect(summary.recoverySeconds).toBe(biggerPool.recoverySeconds);
});

test("the bulkheads exercises in every variant: hint 2 of the sizing starts the count at the mean, and the full-pool diagnosis's feedback names what fails with no defence", async () => {
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const { gradeNumeric } = await import("../../../src/grader/grade.ts");
  const { meanInFlight, sizeForTail } = await import("../../../src/sim/concurrency.ts");
  const { dashboardCase, steadyState } = await import("../../../src/sim/diagnosis/dashboard.ts");
  type Params = Record<string, number>;
  const { dealtParams } = await import("../../../tests/support/dealt-params.ts");
  const dealt = (meta: Parameters<typeof dealtParams>[0], variant: Parameters<typeof dealtParams>[1]): Params[] =>
    dealtParams(meta, variant, 40);

  // Sizing: no figure one variant's pool would need; counting up from the mean rounded up reaches it.
  const sizing = loadExercise("bulkhead-sizing").meta;
  const sizingSolution = await import("../../../solutions/bulkhead-sizing/solution.ts");
  expect(sizing.hints[1]).toContain("Work it out for n from the mean rounded up, one more at a time");
  expect(sizing.hints[1]).not.toMatch(/n = \d/);
  for (const p of dealt(sizing, sizingSolution.variant)) {
    const mean = meanInFlight(p.rate!, p.meanMillis! / 1000);
    expect(sizeForTail(mean, 0.001)).toBeGreaterThanOrEqual(Math.ceil(mean));
  }

  // The full pool: "That is what fails with no defence while recommendations are slow".
  const pool = loadExercise("diagnose-full-pool").meta;
  if (pool.kind === "code") throw new Error("diagnose-full-pool has parts");
  const cost = pool.parts.find((p) => p.id === "cost");
  if (cost?.kind !== "numeric") throw new Error("diagnose-full-pool has a numeric cost");
  const message = "That is what fails with no defence while recommendations are slow";
  expect(cost.feedback.some((f) => f.message.startsWith(message))).toBe(true);
  const poolSolution = await import("../../../solutions/diagnose-full-pool/solution.ts");
  let slow = 0;
  for (const p of dealt(pool, poolSolution.variant)) {
    const params = p as unknown as Parameters<typeof steadyState>[0];
    if (dashboardCase(params) !== "slow-dependency") continue;
    slow++;
    const failingNow = 1 - steadyState(params, true).success;
    const verdict = gradeNumeric(cost, String(failingNow), poolSolution.answers(p).cost, p);
    expect(verdict.message, JSON.stringify(p)).toMatch(new RegExp(`^${message}`));
  }
  expect(slow).toBeGreaterThan(5);
});

test("the bulkhead exercises' typed figures: the worked solution's hung dependency is the check's, and the queue hint's short queue, worked from the prompt's figures, already outlasts the client", async () => {
  const read = (file: string) => readFileSync(new URL(`../../../${file}`, import.meta.url), "utf8");
  const checks = read("exercises/bulkhead-limit-queue/checks.ts");
  const [, limit, queue] = checks.match(/new Bulkhead\((\d+), (\d+)\);\n\s+const hung/) ?? [];
  const calls = Number(checks.match(/for \(let i = 0; i < (\d+); i\+\+\)\n\s+bulkhead\.run\(hung\.task\)/)?.[1]);
  const held = Number(limit) + Number(queue);
  expect(checks).toContain(`t.equal(rejected, ${calls - held});`);
  expect(read("solutions/bulkhead-limit-queue/explanation.md")).toContain(
    `With ${limit} slots\nand a queue of ${queue}, a hung dependency holds exactly ${held} callers; the other ${calls - held} of the check's ${calls}\nare turned away at once`,
  );
  // The second hint works a queue a tenth of the long choice's, so the learner sees the long one fail by far.
  const { situation } = await import("../../../solutions/bulkhead-when-full/solution.ts");
  const { loadExercise } = await import("../../../src/grader/load-exercises.ts");
  const { rounded } = await import("../../../src/format/number.ts");
  const hint = loadExercise("bulkhead-when-full").meta.hints[1] ?? "";
  const { connections, callSeconds, timeoutSeconds, queue: longQueue, shortQueue } = situation;
  const perSecond = connections / callSeconds;
  const lastWaits = shortQueue / perSecond;
  expect(shortQueue * 10).toBe(longQueue);
  expect(hint).toBe(
    `Start small: a queue of ${shortQueue}, a tenth of the ${longQueue} one choice offers. Between them the ${connections} connections finish ${rounded(perSecond)} calls a second (${connections} every ${callSeconds} s), so the last call in that queue waits about ${rounded(lastWaits)} s for a connection, already past the ${timeoutSeconds} s its caller waits. If ${shortQueue} is too long, what does ${longQueue} do?`,
  );
  // "Already past": even the short queue's last call waits longer than its caller.
  expect(lastWaits).toBeGreaterThan(timeoutSeconds);
});

test("the playground is the replay's platform over a shorter window: the same pools, a run shorter than the incident", () => {
  // "Run it yourself, over a shorter window": the pools the replay's table uses, and a run that ends
  // before the naive incident does.
  const program = readFileSync(new URL("./bulkhead.play.ts", import.meta.url), "utf8");
  const literal = program.match(/const params = (\{[^}]*\});/)?.[1];
  expect(literal).toBeDefined();
  const params = JSON.parse(literal!.replace(/(\w+):/g, '"$1":')) as Record<string, number | null>;
  expect(params.poolSize).toBe(parameterDefaults.poolSize);
  expect(params.bulkheadSize).toBe(parameterDefaults.bulkheadSize);
  expect(params.duration!).toBeLessThan(raw.naive.incidentEndSeconds);
  expect(params.duration!).toBeLessThan(parameterDefaults.duration);
});
