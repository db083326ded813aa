import { expect, test } from "vitest";
import { cpuShares, describeCpuShares, parseProcStat } from "../../bench/cpu-share.ts";

test("reads the all-CPUs line of /proc/stat", () => {
  const text = "cpu  456507 2478 102186 421535 1634 0 1830 23857 0 0\ncpu0 1 2 3 4 5 6 7 8 0 0\nintr 1\n";
  expect(parseProcStat(text)).toEqual({ busy: 456507 + 2478 + 102186 + 0 + 1830, idle: 421535 + 1634, steal: 23857 });
  expect(parseProcStat("intr 1\n")).toBeUndefined();
});

test("the shares are of the whole time between two readings, steal included", () => {
  const before = { busy: 1000, idle: 500, steal: 100 };
  const after = { busy: 1600, idle: 800, steal: 200 };
  // 600 busy, 300 idle, 100 stolen: 1,000 ticks.
  expect(cpuShares(before, after)).toEqual({ busy: 0.6, steal: 0.1 });
  expect(describeCpuShares(cpuShares(before, after))).toBe(
    "CPUs while measuring: busy 60.0% (the bench included), taken by the hypervisor (steal) 10.0%",
  );
  expect(cpuShares(before, before)).toEqual({ busy: 0, steal: 0 });
});
