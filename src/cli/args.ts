/**
 * Shared command-line conventions for `npm run sim`, `play`, `exercises` and `gameday`:
 * `--name value` or `--name=value`, `--flag`, `--help`, and `--` to end the options (so an
 * answer may start with a minus sign); numbers are written in decimal; one seed rule for every
 * simulation; invalid input exits with code 2 and one line that says what to type instead;
 * `help` as the first word, or `--help` or `-h` anywhere before `--`, prints the usage on stdout
 * and exits 0 (whatever else the line holds, but for a name after `help` that is none the command
 * has, refused as naming it to run is), while no command at all is invalid input like any
 * other (`helpOrMissing`), except for `exercises`, which then shows where to start; a message that quotes what was typed writes its control characters
 * out, as a program's output is (`visibleText`).
 */

import { statSync } from "node:fs";
import { isAbsolute, resolve } from "node:path";
import { readDecimal } from "../format/decimal.ts";
import { closeNames } from "../format/edit-distance.ts";
import { listNames } from "../format/words.ts";
import { grouped } from "../format/number.ts";
import { visibleText } from "../playground/protocol.ts";
import { readSeed, seedRange, seedRule } from "../sim/random.ts";
import { displayWidth, errorWidth, fitMessage, fitTable, stackedTable } from "./terminal-width.ts";

/** The one rule for numbers typed as options (src/format/decimal.ts), re-exported for the commands. */
export { readDecimal };

export class UsageError extends Error {}

/** The words that ask a command for its usage, as its first word. */
const helpWords: readonly string[] = ["help", "--help", "-h"];

/**
 * What a name that is none of a command's is told, by every command alike: the names close to it,
 * then every name (`unknown command "lst" (did you mean list?); use list, show or play`). `kind`
 * is what the names are ("command", "simulation").
 */
export function unknownName(kind: string, typed: string, known: readonly string[]): string {
  return `unknown ${kind} "${typed}"${didYouMean(typed, known)}; use ${listNames(known, "or")}`;
}

/** The names `help <topic>` may name, and the word typed after `help` (none, or an option, asks for the usage). */
export interface HelpTopics {
  kind: string;
  known: readonly string[];
  typed: string | undefined;
}

/**
 * The one convention of the four commands for their first word (`first`: the command, the
 * simulation, the file). `help`, `--help` or `-h`, or `--help` or `-h` anywhere before `--`
 * (`flagged`: the parsed line's `help` flag, or asksForHelp), asks for the usage: printed on
 * stdout, exit 0. `help` followed by a name that is none of `topics` (`help bogus`) is refused as
 * naming it to run is (unknownName; stderr, exit 2), not answered with the usage as if it had
 * been found; `help help` and `help --seed` get the usage. No word at all is a usage error
 * (`missing` says what to type; stderr, exit 2): a script that left its command out fails,
 * rather than reading the usage as output (`exercises` alone shows where to start before it gets
 * here). Returns the exit code when the command is done here, or undefined when `first` is the
 * command's to run.
 */
export function helpOrMissing(
  first: string | undefined,
  usage: string,
  missing: string,
  io: Pick<Io, "stdout">,
  flagged = false,
  topics?: HelpTopics,
): 0 | undefined {
  const topic = first === "help" ? topics?.typed : undefined;
  if (topic !== undefined && topic !== "help" && !topic.startsWith("-") && !topics!.known.includes(topic))
    throw new UsageError(unknownName(topics!.kind, topic, topics!.known));
  if (flagged || (first !== undefined && helpWords.includes(first))) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  if (first === undefined) throw new UsageError(missing);
  return undefined;
}

/** An error that is the input's or the files' fault, not a bug: printed as a message, exit 1. */
export class ReportedError extends Error {}

/** Where a command writes. Tests pass their own to run a command in-process. */
export interface Io {
  stdout(text: string): void;
  stderr(text: string): void;
  /** Environment variables the command reads (BLAST_RADIUS_HOME, BLAST_RADIUS_DEBUG, INIT_CWD). */
  env: Record<string, string | undefined>;
  /** The working directory the command starts from (under `npm run`, the project's root: see userPath). */
  cwd: string;
  /** Whether stdout is a terminal (not a pipe or a file); unset in tests, as for a pipe. */
  isTTY?: boolean;
  /** The terminal's width in columns, when stdout is one: output is fitted to it (src/cli/terminal-width.ts). */
  columns?: number;
  /** Whether stderr is a terminal; unset in tests, as for a file. Messages are fitted to it (errorWidth). */
  stderrIsTTY?: boolean;
  /** stderr's terminal's width in columns, when it is one. */
  stderrColumns?: number;
}

