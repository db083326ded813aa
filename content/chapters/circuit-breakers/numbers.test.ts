import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import {
  expectedCallsToStreak,
  failuresToOpen,
  longestFailureRun,
  roundRobinOutcomes,
} from "../../../src/sim/breaker-thresholds.ts";
import { pricingDemand } from "../../../src/sim/retry-storm/demand.ts";
import {
  CircuitBreaker,
  createRun,
  defaultScenario,
  defaultServices,
  defenceDescriptions,
  parameterDefaults,
  triggeredDependency,
} from "../../../src/sim/retry-storm/index.ts";
import {
  breakerSettings,
  consecutive,
  detection,
  failFast,
  opossum,
  polly,
  raw,
  replay,
  resilience4j,
  sharded,
  thresholds,
} from "./numbers.ts";

test("library defaults, as the libraries document them", () => {
  // resilience4j.readme.io/docs/circuitbreaker; nodeshift.dev/opossum (volumeThreshold "Default: 0");
  // pollydocs.org/strategies/circuit-breaker.
  expect(resilience4j).toEqual({ window: 100, minCalls: 100, threshold: 0.5, openSeconds: 60, halfOpenCalls: 10 });
  expect(opossum).toEqual({
    timeoutSeconds: 10,
    threshold: 0.5,
    resetSeconds: 30,
    windowSeconds: 10,
    buckets: 10,
    volumeThreshold: 0,
    halfOpenCalls: 1,
  });
  expect(polly).toEqual({ ratio: 0.1, minThroughput: 100, samplingSeconds: 30, breakSeconds: 5, halfOpenCalls: 1 });
});

test("opossum with its defaults can open on the very first call, if it fails", () => {
  expect(thresholds.opossumFirstCallCalls).toBe(1);
  expect(thresholds.opossumFirstCallFailures).toBe(1);
});

// Audit: the chapter listed opossum among the rate breakers that open "once a minimum number of
// calls has been seen", where its table gives opossum no minimum.
// Audit: "cockatiel a rate of requests a second" was true of its SamplingBreaker (`minimumRps`) only;
// its CountBreaker's minimum is a number of calls (`minimumNumberOfCalls`), as its README says.
test("the rate breakers' minimums of traffic: resilience4j's and Polly's are counts of calls, opossum's is none unless set", () => {
  // "Most judge the share only once there is a minimum of traffic: resilience4j, Polly and cockatiel's
  // CountBreaker a number of calls in the window" (cockatiel's SamplingBreaker's, a rate, comes from
  // its README: by default one high enough that five failures a second could open it).
  expect(resilience4j.minCalls).toBeGreaterThan(1);
  expect(polly.minThroughput).toBeGreaterThan(1);
  // "opossum's minimum, `volumeThreshold`, is 0 unless you set one": its first call alone can open it.
  expect(opossum.volumeThreshold).toBe(0);
  expect(thresholds.opossumFirstCallCalls).toBe(1);
  const chapter = readFileSync(new URL("./index.mdx", import.meta.url), "utf8").replace(/\s+/g, " ");
  expect(chapter).toContain(
    "Most judge the share only once there is a minimum of traffic: resilience4j, Polly and cockatiel's `CountBreaker` a number of calls in the window, cockatiel's `SamplingBreaker` a rate of requests a second (`minimumRps`); opossum's minimum, `volumeThreshold`, is {opossum.volumeThreshold} unless you set one.",
  );
});

test("fewest failures to open: at or above vs strictly above", () => {
  expect(thresholds.resilience4jFailures).toBe(50);
  expect(thresholds.pollyFailures).toBe(10);
  expect(thresholds.opossumFailuresSmall).toBe(6);
  expect(thresholds.inclusiveFailuresSmall).toBe(5);
  expect(failuresToOpen(7, 0.5, false)).toBe(4);
  expect(failuresToOpen(7, 0.5, true)).toBe(4);
  expect(failuresToOpen(30, 0.1, true)).toBe(4);
});

test("independent check: a rate breaker with resilience4j's window opens on exactly the 50th failure of 100 calls", () => {
  const breaker = new CircuitBreaker({
    kind: "rate",
    threshold: 1,
    failureRate: 0.5,
    window: 100,
    minCalls: 100,
    cooldownSeconds: 60,
    probes: 10,
  });
  for (let i = 0; i < 50; i++) breaker.record(0, true);
  for (let i = 0; i < 49; i++) breaker.record(0, false);
  expect(breaker.state).toBe("closed"); // 99 calls: below the minimum
  breaker.record(0, false);
  expect(breaker.state).toBe("open"); // 100 calls, 50 failures: 50% >= 50%
});

