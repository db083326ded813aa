import type { Io } from "../args.ts";

/** What every `npm run sim -- <name>` module exports by default. */
export interface SimCommand {
  /**
   * Parse argv (after the simulation name), print a table or `--json`, return the exit code.
   * `io` is where to write (the process's streams unless given: tests pass their own).
   */
  run(argv: string[], io?: Io): Promise<number> | number;
}
