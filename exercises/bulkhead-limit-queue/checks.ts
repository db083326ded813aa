import type { Checks } from "course/checks";
import { Bulkhead, BulkheadFullError } from "./starter.ts";

/** A task whose finish the check controls. */
function controllable<T = string>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  let started = 0;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { task: () => (started++, promise), resolve, reject, started: () => started };
}

/** Let pending promise reactions run. */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

export default function (t: Checks) {
  t.check("tasks under the limit start at once", () => {
    const bulkhead = new Bulkhead(2, 1);
    const a = controllable();
    const b = controllable();
    void bulkhead.run(a.task);
    void bulkhead.run(b.task);
    t.equal(a.started(), 1);
    t.equal(b.started(), 1);
    t.equal(bulkhead.running, 2);
    t.equal(bulkhead.queued, 0);
  });
  t.check("over the limit, a task waits in the queue without starting", () => {
    const bulkhead = new Bulkhead(1, 2);
    void bulkhead.run(controllable().task);
    const waiting = controllable();
    void bulkhead.run(waiting.task);
    t.equal(waiting.started(), 0);
    t.equal(bulkhead.queued, 1);
  });
  t.check(
    "with slots and queue full, run rejects at once with a BulkheadFullError, and the task never runs",
    async () => {
      const bulkhead = new Bulkhead(1, 1);
      void bulkhead.run(controllable().task);
      void bulkhead.run(controllable().task);
      const third = controllable();
      let error: unknown;
      await bulkhead.run(third.task).catch((e) => (error = e));
      t.ok(error instanceof BulkheadFullError, `expected a BulkheadFullError, got ${String(error)}`);
      t.ok(error instanceof Error, "BulkheadFullError extends Error");
      t.equal(third.started(), 0);
      t.equal(bulkhead.queued, 1);
    },
  );
  t.check("run resolves with the task's result", async () => {
    const bulkhead = new Bulkhead(1, 0);
    t.equal(await bulkhead.run(async () => 42), 42);
  });
  t.check("a finished task hands its slot to the oldest waiting one", async () => {
    const bulkhead = new Bulkhead(1, 3);
    const first = controllable();
    const second = controllable();
    const third = controllable();
    void bulkhead.run(first.task);
    void bulkhead.run(second.task);
    void bulkhead.run(third.task);
    first.resolve("done");
    await settle();
    t.equal(second.started(), 1, "the oldest waiting task starts");
    t.equal(third.started(), 0, "the next one keeps waiting");
    t.equal(bulkhead.running, 1);
    t.equal(bulkhead.queued, 1);
  });
  t.check("a failing task frees its slot too, and its error reaches its caller", async () => {
    const bulkhead = new Bulkhead(1, 1);
    const failing = controllable();
    const next = controllable();
    const result = bulkhead.run(failing.task).then(
      () => "resolved",
      (e: Error) => e.message,
    );
    void bulkhead.run(next.task);
    failing.reject(new Error("dependency down"));
    t.equal(await result, "dependency down");
    await settle();
    t.equal(next.started(), 1);
  });
  t.check("a task that throws synchronously frees its slot", async () => {
    const bulkhead = new Bulkhead(1, 0);
    const outcome = await bulkhead
      .run(() => {
        throw new Error("boom");
      })
      .then(
        () => "resolved",
        (e: Error) => e.message,
      );
    t.equal(outcome, "boom");
    t.equal(bulkhead.running, 0);
    t.equal(await bulkhead.run(async () => "after"), "after");
  });
  t.check(
    "a hung dependency fills its bulkhead and nothing more: 10 running, 5 queued, the rest rejected",
    async () => {
      const bulkhead = new Bulkhead(10, 5);
      const hung = controllable();
      let rejected = 0;
      for (let i = 0; i < 100; i++)
        bulkhead.run(hung.task).catch((e) => {
          if (e instanceof BulkheadFullError) rejected++;
        });
      await settle();
      t.equal(bulkhead.running, 10);
      t.equal(bulkhead.queued, 5);
      t.equal(rejected, 85);
    },
  );
  t.check("invalid sizes throw a RangeError", () => {
    for (const [limit, queue] of [
      [0, 1],
      [1.5, 1],
      [2, -1],
      [2, 0.5],
    ]) {
      t.throws(
        () => new Bulkhead(limit!, queue!),
        RangeError,
        `new Bulkhead(${limit}, ${queue}) should throw a RangeError`,
      );
    }
  });
}
