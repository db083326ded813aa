/** What every `npm run sim -- <name>` module exports by default. */
export interface SimCommand {
  /** Parse argv (after the simulation name), print a table or `--json`, return the exit code. */
  run(argv: string[]): Promise<number> | number;
}
