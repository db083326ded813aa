/**
 * The replay's sentences against the model they describe, watched from outside its recorder: what
 * the summary says of a try refused a connection, and the moment the playhead's readout names.
 */
import { expect, test } from "vitest";
import { createRun, type DefenceName, defenceNames, type Scenario, type Try } from "../../sim/retry-storm/index.ts";
import { grouped } from "../../format/number.ts";
import { normalizeState, scenarios } from "./state.ts";
import { markers, momentText, summaryText } from "./view.ts";
import { stopSecond } from "./present.ts";

/**
 * Run a scenario to its end with a pool observer: the tries that reached their acquire timeout
 * (and the first moment one did), and the tries turned away with neither a wait nor a connection
 * (shed) among those sent in the recorded seconds.
 */
function watched(scenario: Scenario) {
  const run = createRun(scenario);
  let timedOut = 0;
  let firstTimeOut: number | null = null;
  let entered = 0;
  // A try is recycled once done: it is the same object as a later one, but not with the same deadline.
  const waitingWith = new Map<Try, number>();
  run.poolObserver = {
    wait(job, now) {
      waitingWith.set(job, job.deadline);
      if (now < scenario.params.duration) entered++;
    },
    take(job, now) {
      const waited = waitingWith.get(job) === job.deadline;
      waitingWith.delete(job);
      if (!waited && now < scenario.params.duration) entered++;
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
  const sent = result.metrics.attempts.reduce((a, b) => a + b, 0);
  return { result, timedOut, firstTimeOut: firstTimeOut as number | null, shed: sent - entered };
}

const round1 = (x: number) => Math.round(x * 10) / 10;

test("the summary says a try timed out waiting for a connection exactly when one did, and never that no request was refused", {
  timeout: 120_000,
}, () => {
  const subsets = Array.from({ length: 1 << defenceNames.length }, (_, mask) =>
    defenceNames.filter((_, i) => mask & (1 << i)),
  );
  // Every combination of defences with seed 1; a few of them with two more seeds.
  const cases = [
    ...subsets.map((defences) => ({ seed: 1, defences })),
    ...[2, 3].flatMap((seed) =>
      ([["shed"], ["bulkhead"], ["bulkhead", "shed"], ["jitter", "timeout", "shed"]] as DefenceName[][]).map(
        (defences) => ({
          seed,
          defences,
        }),
      ),
    ),
  ];
  let shedding = 0;
  let timingOut = 0;
  for (const { seed, defences } of cases) {
    const scenario = scenarios(
      normalizeState({ seed, defences, params: { warmup: 5, duration: 90, intervention: 85 } }),
    ).defended;
    const { result, timedOut, firstTimeOut, shed } = watched(scenario);
    const text = summaryText("Run", result);
    const where = `seed ${seed}, ${defences.join(",") || "none"}: ${text}`;
    // The model sheds only with shedding on, and only then turns tries away without a wait.
    expect(shed > 0, where).toBe(defences.includes("shed") && result.summary.poolFullSeconds !== null);
    if (!defences.includes("shed")) expect(shed, where).toBe(0);
    if (shed > 0) shedding++;
    if (timedOut > 0) timingOut++;
    // The sentence names the first wait that reached the acquire timeout, or says there was none.
    if (firstTimeOut === null) expect(text, where).toContain("no try times out waiting for a connection;");
    else
      expect(text, where).toContain(`the first try times out waiting for a connection at ${round1(firstTimeOut)} s;`);
    // A run that sheds refuses tries: no sentence may say none was refused.
    expect(text, where).not.toMatch(/refused/);
  }
  // Both kinds of refusal were put to work: runs that shed, and runs in which waits timed out.
  expect(shedding).toBeGreaterThan(30);
  expect(timingOut).toBeGreaterThan(1);
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
