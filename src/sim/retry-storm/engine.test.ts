/**
 * The engine you can step: stepping changes nothing, a timed action log reproduces a run
 * exactly, and each action does to the running system what its description says.
 */
import { describe, expect, test } from "vitest";
import { createRun, replayActions, type StormAction, type TimedAction } from "./engine.ts";
import { runRetryStorm, summarizeRetryStorm } from "./model.ts";
import { defaultScenario, defenceNames, type DefenceName, type Parameters } from "./scenario.ts";

const slow = { timeout: 120_000 };
/** Two minutes after the trigger, nobody stepping in unless a test says so. */
const short = (params: Partial<Parameters> = {}, defences: DefenceName[] = [], seed = 1) =>
  defaultScenario({ seed, defences, params: { duration: 120, intervention: null, ...params } });
const bytes = (r: { summary: unknown; metrics: unknown }) => JSON.stringify([r.summary, r.metrics]);
const at = (time: number[], t: number) => time.indexOf(t);

describe("stepping", () => {
  test("advancing in uneven steps gives the same bytes as one run to the end", slow, () => {
    const scenario = short({ intervention: 90 }, ["breaker"]);
    const whole = runRetryStorm(scenario);
    const run = createRun(scenario);
    for (let t = run.now, k = 0; t < run.end; k++) {
      t += [0.37, 1, 0.001, 2.5, 0][k % 5]!;
      run.advanceTo(t);
    }
    run.advanceTo(run.end);
    expect(bytes(run.result())).toBe(bytes(whole));
  });

  test("the clock stops at the end, and the run says it is done", () => {
    const run = createRun(short({ duration: 20 }));
    expect(run.now).toBe(-30);
    expect(run.done).toBe(false);
    run.advanceTo(5);
    expect(run.now).toBe(5);
    run.advanceTo(10_000);
    expect(run.now).toBe(run.end);
    expect(run.end).toBe(35);
    expect(run.done).toBe(true);
  });

  test("mid-run metrics are the seconds so far, and agree with the finished run's", slow, () => {
    const scenario = short();
    const whole = runRetryStorm(scenario).metrics;
    const run = createRun(scenario);
    run.advanceTo(60.5);
    const partial = run.metrics();
    expect(partial.time).toEqual(whole.time.slice(0, 30 + 60));
    for (const key of ["poolInUse", "waiting", "abandonedInUse", "capacity", "attempts", "dependencyCalls"] as const)
      expect(partial[key], key).toEqual(whole[key].slice(0, partial.time.length));
    const state = run.state();
    expect(state.now).toBe(60.5);
    expect(state.pools).toEqual([{ name: "shared", size: 20, inUse: 20, waiting: expect.any(Number) }]);
    expect(state.pools[0]!.waiting).toBeGreaterThan(5000);
    expect(state.abandonedInUse).toBe(20);
    expect(state.dependencies.find((d) => d.name === "pricing")).toEqual({
      name: "pricing",
      condition: "healthy",
      medianMs: 60,
      slow: false,
    });
    // The summary so far: full at once, no recovery yet, the incident still going.
    const summary = run.summary();
    expect(summary.poolFullSeconds!).toBeLessThan(1);
    expect(summary.recoveredBy).toBeNull();
    expect(summary.incidentEndSeconds).toBe(60);
  });
});

test("read mid-run, a second whose requests are not all answered yet reads low until they are", slow, () => {
  // Before the trigger every request is served in tens of milliseconds; ten seconds into that,
  // the requests of the second just ended that arrived in its last milliseconds are in flight.
  const scenario = short();
  const whole = runRetryStorm(scenario).metrics;
  const run = createRun(scenario);
  run.advanceTo(-20);
  const partial = run.metrics().successRate;
  const last = partial.length - 1;
  expect(whole.time[last]).toBe(-21);
  expect(whole.successRate.slice(0, last + 1).every((r) => r === 1)).toBe(true);
  expect(partial.slice(0, last)).toEqual(whole.successRate.slice(0, last));
  expect(partial[last]).toBeLessThan(1);
  expect(partial[last]).toBeGreaterThan(0.9);
});

