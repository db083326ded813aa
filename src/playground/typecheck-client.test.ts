import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  type CheckerWorker,
  checkTimeLimitMs,
  type TypeCheckReply,
  type TypeCheckRequest,
  timeLimitReason,
  typeCheckClient,
} from "./typecheck-client.ts";
import { typeCheckerNotLoaded } from "./protocol.ts";

/** A stand-in worker: it keeps what it was sent and answers when the test says. */
class FakeWorker implements CheckerWorker {
  sent: TypeCheckRequest[] = [];
  terminated = false;
  private onMessage: ((event: { data: TypeCheckReply }) => void)[] = [];
  private onError: ((event: { message?: string; preventDefault(): void }) => void)[] = [];
  postMessage(request: TypeCheckRequest): void {
    this.sent.push(request);
  }
  addEventListener(type: "message" | "error", listener: never): void {
    (type === "message" ? this.onMessage : this.onError).push(listener);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(id: number, line: number): void {
    for (const l of this.onMessage)
      l({ data: { id, diagnostics: [{ file: "main.ts", line, column: 1, message: "m" }] } });
  }
  fail(message: string): void {
    for (const l of this.onError) l({ message, preventDefault: () => {} });
  }
}

describe("the page's type-check client", () => {
  let workers: FakeWorker[];
  const start = () => {
    const w = new FakeWorker();
    workers.push(w);
    return w;
  };
  beforeEach(() => {
    workers = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it("answers each check from one worker, started on the first", async () => {
    const check = typeCheckClient(start, 1000);
    const first = check({ "main.ts": "a" });
    const second = check({ "main.ts": "b" });
    expect(workers).toHaveLength(1);
    workers[0]!.answer(0, 1);
    workers[0]!.answer(1, 2);
    expect((await first)[0]!.line).toBe(1);
    expect((await second)[0]!.line).toBe(2);
  });

  it("stops a check past its limit, and sends the checks behind it to a new worker", async () => {
    const check = typeCheckClient(start, 1000);
    const slow = check({ "main.ts": "slow" });
    const failed = slow.then(
      () => "answered",
      (e: Error) => e.message,
    );
    vi.advanceTimersByTime(600);
    const next = check({ "main.ts": "next" });
    // The next check waited behind the slow one, but its own limit starts when the worker is on it.
    vi.advanceTimersByTime(400);
    expect(await failed).toBe(timeLimitReason(1000));
    expect(workers[0]!.terminated).toBe(true);
    expect(workers).toHaveLength(2);
    expect(workers[1]!.sent.map((r) => r.files["main.ts"])).toEqual(["next"]);
    vi.advanceTimersByTime(900);
    workers[1]!.answer(workers[1]!.sent[0]!.id, 7);
    expect((await next)[0]!.line).toBe(7);
    // A late answer from the stopped worker changes nothing.
    workers[0]!.answer(1, 99);
    const later = check({ "main.ts": "later" });
    expect(workers).toHaveLength(2);
    workers[1]!.answer(workers[1]!.sent[1]!.id, 3);
    expect((await later)[0]!.line).toBe(3);
  });

  it("keeps no timer once every check is answered, and a worker that failed to load fails its checks", async () => {
    const check = typeCheckClient(start, 1000);
    const done = check({ "main.ts": "a" });
    workers[0]!.answer(0, 1);
    await done;
    expect(vi.getTimerCount()).toBe(0);
    const offline = check({ "main.ts": "b" }).catch((e: Error) => e.message);
    workers[0]!.fail("");
    expect(await offline).toBe(typeCheckerNotLoaded);
    expect(vi.getTimerCount()).toBe(0);
    check({ "main.ts": "c" });
    expect(workers).toHaveLength(2);
  });

  it("says the limit in seconds", () => {
    expect(timeLimitReason(checkTimeLimitMs)).toMatch(/^the check took longer than \d+ s and was stopped/);
  });
});
