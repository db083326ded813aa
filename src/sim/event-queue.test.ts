import { expect, test } from "vitest";
import { mulberry32 } from "./random.ts";
import { delayLanes, EventQueue } from "./event-queue.ts";

function drain(queue: EventQueue<string>): [number, string][] {
  const out: [number, string][] = [];
  while (queue.pop()) out.push([queue.now, queue.refOut!]);
  return out;
}

test("events come out by time, and in scheduling order at the same time", () => {
  const q = new EventQueue<string>();
  q.schedule(2, 0, "c");
  q.schedule(1, 0, "a");
  q.schedule(1, 0, "b");
  q.scheduleInOrder(1, 1, "lane");
  q.schedule(0.5, 0, "first");
  expect(drain(q)).toEqual([
    [0.5, "first"],
    [1, "a"],
    [1, "b"],
    [1, "lane"],
    [2, "c"],
  ]);
});

test("thousands of random events match a stable sort, across the heap and two in-order lanes", () => {
  const rand = mulberry32(3);
  const q = new EventQueue<string>();
  const expected: { t: number; seq: number; id: string }[] = [];
  let seq = 0;
  const laneTimes = [0, 0];
  for (let i = 0; i < 5000; i++) {
    const id = `e${i}`;
    const r = rand();
    if (r < 0.4) {
      const lane = r < 0.2 ? 0 : 1;
      laneTimes[lane]! += Math.floor(rand() * 3);
      q.scheduleInOrder(laneTimes[lane]!, 0, id, lane);
      expected.push({ t: laneTimes[lane]!, seq: seq++, id });
    } else {
      const t = Math.floor(rand() * 2000);
      q.schedule(t, 0, id);
      expected.push({ t, seq: seq++, id });
    }
  }
  expected.sort((a, b) => a.t - b.t || a.seq - b.seq);
  expect(drain(q).map(([, id]) => id)).toEqual(expected.map((e) => e.id));
});

test("events a fixed delay after the clock come out as a stable sort would order them, past the lanes' limit too", () => {
  // A running simulation: each event taken off schedules more, some at random times (the heap),
  // some a fixed delay after the clock (lanes by delay: more delays than there are lanes, so the
  // last ones use the heap), and a few whose time is not the clock plus their delay (a broken
  // promise, which must still sort). A plain list kept sorted is the reference.
  const rand = mulberry32(11);
  const q = new EventQueue<string>();
  const delays = Array.from({ length: delayLanes + 3 }, (_, k) => [0.25, 1, 0.1, 3][k % 4]! * (k + 1));
  const pending: { t: number; seq: number; id: string }[] = [];
  let seq = 0;
  const add = (t: number, id: string, delay?: number) => {
    if (delay === undefined) q.schedule(t, 1, id);
    else q.scheduleDelayed(t, delay, 2, id);
    pending.push({ t: Math.max(t, q.now), seq: seq++, id });
  };
  for (let i = 0; i < 20; i++) add(rand() * 5, `start${i}`);
  let taken = 0;
  while (taken < 6000) {
    pending.sort((a, b) => a.t - b.t || a.seq - b.seq);
    const next = pending.shift()!;
    expect(q.pop()).toBe(true);
    expect([q.now, q.refOut, q.kindOut === 2 || q.kindOut === 1]).toEqual([next.t, next.id, true]);
    taken++;
    const r = rand();
    const delay = delays[Math.floor(rand() * delays.length)]!;
    if (r < 0.3) add(q.now + rand() * 4, `h${taken}`);
    if (r < 0.97) add(q.now + delay, `d${taken}`, delay);
    else add(q.now + delay / 2, `early${taken}`, delay);
    if (r > 0.5 && pending.length < 400) add(q.now + delay, `d${taken}b`, delay);
  }
  expect(q.size).toBe(pending.length);
});

test("any number of numbered lanes (more than the queue first makes room for) sort with the heap", () => {
  const rand = mulberry32(5);
  const q = new EventQueue<string>();
  const expected: { t: number; seq: number; id: string }[] = [];
  const laneTimes = new Array<number>(40).fill(0);
  for (let i = 0; i < 3000; i++) {
    const lane = Math.floor(rand() * 41);
    const id = `e${i}`;
    if (lane === 40) {
      const t = rand() * 100;
      q.schedule(t, 0, id);
      expected.push({ t, seq: i, id });
    } else {
      laneTimes[lane]! += rand() * 5;
      q.scheduleInOrder(laneTimes[lane]!, 0, id, lane);
      expected.push({ t: laneTimes[lane]!, seq: i, id });
    }
  }
  expect(q.peekTime()).toBe(Math.min(...expected.map((e) => e.t)));
  expected.sort((a, b) => a.t - b.t || a.seq - b.seq);
  expect(drain(q).map(([, id]) => id)).toEqual(expected.map((e) => e.id));
  expect(q.peekTime()).toBe(Infinity);
});

test("an event scheduled in the past runs now; a broken in-order promise still sorts", () => {
  const q = new EventQueue<string>(10);
  q.schedule(5, 0, "late");
  q.scheduleInOrder(20, 0, "b");
  q.scheduleInOrder(15, 0, "a");
  expect(drain(q)).toEqual([
    [10, "late"],
    [15, "a"],
    [20, "b"],
  ]);
  expect(q.size).toBe(0);
  expect(q.pop()).toBe(false);
});

test("pop(until) takes only what is due by then and leaves the clock alone otherwise", () => {
  const q = new EventQueue<string>();
  q.schedule(1, 2, "one");
  q.scheduleInOrder(2, 3, "two");
  q.schedule(3, 15, "three");
  expect(q.pop(0.5)).toBe(false);
  expect(q.now).toBe(0);
  expect(q.pop(2)).toBe(true);
  expect([q.now, q.kindOut, q.refOut]).toEqual([1, 2, "one"]);
  expect(q.pop(2)).toBe(true);
  expect([q.now, q.kindOut, q.refOut]).toEqual([2, 3, "two"]);
  expect(q.pop(2.5)).toBe(false);
  q.advanceClock(2.5);
  expect(q.now).toBe(2.5);
  expect(q.pop()).toBe(true);
  expect([q.now, q.kindOut]).toEqual([3, 15]);
  expect(() => q.schedule(4, 16, "too many kinds")).toThrow(/event kind must be a whole number from 0 to 15/);
});
