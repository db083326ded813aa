import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { answers } from "../../../solutions/overload-queue-goodput/solution.ts";
import { autoscaling, overload, raw, rawAutoscaling, rawOverload, replay, starvation } from "./numbers.ts";
import { defaultScenario, parameterDefaults, runRetryStorm } from "../../../src/sim/retry-storm/index.ts";
import { simulateOverload } from "../../../src/sim/overload.ts";
import { sreStarvationExample, threadStarvation } from "../../../src/sim/starvation.ts";

test("the fluid overload model matches the closed forms", () => {
  // Useless from capacity x timeout / excess = 100 / 20 = 5 s; until 60 + (1200 - 100) / 20 = 115 s.
  expect(overload.usefulQueue).toBe(100);
  expect(overload.unbounded.uselessFrom).toBe("5");
  expect(overload.unbounded.uselessUntil).toBe("115");
  expect(overload.unbounded.afterEnd).toBe("55");
  expect(overload.unbounded.longestQueue).toBe("1,200");
  const closed = answers({ capacity: 100, timeoutSeconds: 1, burstRate: 120, burstSeconds: 60, afterRate: 80 });
  expect(closed).toEqual({ longest: 100, onset: 5, recovery: 55 });
  // Conservation: every arrival is useful, wasted or rejected.
  for (const r of [rawOverload.unbounded, rawOverload.bounded]) {
    expect(r.useful + r.wasted + r.rejected).toBeCloseTo(rawOverload.arrivals, 9);
  }
  // "Of 16,800 requests, only 35% were answered in time; 11,000 were served to nobody": the
  // arrivals from 5 s to 115 s, 55 s of the burst at 120 a second and 55 s after it at 80.
  expect(overload.arrivals).toBe("16,800");
  expect(rawOverload.unbounded.wasted).toBeCloseTo(55 * 120 + 55 * 80, 9);
  expect(overload.unbounded.wasted).toBe("11,000");
  expect(overload.unbounded.usefulPercent).toBe("35%");
});

test("the goodput playground, written out for the reader, agrees with the chapter's model", () => {
  // Same server, demand and queues as `overload`; the playground steps through each second in
  // 1 ms steps and rounds each second's count, and its totals are the model's.
  const golden = readFileSync(new URL("./goodput.golden.txt", import.meta.url), "utf8");
  // Thousands grouped as the course writes them: "15,649".
  const printed = (label: string) => Number(golden.match(new RegExp(`${label}: *([\\d,]+)`))![1]!.replace(/,/g, ""));
  expect(printed("useful answers, unbounded queue")).toBe(Math.round(rawOverload.unbounded.useful));
  expect(printed(`useful answers, queue of ${overload.bounded.queueLimit}`)).toBe(
    Math.round(rawOverload.bounded.useful),
  );
  expect(printed("seconds with no useful answers \\(unbounded\\)")).toBe(
    Number(overload.unbounded.uselessUntil) - Number(overload.unbounded.uselessFrom),
  );
});

test("other shapes agree with the closed forms too", () => {
  for (const p of [
    { capacity: 50, timeoutSeconds: 2, burstRate: 70, burstSeconds: 90, afterRate: 30 },
    { capacity: 200, timeoutSeconds: 1, burstRate: 300, burstSeconds: 30, afterRate: 100 },
  ]) {
    const r = simulateOverload({
      capacity: p.capacity,
      timeoutSeconds: p.timeoutSeconds,
      queueLimit: Infinity,
      phases: [
        { seconds: p.burstSeconds, rate: p.burstRate },
        { seconds: 600, rate: p.afterRate },
      ],
    });
    const expected = answers(p);
    expect(r.uselessFrom!).toBeCloseTo(expected.onset!, 9);
    expect(r.uselessUntil! - p.burstSeconds).toBeCloseTo(expected.recovery!, 9);
  }
});