test("a consecutive breaker (5 in a row): 62 calls at 50% failures, about 3,900 at 20%, never on alternating failures", () => {
  expect(consecutive.streak).toBe(5);
  expect(consecutive.halfCalls).toBe("62");
  expect(consecutive.halfSeconds).toBe("1.6"); // 62 calls at 40 a second
  expect(consecutive.lowCalls).toBe("3,900");
  expect(consecutive.lowSeconds).toBe("98"); // 3,905 calls at 40 a second
  expect(consecutive.alternatingFailing).toBe("50%");
  expect(consecutive.alternatingLongestRun).toBe(1);
  // "with round robin over two hosts, one of them dead": the figures beside it come from those two.
  const { hosts, dead, hostsWords, deadWords } = consecutive.roundRobin;
  expect([hostsWords, deadWords]).toEqual(["two", "one"]);
  const outcomes = roundRobinOutcomes(hosts, dead);
  expect(outcomes.filter(Boolean).length / outcomes.length).toBe(0.5);
  expect(longestFailureRun(outcomes)).toBe(consecutive.alternatingLongestRun);
});

test("detection time at pricing's 40 requests/s", () => {
  expect(detection.pricingRate).toBe(40);
  expect(detection.consecutiveMillis).toBe(125); // 5 / 40 s
  expect(detection.resilience4jSeconds).toBe("2.5"); // 100 / 40 s
  // A dependency called 3 times a minute reaches 100 calls after ceil(100 / 3) = 34 minutes.
  expect(detection.quietPerMinute).toBe(3);
  expect(detection.quietFillMinutes).toBe("34");
});

test("failing fast, by Little's law", () => {
  expect(failFast.heldClosed).toBe(40); // 40/s x 1 s: calls that each wait out one timeout, no retries
  expect(failFast.heldClosed).toBeGreaterThan(failFast.sharedPool);
  // Two breakers in front of pricing, one in each of its callers: 2 x 3 probes / 2 s x 1 s.
  expect(failFast.breakersInFront).toBe(2);
  expect(failFast.breakersInFrontWords).toBe("two");
  expect(failFast.callers).toBe("checkout and quotes");
  expect(failFast.heldOpen).toBe("3");
  // "at most": the printed bound is not below the figure.
  expect(Number(failFast.heldOpen)).toBeGreaterThanOrEqual(failFast.heldOpenBound);
});

test("the model keeps one breaker per calling service, so pricing has one in each of its callers", () => {
  const run = createRun(defaultScenario({ defences: ["breaker"] }));
  expect(run.world.breakers).toHaveLength(defaultServices.length);
  const callers = defaultServices.filter((s) => s.dependency === triggeredDependency).map((s) => s.name);
  expect(callers).toHaveLength(failFast.breakersInFront);
  expect(failFast.callers).toBe(callers.join(" and "));
  // Separate breakers: forcing checkout's open leaves quotes', in front of the same pricing, closed.
  run.advanceTo(0);
  run.apply({ kind: "breaker", service: callers[0]!, force: "open" });
  const states = new Map(run.state().services.map((s) => [s.name, s.breaker]));
  expect(states.get(callers[0]!)).toBe("open");
  expect(states.get(callers[1]!)).toBe("closed");
  // The replay's checkbox and `npm run sim -- retry-storm --help` describe it so.
  expect(defenceDescriptions.breaker).toMatch(/^a circuit breaker per calling service, in front of its dependency:/);
  expect(defenceDescriptions.breaker).not.toContain("per dependency");
});

test("the prose's bound, on the model: with pricing not answering and one try each, its probes hold at most 3 connections", () => {
  // Bulkheads give pricing a pool of its own, so its connections in use are what reaches pricing.
  for (const seed of [1, 2, 3]) {
    const run = createRun(
      defaultScenario({
        seed,
        defences: ["breaker", "bulkhead"],
        params: { attempts: 1, duration: 300, intervention: null },
      }),
    );
    run.advanceTo(10);
    run.apply({ kind: "dependency", name: triggeredDependency, condition: "black-holed" });
    run.advanceTo(40);
    for (const s of run.state().services)
      expect(s.breaker).toBe(s.dependency === triggeredDependency ? "open" : "closed");
    run.advanceTo(240);
    const metrics = run.metrics();
    const pool = metrics.pools.find((p) => p.name === triggeredDependency)!;
    const held = pool.inUse.slice(metrics.time.indexOf(40), metrics.time.indexOf(240));
    const mean = held.reduce((a, b) => a + b, 0) / held.length;
    expect(mean).toBeLessThanOrEqual(Number(failFast.heldOpen));
    // More than one breaker's probes alone could hold: both breakers probe.
    expect(mean).toBeGreaterThan(failFast.heldOpenBound / failFast.breakersInFront);
  }
});