/**
 * Whether a command may write bold and italic as ANSI escapes: only to a terminal, and not when
 * NO_COLOR is set to anything but the empty string ("Command-line software which adds ANSI color
 * to its output by default should check for a NO_COLOR environment variable that, when present
 * and not an empty string (regardless of its value), prevents the addition of ANSI color",
 * https://no-color.org/). A pipe or a file gets the bare words.
 */
export function ansiStyles(io: Pick<Io, "env" | "isTTY">): boolean {
  return io.isTTY === true && !io.env.NO_COLOR;
}

/**
 * A path the learner typed (`play <file>`, `gameday --actions/--policy`, `exercises import
 * <file>`) or set (BLAST_RADIUS_HOME), as the path it names, absolute. `npm run` starts a script in the project's root
 * whatever folder it was typed in, and sets INIT_CWD to that folder: "Scripts are run from the
 * root of the package folder, regardless of what the current working directory is when npm run
 * is called. If you want your script to use different behavior based on what subdirectory you're
 * in, you can use the INIT_CWD environment variable, which holds the full path you were in when
 * you ran npm run." (https://docs.npmjs.com/cli/commands/npm-run-script#description). So a
 * relative path is read from INIT_CWD when it is set (from the working directory when the
 * command was started some other way), and an absolute one is kept as it is.
 */
export function userPath(io: Partial<Pick<Io, "cwd" | "env">>, typed: string): string {
  const cwd = io.cwd ?? process.cwd();
  const from = io.env?.INIT_CWD;
  return resolve(from ? resolve(cwd, from) : cwd, typed);
}

/**
 * A file the learner named (userPath), checked before it is read: a usage error that names the
 * path and what is wrong with it (empty, missing, a folder, not a file, not readable) instead of a
 * file-system error. `oneFile` says what to name instead of a folder ("one .ts file").
 */
export function userFile(io: Partial<Pick<Io, "cwd" | "env">>, typed: string, oneFile: string): string {
  // An empty path (`play ""`) would name the folder it is read from: refused as naming no file.
  if (typed === "") throw new UsageError(`an empty path names no file: name ${oneFile}`);
  const path = userPath(io, typed);
  // Where a relative path was looked for, in case the learner expected somewhere else.
  const looked = isAbsolute(typed) ? typed : `${typed} (looked for ${path})`;
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new UsageError(`no such file: ${looked}`);
    throw new UsageError(`cannot read ${looked}${code ? ` (${code})` : ""}`);
  }
  if (stat.isDirectory()) throw new UsageError(`${typed} is a folder: name ${oneFile} in it`);
  if (!stat.isFile()) throw new UsageError(`${typed} is not a file`);
  return path;
}

export const processIo: Io = {
  stdout: (text) => void process.stdout.write(text),
  stderr: (text) => void process.stderr.write(text),
  env: process.env,
  cwd: process.cwd(),
  isTTY: process.stdout.isTTY === true,
  columns: process.stdout.columns,
  stderrIsTTY: process.stderr.isTTY === true,
  stderrColumns: process.stderr.columns,
};

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string[]>;
  flags: Set<string>;
}

/** The options a command takes: `--name value` options and bare `--flags`. */
export interface Takes {
  options?: readonly string[];
  flags?: readonly string[];
  /** Options that may be given more than once, each value kept (`--set a=1 --set b=2`); any other is given once. */
  repeats?: readonly string[];
}

/**
 * " (did you mean x?)", or " (did you mean x or y?)", when names of `known` are close to what was
 * typed (closeNames, src/format/edit-distance.ts), else nothing: for an unknown simulation,
 * command or scenario.
 */
export function didYouMean(typed: string, known: readonly string[]): string {
  const names = closeNames(typed, known);
  return names.length === 0 ? "" : ` (did you mean ${listNames(names, "or")}?)`;
}

