/**
 * The replay's sentences against the model they describe, watched from outside its recorder: what
 * the summary and the events under the charts say of a try refused a connection (timed out
 * waiting, or shed), and the moment the playhead's readout names.
 */
import { expect, test } from "vitest";
import {
  createRun,
  type DefenceName,
  defenceNames,
  type Parameters,
  type Scenario,
  type Try,
} from "../../sim/retry-storm/index.ts";
import { refusalWords } from "../../sim/retry-storm/metrics.ts";
import { grouped, secondsOrMinutes } from "../../format/number.ts";
import { normalizeState, scenarios } from "./state.ts";
import { markers, momentText, summaryText } from "./view.ts";
import { stopSecond } from "./present.ts";

/**
 * Run a scenario to its end with a pool observer: the tries that reached their acquire timeout
 * (and the first moment one did), and, second by second, the tries turned away with neither a
 * wait nor a connection (shed): those sent in a recorded second that did not join the queue or
 * take a connection in it.
 */
function watched(scenario: Scenario) {
  const run = createRun(scenario);
  const { warmup, duration } = scenario.params;
  let timedOut = 0;
  let firstTimeOut: number | null = null;
  const entered = new Array<number>(Math.ceil(warmup + duration)).fill(0);
  const enter = (now: number) => {
    if (now < duration) entered[Math.floor(now + warmup)]!++;
  };
  // A try is recycled once done: it is the same object as a later one, but not with the same deadline.
  const waitingWith = new Map<Try, number>();
  run.poolObserver = {
    wait(job, now) {
      waitingWith.set(job, job.deadline);
      enter(now);
    },
    take(job, now) {
      const waited = waitingWith.get(job) === job.deadline;
      waitingWith.delete(job);
      if (!waited) enter(now);
    },
    give() {},
    refuse(job, expiredAt) {
      waitingWith.delete(job);
      timedOut++;
      firstTimeOut ??= expiredAt;
    },
  };
  run.advanceTo(run.end);
  const result = run.result();
  const shedBySecond = result.metrics.attempts.map((sent, b) => sent - entered[b]!);
  const firstShedSlot = shedBySecond.findIndex((n) => n > 0);
  return {
    result,
    timedOut,
    firstTimeOut: firstTimeOut as number | null,
    shed: shedBySecond.reduce((a, b) => a + b, 0),
    // The start of the first second in which a try was shed, or null.
    firstShedSecond: firstShedSlot < 0 ? null : result.metrics.time[firstShedSlot]!,
  };
}

const round1 = (x: number) => Math.round(x * 10) / 10;
/** A moment as the summary writes it: "at 0.6 s", "1.4 s before the trigger". */
const when = (t: number) => (t < 0 ? `${secondsOrMinutes(-t)} before the trigger` : `at ${secondsOrMinutes(t)}`);

