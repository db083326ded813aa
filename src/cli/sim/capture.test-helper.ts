/** Test helper: run a simulation in-process and collect what it writes. */
import { run } from "../sim.ts";
import { type Captured, runCaptured } from "../run-captured.test-helper.ts";
import type { SimCommand } from "./command.ts";

const io = () => ({ env: {}, cwd: process.cwd() });

/** One simulation's command, as `npm run sim -- <name>` calls it (a usage error is thrown, not printed). */
export function capture(command: SimCommand, argv: string[]): Promise<Captured> {
  return runCaptured((a, i) => command.run(a, i), argv, io());
}

/** The whole `npm run sim -- ...` command, in-process: its exit code and what it printed. */
export function sim(argv: string[]): Promise<Captured> {
  return runCaptured(run, argv, io());
}
