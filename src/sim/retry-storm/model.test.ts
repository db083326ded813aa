import { describe, expect, test } from "vitest";
import { createRun } from "./engine.ts";
import { recoveryIndex, statedRate, statedWorstSuccessRate, worstSuccessRate } from "./metrics.ts";
import { runRetryStorm } from "./model.ts";
import { checkParameter, defaultScenario, defenceNames, type DefenceName, type Parameters } from "./scenario.ts";

// Storm runs cost a few hundred milliseconds each: share them between tests.
const cache = new Map<string, ReturnType<typeof runRetryStorm>>();
const run = (defences: DefenceName[] = [], params: Partial<Parameters> = {}, seed = 1) => {
  const key = JSON.stringify([defences, params, seed]);
  if (!cache.has(key)) cache.set(key, runRetryStorm(defaultScenario({ seed, defences, params })));
  return cache.get(key)!;
};
const slow = { timeout: 120_000 };
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** A success-rate series at full load, where every second has requests: none is null. */
const measured = (rates: (number | null)[]): number[] => {
  expect(rates).not.toContain(null);
  return rates as number[];
};

describe("the default (naive) scenario tells the incident's story", () => {
  const { summary, metrics } = run();
  const at = (t: number) => metrics.time.indexOf(t);

  test("healthy before the trigger, with the pool lightly used (Little's law)", () => {
    const before = metrics.poolInUse.slice(0, at(0));
    // Independent estimate: sum of rate x mean holding time, mean of a log-normal = median x e^(sigma^2/2).
    const mean50 = Math.exp(0.5 ** 2 / 2);
    const expected = 40 * 0.06 * mean50 + 40 * 0.04 * mean50 + 20 * 0.03 * mean50;
    expect(expected).toBeCloseTo(5.2, 1);
    expect(mean(before)).toBeGreaterThan(expected - 1.5);
    expect(mean(before)).toBeLessThan(expected + 1.5);
    expect(Math.min(...measured(metrics.successRate.slice(0, at(0))))).toBe(1);
  });

  test("the pool is full at once, refuses its first request within about 90 s, and stays full while the queue holds thousands", () => {
    expect(summary.poolFullSeconds!).toBeGreaterThanOrEqual(0);
    expect(summary.poolFullSeconds!).toBeLessThan(1);
    expect(summary.firstRefusalSeconds).not.toBeNull();
    expect(summary.firstRefusalSeconds!).toBeGreaterThan(summary.triggerSeconds);
    expect(summary.firstRefusalSeconds!).toBeLessThanOrEqual(95);
    const storm = metrics.poolInUse.slice(at(100), at(600));
    expect(Math.min(...storm)).toBe(metrics.poolCapacity);
    expect(Math.min(...metrics.waiting.slice(at(100), at(600)))).toBeGreaterThan(1000);
  });

  test("unrelated services fail for a dependency they never call, until the intervention", () => {
    for (const name of ["search", "accounts"]) {
      const series = metrics.services.find((s) => s.name === name)!;
      expect(mean(measured(series.successRate.slice(at(30), at(650))))).toBeLessThan(0.05);
    }
    expect(summary.services.find((s) => s.name === "search")!.dependency).not.toBe("pricing");
  });

  test("it outlives its trigger by two orders of magnitude: recovery only after the intervention", () => {
    expect(summary.triggerSeconds).toBe(4);
    expect(summary.interventionSeconds).toBe(660);
    expect(summary.recovered).toBe(true);
    expect(summary.recoveredBy).toBe("intervention");
    expect(summary.recoverySeconds!).toBeGreaterThanOrEqual(summary.interventionSeconds! - summary.triggerSeconds);
    expect(summary.recoverySeconds!).toBeGreaterThan(100 * summary.triggerSeconds);
    // Retries multiply the load: nearly five tries per request over a run that is mostly storm.
    expect(summary.amplification).toBeGreaterThan(4);
  });
});

