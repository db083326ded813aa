/**
 * A run's process never outlives the command that started it (node-host.ts), even when its
 * program loops and so never hears that its channel closed. `play` is started as `npm run play`
 * starts it (the compiled command) and stopped by its pid alone, as `kill <pid>` or an editor's
 * stop button does, or as SIGKILL does, which no process can catch; a terminal's Ctrl+C would
 * signal the run's process too, and prove nothing.
 * Linux only: the run's process is found, and watched, in /proc.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { runInNode } from "./node-host.ts";

const repo = new URL("../../", import.meta.url).pathname;
const home = mkdtempSync(join(tmpdir(), "blast-radius-stopped-"));
const loop = join(home, "loop.ts");
writeFileSync(loop, 'console.log("looping");\nwhile (true) {}\n');

/** Runs' processes this file saw start: any still alive at the end (the old code) are killed, not left to spin. */
const seen: number[] = [];
afterAll(() => {
  for (const pid of seen) if (alive(pid)) process.kill(pid, "SIGKILL");
  rmSync(home, { recursive: true, force: true });
});

/** A process's state letter and parent, from /proc/<pid>/stat (undefined once it is reaped). */
function stat(pid: number): { state: string; parent: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name, in brackets, may hold spaces: the fields after its ")" are fixed.
    const [state, parent] = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { state: state!, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

/** Running or sleeping: a zombie (Z) has ended, and only waits to be reaped by its new parent. */
function alive(pid: number): boolean {
  const state = stat(pid)?.state;
  return state !== undefined && state !== "Z";
}

/** The processes whose parent is `parent` and whose command line holds `marker`: by default the runs' (runner.mjs, node-host.ts's bundle). */
function runsOf(parent: number, marker = "runner.mjs"): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((pid) => {
      if (stat(pid)?.parent !== parent) return false;
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(marker);
      } catch {
        return false;
      }
    });
}

describe.skipIf(process.platform !== "linux")("a run's process ends with its command", { timeout: 60_000 }, () => {
  // SIGKILL cannot be caught: the run's watchdog (a shell that waits for its pipe from the command to close) ends it.
  test.each(["SIGTERM", "SIGINT", "SIGKILL"] as const)("play stopped by %s to its pid alone", async (signal) => {
    const command = spawn(process.execPath, [join(repo, ".cli/bin/cli-run.mjs"), "play", loop, "--timeout", "600000"], {
      cwd: repo,
      env: { ...process.env, BLAST_RADIUS_HOME: home },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const ended = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      command.once("exit", (code, endedBy) => resolve([code, endedBy])),
    );
    let output = "";
    command.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    // The program printed: it is in its loop now.
    await expect.poll(() => output, { timeout: 30_000 }).toBe("looping\n");
    const runs = runsOf(command.pid!);
    seen.push(...runs);
    expect(runs).toHaveLength(1);
    expect(alive(runs[0]!)).toBe(true);
    const watchdogs = runsOf(command.pid!, "watchdog");
    seen.push(...watchdogs);

    command.kill(signal);
    // The command ends as the signal ends it, as before (a shell reports 128 + its number)...
    expect(await ended).toEqual([null, signal]);
    // ...and its run with it, and nothing else it started is left running.
    await expect.poll(() => alive(runs[0]!), { timeout: 5_000 }).toBe(false);
    expect(watchdogs).toHaveLength(1);
    await expect.poll(() => alive(watchdogs[0]!), { timeout: 5_000 }).toBe(false);
  });

  test("a command that ends on an uncaught error kills its run as it exits", async () => {
    // A run of the loop whose command throws, uncaught, when told to (a line on its stdin).
    const script = [
      `const { runInNode } = await import(${JSON.stringify(join(repo, "src/playground/node-host.ts"))});`,
      `const request = { files: { "main.ts": ${JSON.stringify(readFileSync(loop, "utf8"))} }, entry: "main.ts", timeoutMs: 600000 };`,
      "void runInNode(request, () => process.stdout.write('looping\\n'));",
      "process.stdin.once('data', () => { throw new Error('told to fail'); });",
    ].join("\n");
    const command = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      cwd: repo,
      stdio: ["pipe", "pipe", "pipe"],
    });
    const ended = new Promise<number | null>((resolve) => command.once("exit", (code) => resolve(code)));
    let output = "";
    let errors = "";
    command.stdout.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
    command.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
    await expect.poll(() => output, { timeout: 30_000 }).toBe("looping\n");
    const runs = runsOf(command.pid!);
    seen.push(...runs);
    expect(runs).toHaveLength(1);

    command.stdin.write("fail\n");
    expect(await ended).toBe(1);
    expect(errors).toContain("Error: told to fail");
    await expect.poll(() => alive(runs[0]!), { timeout: 5_000 }).toBe(false);
  });

  test("a command with its own listener for the signal keeps running; its run is killed", async () => {
    // As a command that handles SIGTERM itself would: the listener, not node-host.ts, decides whether the process ends.
    const own = () => {};
    // Any listener the test's process had is set aside: the signal below is this test's alone.
    const before = process.listeners("SIGTERM");
    for (const listener of before) process.off("SIGTERM", listener);
    process.on("SIGTERM", own);
    try {
      let printed!: () => void;
      const looping = new Promise<void>((resolve) => (printed = resolve));
      const running = runInNode(
        { files: { "main.ts": 'console.log("looping");\nwhile (true) {}\n' }, entry: "main.ts", timeoutMs: 600_000 },
        () => printed(),
      );
      await looping;
      const [run] = runsOf(process.pid);
      seen.push(run!);
      // The listeners as a real SIGTERM would call them, without signalling the test's own process.
      process.emit("SIGTERM", "SIGTERM");
      await expect.poll(() => alive(run!), { timeout: 5_000 }).toBe(false);
      expect(await running).toMatchObject({
        status: "error",
        error: { message: "the runner stopped unexpectedly (signal SIGKILL)" },
      });
      expect(process.listenerCount("SIGTERM")).toBe(1);
    } finally {
      process.off("SIGTERM", own);
      for (const listener of before) process.on("SIGTERM", listener);
    }
  });
});