/** argv split by the options' arity, with every option named as it came, taken or not. */
interface Split extends ParsedArgs {
  given: string[];
  /** The first option written wrong (`--seed` without a value, `--json=1`), said after the rest. */
  problem?: UsageError;
  /** The first word before `--` written as an option with one dash (`-seed`), which may be one of the command's. */
  oneDash?: string;
}

/** A value as a message names it: quoted when it is empty or holds a space (`--seed= --seed 2`: `"" and 2`). */
export const shownValue = (value: string) => (value === "" || /\s/.test(value) ? `"${value}"` : value);

/**
 * Split argv into positionals, repeated `--name value` options and bare `--flags`. A lone `--`
 * ends the options: everything after it is positional, so `answer x -- -0.5` works. `-h` is
 * `--help`, and neither is ever an option's value. A name `takes` does not list is kept in
 * `given` as a flag, for the command to refuse by name.
 */
function split(argv: string[], takes: Takes): Split {
  const options = takes.options ?? [];
  const flags = takes.flags ?? [];
  const repeats = takes.repeats ?? [];
  const result: Split = { positional: [], options: new Map(), flags: new Set(), given: [] };
  // An option given twice is refused rather than read as its last value (`--seed 1 --seed 2`).
  const twice = (name: string, values?: readonly string[]) =>
    (result.problem ??= new UsageError(
      `--${name} given twice${values ? ` (${values.map(shownValue).join(" and ")})` : ""}: give it once`,
    ));
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] === "-h" ? "--help" : argv[i]!;
    if (arg === "--") {
      result.positional.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith("--")) {
      if (/^-[A-Za-z][\w-]*$/.test(arg)) result.oneDash ??= arg.slice(1);
      result.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    result.given.push(name);
    if (options.includes(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq === -1 && (value.startsWith("--") || value === "-h"))) {
        result.problem ??= new UsageError(`--${name} needs a value`);
        if (value !== undefined) i--;
      } else {
        const before = result.options.get(name);
        if (before && !repeats.includes(name)) twice(name, [before[0]!, value]);
        result.options.set(name, [...(before ?? []), value]);
      }
    } else {
      if (eq !== -1 && flags.includes(name)) result.problem ??= new UsageError(`--${name} takes no value`);
      if (result.flags.has(name) && name !== "help") twice(name);
      result.flags.add(name);
    }
  }
  return result;
}

/**
 * The one rule for options: a command takes its own and `--help`, and anything else is a usage
 * error naming the option and the command, with what it takes instead ("list takes no options
 * (got --seed)", "answer takes only --part and --seed (got --rate)"), never ignored. Then an option
 * written wrong (`--seed` with no value) is one, and so is one of its own written with one dash
 * (`-seed`). With `--help` (or `-h`) there is no error: the
 * line asks for the usage, which the command prints.
 */
function ownOptionsOnly(args: Split, command: string, takes: Takes): ParsedArgs {
  if (args.flags.has("help")) return { positional: args.positional, options: args.options, flags: args.flags };
  const own = [...(takes.options ?? []), ...(takes.flags ?? [])].filter((name) => name !== "help");
  const foreign = args.given.find((name) => name !== "help" && !own.includes(name));
  if (foreign !== undefined)
    throw new UsageError(
      own.length
        ? `${command} takes only ${listNames(own.map((name) => `--${name}`))} (got --${foreign})`
        : `${command} takes no options (got --${foreign})`,
    );
  // An option of the command's own written with one dash (`-seed 3`) would be read as an argument.
  if (args.oneDash !== undefined && own.includes(args.oneDash))
    throw new UsageError(`options take two dashes: --${args.oneDash} (got -${args.oneDash})`);
  if (args.problem) throw args.problem;
  const { positional, options, flags } = args;
  return { positional, options, flags };
}

/**
 * Whether argv asks for the usage: `--help` or `-h` anywhere before `--`, as parseArgs and
 * parseCommandArgs read it (their `help` flag), for a command that checks before it parses.
 */
export function asksForHelp(argv: string[]): boolean {
  return split(argv, {}).flags.has("help");
}