test("the sharded trap (Brooker 2022): one shard of 8 down trips a 10% breaker", () => {
  expect(sharded.failurePercent).toBe("12.5%");
  expect(sharded.pollyTrips).toBe(true);
  expect(sharded.withBreaker).toBe("100%");
});

test("the sharded playground, as the prose tells it: one breaker serves a few calls, one per shard serves 7 of 8", () => {
  const golden = readFileSync(new URL("./sharded.golden.txt", import.meta.url), "utf8");
  const served = (label: string) => Number(new RegExp(`${label}:\\s+([\\d.]+)% served`).exec(golden)![1]) / 100;
  const best = (sharded.shards - 1) / sharded.shards;
  // "serves only the few calls it lets through between cooldowns": well under a tenth.
  expect(served("one breaker for the whole backend")).toBeGreaterThan(0);
  expect(served("one breaker for the whole backend")).toBeLessThan(0.1);
  // "the breakers per shard serve everything the healthy shards can".
  expect(served("one breaker per shard")).toBeCloseTo(best, 3);
});

test("the replay: breakers end the storm within seconds of the trigger", () => {
  expect(raw.naive.recovered && raw.naive.recoverySeconds! >= 600).toBe(true);
  expect(raw.breakers.recovered).toBe(true);
  expect(raw.breakers.recoverySeconds!).toBeLessThanOrEqual(10);
  expect(raw.breakers.breakerOpenings).toBeGreaterThan(0);
  expect(raw.breakers.dependencyAmplification!).toBeLessThan(raw.naive.dependencyAmplification!);
  for (const s of raw.breakers.services) expect(s.successRate).toBeGreaterThan(0.95);
  expect(replay.rows).toHaveLength(4);
});

test("the replay's prose: the naive run ends only at the intervention; the shares count the whole run", () => {
  // "The naive run recovers only when the operators intervene at 660 s"
  expect(raw.naive.recoveredBy).toBe("intervention");
  expect(raw.naive.triggerSeconds + raw.naive.recoverySeconds!).toBeGreaterThanOrEqual(replay.interventionSeconds!);
  expect(raw.breakers.recoveredBy).toBe("self");
  expect(replay.warmupSeconds).toBe(parameterDefaults.warmup);
  expect(replay.durationSeconds).toBe(parameterDefaults.duration);
  // The rows are whole-run shares: served over every request of the run.
  for (const s of raw.breakers.services) expect(s.successRate).toBeCloseTo(s.succeeded / s.requests, 4);
});

test("a coin-flip dependency trips a 5-in-a-row breaker in under 1.6 s of pricing's traffic", () => {
  const seconds = expectedCallsToStreak(0.5, consecutive.streak) / detection.pricingRate;
  expect(seconds).toBeLessThan(Number(consecutive.halfSeconds));
});

