/**
 * Shared command-line conventions for `npm run sim`, `play` and `exercises`:
 * `--name value` or `--name=value`, `--flag`, `--help`; invalid input exits with code 2.
 */

export class UsageError extends Error {}

export interface ParsedArgs {
  positional: string[];
  options: Map<string, string[]>;
  flags: Set<string>;
}

/** Split argv into positionals, repeated `--name value` options and bare `--flags`. */
export function parseArgs(argv: string[], known: { options: string[]; flags: string[] }): ParsedArgs {
  const result: ParsedArgs = { positional: [], options: new Map(), flags: new Set() };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (!arg.startsWith("--")) {
      result.positional.push(arg);
      continue;
    }
    const eq = arg.indexOf("=");
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (known.flags.includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value`);
      result.flags.add(name);
    } else if (known.options.includes(name)) {
      const value = eq !== -1 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq === -1 && value.startsWith("--"))) throw new UsageError(`--${name} needs a value`);
      result.options.set(name, [...(result.options.get(name) ?? []), value]);
    } else {
      throw new UsageError(`unknown option --${name}`);
    }
  }
  return result;
}

/** The last value given for an option, parsed as a number within bounds. */
export function numberOption(
  args: ParsedArgs,
  name: string,
  fallback: number,
  opts: { min?: number; max?: number; integer?: boolean } = {},
): number {
  const raw = args.options.get(name)?.at(-1);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (raw.trim() === "" || !Number.isFinite(value)) throw new UsageError(`--${name} must be a number, got "${raw}"`);
  if (opts.integer && !Number.isInteger(value)) throw new UsageError(`--${name} must be a whole number, got ${raw}`);
  if (opts.min !== undefined && value < opts.min)
    throw new UsageError(`--${name} must be at least ${opts.min}, got ${raw}`);
  if (opts.max !== undefined && value > opts.max)
    throw new UsageError(`--${name} must be at most ${opts.max}, got ${raw}`);
  return value;
}

/** Run a command's main, turning usage errors into exit code 2 and other failures into 1. */
export async function runMain(main: () => Promise<number | void> | number | void): Promise<void> {
  try {
    const code = await main();
    process.exitCode = code ?? 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`error: ${error.message}\n(run with --help for usage)\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    }
  }
}

/** Format rows as an aligned plain-text table (first row is the header). */
export function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => (r[c] ?? "").length)));
  const line = (r: string[]) =>
    r
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join("  ")
      .trimEnd();
  return [line(rows[0]!), widths.map((w) => "-".repeat(w)).join("  "), ...rows.slice(1).map(line)].join("\n");
}