test("the summary and the events say a try was shed or timed out waiting for a connection exactly when one did, and call a timeout the first refusal only where no try was shed before it", {
  timeout: 120_000,
}, () => {
  const subsets = Array.from({ length: 1 << defenceNames.length }, (_, mask) =>
    defenceNames.filter((_, i) => mask & (1 << i)),
  );
  const base = { warmup: 5, duration: 90, intervention: 85 };
  // Every combination of defences with seed 1; a few of them with two more seeds. At the default
  // settings a queue shedding keeps at 10 never waits 20 s, so no run both sheds and times out:
  // a longer queue limit or a shorter acquire timeout lets it do both, in either order, or shed nothing.
  const cases: { seed: number; defences: DefenceName[]; params?: Partial<Parameters> }[] = [
    ...subsets.map((defences) => ({ seed: 1, defences })),
    ...[2, 3].flatMap((seed) =>
      ([["shed"], ["bulkhead"], ["bulkhead", "shed"], ["jitter", "timeout", "shed"]] as DefenceName[][]).map(
        (defences) => ({
          seed,
          defences,
        }),
      ),
    ),
    { seed: 1, defences: ["shed"], params: { shedQueue: 8000 } },
    { seed: 1, defences: ["bulkhead", "shed"], params: { shedQueue: 4000 } },
    { seed: 1, defences: ["bulkhead", "shed"], params: { shedQueue: 8000 } },
    { seed: 1, defences: ["bulkhead", "shed"], params: { shedQueue: 1, acquireTimeout: 0.1 } },
  ];
  let shedding = 0;
  let timingOut = 0;
  let shedThenTimedOut = 0;
  let timedOutThenShed = 0;
  let toldOutOfListOrder = 0;
  for (const { seed, defences, params } of cases) {
    const scenario = scenarios(normalizeState({ seed, defences, params: { ...base, ...params } })).defended;
    const { result, timedOut, firstTimeOut, shed, firstShedSecond } = watched(scenario);
    const { summary } = result;
    const text = summaryText("Run", result);
    const where = `seed ${seed}, ${defences.join(",") || "none"} ${JSON.stringify(params ?? {})}: ${text}`;
    // The model sheds only with shedding on, and only then turns tries away without a wait: at the
    // default queue limit, in every run whose pool fills.
    if (!defences.includes("shed")) expect(shed, where).toBe(0);
    else if (!params) expect(shed > 0, where).toBe(summary.poolFullSeconds !== null);
    if (shed > 0) shedding++;
    if (timedOut > 0) timingOut++;
    // The recorder counts the tries shed as they are seen from outside, and dates the first in the
    // second it was seen in (no try is sent after the recorded seconds: retries stop at the
    // intervention, before the run's last arrival).
    expect(summary.triesShed, where).toBe(shed);
    expect(summary.firstShedSeconds === null ? null : Math.floor(summary.firstShedSeconds), where).toBe(
      firstShedSecond,
    );
    // The sentence names the first wait that reached the acquire timeout, or says there was none.
    if (firstTimeOut === null) expect(text, where).toContain("no try times out waiting for a connection;");
    else expect(text, where).toContain(`the first try times out waiting for a connection at ${round1(firstTimeOut)} s`);
    // With shedding on it counts the tries shed and says when the first was; without, it says nothing of shedding.
    if (!defences.includes("shed")) expect(text, where).not.toMatch(/shed/);
    else if (shed === 0) expect(text, where).toContain(", no try is shed and ");
    else
      expect(text, where).toContain(`${grouped(shed)} tries are shed (the first ${when(summary.firstShedSeconds!)})`);
    // A run that sheds refuses tries: no sentence may say none was refused.
    expect(text, where).not.toMatch(/refused/);
    // The moments that happened are told in the order they happened (the timeout as the observer
    // saw it, to the millisecond the summary keeps), whatever order the list names them in.
    const moments = [
      { t: summary.poolFullSeconds, words: / pool is full / },
      { t: summary.goodputZeroSeconds, words: /goodput is gone / },
      { t: shed > 0 ? summary.firstShedSeconds : null, words: / tries? (is|are) shed / },
      { t: firstTimeOut === null ? null : Math.round(firstTimeOut * 1000) / 1000, words: /the first try times out/ },
    ].flatMap(({ t, words }, listed) => (t === null ? [] : [{ t, words, listed, told: text.search(words) }]));
    for (const m of moments) expect(m.told, `${m.words} in ${where}`).toBeGreaterThan(0);
    const told = moments.toSorted((a, b) => a.told - b.told);
    expect(
      told.map((m) => m.t),
      where,
    ).toEqual(told.map((m) => m.t).toSorted((a, b) => a - b));
    if (told.some((m, i) => i > 0 && m.listed < told[i - 1]!.listed)) toldOutOfListOrder++;

    // The events: the first try shed, then the first timeout, each where the engine had it, and
    // "first refusal" only for a timeout with no try shed before it.
    const marks = markers(summary);
    const refusals = marks.filter((m) => m.kind === "shed" || m.kind === "refused");
    const shedFirst =
      firstShedSecond !== null &&
      firstTimeOut !== null &&
      (firstShedSecond < Math.floor(firstTimeOut) ||
        (firstShedSecond === Math.floor(firstTimeOut) && summary.firstShedSeconds! <= firstTimeOut));
    const expected = [
      ...(firstShedSecond === null ? [] : [{ label: refusalWords.shed, second: firstShedSecond }]),
      ...(firstTimeOut === null
        ? []
        : [
            {
              label: shedFirst ? refusalWords.timedOut : refusalWords.first,
              second: Math.floor(firstTimeOut),
            },
          ]),
    ];
    const byLabel = (a: { label: string }, b: { label: string }) => a.label.localeCompare(b.label);
    expect(refusals.map((m) => ({ label: m.label, second: Math.floor(m.time) })).sort(byLabel), where).toEqual(
      expected.sort(byLabel),
    );
    const timeOutMark = refusals.find((m) => m.kind === "refused");
    if (timeOutMark) expect(timeOutMark.time, where).toBe(Math.round(firstTimeOut! * 1000) / 1000);
    if (firstShedSecond !== null && firstTimeOut !== null) {
      if (shedFirst) shedThenTimedOut++;
      else timedOutThenShed++;
    }
  }
  // Both kinds of refusal were put to work, alone and together, in either order.
  expect(shedding).toBeGreaterThan(30);
  expect(timingOut).toBeGreaterThan(1);
  expect(shedThenTimedOut).toBeGreaterThan(0);
  expect(timedOutThenShed).toBeGreaterThan(0);
  // Runs whose moments came in another order than the list's were told in theirs.
  expect(toldOutOfListOrder).toBeGreaterThan(0);
});