describe("the summary alone", () => {
  test("is the summary of the full result, mid-run and at the end, for the terminal's run too", slow, () => {
    const scenarios = [short(), short({ intervention: 90 }, [...defenceNames], 3), short({ load: 0.5 }, ["budget"])];
    for (const scenario of scenarios) {
      const run = createRun(scenario);
      for (const t of [-10, 0, 4.5, 60.5, 100, run.end]) {
        run.advanceTo(t);
        expect(run.summary(), `at ${t} s`).toEqual(run.summary(run.metrics()));
      }
      expect(run.summary()).toEqual(runRetryStorm(scenario).summary);
    }
    // What `npm run sim -- retry-storm` prints: the default 12-minute run.
    expect(summarizeRetryStorm(defaultScenario()).summary).toEqual(runRetryStorm(defaultScenario()).summary);
  });
});

describe("a timed action log reproduces a run", () => {
  test("the intervention as an action at 660 s is the scenario's intervention at 660 s", slow, () => {
    const scheduled = runRetryStorm(defaultScenario());
    const acted = replayActions(defaultScenario({ params: { intervention: null } }), [
      { at: 660, action: { kind: "intervene" } },
    ]);
    // The scheduled one is an event of the run, so the action's run counts one event fewer.
    expect(acted.summary.events).toBe(scheduled.summary.events - 1);
    expect(bytes({ ...acted, summary: { ...acted.summary, events: 0 } })).toBe(
      bytes({ ...scheduled, summary: { ...scheduled.summary, events: 0 } }),
    );
    expect(acted.summary.recoveredBy).toBe("intervention");
  });

  test("the same log gives the same bytes however the run is stepped", slow, () => {
    const log: TimedAction[] = [
      { at: 20, action: { kind: "defence", defence: "breaker", on: true } },
      { at: 20, action: { kind: "parameter", name: "breakerCooldown", value: 1 } },
      { at: 45.25, action: { kind: "retries", on: false } },
      { at: 70, action: { kind: "flush" } },
    ];
    const once = replayActions(short(), log);
    const run = createRun(short());
    let next = 0;
    for (let t = run.now; t < run.end; t += 0.5) {
      while (next < log.length && log[next]!.at <= t + 0.5) {
        run.advanceTo(log[next]!.at);
        run.apply(log[next]!.action);
        next++;
      }
      run.advanceTo(t + 0.5);
    }
    run.advanceTo(run.end);
    expect(bytes(run.result())).toBe(bytes(once));
    expect(once.summary.interventionSeconds).toBe(20);
  });

  test("an action before the start or after the end of the run is refused", () => {
    expect(() => replayActions(short(), [{ at: -31, action: { kind: "flush" } }])).toThrow(/starts at -30 s/);
    expect(() => replayActions(short(), [{ at: 136, action: { kind: "flush" } }])).toThrow(/ends at 135 s/);
  });
});

