/**
 * `npm run play -- <file.ts> [--timeout ms]`: run a playground program in the terminal with
 * the page's transpiler, prelude and output formatting. Everything the program prints goes to
 * stdout, byte for byte what the page shows; how a failed run ended goes to stderr.
 * Exit codes: 0 ok, 1 error (syntax or runtime), 2 usage, 124 stopped at the time limit.
 */
import { existsSync } from "node:fs";
import { numberOption, parseArgs, runMain, UsageError } from "./args.ts";
import { runInNode } from "../playground/node-host.ts";
import { requestForFile } from "../playground/node-files.ts";
import { defaultTimeoutMs, eventText, truncationNote, type RunError } from "../playground/protocol.ts";

const usage = `usage: npm run play -- <file.ts> [--timeout ms]

Runs a playground program (plain TypeScript that may import from "course") the way the page
runs it, and prints exactly what the page prints.

  --timeout ms   stop the program after this long (default ${defaultTimeoutMs})

exit codes: 0 ok, 1 syntax or runtime error, 2 usage, 124 stopped at the time limit`;

function where(error: RunError): string {
  return error.line === undefined
    ? ""
    : ` (${error.file ?? "?"}, line ${error.line}${error.column === undefined ? "" : `, column ${error.column}`})`;
}

await runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { options: ["timeout"], flags: ["help"] });
  if (args.flags.has("help")) {
    process.stdout.write(usage + "\n");
    return 0;
  }
  const [file, ...extra] = args.positional;
  if (!file)
    throw new UsageError(
      "name a playground file, e.g. npm run play -- content/chapters/shuffle-sharding/shuffle-shard.play.ts",
    );
  if (extra.length) throw new UsageError(`one file at a time (got ${args.positional.length})`);
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const timeoutMs = numberOption(args, "timeout", defaultTimeoutMs, { min: 1, max: 600_000, integer: true });

  const result = await runInNode(requestForFile(file, timeoutMs), (event) => {
    process.stdout.write(`${eventText(event)}\n`);
  });
  if (result.truncated) process.stderr.write(`${truncationNote()}\n`);
  if (result.status === "ok") return 0;
  process.stderr.write(`${result.error?.message ?? result.status}${result.error ? where(result.error) : ""}\n`);
  return result.status === "timeout" ? 124 : 1;
});