test("without an intervention the storm never ends by itself", slow, () => {
  const { summary, metrics } = run([], { intervention: null });
  expect(summary.interventionSeconds).toBeNull();
  expect(summary.recovered).toBe(false);
  expect(summary.recoveredBy).toBeNull();
  expect(summary.recoverySeconds).toBeNull();
  expect(mean(measured(metrics.successRate.slice(-60)))).toBeLessThan(0.05);
});

test("golden summaries: naive, each defence alone, and all of them", slow, async () => {
  const cases: DefenceName[][] = [[], ...defenceNames.map((d) => [d]), [...defenceNames]];
  const summaries = Object.fromEntries(cases.map((d) => [d.join("+") || "naive", run(d).summary]));
  await expect(JSON.stringify(summaries, null, 2) + "\n").toMatchFileSnapshot("./golden/summaries.json");
  // Cross-checks of the golden figures by reasoning, not by copying them.
  // Arrivals come from their own random streams: every run sees exactly the same requests.
  const requests = (s: (typeof summaries)[string]) => s.services.map((x) => x.requests);
  for (const s of Object.values(summaries)) expect(requests(s)).toEqual(requests(summaries.naive!));
  // Jitter alone changes when retries happen, not how many: the storm stays.
  expect(summaries.jitter!.recoverySeconds).toBe(summaries.naive!.recoverySeconds);
  // Bulkheads alone contain the storm to pricing's callers.
  for (const s of summaries.bulkhead!.services)
    expect(s.successRate).toBe(s.dependency === "pricing" ? s.successRate : 1);
  expect(
    summaries.bulkhead!.services.filter((s) => s.dependency === "pricing").every((s) => s.successRate! < 0.2),
  ).toBe(true);
  // Breaker, budget, deadlines and shedding each remove the sustaining effect.
  for (const d of ["breaker", "budget", "timeout", "shed"])
    expect(summaries[d]!.recoverySeconds!).toBeLessThanOrEqual(10);
  // Only shedding sheds, and it sheds once a full pool's queue is at its limit: after the pool fills.
  for (const [name, s] of Object.entries(summaries)) {
    expect(s.triesShed > 0, name).toBe(s.defences.includes("shed"));
    expect(s.firstShedSeconds === null, name).toBe(s.triesShed === 0);
    if (s.firstShedSeconds !== null) expect(s.firstShedSeconds, name).toBeGreaterThan(s.poolFullSeconds!);
  }
});

test("all defences on: unrelated services >= 99.9% through the run, pricing back within seconds", slow, () => {
  for (const seed of [1, 2, 3]) {
    const { summary, metrics } = run([...defenceNames], {}, seed);
    for (const s of summary.services.filter((x) => x.dependency !== "pricing"))
      expect(s.successRate).toBeGreaterThanOrEqual(0.999);
    for (const s of metrics.services.filter((x) => x.name === "search" || x.name === "accounts")) {
      expect(Math.min(...measured(s.successRate))).toBeGreaterThanOrEqual(0.99);
    }
    expect(summary.recovered).toBe(true);
    expect(summary.recoverySeconds!).toBeLessThanOrEqual(5);
    expect(summary.firstRefusalSeconds).toBeNull();
  }
});

test("determinism: the same seed gives the same bytes; another seed does not", slow, () => {
  const fresh = (seed: number) => runRetryStorm(defaultScenario({ seed, defences: ["breaker"] }));
  const a = fresh(7);
  const b = fresh(7);
  const c = fresh(8);
  expect(JSON.stringify([a.summary, a.metrics])).toBe(JSON.stringify([b.summary, b.metrics]));
  expect(JSON.stringify(c.metrics)).not.toBe(JSON.stringify(a.metrics));
});