test("the sentence before the breaker playground reads the playground's own settings, and they are what its run does", () => {
  const code = readFileSync(new URL("./breaker.play.ts", import.meta.url), "utf8");
  const played = breakerSettings(code);
  // The page passes the program it shows, and the sentence says each setting from it.
  const chapter = readFileSync(new URL("./index.mdx", import.meta.url), "utf8");
  expect(chapter).toContain('import breakerCode from "./breaker.play.ts?raw";');
  expect(chapter).toContain("export const played = breakerSettings(breakerCode);");
  expect(chapter.replace(/\s+/g, " ")).toContain(
    "Here is a breaker (open on the {played.thresholdOrdinal} consecutive failure, a {played.cooldownWords}-second cooldown, {played.probesText}) watching",
  );
  // As the program stands: 5 in a row, a one-second cooldown, three probes.
  expect(code).toMatch(/kind: "consecutive",\s+threshold: \d+,/);
  expect([played.thresholdOrdinal, played.cooldownWords, played.probesText]).toEqual(["5th", "one", "three probes"]);
  // Its comments beside the settings say the same.
  expect(code).toContain(`threshold: ${played.threshold}, // open on the ${played.thresholdOrdinal} failure in a row`);
  expect(code).toContain(
    `probes: ${played.probes}, // stay open ${played.cooldownSeconds} s, then let ${played.probes} trial calls through`,
  );
  // What the run does with them (the golden is the program's output, playgrounds.test.ts): calls
  // come every tick, the dependency fails from `from` on, and the breaker opens on the
  // threshold-th failure in a row, goes half-open a cooldown later, and closes on the last of its
  // probes once the dependency is back.
  const perSecond = Number(/const t = tick \/ (\d+);/.exec(code)?.[1]);
  const downFrom = Number(/const dependencyUp = \(t: number\) => t < (\d+) \|\|/.exec(code)?.[1]);
  const golden = readFileSync(new URL("./breaker.golden.txt", import.meta.url), "utf8");
  const changes = [...golden.matchAll(/^t=([\d.]+) s {2}(\S+) -> (\S+)$/gm)].map((m) => ({
    t: Number(m[1]),
    change: `${m[2]} -> ${m[3]}`,
  }));
  const tick = (n: number) => Math.round(n * perSecond) / perSecond;
  expect(changes[0]).toEqual({ t: tick(downFrom + (played.threshold - 1) / perSecond), change: "closed -> open" });
  expect(changes[1]).toEqual({ t: tick(changes[0]!.t + played.cooldownSeconds), change: "open -> half-open" });
  const lastHalfOpen = changes.findLast((c) => c.change === "open -> half-open")!;
  expect(changes.at(-1)).toEqual({
    t: tick(lastHalfOpen.t + (played.probes - 1) / perSecond),
    change: "half-open -> closed",
  });
  // "watching a dependency that is down for a few seconds": down from t = 1 s to t = 4 s, as its
  // first line says, and longer than the cooldown, so the breaker's probes meet it down at least once.
  const [, from, to] = /const dependencyUp = \(t: number\) => t < (\d+) \|\| t >= (\d+);/.exec(code) ?? [];
  expect(code.split("\n")[0]).toContain(`down from t = ${from} s to t = ${to} s`);
  const down = Number(to) - Number(from);
  expect(down).toBeGreaterThanOrEqual(2);
  expect(down).toBeLessThanOrEqual(5);
  expect(down).toBeGreaterThan(played.cooldownSeconds);
  expect(readFileSync(new URL("./breaker.golden.txt", import.meta.url), "utf8")).toContain("half-open -> open");
});

test("resilience4j half-open: one failed probe among its 10 does not reopen it, judged by the failure-rate threshold", () => {
  // "If the failure rate ... is then equal or greater than the configured threshold, the state changes back to OPEN."
  expect(1 / resilience4j.halfOpenCalls).toBeLessThan(resilience4j.threshold);
  // The course's own breaker is not that rule: any failed probe reopens it (Hystrix, opossum and Polly's rule).
  const breaker = new CircuitBreaker({
    kind: "consecutive",
    threshold: 1,
    failureRate: 0.5,
    window: 10,
    minCalls: 10,
    cooldownSeconds: 1,
    probes: 3,
  });
  breaker.record(0, false);
  expect(breaker.allow(1)).toBe(true);
  breaker.record(1, false);
  expect(breaker.state).toBe("open");
});

test("the prose: the one-try figure is the smallest of the case study's three, and the incident's loop held several times more", () => {
  const demand = pricingDemand();
  const figures = [demand.noTimeout, demand.oneTry, demand.naiveLoop].map((d) => d.connections);
  expect(failFast.heldClosed).toBe(Math.round(Math.min(...figures)));
  expect(demand.naiveLoop.connections / demand.oneTry.connections).toBeGreaterThanOrEqual(3);
});

test("the sharded playground's breaker opens at Polly's default ratio, the threshold the prose names", () => {
  const code = readFileSync(new URL("./sharded.play.ts", import.meta.url), "utf8");
  expect(Number(/failureRate: ([\d.]+),/.exec(code)?.[1])).toBe(polly.ratio);
  expect(code.split("\n")[1]).toContain(`opens when ${thresholds.pollyPercent} or more`);
  // "the longer its cooldown next to the time its window takes to fill, the more of the time it is
  // open: with the settings of the playground below, nearly all of it": the playground's window
  // fills in window / rate seconds, under a tenth of its cooldown...
  const rate = Number(/const now = i \/ (\d+);/.exec(code)?.[1]);
  const window = Number(/window: (\d+),/.exec(code)?.[1]);
  const cooldown = Number(/cooldownSeconds: (\d+),/.exec(code)?.[1]);
  expect(window / rate).toBeLessThan(cooldown / 10);
  // ...and the single breaker lets through (so serves) under a tenth of the calls.
  const golden = readFileSync(new URL("./sharded.golden.txt", import.meta.url), "utf8");
  expect(Number(/one breaker for the whole backend:\s+([\d.]+)% served/.exec(golden)?.[1]) / 100).toBeLessThan(0.1);
});

