/**
 * `npm run play -- <file.ts> [--timeout ms]`: run a playground program in the terminal with
 * the page's transpiler, prelude and output formatting. Everything the program prints goes to
 * stdout, byte for byte what the page shows; how a failed run ended goes to stderr.
 * Exit codes: 0 ok, 1 error (syntax, runtime, or a type error), 2 usage, 124 stopped at the time limit.
 * The program is type-checked before it starts (src/playground/typecheck.ts, as the page does for
 * edited code): type errors go to stderr before its output, and it still runs, as tsx would. The
 * check runs on this process's thread, outside the run's time limit (the page stops its own
 * after checkTimeLimitMs; here Ctrl-C does).
 *
 * `run(argv, io)` is the whole command, so tests call it in-process.
 */
import { pathToFileURL } from "node:url";
import {
  helpOrMissing,
  type Io,
  numberOption,
  parseArgs,
  runAsProcess,
  shownMessage,
  UsageError,
  userFile,
} from "./args.ts";
import { grouped } from "../format/number.ts";
import { runInNode } from "../playground/node-host.ts";
import { errorWidth, fitMessage, fitUsage, outputWidth } from "./terminal-width.ts";
import { requestForFile } from "../playground/node-files.ts";
import { transpileAll } from "../playground/transpile.ts";
import { defaultTimeoutMs, errorText, eventText, truncationNote, typeDiagnosticText } from "../playground/protocol.ts";

/** What --timeout takes: a whole number of milliseconds in this range, as its help says and its check holds. */
const timeoutLimits = { min: 1, max: 600_000, integer: true };

const usage = `usage: npm run play -- <file.ts> [--timeout ms]

Runs a playground program (plain TypeScript that may import from "course") the way the page
runs it, and prints exactly what the page prints. The program has no file system,
environment, child processes or network, as in the page.

  --timeout ms   stop the program after this long, ${timeoutLimits.min}..${grouped(timeoutLimits.max)} ms (default ${grouped(defaultTimeoutMs)} ms)

The program is type-checked as TypeScript (strict) would check it: each type error is a
"type error: ..." line on stderr, before its output. It runs anyway, as in the page, and
exits 1 if it had type errors. The check comes before the run and is not part of --timeout:
types that keep TypeScript busy hold the command until it is done (Ctrl-C stops it).

exit codes: 0 ok, 1 syntax, runtime or type error, 2 usage, 124 stopped at the time limit`;

/**
 * Where the command writes; `cwd` and `env` say where a relative file is read from (userPath), and
 * `stderrIsTTY` and `stderrColumns` the terminal its messages are fitted to (errorWidth), `isTTY`
 * and `columns` the one its --help is fitted to (outputWidth); the program's own output is never fitted.
 */
export type PlayIO = Pick<Io, "stdout" | "stderr"> &
  Partial<Pick<Io, "cwd" | "env" | "isTTY" | "columns" | "stderrIsTTY" | "stderrColumns">>;

async function play(argv: string[], io: PlayIO): Promise<number> {
  const args = parseArgs(argv, "play", { options: ["timeout"] });
  const [file, ...extra] = args.positional;
  const missing =
    "name a playground file, e.g. npm run play -- content/chapters/shuffle-sharding/shuffle-shard.play.ts";
  // `help` and a word after it (`help bogus`): play takes a file and has no help topics, so the
  // word is refused, as every command refuses a topic it does not have (helpOrMissing), rather
  // than answered with the usage and exit 0; `help help` and `help --timeout` get the usage, as theirs do.
  const topic = file === "help" ? extra[0] : undefined;
  if (topic !== undefined && topic !== "help" && !topic.startsWith("-"))
    throw new UsageError(`play has no help topics (got "${topic}"); to run a file, name it without help`);
  const done = helpOrMissing(file, fitUsage(usage, outputWidth(io)), missing, io, args.flags.has("help"));
  if (done !== undefined) return done;
  if (extra.length) throw new UsageError(`one file at a time (got ${args.positional.length})`);
  const timeoutMs = numberOption(args, "timeout", defaultTimeoutMs, timeoutLimits);
  let request: ReturnType<typeof requestForFile>;
  try {
    request = requestForFile(userFile(io, file!, "one .ts file"), timeoutMs);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new UsageError(`cannot read ${file}${code ? ` (${code})` : ""}`);
  }

  // TypeScript loads only for this command; the run starts (a child process) before the check,
  // which takes the main thread meanwhile, so the run's output is printed after the type errors.
  const { typeCheckInNode } = await import("../playground/typecheck-node.ts");
  const running = runInNode(request, (event) => io.stdout(`${eventText(event)}\n`));
  // A syntax error is the runner's to report: the program does not run.
  const typeErrors = transpileAll(request.files).ok ? typeCheckInNode(request) : [];
  // Where an error is, in the page's words: the file named when the run has more than one (locationText).
  const runFiles = Object.keys(request.files);
  // The course's own lines on stderr are fitted to its terminal, as every command's are; the
  // program's output on stdout is the program's, printed as it wrote it.
  const say = (text: string) => io.stderr(`${fitMessage(text, errorWidth(io))}\n`);
  for (const error of typeErrors) say(`type error: ${typeDiagnosticText(error, runFiles)}`);
  const result = await running;
  if (result.truncated) say(truncationNote());
  if (result.status === "ok") return typeErrors.length > 0 ? 1 : 0;
  say(result.error ? errorText(result.error, runFiles) : result.status);
  return result.status === "timeout" ? 124 : 1;
}

/** The command: exit code 2 with one line for bad input, never a stack trace. */
export async function run(argv: string[], io: PlayIO): Promise<number> {
  try {
    return await play(argv, io);
  } catch (error) {
    // Control characters written out and long words shortened, as runMain writes every command's message (args.ts).
    const message = shownMessage(error);
    // Fitted to stderr's terminal, as every command's message is (runMain).
    const say = (text: string) => io.stderr(fitMessage(text, errorWidth(io)));
    if (error instanceof UsageError) {
      say(`error: ${message}\n(run with --help for usage)\n`);
      return 2;
    }
    say(`error: ${message}\n`);
    return 1;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runAsProcess(run);
