import { describe, expect, test } from "vitest";
import { drillClockFace, drillStartMessage, drillTimeUpMessage, drillVerdict, formatElapsed } from "./drill.ts";

const s = 1000;
const min = 60 * s;

describe("drill clock", () => {
  test("counts down to the target, then shows the time over it", () => {
    expect(drillClockFace(0, 3 * min)).toBe("3:00");
    expect(drillClockFace(46 * s, 3 * min)).toBe("2:14");
    expect(drillClockFace(3 * min - 1, 3 * min)).toBe("0:01");
    expect(drillClockFace(3 * min, 3 * min)).toBe("+0:00");
    expect(drillClockFace(3 * min + 40 * s, 3 * min)).toBe("+0:40");
    expect(drillClockFace(14 * min + 5 * s, 2 * min)).toBe("+12:05");
  });

  test("an elapsed time is rounded down, never shown longer than it was", () => {
    expect(formatElapsed(59_999)).toBe("0:59");
    expect(formatElapsed(65_000)).toBe("1:05");
    expect(formatElapsed(-5)).toBe("0:00");
  });

  test("says what is running, when time is up, and how long the answers took against the target", () => {
    expect(drillStartMessage(3 * min, 3)).toBe("New numbers are below and the clock is running: 3:00 for all 3 parts.");
    expect(drillStartMessage(2 * min, 2)).toMatch(/2:00 for both parts\.$/);
    expect(drillTimeUpMessage(2 * min, 1, 2)).toBe(
      "2:00 is up with 1 of 2 right. Keep going: the clock counts the time over.",
    );
    expect(drillVerdict(134 * s, 3 * min, 3)).toBe(
      "All 3 parts right in 2:14, inside the 3:00 target. Try another variant, faster.",
    );
    expect(drillVerdict(3 * min, 3 * min, 2)).toMatch(/^Both parts right in 3:00, inside/);
    expect(drillVerdict(160 * s, 2 * min, 2)).toBe(
      "Both parts right in 2:40: 0:40 over the 2:00 target. Another variant, and again.",
    );
  });
});
