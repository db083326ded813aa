/**
 * `npm run exercises|sim|play|gameday`: run the compiled command from .cli/, compiling it first when it
 * is missing or older than any source file it was built from (after a git pull, or an edit).
 * Usage: node .cli/bin/cli-run.mjs <command> [args...] (compiled from this file by `prepare`).
 */
import { existsSync, mkdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Manifest } from "./cli-build.ts";

/** The project's root: the nearest folder above this file (scripts/ or .cli/bin/) with a package.json. */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

const root = projectRoot();
const cliDir = join(root, ".cli");
const name = process.argv[2];

/** The current build's folder, if it is complete and no source of the command is newer than it. */
function freshBuild(): string | undefined {
  try {
    const { id } = JSON.parse(readFileSync(join(cliDir, "current.json"), "utf8")) as { id: string };
    const dir = join(cliDir, id);
    const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8")) as Partial<Manifest>;
    // The command's own sources (every source, for a name that is not a command or a build from
    // before the manifest listed them).
    const inputs = (name && manifest.commands?.[name]) || manifest.inputs;
    const { builtAt } = manifest;
    if (!inputs || builtAt === undefined) return undefined;
    for (const input of inputs) {
      // A source newer than the build, or gone: build again. (One system call a file.)
      const stat = statSync(join(root, input), { throwIfNoEntry: false });
      if (!stat || stat.mtimeMs > builtAt) return undefined;
    }
    return dir;
  } catch {
    return undefined;
  }
}

let dir = freshBuild();
if (!dir) {
  mkdirSync(cliDir, { recursive: true });
  const { buildCli } = await import("./cli-build.ts");
  try {
    dir = (await buildCli({ quiet: true })).outdir;
  } catch (error) {
    // esbuild has printed where the sources do not compile; one line more says what it means.
    const first = String((error as Error).message ?? error).split("\n")[0];
    process.stderr.write(
      `error: the terminal commands could not be compiled from src/ (${first}). If you changed a file there, fix it; otherwise git pull and npm install, then try again.\n`,
    );
    process.exit(1);
  }
}
const entry = join(dir, `${name}.mjs`);
if (!name || !existsSync(entry)) {
  process.stderr.write(`usage: npm run <exercises|sim|play|gameday> -- [args...]\n`);
  process.exit(2);
}
// Tells the command where its build is (compiled solutions, the cache key of the exercise index).
process.env.BLAST_RADIUS_CLI_BUILD = dir;
// `npm run ... | head` closes the pipe early: that is not an error, for any command. The command
// goes on with its work (saving progress) and ends with its own exit code; what it writes to
// the closed pipe is dropped. (runAsProcess, in src/cli/args.ts, also tells a command that waits.)
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code !== "EPIPE") throw error;
});
// The command reads its arguments from process.argv.slice(2), as if it had been run directly.
process.argv.splice(2, 1);
await import(pathToFileURL(entry).href);
