/** Test helper: run a `SimCommand` in-process and collect what it writes to stdout. */
import { vi } from "vitest";
import type { SimCommand } from "./command.ts";

export async function capture(command: SimCommand, argv: string[]): Promise<{ code: number; out: string }> {
  let out = "";
  const spy = vi.spyOn(process.stdout, "write").mockImplementation((chunk: string | Uint8Array) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await command.run(argv), out };
  } finally {
    spy.mockRestore();
  }
}