test("a bounded queue of half the longest useful one wastes nothing and answers most requests", () => {
  expect(overload.bounded.queueLimit).toBe(overload.usefulQueue / 2);
  expect(overload.bounded.maxWaitSeconds).toBe("0.5");
  expect(overload.bounded.wasted).toBe("0");
  expect(overload.bounded.usefulPercent).toBe("93%");
  // Rejected: the excess of 20 a second, from the moment the queue is full (50 / 20 = 2.5 s) to the burst's end.
  expect(rawOverload.bounded.rejected).toBeCloseTo(20 * (60 - 50 / 20), 9);
  expect(overload.bounded.rejected).toBe("1,150");
});

test("the SRE book's thread starvation, from the one computation: about 80% fail", () => {
  expect(starvation.failingPercent).toBe("80%");
  // "a few hanging queries end up holding nearly every thread": 5% of queries want more threads than the tier has.
  const starved = threadStarvation(sreStarvationExample);
  expect(sreStarvationExample.hangingShare).toBeLessThanOrEqual(0.05);
  expect(starved.threadsDemanded).toBeGreaterThan(starved.threads);
});

test("the bounded queue in the model: no request waits more than the stated time, and every refusal comes during the burst", () => {
  const { bounded } = rawOverload;
  expect(bounded.longestQueue).toBeLessThanOrEqual(overload.bounded.queueLimit);
  expect(bounded.longestQueue / overload.capacity).toBeLessThanOrEqual(Number(overload.bounded.maxWaitSeconds));
  // The burst alone refuses as many as the whole run: none after demand falls below capacity.
  const burstOnly = simulateOverload({
    capacity: overload.capacity,
    timeoutSeconds: overload.timeoutSeconds,
    phases: [{ seconds: overload.overloadSeconds, rate: overload.overloadRate }],
    queueLimit: overload.bounded.queueLimit,
  });
  expect(bounded.rejected).toBeGreaterThan(0);
  expect(burstOnly.rejected).toBeCloseTo(bounded.rejected, 6);
});

test("the replay: shedding keeps every service served and removes abandoned work", () => {
  // "keeps every service at or above 99.4% of requests served": the bound the sentence states holds.
  expect(replay.shedWorst).toBe("99.4%");
  for (const s of raw.shed.services)
    expect(s.successRate! * 100).toBeGreaterThanOrEqual(Number.parseFloat(replay.shedWorst));
  expect(raw.shed.abandonedWork).toBeLessThan(raw.naive.abandonedWork / 100);
  // "It does not isolate: in the 4 s that pricing is slow, search and accounts, which never call
  // pricing, get only 32% and 29% of their requests served": the incident is the trigger, over
  // when the system recovers by itself, and the unrelated services lose most of it.
  expect(replay.triggerSeconds).toBe("4");
  expect(raw.shed.incidentEndSeconds).toBe(parameterDefaults.triggerDuration);
  expect(replay.shedUnrelated).toBe("search and accounts");
  expect(replay.shedUnrelatedIncident).toBe("32% and 29%");
  for (const name of ["search", "accounts"])
    expect(raw.shed.services.find((s) => s.name === name)!.incidentSuccessRate!).toBeLessThan(0.5);
  expect(raw.shed.recovered).toBe(true);
  expect(replay.shedQueue).toBe(10);
});

test("autoscaling's lag, in the model: the burst kept up 5 minutes leaves 6,000 queued, every one due after its caller left", () => {
  const { untilScaled, scaleUpSeconds } = rawAutoscaling;
  expect(autoscaling).toEqual({ scaleUpMinutes: 5, backlog: "6,000", waitSeconds: "60", uselessFrom: "5" });
  // "a 60 s wait, for callers who give up after 1 s"
  expect(untilScaled.longestQueue / overload.capacity).toBeGreaterThan(overload.timeoutSeconds);
  // "Every request that joined it after the first 5 s was due to be served after its caller had left":
  // useless from 5 s to the moment the new capacity arrives, and only the first 5 s answered in time.
  expect(untilScaled.uselessFrom!).toBeCloseTo(5, 6);
  expect(untilScaled.uselessUntil!).toBeCloseTo(scaleUpSeconds, 6);
  expect(untilScaled.useful).toBeCloseTo(overload.overloadRate * 5, 6); // the arrivals of the first 5 s
});

