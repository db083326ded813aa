import { describe, expect, test } from "vitest";
import {
  Countdown,
  elapsedStamp,
  formatClock,
  milestoneMessage,
  milestonesFor,
  timeLeftMs,
  timeUsed,
} from "./countdown.ts";

const minute = 60_000;

describe("countdown", () => {
  test("a 10-minute interview announces half time, 2 and 1 minute left, and time up", () => {
    expect(milestonesFor(10 * minute)).toEqual([5 * minute, 2 * minute, minute, 0]);
    expect(milestonesFor(2 * minute)).toEqual([minute, 0]);
    expect(milestoneMessage(5 * minute)).toBe("5 minutes left.");
    expect(milestoneMessage(minute)).toBe("1 minute left.");
    expect(milestoneMessage(0)).toMatch(/^Time is up/);
  });

  test("counts down, pauses and resumes, each milestone once", () => {
    let now = 1_000;
    const clock = new Countdown(10 * minute, () => now);
    clock.start();
    now += 4 * minute;
    expect(clock.poll()).toBeNull();
    now += minute; // 5:00 left
    expect(clock.poll()).toBe(5 * minute);
    expect(clock.poll()).toBeNull();
    clock.pause();
    now += 30 * minute; // paused: nothing moves
    expect(clock.remainingMs()).toBe(5 * minute);
    expect(clock.poll()).toBeNull();
    clock.start();
    now += 3 * minute + 30_000; // 1:30 left: the 2-minute mark passed
    expect(clock.poll()).toBe(2 * minute);
    expect(formatClock(clock.remainingMs())).toBe("1:30");
    now += 10 * minute; // past the end: only the latest milestone, and the clock stops at zero
    expect(clock.poll()).toBe(0);
    expect(clock.over).toBe(true);
    expect(clock.running).toBe(false);
    expect(clock.usedMs()).toBe(10 * minute);
  });

  test("the clock rounds up, so 0:00 means time is really up", () => {
    expect(formatClock(600_000)).toBe("10:00");
    expect(formatClock(59_001)).toBe("1:00");
    expect(formatClock(1)).toBe("0:01");
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(-5)).toBe("0:00");
  });

  test("a log line's time says it is time since the start, not time left", () => {
    expect(elapsedStamp(3 * minute)).toBe("3:00 in");
    expect(elapsedStamp(12.5 * minute)).toBe("12:30 in");
  });
});

test("a resumed countdown starts where it stopped and does not repeat passed milestones", () => {
  let now = 0;
  const clock = new Countdown(10 * minute, () => now, 6 * minute);
  expect(clock.remainingMs()).toBe(4 * minute);
  clock.start();
  now += 1000;
  expect(clock.poll()).toBeNull(); // 5 minutes left was announced before the reload
  now += 2 * minute;
  expect(clock.poll()).toBe(2 * minute);
});

test("time left in a round is the rest of this phase and every later phase, whatever earlier ones used", () => {
  const phases = [5 * minute, 5 * minute, 12 * minute, 10 * minute];
  expect(timeLeftMs(phases, 0, 0)).toBe(32 * minute);
  expect(timeLeftMs(phases, 2, 3000)).toBe(22 * minute - 3000);
  expect(timeLeftMs(phases, 3, 10 * minute)).toBe(0);
  expect(timeLeftMs([10 * minute], 0, 125_500)).toBe(474_500);
});

describe("time used, as the debrief shows it and the history keeps it", () => {
  const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
  const seconds = (clock: string) => {
    const [m, s] = clock.split(":").map(Number) as [number, number];
    return 60 * m + s;
  };

  test("the phases add up to the total: a design round moved through in 3.4 s is 0:03, not 0:04 of 0:06", () => {
    // The QA pass's round: rounded up one by one, these read 0:02 + 0:01 + 0:02 + 0:01 under "You used 0:04".
    const used = timeUsed([1_400, 300, 1_200, 500]);
    expect(used.total).toBe("0:03");
    expect(used.phases).toEqual(["0:01", "0:00", "0:01", "0:01"]);
    expect(sum(used.phases.map(seconds))).toBe(seconds(used.total));
    // What the history keeps is what the debrief showed.
    expect(used.totalSeconds).toBe(3);
    expect(used.phaseSeconds).toEqual([1, 0, 1, 1]);
  });

  test("whole phases read as they ran, and time spent is never shown longer than it was", () => {
    expect(timeUsed([5 * minute, 0, 6 * minute + 40_000, 10 * minute])).toMatchObject({
      total: "21:40",
      phases: ["5:00", "0:00", "6:40", "10:00"],
    });
    expect(timeUsed([59_999])).toMatchObject({ total: "0:59", phases: ["0:59"], totalSeconds: 59 });
    expect(timeUsed([])).toMatchObject({ total: "0:00", phases: [], totalSeconds: 0 });
  });

  test("for any times, the parts add up and each is within a second of its own time", () => {
    let state = 7;
    const random = () => {
      state = (state * 48_271) % 2_147_483_647;
      return state / 2_147_483_647;
    };
    for (let trial = 0; trial < 500; trial++) {
      const ms = Array.from({ length: 1 + Math.floor(random() * 4) }, () => Math.floor(random() * 5 * minute));
      const used = timeUsed(ms);
      expect(sum(used.phaseSeconds)).toBe(used.totalSeconds);
      expect(sum(used.phases.map(seconds))).toBe(seconds(used.total));
      expect(used.totalSeconds).toBe(Math.floor(sum(ms) / 1000));
      for (const [i, s] of used.phaseSeconds.entries()) expect(Math.abs(s - ms[i]! / 1000)).toBeLessThan(1);
    }
  });
});