describe("properties", () => {
  test("a larger pool never makes the naive storm worse in time to exhaustion", slow, () => {
    for (const seed of [1, 2]) {
      let previous = 0;
      for (const poolSize of [16, 18, 20, 22, 24, 26, 30, 40]) {
        // Exhaustion comes within a few minutes or never: six minutes and no intervention keep it cheap.
        const t =
          run([], { poolSize, duration: 360, intervention: null }, seed).summary.firstRefusalSeconds ?? Infinity;
        expect(t, `pool ${poolSize}, seed ${seed}`).toBeGreaterThanOrEqual(previous);
        previous = t;
      }
      expect(previous).toBe(Infinity); // and a big enough pool is never exhausted
    }
  });

  test("a 10% retry budget keeps amplification at or below about 1.1", slow, () => {
    for (const seed of [1, 2, 3]) {
      for (const params of [{}, { load: 1.5 }, { triggerDuration: 30 }] as Partial<Parameters>[]) {
        expect(run(["budget"], { budgetRatio: 0.1, ...params }, seed).summary.amplification).toBeLessThanOrEqual(1.1);
      }
    }
  });

  test(
    "once the trigger is gone, the naive run still does not recover before the intervention; the defended run recovers within 10 s",
    slow,
    () => {
      for (const seed of [1, 2, 3]) {
        const naive = run([], {}, seed).summary;
        const defended = run([...defenceNames], {}, seed).summary;
        const interventionAfterTrigger = naive.interventionSeconds! - naive.triggerSeconds;
        expect(naive.recoverySeconds!).toBeGreaterThanOrEqual(interventionAfterTrigger);
        expect(defended.recoverySeconds!).toBeLessThanOrEqual(10);
      }
    },
  );

  test("with no trigger at all the naive system is fine: it is vulnerable, not overloaded", slow, () => {
    for (const seed of [1, 2, 3]) {
      const { summary } = run([], { triggerDuration: 0 }, seed);
      expect(summary.firstRefusalSeconds).toBeNull();
      for (const s of summary.services) expect(s.successRate).toBeGreaterThanOrEqual(0.999);
    }
  });

  test("a learner's retry policy is used at both layers", () => {
    const never = runRetryStorm(defaultScenario({ retryPolicy: () => ({ sleepMs: 0, retry: false }) })).summary;
    expect(never.amplification).toBe(1);
    expect(never.dependencyAmplification).toBeLessThanOrEqual(1);
    expect(never.recoverySeconds!).toBeLessThanOrEqual(10);
  });
});

