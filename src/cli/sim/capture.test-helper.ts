/** Test helper: run a simulation in-process and collect what it writes. */
import type { Io } from "../args.ts";
import { run } from "../sim.ts";
import type { SimCommand } from "./command.ts";

function collector(): { io: Io; out: () => string; err: () => string } {
  let out = "";
  let err = "";
  return {
    io: { stdout: (text) => void (out += text), stderr: (text) => void (err += text), env: {}, cwd: process.cwd() },
    out: () => out,
    err: () => err,
  };
}

/** One simulation's command, as `npm run sim -- <name>` calls it (a usage error is thrown, not printed). */
export async function capture(
  command: SimCommand,
  argv: string[],
): Promise<{ code: number; out: string; err: string }> {
  const c = collector();
  const code = await command.run(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}

/** The whole `npm run sim -- ...` command, in-process: its exit code and what it printed. */
export async function sim(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const c = collector();
  const code = await run(argv, c.io);
  return { code, out: c.out(), err: c.err() };
}
