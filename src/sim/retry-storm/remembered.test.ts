import { describe, expect, test } from "vitest";
import { runRetryStorm } from "./model.ts";
import { naiveRetryPolicy } from "./policies.ts";
import { rememberedLimit, rememberedRetryStorm } from "./remembered.ts";
import { defaultScenario } from "./scenario.ts";

// Short runs: what is tested is the remembering, not the storm.
const short = (seed: number, extra: Parameters<typeof defaultScenario>[0] = {}) =>
  defaultScenario({ seed, ...extra, params: { duration: 10, warmup: 0, ...extra.params } });

describe("rememberedRetryStorm", () => {
  test("gives the run a fresh run of the scenario gives, and the same object when asked again", () => {
    const scenario = short(101, { defences: ["shed"] });
    const first = rememberedRetryStorm(scenario);
    const fresh = runRetryStorm(scenario);
    expect(first.summary).toEqual(fresh.summary);
    expect(first.metrics).toEqual(fresh.metrics);
    // An equal scenario built anew (another object) finds the same run.
    expect(rememberedRetryStorm(short(101, { defences: ["shed"] }))).toBe(first);
  });

  test("tells scenarios apart by every field, seed and defences included", () => {
    const base = rememberedRetryStorm(short(102));
    expect(rememberedRetryStorm(short(103))).not.toBe(base);
    expect(rememberedRetryStorm(short(102, { defences: ["budget"] }))).not.toBe(base);
    expect(rememberedRetryStorm(short(102, { params: { poolSize: 21 } }))).not.toBe(base);
  });

  test("refuses what the model refuses, every time: Infinity, which a key would write as null", () => {
    const nulled = rememberedRetryStorm(short(104, { params: { intervention: null } }));
    const infinite = short(104, { params: { intervention: Number.POSITIVE_INFINITY } });
    expect(() => rememberedRetryStorm(infinite)).toThrow(/intervention/);
    expect(() => rememberedRetryStorm(infinite)).toThrow(/intervention/);
    expect(rememberedRetryStorm(short(104, { params: { intervention: null } }))).toBe(nulled);
  });

  test("is frozen all the way down, so no caller can change another's figures", () => {
    const run = rememberedRetryStorm(short(105));
    expect(() => {
      (run.summary as { amplification: number }).amplification = 0;
    }).toThrow(TypeError);
    expect(() => run.metrics.time.push(1)).toThrow(TypeError);
    expect(() => {
      run.metrics.services[0]!.successRate[0] = 2;
    }).toThrow(TypeError);
    expect(Object.isFrozen(run.summary.services[0])).toBe(true);
  });

  test("runs a scenario with a learner's retry policy every time (a function has no key)", () => {
    const scenario = short(106, { retryPolicy: naiveRetryPolicy() });
    const first = rememberedRetryStorm(scenario);
    const again = rememberedRetryStorm(scenario);
    expect(again).not.toBe(first);
    expect(again.summary).toEqual(first.summary);
  });

  test(`keeps the ${rememberedLimit} runs asked for last, forgetting the oldest`, () => {
    const kept = rememberedRetryStorm(short(200));
    const forgotten = rememberedRetryStorm(short(201));
    for (let seed = 202; seed < 200 + rememberedLimit; seed++) rememberedRetryStorm(short(seed));
    // Asking for seed 200 again makes it the most recent; seed 201 is now the oldest.
    expect(rememberedRetryStorm(short(200))).toBe(kept);
    rememberedRetryStorm(short(300));
    expect(rememberedRetryStorm(short(200))).toBe(kept);
    expect(rememberedRetryStorm(short(201))).not.toBe(forgotten);
  });
});