describe("actions do what they say", () => {
  const stormAt = (t: number, params: Partial<Parameters> = {}, defences: DefenceName[] = []) => {
    const run = createRun(short(params, defences));
    run.advanceTo(t);
    return run;
  };

  test(
    "the queue of dead work sustains the storm: a flush ends it at once, retries off only as the queue drains",
    slow,
    () => {
      const ended = (log: TimedAction[]) => {
        const s = replayActions(short(), log).summary;
        expect(s.recoveredBy).toBe("intervention");
        return s.triggerSeconds + s.recoverySeconds!;
      };
      const both = ended([
        { at: 60, action: { kind: "retries", on: false } },
        { at: 60, action: { kind: "flush" } },
      ]);
      expect(both).toBeLessThanOrEqual(62);
      // A flush alone: most flushed tries belong to callers who left, so little is retried.
      expect(ended([{ at: 60, action: { kind: "flush" } }])).toBeLessThanOrEqual(62);
      // Retries off alone: thousands of tries nobody waits for are still served first, at pool speed.
      expect(ended([{ at: 60, action: { kind: "retries", on: false } }])).toBeGreaterThan(75);
    },
  );

  test("deadlines switched on mid-storm end it; a breaker switched on after the trigger never opens", slow, () => {
    const deadlines = replayActions(short(), [{ at: 60, action: { kind: "defence", defence: "timeout", on: true } }]);
    expect(deadlines.summary.recoveredBy).toBe("intervention");
    expect(deadlines.summary.recoverySeconds! + deadlines.summary.triggerSeconds).toBeLessThanOrEqual(65);
    // Pricing is fast again: the calls a breaker watches succeed, so it stays closed and the storm goes on.
    const breaker = replayActions(short(), [{ at: 60, action: { kind: "defence", defence: "breaker", on: true } }]);
    expect(breaker.summary.defences).toEqual(["breaker"]);
    expect(breaker.summary.breakerOpenings).toBe(0);
    expect(breaker.summary.recovered).toBe(false);
  });

  test("switching every defence off before the trigger brings the storm back", slow, () => {
    const off: TimedAction[] = defenceNames.map((d) => ({
      at: -10,
      action: { kind: "defence", defence: d, on: false },
    }));
    const naive = replayActions(short({}, [...defenceNames]), off).summary;
    expect(naive.defences).toEqual([]);
    expect(naive.recovered).toBe(false);
    expect(naive.firstRefusalSeconds).not.toBeNull();
  });

  test("bulkheads switched on: new pools per dependency, waiters move in order, held connections finish on the old", () => {
    const run = stormAt(30);
    const waiting = run.state().pools[0]!.waiting;
    run.apply({ kind: "defence", defence: "bulkhead", on: true });
    const state = run.state();
    expect(state.pools.map((p) => [p.name, p.size])).toEqual([
      ["pricing", 8],
      ["catalog", 8],
      ["profiles", 8],
    ]);
    expect(state.services.map((s) => s.pool)).toEqual(["pricing", "pricing", "catalog", "profiles"]);
    // Every waiter moved; the new pools take up to 8 each at once; the old pool's 20 are still held.
    const moved = state.pools.reduce((a, p) => a + p.waiting + p.inUse, 0);
    expect(moved).toBe(waiting);
    expect(state.retiredInUse).toBe(20);
    run.advanceTo(60);
    const later = run.metrics();
    expect(later.capacity[at(later.time, 10)]).toBe(20);
    expect(later.capacity[at(later.time, 59)]).toBe(24);
    expect(run.state().retiredInUse).toBe(0);
  });

  test("a bigger pool mid-storm drains the queue; the capacity series shows when", slow, () => {
    const { summary, metrics } = replayActions(short(), [
      { at: 40, action: { kind: "parameter", name: "poolSize", value: 400 } },
    ]);
    expect(metrics.capacity[at(metrics.time, 39)]).toBe(20);
    expect(metrics.capacity[at(metrics.time, 40)]).toBe(400);
    expect(metrics.poolCapacity).toBe(400);
    expect(summary.recoveredBy).toBe("intervention");
    expect(summary.recoverySeconds! + summary.triggerSeconds).toBeLessThan(60);
  });

  test("load to zero stops arrivals; back to one, they resume", () => {
    const { metrics } = replayActions(short(), [
      { at: 10, action: { kind: "parameter", name: "load", value: 0 } },
      { at: 50, action: { kind: "parameter", name: "load", value: 1 } },
    ]);
    const firstTries = (t: number) => metrics.services.reduce((a, s) => a + s.attempts[at(metrics.time, t)]!, 0);
    expect(firstTries(-5)).toBeGreaterThan(50);
    // Between 20 s and 49 s nothing new arrives (retries of earlier requests end within about 10 s).
    for (let t = 20; t < 50; t++) expect(firstTries(t)).toBe(0);
    expect(firstTries(55)).toBeGreaterThan(50);
  });

  test("a black-holed dependency fails each call at the attempt time-out; a refusing one fails at once", () => {
    const failing = (condition: "black-holed" | "refusing") => {
      const run = createRun(short({ triggerDuration: 0 }));
      run.advanceTo(0);
      run.apply({ kind: "dependency", name: "catalog", condition });
      run.advanceTo(5);
      expect(run.state().dependencies.find((d) => d.name === "catalog")!.condition).toBe(condition);
      const m = run.metrics();
      const search = m.services.find((s) => s.name === "search")!;
      expect(search.successes.slice(at(m.time, 2), at(m.time, 2) + 3)).toEqual([0, 0, 0]);
      // Either way the naive loop sleeps between attempts holding its connection: the pool fills.
      expect(run.summary().poolFullSeconds!).toBeLessThan(1);
      return m.dependencyCalls.slice(at(m.time, 1), at(m.time, 1) + 4).reduce((a, b) => a + b, 0);
    };
    // Twenty connections, each call a full second: about twenty calls a second.
    const holed = failing("black-holed");
    expect(holed).toBeGreaterThanOrEqual(4 * 15);
    expect(holed).toBeLessThanOrEqual(4 * 25);
    // Refused calls give the connection back to the loop at once: several times as many calls.
    expect(failing("refusing")).toBeGreaterThan(2.5 * holed);
  });

  test("a dependency back to healthy does not end the storm it started; draining the queue does", () => {
    const run = createRun(short({ triggerDuration: 0 }));
    const search = () => run.state().services.find((s) => s.name === "search")!.succeeded;
    run.apply({ kind: "dependency", name: "catalog", condition: "refusing" });
    run.advanceTo(30);
    expect(search()).toBe(0);
    run.apply({ kind: "dependency", name: "catalog", condition: "healthy" });
    run.advanceTo(50);
    expect(search()).toBe(0);
    run.apply({ kind: "intervene" });
    run.advanceTo(60);
    expect(search()).toBeGreaterThan(300);
  });

  test("a slower median, set and cleared", () => {
    const run = createRun(short({ triggerDuration: 0 }));
    run.apply({ kind: "dependency", name: "profiles", medianMs: 900 });
    expect(run.state().dependencies.find((d) => d.name === "profiles")!.medianMs).toBe(900);
    run.apply({ kind: "dependency", name: "profiles", medianMs: null });
    expect(run.state().dependencies.find((d) => d.name === "profiles")!.medianMs).toBe(30);
  });

  test("drain a service: its clients send nothing until it is back", () => {
    const { summary, metrics } = replayActions(short({ triggerDuration: 0 }), [
      { at: 0, action: { kind: "drain", service: "checkout", on: true } },
      { at: 60, action: { kind: "drain", service: "checkout", on: false } },
    ]);
    const checkout = metrics.services.find((s) => s.name === "checkout")!;
    for (let t = 1; t < 60; t++) expect(checkout.attempts[at(metrics.time, t)]).toBe(0);
    expect(checkout.attempts[at(metrics.time, 70)]).toBeGreaterThan(5);
    expect(summary.services.find((s) => s.name === "checkout")!.requests).toBeLessThan(
      summary.services.find((s) => s.name === "quotes")!.requests * 2,
    );
  });

  test("restart a service: its waiters leave the queue, it refuses while starting, then serves", () => {
    const run = stormAt(100);
    const before = run.state().pools[0]!.waiting;
    run.apply({ kind: "restart", service: "quotes", seconds: 5 });
    const after = run.state();
    expect(after.pools[0]!.waiting).toBeLessThan(before * 0.9);
    expect(after.services.find((s) => s.name === "quotes")!.restarting).toBe(true);
    run.advanceTo(106);
    expect(run.state().services.find((s) => s.name === "quotes")!.restarting).toBe(false);
  });

  test("force a breaker open, closed, and back to its rules", () => {
    const run = createRun(short({ triggerDuration: 0 }, ["breaker"]));
    run.advanceTo(5);
    run.apply({ kind: "breaker", service: "search", force: "open" });
    // Calls already past the breaker finish; after them, nothing of search's is served.
    run.advanceTo(7);
    const served = run.state().services.find((s) => s.name === "search")!.succeeded;
    run.advanceTo(15);
    expect(run.state().services.find((s) => s.name === "search")!.breaker).toBe("open");
    expect(run.state().services.find((s) => s.name === "search")!.succeeded).toBe(served);
    run.apply({ kind: "breaker", service: "search", force: "auto" });
    expect(run.state().services.find((s) => s.name === "search")!.breaker).toBe("closed");
    run.advanceTo(20);
    expect(run.state().services.find((s) => s.name === "search")!.succeeded).toBeGreaterThan(served + 100);
  });

  test("impossible actions are refused with a message, and change nothing", () => {
    const run = createRun(short());
    const refused: [StormAction, RegExp][] = [
      [
        { kind: "drain", service: "payments", on: true },
        /^no service named "payments"; the services are "checkout", "quotes", "search" and "accounts"$/,
      ],
      [{ kind: "flush", pool: "pricing" }, /^no pool named "pricing"; the only pool is "shared"$/],
      [
        { kind: "dependency", name: "db" },
        /^no dependency named "db"; the dependencies are "pricing", "catalog" and "profiles"$/,
      ],
      [
        { kind: "dependency", name: "catalog", condition: "sad" as never, medianMs: 5 },
        /healthy, refusing or black-holed/,
      ],
      [
        { kind: "breaker", service: "search", force: "open" },
        /search has no circuit breaker: switch the breaker defence on/,
      ],
      [{ kind: "parameter", name: "duration", value: 100 }, /duration cannot change once the run has started/],
      [{ kind: "parameter", name: "poolSize", value: 0 }, /poolSize must be at least 1/],
      [{ kind: "restart", service: "search", seconds: -1 }, /a restart takes a number of seconds >= 0/],
      [
        { kind: "defence", defence: "armour" as DefenceName, on: true },
        /^unknown defence "armour"; choose from bulkhead, breaker, budget, jitter, timeout and shed$/,
      ],
    ];
    for (const [action, message] of refused) expect(() => run.apply(action), JSON.stringify(action)).toThrow(message);
    expect(run.state().dependencies.find((d) => d.name === "catalog")!.medianMs).toBe(40);
    expect(run.state().interventionSeconds).toBeNull();
  });

  test("a name that is not there is refused with the ones that are, as a sentence lists them, or with none", () => {
    const empty = createRun(
      defaultScenario({ seed: 1, services: [], dependencies: [], params: { duration: 20, intervention: null } }),
    );
    expect(() => empty.apply({ kind: "drain", service: "payments", on: true })).toThrow(
      /^no service named "payments"; there are no services$/,
    );
    expect(() => empty.apply({ kind: "dependency", name: "db" })).toThrow(
      /^no dependency named "db"; there are no dependencies$/,
    );
    const two = createRun(
      defaultScenario({
        seed: 1,
        services: [{ name: "checkout", rate: 25, dependency: "pricing" }],
        dependencies: [
          { name: "pricing", latency: { medianMs: 60, sigma: 0.5 } },
          { name: "catalog", latency: { medianMs: 40, sigma: 0.5 } },
        ],
        params: { duration: 20, intervention: null },
      }),
    );
    expect(() => two.apply({ kind: "drain", service: "quotes", on: true })).toThrow(
      /^no service named "quotes"; the only service is "checkout"$/,
    );
    expect(() => two.apply({ kind: "dependency", name: "db" })).toThrow(
      /^no dependency named "db"; the dependencies are "pricing" and "catalog"$/,
    );
  });
});

