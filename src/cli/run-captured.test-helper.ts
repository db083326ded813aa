/**
 * Test helper: a command's `run(argv, io)` called in-process, with an io that collects what it
 * writes to stdout and stderr. The rest of the io (env, cwd, the terminal's width) is the test's.
 */
import type { Io } from "./args.ts";

export interface Captured {
  code: number;
  out: string;
  err: string;
}

export async function runCaptured(
  run: (argv: string[], io: Io) => Promise<number> | number,
  argv: string[],
  io: Omit<Io, "stdout" | "stderr">,
): Promise<Captured> {
  let out = "";
  let err = "";
  const code = await run(argv, { ...io, stdout: (text) => void (out += text), stderr: (text) => void (err += text) });
  return { code, out, err };
}