test("the replay's shares count the whole run; the playground's minute fails the same requests out of fewer", () => {
  expect(replay.warmupSeconds).toBe(parameterDefaults.warmup);
  expect(replay.durationSeconds).toBe(parameterDefaults.duration);
  const code = readFileSync(new URL("./shed.play.ts", import.meta.url), "utf8");
  expect(code).toContain(`duration: ${replay.playSeconds},`);
  expect(code).toContain(`shedQueue: ${replay.shedQueue} `);
  const play = runRetryStorm(
    defaultScenario({ defences: ["shed"], params: { duration: replay.playSeconds, intervention: null } }),
  ).summary;
  for (const s of play.services) {
    const whole = raw.shed.services.find((w) => w.name === s.name)!;
    expect(s.failed).toBe(whole.failed);
    expect(s.requests).toBeLessThan(whole.requests);
    expect(s.successRate).toBeLessThan(whole.successRate!);
  }
  // The playground's chart: the warm-up and the minute, one point a second.
  const golden = readFileSync(new URL("./shed.golden.txt", import.meta.url), "utf8");
  expect(golden).toContain(`over ${parameterDefaults.warmup + replay.playSeconds} points`);
});

test("thread starvation with a 10 s timeout on the slow call: the hanging calls hold 500 of 1,000 threads and no other query goes without one", () => {
  expect(starvation.shortTimeoutSeconds).toBe(10);
  expect(starvation.shortTimeoutHeld).toBe("500"); // 1,000/s x 5% x 10 s
  expect(starvation.threads).toBe("1,000");
  expect(starvation.shortTimeoutStarved).toBe(0);
  // "every other query finds one free": the other queries hold threads too, 95% of 1,000 a second
  // for the book's usual 100 ms each, and with the 500 that still leaves threads free.
  const usualSeconds = 0.1;
  const { requestsPerSecond, hangingShare } = sreStarvationExample;
  const othersHeld = requestsPerSecond * (1 - hangingShare) * usualSeconds;
  expect(othersHeld).toBeCloseTo(95, 9);
  expect(Number(starvation.shortTimeoutHeld) + othersHeld).toBeLessThan(Number(starvation.threads.replace(",", "")));
});

// The figure and the advice describe sustained overload, which the chapter's burst does not show:
// the same model, demand held past capacity for 300 s at three rates.
const mdx = readFileSync(new URL("./index.mdx", import.meta.url), "utf8").replace(/\s+/g, " ");
const sustained = (rate: number, seconds: number, queueLimit: number) =>
  simulateOverload({
    capacity: overload.capacity,
    timeoutSeconds: overload.timeoutSeconds,
    phases: [{ seconds, rate }],
    queueLimit,
  });

test("with shedding, goodput stays near capacity under sustained overload; with an unbounded queue it falls towards zero", () => {
  expect(mdx).toContain(
    "With an unbounded queue, sustained overload drives goodput towards zero. With shedding, goodput stays near capacity and the excess is refused.",
  );
  expect(mdx).toContain("Shedding keeps the useful part near capacity.");
  const seconds = 300;
  const { capacity } = overload;
  const limit = overload.bounded.queueLimit;
  for (const rate of [120, 200, 500]) {
    const shed = sustained(rate, seconds, limit);
    // Useful answers per second: capacity, plus at most the one queue that fills at the start.
    expect(shed.wasted, `${rate}/s`).toBe(0);
    expect(shed.useful / seconds, `${rate}/s`).toBeGreaterThanOrEqual(capacity);
    expect(shed.useful / seconds, `${rate}/s`).toBeLessThanOrEqual(capacity + limit / seconds);
    // The excess is refused: all of it but the one queue's worth.
    expect(shed.rejected, `${rate}/s`).toBeCloseTo((rate - capacity) * seconds - limit, 6);
    // Unbounded: a twentieth of capacity or less over five minutes, and half that over ten, since
    // only the arrivals before the queue outgrows the timeout are answered in time.
    const queued = sustained(rate, seconds, Infinity);
    expect(queued.useful / seconds, `${rate}/s`).toBeLessThanOrEqual(0.05 * capacity);
    const longer = sustained(rate, 2 * seconds, Infinity);
    expect(longer.useful, `${rate}/s`).toBeCloseTo(queued.useful, 6);
  }
});