describe("parameters are typed", () => {
  test("a misspelt name or a wrong kind of value is a compile error (checked by npm run check)", () => {
    const run = createRun(short({ duration: 20 }));
    // @ts-expect-error: there is no parameter called poolsize
    const misspelt: Partial<Parameters> = { poolsize: 20 };
    // @ts-expect-error: intervention is a number of seconds or null, not text
    const wrongKind: Partial<Parameters> = { intervention: "soon" };
    // @ts-expect-error: breakerKind is consecutive or rate
    const wrongChoice: Partial<Parameters> = { breakerKind: "sometimes" };
    // @ts-expect-error: poolSize cannot be none
    const notNullable: Partial<Parameters> = { poolSize: null };
    // @ts-expect-error: an action's value has its parameter's kind
    const action: StormAction = { kind: "parameter", name: "poolSize", value: "big" };
    // The same mistakes from untyped code (a playground is not type-checked) fail at run time.
    expect(() => runRetryStorm(defaultScenario({ params: misspelt }))).toThrow(/unknown parameter "poolsize"/);
    expect(() => runRetryStorm(defaultScenario({ params: wrongKind }))).toThrow(/intervention must be a number/);
    expect(() => runRetryStorm(defaultScenario({ params: wrongChoice }))).toThrow(/breakerKind must be one of/);
    expect(() => runRetryStorm(defaultScenario({ params: notNullable }))).toThrow(/poolSize needs a number/);
    expect(() => run.apply(action)).toThrow(/poolSize must be a number/);
  });
});
