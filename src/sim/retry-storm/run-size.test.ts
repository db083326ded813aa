import { describe, expect, test } from "vitest";
import { grouped } from "../../format/number.ts";
import { scenarioControls } from "../../widgets/replay/state.ts";
import { summarizeRetryStorm } from "./model.ts";
import { retryStormEventLimit, runEventBound, runSizeProblem } from "./run-size.ts";
import {
  defaultScenario,
  defenceNames,
  parameterSpecs,
  type DefenceName,
  type ParameterSpec,
  type Parameters,
} from "./scenario.ts";

const scenario = (params: Partial<Parameters>, defences: DefenceName[] = []) =>
  defaultScenario({ seed: 1, defences, params });

describe("the bound on a run's events, against the events real runs take", () => {
  // Each run is cheap (a second at most) and the set spans how a storm spends its events: the
  // default storm, many tries waiting in a full pool, calls failing in a millisecond on a
  // thousand connections (where the connections' time is the binding term), one try per
  // request, and no requests at all.
  const runs: [string, Partial<Parameters>, DefenceName[]][] = [
    ["the default storm", {}, []],
    ["20 attempts at load 5, no intervention", { attempts: 20, load: 5, duration: 60, intervention: null }, []],
    [
      "calls failing in 1 ms on 3 bulkheads of 1,000",
      {
        attempts: 20,
        load: 0.5,
        warmup: 0,
        duration: 20,
        bulkheadSize: 1000,
        triggerDuration: 600,
        clientTimeout: 60,
        attemptTimeout: 0.001,
        sleepStep: 1,
        intervention: null,
      },
      ["bulkhead"],
    ],
    ["one attempt at load 5", { attempts: 1, load: 5, duration: 120 }, []],
    ["no load", { load: 0 }, []],
  ];
  test.each(runs)("%s: the bound is at least the real count, and at most twice it", (_, params, defences) => {
    const run = scenario(params, defences);
    const { events } = summarizeRetryStorm(run).summary;
    const bound = runEventBound(run);
    expect(bound).toBeGreaterThanOrEqual(events);
    expect(bound).toBeLessThanOrEqual(2 * events);
  });

  // Where most requests succeed at their first try, the bound, which counts every request's
  // tries in full, is looser; it still holds.
  const calm: [string, Partial<Parameters>, DefenceName[]][] = [
    ["no trigger", { triggerDuration: 0, duration: 120 }, []],
    ["every defence on", {}, [...defenceNames]],
  ];
  test.each(calm)("%s: the bound still holds, within ten times the real count", (_, params, defences) => {
    const run = scenario(params, defences);
    const { events } = summarizeRetryStorm(run).summary;
    const bound = runEventBound(run);
    expect(bound).toBeGreaterThanOrEqual(events);
    expect(bound).toBeLessThanOrEqual(10 * events);
  });
});

describe("the limit refuses only runs no page or default asks for", () => {
  const specs = parameterSpecs as readonly ParameterSpec[];
  const spec = (name: string) => specs.find((p) => p.name === name)!;

  test("every run the replay's form can ask for is within it, for both of its runs", () => {
    // The bound grows or stays with each field, so its largest value over the form is at a
    // corner of the fields' ranges: every corner, with no defence (the naive run) and all.
    const corners = scenarioControls.reduce<Partial<Parameters>[]>(
      (sets, name) =>
        sets.flatMap((set) => [spec(name).min, spec(name).max].map((value) => ({ ...set, [name]: value }))),
      [{}],
    );
    expect(corners).toHaveLength(2 ** scenarioControls.length);
    for (const params of corners)
      for (const defences of [[], [...defenceNames]])
        expect(runSizeProblem(scenario(params, defences)), JSON.stringify(params)).toBeUndefined();
  });

  test("every parameter alone at either end of its range is within it, with its defence on or off", () => {
    for (const p of specs) {
      if (p.choices) continue;
      for (const value of [p.min ?? p.above, p.max]) {
        for (const defences of [[], p.defence ? [p.defence] : [], [...defenceNames]]) {
          const params = { [p.name]: value } as Partial<Parameters>;
          expect(runSizeProblem(scenario(params, defences)), `${p.name}=${value}`).toBeUndefined();
        }
      }
    }
  });
});

describe("a run over the limit is refused in words that name the limit and a way under it", () => {
  test("the longest duration that fits is named: it fits, and a second more does not", () => {
    const params: Partial<Parameters> = { duration: 3600, load: 5, attempts: 20, intervention: null };
    const message = runSizeProblem(scenario(params));
    const bound = runEventBound(scenario(params));
    expect(message).toBe(
      `a run of 3,600 s at load 5 with 20 attempts could take up to ${grouped(bound)} events, over the limit of ${grouped(retryStormEventLimit)} a run: use a duration of at most ${message?.match(/at most (\d+) s/)?.[1]} s, or lower the load or the attempts`,
    );
    const longest = Number(message!.match(/at most (\d+) s/)![1]);
    expect(runSizeProblem(scenario({ ...params, duration: longest }))).toBeUndefined();
    expect(runSizeProblem(scenario({ ...params, duration: longest + 1 }))).toBeDefined();
  });

  test("when even the shortest run is over it, what else to lower: the warm-up too when there is one", () => {
    const heavy: Partial<Parameters> = { duration: 10, load: 5, attempts: 20 };
    expect(runSizeProblem(scenario({ ...heavy, warmup: 600 }))).toMatch(
      /: even the shortest run, 10 s, is over it after a warm-up of 600 s; lower the load, the attempts or the warm-up$/,
    );
    const limit = runEventBound(scenario({ ...heavy, warmup: 0 })) - 1;
    expect(runSizeProblem(scenario({ ...heavy, warmup: 0 }), limit)).toMatch(
      /^a run of 10 s at load 5 with 20 attempts could take up to [\d,]+ events, over the limit of [\d,]+ a run: even the shortest run, 10 s, is over it; lower the load or the attempts$/,
    );
  });

  test("one attempt is named in the singular", () => {
    expect(runSizeProblem(scenario({ attempts: 1, duration: 3600, load: 5, warmup: 600 }), 1)).toMatch(
      /^a run of 3,600 s at load 5 with 1 attempt could/,
    );
  });
});