test("the readout names the second the playhead stands in, and the moment its connections and waits are counted at", () => {
  const scenario = scenarios(normalizeState({ params: { duration: 120, intervention: 100 } })).naive;
  const run = createRun(scenario);
  // The pools as the engine holds them at whole seconds, read from the run itself as it goes.
  const seen = new Map<number, { inUse: number; waiting: number }>();
  const seconds = [-29, -1, 0, 1, 2, 5, 30, 83, 101, 120];
  for (const t of seconds) {
    run.advanceTo(t);
    const pools = run.state().pools;
    seen.set(t, {
      inUse: pools.reduce((a, p) => a + p.inUse, 0),
      waiting: pools.reduce((a, p) => a + p.waiting, 0),
    });
  }
  run.advanceTo(run.end);
  const result = run.result();
  const readout = (t: number) => momentText(t, [{ name: "Naive", run: result }]);
  for (const end of seconds) {
    const { inUse, waiting } = seen.get(end)!;
    expect(readout(end - 1)).toMatch(
      new RegExp(
        `^From ${end - 1} s to ${end} s: Naive: ${inUse} of 20 connections in use at ${end} s, ${grouped(waiting)} waiting, `,
      ),
    );
  }
  // At the trigger the pool is not yet full; it fills at 0.5 s, so by 1 s it is: the second from 0 s
  // shows the pool full, which "At 0 s" said of the trigger's moment.
  expect(seen.get(0)!.inUse).toBeLessThan(20);
  expect(seen.get(1)!.inUse).toBe(20);
  // Each event's playhead stop (the presenter's, the second the event falls in) reads the second holding it.
  for (const m of markers(result.summary)) {
    const [, from, to] = readout(stopSecond(m.time)).match(/^From (-?\d+) s to (-?\d+) s:/)!;
    expect(Number(from), m.label).toBeLessThanOrEqual(m.time);
    expect(Number(to), m.label).toBeGreaterThan(m.time);
  }
  // The playhead past either end reads the run's first or last second, and says which.
  expect(readout(-1000)).toMatch(/^From -30 s to -29 s: /);
  expect(readout(1000)).toMatch(/^From 119 s to 120 s: /);
});