test("a saturated server's throughput stays flat however long its queue grows", () => {
  expect(mdx).toContain("A saturated server's throughput stays flat however long its queue grows,");
  expect(mdx).toContain("Throughput stays at capacity.");
  const { capacity } = overload;
  for (const rate of [120, 200, 500]) {
    const queues: number[] = [];
    for (const seconds of [60, 300, 600]) {
      const r = sustained(rate, seconds, Infinity);
      // Everything admitted is useful or wasted; what the server has finished is that less the
      // queue still waiting at the end (the longest, as it only grows): capacity every second.
      const served = r.useful + r.wasted - r.longestQueue;
      expect(served / seconds, `${rate}/s for ${seconds} s`).toBeCloseTo(capacity, 6);
      queues.push(r.longestQueue);
    }
    expect(queues[1]).toBeGreaterThan(queues[0]!);
    expect(queues[2]).toBeGreaterThan(queues[1]!);
  }
});

test("the chapter's run ends with its wasted requests served: served to nobody, not still queued", () => {
  // The model counts a request as wasted when it arrives (overload.ts); "were served to nobody"
  // needs the queue to have reached each of them before the run's end. The last wasted arrival
  // joins a queue of capacity x timeout, so it is served within the timeout.
  expect(mdx).toContain("{overload.unbounded.wasted} were served to nobody.");
  const runSeconds = overload.overloadSeconds + overload.afterSeconds;
  expect(rawOverload.unbounded.uselessUntil! + overload.timeoutSeconds).toBeLessThanOrEqual(runSeconds);
});

test("the goodput playground's opening comment states its own settings: capacity, timeout, demand and queue", () => {
  const program = readFileSync(new URL("./goodput.play.ts", import.meta.url), "utf8");
  const number = (pattern: RegExp) => {
    const found = program.match(pattern);
    expect(found, String(pattern)).not.toBeNull();
    return Number(found![1]);
  };
  const capacity = number(/const capacity = (\d+);/);
  const timeout = number(/const timeout = (\d+);/);
  const [burstSeconds, burstRate, afterRate] = [
    number(/t < (\d+) \?/),
    number(/t < \d+ \? (\d+) :/),
    number(/\? \d+ : (\d+)\);/),
  ];
  // The cap is one constant, written once: the run and both labels read it.
  const limit = number(/const queueCap = (\d+);/);
  expect(program).toContain("const bounded = run(queueCap);");
  expect(program).not.toMatch(/run\(\d|queue of \d/);
  const runSeconds = number(/second < (\d+); second\+\+/);
  expect(program).toContain(
    `// One server completes ${capacity} requests a second from a first-in first-out queue; callers give up\n` +
      `// after ${timeout} s, but the server still serves them. Demand is ${burstRate}/s for ${burstSeconds} s, then ${afterRate}/s.\n` +
      `// Compare an unbounded queue with one capped at ${limit}.`,
  );
  // Its printed labels name the same queue (the golden prints them), and its settings are the chapter's.
  expect(program).toMatch(/^const capped = `queue of \$\{queueCap\}`;$/m);
  const golden = readFileSync(new URL("./goodput.golden.txt", import.meta.url), "utf8");
  expect(golden).toContain(`useful answers, queue of ${limit}: `);
  expect(golden).toContain(`unbounded queue, queue of ${limit} over`);
  expect([capacity, timeout, burstRate, burstSeconds, afterRate, runSeconds - burstSeconds, limit]).toEqual([
    overload.capacity,
    overload.timeoutSeconds,
    overload.overloadRate,
    overload.overloadSeconds,
    overload.afterRate,
    overload.afterSeconds,
    overload.bounded.queueLimit,
  ]);
});