/** The options of one command (`play`, a simulation): `takes` and `--help`, by ownOptionsOnly. */
export function parseArgs(argv: string[], command: string, takes: Takes): ParsedArgs {
  const all = { options: takes.options, flags: [...(takes.flags ?? []), "help"], repeats: takes.repeats };
  return ownOptionsOnly(split(argv, all), command, takes);
}

/**
 * The options of a tool of several commands (`exercises`, `gameday`), whose first word is the
 * command: argv is read with every command's options, so the command is found wherever the
 * options stand, and `--help` anywhere asks for the usage. `ownOptions(command)`, once the
 * command is known to be one, holds it to its own options (ownOptionsOnly).
 */
export function parseCommandArgs(
  argv: string[],
  commands: Readonly<Record<string, Takes>>,
): ParsedArgs & { ownOptions(command: string): ParsedArgs } {
  const every = Object.values(commands);
  const args = split(argv, {
    options: every.flatMap((c) => c.options ?? []),
    flags: [...every.flatMap((c) => c.flags ?? []), "help"],
    repeats: every.flatMap((c) => c.repeats ?? []),
  });
  return { ...args, ownOptions: (command) => ownOptionsOnly(args, command, commands[command] ?? {}) };
}

/**
 * A bound as an error states it: a whole number thousands-grouped by the course's one rule
 * (src/format/number.ts), as the page's fields state theirs ("from 1 to 1,000"); any other number
 * exactly as written.
 */
const bound = (n: number) => (Number.isInteger(n) ? grouped(n) : String(n));

/** The last value given for an option, parsed as a decimal number within bounds. */
export function numberOption(
  args: ParsedArgs,
  name: string,
  fallback: number,
  opts: { min?: number; max?: number; integer?: boolean } = {},
): number {
  const raw = args.options.get(name)?.at(-1);
  if (raw === undefined) return fallback;
  const value = readDecimal(raw);
  if (value === undefined) throw new UsageError(`--${name} must be a number written in decimal, got "${raw}"`);
  if (opts.integer && !Number.isInteger(value)) throw new UsageError(`--${name} must be a whole number, got ${raw}`);
  if (opts.min !== undefined && value < opts.min)
    throw new UsageError(`--${name} must be at least ${bound(opts.min)}, got ${raw}`);
  if (opts.max !== undefined && value > opts.max)
    throw new UsageError(`--${name} must be at most ${bound(opts.max)}, got ${raw}`);
  return value;
}

/**
 * Every simulation's seed, by one rule: what the random streams take as it is (src/sim/random.ts).
 * Grouped as a bigint, which is exact string work: a number would go through Intl, whose first
 * use loads the locale data (about 20 ms), and every command loads this module at start.
 */
export const seedHelp = `a whole number ${seedRange.min}..${grouped(BigInt(seedRange.max))}`;

/** `--seed`, by the one seed rule of the course (`readSeed`), which every seed field and link follows too. */
export function seedOption(args: ParsedArgs, fallback: number): number {
  const raw = args.options.get("seed")?.at(-1);
  if (raw === undefined) return fallback;
  const seed = readSeed(raw);
  if (seed === undefined) throw new UsageError(`--seed must be ${seedRule}, got "${raw}"`);
  return seed;
}

/**
 * Warnings for settings that will have no effect because what they tune is switched off
 * (`--set breakerThreshold=0.3` without `--defences breaker`). One line each, for stderr.
 */
export function ignoredSettings(
  names: readonly string[],
  ownerOf: (name: string) => string | undefined,
  enabled: readonly string[],
  enableHint: (owner: string) => string,
): string[] {
  const lines: string[] = [];
  for (const name of names) {
    const owner = ownerOf(name);
    if (owner !== undefined && !enabled.includes(owner))
      lines.push(
        `warning: ${name} tunes the ${owner} defence, which is off, so it has no effect (${enableHint(owner)})`,
      );
  }
  return lines;
}

/**
 * Run a command's main and return its exit code: usage errors are exit 2, reported errors exit 1,
 * each as one message without a stack trace, its control characters written out (visibleText).
 * Anything else is a bug: its message, a request to report it, and the stack only with
 * BLAST_RADIUS_DEBUG=1.
 */