test("accounting holds in every configuration: no request succeeds twice, every success is counted once", slow, () => {
  const configs: [DefenceName[], Partial<Parameters>][] = [
    [[], { duration: 120 }],
    [["breaker"], { breakerKind: "rate" }],
    [["breaker"], {}],
    [["budget"], { budgetKind: "token" }],
    [["bulkhead", "shed"], { load: 2 }],
    [["timeout", "jitter"], { triggerDuration: 30 }],
    [[...defenceNames], { poolSize: 5 }],
  ];
  for (const [defences, params] of configs) {
    const { summary, metrics } = runRetryStorm(defaultScenario({ seed: 4, defences, params }));
    summary.services.forEach((s, i) => {
      expect(s.succeeded, `${defences} ${s.name}`).toBeLessThanOrEqual(s.requests);
      expect(s.failed).toBe(s.requests - s.succeeded);
      expect(s.successRate).toBeLessThanOrEqual(1);
      // Successes by completion second add up to the total (none fall outside the run here).
      const series = metrics.services[i]!;
      expect(series.successes.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(s.succeeded);
      for (const r of measured(series.successRate)) expect(r >= 0 && r <= 1).toBe(true);
    });
    for (let b = 0; b < metrics.time.length; b++)
      expect(metrics.poolInUse[b]!).toBeLessThanOrEqual(metrics.poolCapacity);
  }
});

describe("the incident's milestones and window", () => {
  test("defended runs recover by themselves, and their incident ends at that recovery", slow, () => {
    const { summary } = run([...defenceNames]);
    expect(summary.recoveredBy).toBe("self");
    expect(summary.incidentEndSeconds).toBe(summary.triggerSeconds + summary.recoverySeconds!);
    expect(summary.goodputZeroSeconds).toBeNull();
    for (const s of summary.services) {
      expect(s.incidentRequests).toBeGreaterThan(0);
      expect(s.incidentSucceeded).toBeLessThanOrEqual(s.incidentRequests);
    }
  });

  test("bulkheads: pricing's pool fills, but search and accounts never lose their goodput", slow, () => {
    const { summary, metrics } = run(["bulkhead"]);
    // One pool per dependency, each of bulkheadSize; together they are the capacity and the use.
    expect(metrics.pools.map((p) => [p.name, p.size])).toEqual([
      ["pricing", 8],
      ["catalog", 8],
      ["profiles", 8],
    ]);
    const summed = metrics.poolInUse.map((_, i) => metrics.pools.reduce((a, p) => a + p.inUse[i]!, 0));
    expect(summed).toEqual(metrics.poolInUse);
    const storm = metrics.time.indexOf(100);
    expect(metrics.pools.map((p) => p.inUse[storm])).toEqual([8, expect.any(Number), expect.any(Number)]);
    expect(metrics.pools[1]!.inUse[storm]!).toBeLessThan(8);
    expect(summary.poolFullSeconds!).toBeLessThan(1);
    expect(summary.goodputZeroSeconds).toBeNull();
    expect(summary.recoveredBy).toBe("intervention");
    for (const s of summary.services.filter((x) => x.dependency !== "pricing")) expect(s.incidentSuccessRate).toBe(1);
  });

  test("with no trigger nothing fills, nothing is refused, and the window holds no requests", slow, () => {
    const { summary } = run([], { triggerDuration: 0 });
    expect(summary.poolFullSeconds).toBeNull();
    expect(summary.goodputZeroSeconds).toBeNull();
    expect(summary.recoveredBy).toBe("self");
    expect(summary.incidentEndSeconds).toBe(0);
    for (const s of summary.services) expect(s.incidentSuccessRate).toBeNull();
  });

  test("the connections held for callers who left are some of those in use, never more", slow, () => {
    for (const defences of [[], ["timeout"], ["bulkhead"]] as DefenceName[][]) {
      const { metrics } = run(defences);
      metrics.abandonedInUse.forEach((n, i) => {
        expect(n).toBeGreaterThanOrEqual(0);
        expect(n).toBeLessThanOrEqual(metrics.poolInUse[i]!);
      });
    }
    // Deadlines release the connection when the caller gives up: nothing is held for nobody.
    expect(Math.max(...run(["timeout"]).metrics.abandonedInUse)).toBe(0);
  });
});

describe("a trickle of requests: a second in which none arrived has no success rate", () => {
  /**
   * A run whose observer counts, second by second and by service, the requests that arrive and
   * how many of them are served (by their arrival second, as the model's success rate counts).
   */
  const observed = (params: Partial<Parameters>) => {
    const run = createRun(defaultScenario({ seed: 1, params: { duration: 120, intervention: null, ...params } }));
    const seconds = Math.ceil(run.scenario.params.warmup + run.scenario.params.duration);
    const counts = () => run.world.services.map(() => new Array<number>(seconds).fill(0));
    const arrived = counts();
    const served = counts();
    const slot = (t: number) => Math.floor(t - run.start);
    run.observer = {
      arrival: (s, now) => void arrived[s]![slot(now)]!++,
      outcome: (s, arrival, _now, success) => void (success && served[s]![slot(arrival)]!++),
    };
    run.advanceTo(run.end);
    const all = (xs: number[][]) => xs[0]!.map((_, b) => xs.reduce((a, x) => a + x[b]!, 0));
    return { ...run.result(), arrived, served, arrivedAll: all(arrived), servedAll: all(served) };
  };
  const share = (served: number, arrived: number) =>
    arrived === 0 ? null : Math.round((served / arrived) * 1e4) / 1e4;

  test("each second's rate is of the requests that arrived in it, and null (not 100%) when none did", () => {
    // 0.5 requests a second over four services: most seconds bring none.
    const { metrics, arrived, served, arrivedAll, servedAll } = observed({ load: 0.005 });
    expect(arrivedAll.filter((n) => n === 0).length).toBeGreaterThan(60);
    expect(metrics.successRate).toEqual(arrivedAll.map((n, b) => share(servedAll[b]!, n)));
    metrics.services.forEach((series, i) => {
      expect(series.successRate, series.name).toEqual(arrived[i]!.map((n, b) => share(served[i]![b]!, n)));
    });
  });

  test("with no request at all, nothing is said to have recovered", () => {
    const { summary, metrics } = observed({ load: 0 });
    expect(metrics.successRate.every((r) => r === null)).toBe(true);
    // Nor has any service a success rate over the run: a rate of nothing is not 100%.
    expect(summary.services.map((s) => s.successRate)).toEqual(summary.services.map(() => null));
    expect(worstSuccessRate(summary)).toBeNull();
    // Nor tries per request: there is no request to divide by (it read 0 tries per request).
    expect([summary.amplification, summary.dependencyAmplification]).toEqual([null, null]);
    expect(() => statedRate(worstSuccessRate(summary), "the worst service")).toThrow(
      "the worst service: no request arrived, so there is no rate to state",
    );
    // What the chapters state: the same refusal, in the same words.
    expect(() => statedWorstSuccessRate(summary)).toThrow(
      "the worst service: no request arrived, so there is no rate to state",
    );
    expect(summary.recovered).toBe(false);
    expect(summary.recoverySeconds).toBeNull();
    expect(summary.recoveredBy).toBeNull();
  });

  test("a service no request reached has no rate over the run; the others have theirs, and the worst is of theirs", () => {
    // A fifth of a request a second over four services for ten seconds: quotes gets none.
    const { summary, arrived, served } = observed({ load: 0.002, duration: 10 });
    const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    summary.services.forEach((s, i) => {
      expect(s.requests, s.name).toBe(total(arrived[i]!));
      expect(s.successRate, s.name).toBe(
        s.requests === 0 ? null : Math.round((total(served[i]!) / s.requests) * 1e5) / 1e5,
      );
    });
    const rates = summary.services.map((s) => s.successRate);
    expect(rates).toContain(null);
    const measuredRates = rates.filter((r): r is number => r !== null);
    expect(measuredRates.length).toBeGreaterThan(0);
    expect(worstSuccessRate(summary)).toBe(Math.min(...measuredRates));
    expect(statedWorstSuccessRate(summary)).toBe(worstSuccessRate(summary));
    expect(statedRate(measuredRates[0]!, "a service")).toBe(measuredRates[0]);
    // The worst is the lowest of the rates there are, not a missing one read as 0.
    const halfServed = { ...summary.services[0]!, successRate: 0.5 };
    expect(worstSuccessRate({ services: [halfServed, { ...halfServed, successRate: null }] })).toBe(0.5);
  });

  test("a recovery is dated at a second whose requests were served, not at an empty one", () => {
    // One connection and a minute of slow pricing: the callers fail until pricing is fast again.
    const { summary, metrics, arrivedAll } = observed({ load: 0.005, poolSize: 1, triggerDuration: 60 });
    expect(summary.recoveredBy).toBe("self");
    const first = metrics.time.indexOf(summary.triggerSeconds + summary.recoverySeconds!);
    expect(arrivedAll[first]!).toBeGreaterThan(0);
    // Every second of the 10 s that had requests served at least 99% of them; the empty ones measured nothing.
    const held = metrics.successRate.slice(first, first + 10);
    expect(held.filter((r) => r !== null).every((r) => r! >= 0.99)).toBe(true);
  });

  test("goodput is gone at the first second whose arrivals, of the services that never call pricing, are all lost", () => {
    const unrelated = (o: ReturnType<typeof observed>, row: number[][]) =>
      row[0]!.map((_, b) =>
        o.summary.services.reduce((a, s, i) => a + (s.dependency === "pricing" ? 0 : row[i]![b]!), 0),
      );
    const firstLost = (o: ReturnType<typeof observed>) => {
      const [arrived, served] = [unrelated(o, o.arrived), unrelated(o, o.served)];
      const from = o.metrics.time.indexOf(0);
      const b = arrived.findIndex((n, i) => i >= from && n > 0 && served[i] === 0);
      return b < 0 ? null : o.metrics.time[b]!;
    };
    // The storm: the second the success chart of search and accounts first reads 0%.
    const storm = observed({});
    expect(storm.summary.goodputZeroSeconds).not.toBeNull();
    expect(storm.summary.goodputZeroSeconds).toBe(firstLost(storm));
    // A trickle, with and without slow pricing: every request of theirs is served, though a lone
    // request often finishes in the second after it arrived (counted by completion, that second
    // once read as goodput gone, at 31 s).
    for (const triggerDuration of [0, 30]) {
      const o = observed({ load: 0.005, triggerDuration });
      expect(o.summary.services.filter((s) => s.dependency !== "pricing").every((s) => s.failed === 0)).toBe(true);
      expect(firstLost(o)).toBeNull();
      expect(o.summary.goodputZeroSeconds, `trigger ${triggerDuration} s`).toBeNull();
    }
  });

  test("recoveryIndex: an empty second neither holds a recovery nor breaks one", () => {
    const good = (n: number) => new Array<number>(n).fill(1);
    // Without empty seconds: the first of 10 good seconds in a row, as ever.
    expect(recoveryIndex([0, ...good(10)], 0)).toBe(1);
    expect(recoveryIndex([0, ...good(9), 0.5, ...good(9)], 0)).toBe(-1);
    // An empty second inside the 10 s neither breaks them nor starts them.
    expect(recoveryIndex([0, null, 1, null, ...good(7), null], 0)).toBe(2);
    expect(recoveryIndex([0, null, null, ...good(10)], 0)).toBe(3);
    // A second that failed still breaks them; seconds that measured nothing never make a recovery.
    expect(recoveryIndex([1, null, 0.5, ...good(3), null, null, null, null, null, null, null], 0)).toBe(3);
    expect(recoveryIndex(new Array(30).fill(null), 0)).toBe(-1);
    // The 10 s must fit in the run.
    expect(recoveryIndex([0, 1, null, null], 0)).toBe(-1);
  });
});

test("invalid parameters and defences are refused with the name in the message", () => {
  // A learner's playground is not type-checked: what the types forbid is still refused at run time.
  const untyped = (params: Record<string, unknown>) => params as Partial<Parameters>;
  expect(() => run([], { poolSize: 0 })).toThrow(/poolSize must be at least 1/);
  expect(() => run([], { poolSize: 2.5 })).toThrow(/poolSize must be a whole number/);
  expect(() => run([], untyped({ nonsense: 1 }))).toThrow(/unknown parameter "nonsense"/);
  expect(() => run([], untyped({ breakerKind: "sometimes" }))).toThrow(
    /breakerKind must be one of consecutive or rate/,
  );
  expect(() => run(["budget"], { budgetKind: "token", tokenRatio: 0 })).toThrow(
    /tokenRatio must be greater than 0 tokens \(gRFC A6\), got 0/,
  );
  expect(() => run(["armour" as DefenceName])).toThrow(
    'unknown defence "armour"; choose from bulkhead, breaker, budget, jitter, timeout and shed',
  );
});

test("a parameter's bounds are stated with their thousands grouped, as --help and the replay's form state them", () => {
  expect(() => checkParameter("poolSize", "100000")).toThrow(
    /^poolSize must be at most 1,000 connections, got 100000$/,
  );
  expect(() => checkParameter("triggerLatency", "70000")).toThrow(
    /^triggerLatency must be at most 60,000 ms, got 70000$/,
  );
});

test("a parameter given as text is read as a decimal number, as every typed number is (a replay URL, --set)", () => {
  expect(checkParameter("load", "1.5")).toBe(1.5);
  expect(checkParameter("poolSize", " 30 ")).toBe(30);
  expect(checkParameter("intervention", "none")).toBeNull();
  for (const text of ["0x10", "0b1", "0o7", "Infinity", "1,5", "", "12abc"])
    expect(() => checkParameter("poolSize", text), text).toThrow(/poolSize must be a number/);
});