test("the replay's breakers are the prose's: they open after consecutive failures", () => {
  // "breakers alone (open after {replay.params.threshold} consecutive failures, a {replay.params.cooldownSeconds} s cooldown, ...)"
  expect(parameterDefaults.breakerKind).toBe("consecutive");
  expect(replay.params).toEqual({
    threshold: parameterDefaults.breakerThreshold,
    cooldownSeconds: parameterDefaults.breakerCooldown,
    probes: parameterDefaults.breakerProbes,
  });
});

test("the breaker playground's comment states its own clock, and its golden opens first and closes last", () => {
  const code = readFileSync(new URL("./breaker.play.ts", import.meta.url), "utf8");
  // "Calls arrive every 100 ms": one call a tick, and a tick is 1 / perSecond of a second.
  const perSecond = Number(/const t = tick \/ (\d+);/.exec(code)?.[1]);
  expect(code).toMatch(/for \(let tick = 0; tick <= \d+; tick\+\+\) \{\n\s+const t = tick \/ \d+;\n\s+calls\+\+;/);
  expect(code.split("\n")[1]).toBe(
    `// Calls arrive every ${1000 / perSecond} ms. Watch it open, fail fast, probe half-open, and close again.`,
  );
  // "Watch it open, fail fast, probe half-open, and close again": the first change opens it, calls
  // fail fast, it goes half-open, and the last change closes it.
  const golden = readFileSync(new URL("./breaker.golden.txt", import.meta.url), "utf8");
  const changes = golden.split("\n").filter((line) => line.startsWith("t="));
  expect(changes[0]).toMatch(/ closed -> open$/);
  expect(changes.some((line) => line.endsWith(" open -> half-open"))).toBe(true);
  expect(changes.at(-1)).toMatch(/ half-open -> closed$/);
  expect(Number(/calls failed fast without touching the dependency: (\d+) of/.exec(golden)?.[1])).toBeGreaterThan(0);
});

test("the sharded playground's comments state its own window and shard count", () => {
  const code = readFileSync(new URL("./sharded.play.ts", import.meta.url), "utf8");
  const setting = (pattern: RegExp) => Number(pattern.exec(code)?.[1]);
  const shards = setting(/const shards = (\d+);/);
  const window = setting(/window: (\d+),/);
  const broken = setting(/const brokenShard = (\d+);/);
  // "One breaker in front of 8 shards ... Shard 3 is down ... its last 20 calls"
  expect(code).toContain(
    `// One breaker in front of ${shards} shards, or one breaker per shard? Shard ${broken} is down;`,
  );
  expect(code.replace(/\n\/\/ /g, " ")).toContain(`or more of its last ${window} calls failed.`);
  // "(7 of 8 shards up)": the label beside (shards - 1) / shards, and the golden prints it so.
  expect(code).toContain(
    `console.log(\`best possible (${shards - 1} of ${shards} shards up):  \${percent((shards - 1) / shards)}\`);`,
  );
  expect(shards).toBe(sharded.shards);
});

test("the breaker playground's settings in words: counts, and a program that lost a setting fails the build", () => {
  const code = readFileSync(new URL("./breaker.play.ts", import.meta.url), "utf8");
  // Changing the program changes the sentence's words...
  const edited = breakerSettings(
    code
      .replace(/threshold: \d+,/, "threshold: 3,")
      .replace(/cooldownSeconds: \d+,/, "cooldownSeconds: 2,")
      .replace(/probes: \d+,/, "probes: 1,"),
  );
  expect([edited.thresholdOrdinal, edited.cooldownWords, edited.probesText]).toEqual(["3rd", "two", "one probe"]);
  // ...and a setting it cannot read as a whole number stops the build instead of a stale sentence.
  expect(() => breakerSettings(code.replace(/cooldownSeconds: \d+,/, "cooldownSeconds: 0.5,"))).toThrow(
    /cooldownSeconds/,
  );
  expect(() => breakerSettings(code.replace(/probes: \d+,/, "trialCalls: 3,"))).toThrow(/probes/);
});