export async function runMain(main: () => Promise<number | void> | number | void, io: Io = processIo): Promise<number> {
  const code = await exitCodeOf(main, io);
  // The process's own streams: this is the process's exit code (in-process callers get it returned).
  if (io === processIo) process.exitCode = code;
  return code;
}

/** The longest word a message quotes whole: a longer one was pasted by mistake, and is shortened (shownMessage). */
const longestQuoted = 200;

/**
 * An error's message as a command writes it: its control characters written out (visibleText),
 * so a message that quotes what was typed (`unknown simulation "x\x1b[2J"`) cannot clear or
 * recolour the terminal, and a word too long to read (a 5,000-character id) shortened to its
 * start and end and its length, so the message stays one message.
 */
export function shownMessage(error: unknown): string {
  const message = visibleText(error instanceof Error ? error.message : String(error));
  // A word as far as the quotes, brackets and punctuation around it, which stay.
  return message.replace(/[^\s"'()[\];,]+/g, (word) => {
    const chars = Array.from(word);
    if (chars.length <= longestQuoted) return word;
    const kept = [chars.slice(0, 40).join(""), chars.slice(-10).join("")];
    return `${kept[0]}... (${grouped(chars.length - 50)} characters left out) ...${kept[1]}`;
  });
}

async function exitCodeOf(main: () => Promise<number | void> | number | void, io: Io): Promise<number> {
  try {
    return (await main()) ?? 0;
  } catch (error) {
    const message = shownMessage(error);
    // Fitted to stderr's terminal, when it is one (errorWidth); in a file, as written.
    const say = (text: string) => io.stderr(fitMessage(text, errorWidth(io)));
    if (error instanceof UsageError) {
      say(`error: ${message}\n(run with --help for usage)\n`);
      return 2;
    }
    if (error instanceof ReportedError) {
      say(`error: ${message}\n`);
      return 1;
    }
    say(
      `error: ${message}\nThis is a bug in the course's tools, not in your work: please report it with the command you ran.\n`,
    );
    if (io.env.BLAST_RADIUS_DEBUG === "1" && error instanceof Error && error.stack) io.stderr(`${error.stack}\n`);
    return 1;
  }
}

/** The reason `signal` is aborted when no one reads stdout any more (runAsProcess). */
export const stdoutClosed = "stdout closed";

/**
 * The process entry of a command: run it on the real argv and streams, and set the exit code.
 * `... | head -1` closes stdout early. That is not an error, and it does not end the command:
 * what it writes from then on is dropped (the stream is destroyed), but it finishes its work
 * (a check still saves its result) and exits with its own status. A command that would go on
 * for ever (`exercises watch`) is told through `signal`, aborted with the reason stdoutClosed.
 */
export async function runAsProcess(
  run: (argv: string[], io: Io, options: { signal: AbortSignal }) => Promise<number>,
): Promise<void> {
  const closed = new AbortController();
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    closed.abort(stdoutClosed);
  });
  process.exitCode = await run(process.argv.slice(2), processIo, { signal: closed.signal });
}

/**
 * Format rows as an aligned plain-text table (first row is the header). With `width` (a
 * terminal's, outputWidth) a table wider than it has its cells wrapped in their columns
 * (fitTable), or, when even that is too wide, is written one record after another (stackedTable):
 * never wider than the terminal, where the terminal's own wrapping would cut words and numbers,
 * and each value beside its header. `heading`: the first header says what the records are, and
 * opens them (stackedTable). `floors`: the narrowest a column may wrap to (fitTable), so that a
 * column of prose is not squeezed to a word a line.
 */
export function table(
  rows: string[][],
  width?: number,
  { heading = false, floors }: { heading?: boolean; floors?: readonly number[] } = {},
): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join("  ")
      .trimEnd();
  const rule = (columns: number[]) => columns.map((w) => "-".repeat(w)).join("  ");
  const natural = [line(rows[0]!), rule(widths), ...rows.slice(1).map(line)];
  if (width === undefined || natural.every((l) => displayWidth(l) <= width)) return natural.join("\n");
  const fitted = fitTable(rows, width, floors);
  if (!fitted) return stackedTable(rows, width, { heading });
  const [header, ...body] = fitted.lines;
  return [...header!, rule(fitted.widths), ...body.flat()].join("\n");
}
