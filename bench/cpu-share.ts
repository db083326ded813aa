/**
 * What else the machine's CPUs did while a benchmark ran, from Linux's /proc/stat: the share
 * they were busy and the share the hypervisor took for other guests ("steal"). On this project's
 * virtual machines a run with 12% of its time stolen measured `sim -- retry-storm` at 1.19 s
 * against 0.63 to 0.75 s timed by hand minutes later, so the bench prints both shares beside its
 * figures. Elsewhere (no /proc/stat) there is nothing to print.
 */
import { readFileSync } from "node:fs";
import { percent } from "../src/format/number.ts";

/** The first line of /proc/stat, in clock ticks since boot. */
export interface CpuTimes {
  busy: number;
  idle: number;
  steal: number;
}

/** Reads the `cpu` line of /proc/stat's text (all CPUs together), or undefined if it has none. */
export function parseProcStat(text: string): CpuTimes | undefined {
  const line = text.split("\n").find((l) => l.startsWith("cpu "));
  if (!line) return undefined;
  // user nice system idle iowait irq softirq steal (guest time is already inside user and nice).
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal };
}

export function readCpuTimes(): CpuTimes | undefined {
  try {
    return parseProcStat(readFileSync("/proc/stat", "utf8"));
  } catch {
    return undefined;
  }
}

/** Shares of the time between two readings: busy (this machine's work) and stolen. */
export function cpuShares(before: CpuTimes, after: CpuTimes): { busy: number; steal: number } {
  const busy = after.busy - before.busy;
  const steal = after.steal - before.steal;
  const total = busy + steal + (after.idle - before.idle);
  return total > 0 ? { busy: busy / total, steal: steal / total } : { busy: 0, steal: 0 };
}

/** One line for the bench's footer. */
export function describeCpuShares(shares: { busy: number; steal: number }): string {
  return `CPUs while measuring: busy ${percent(shares.busy, 1)} (the bench included), taken by the hypervisor (steal) ${percent(shares.steal, 1)}`;
}
