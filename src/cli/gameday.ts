/**
 * `npm run gameday -- list | show <scenario> | play <scenario> (--actions <log.json> | --policy <file.ts>) [--seed N] [--json]`
 *
 * Game days in the terminal: the same scenarios, actions and scoring as the page. `play` prints
 * the same summary the page shows for the same log; with --json, the same bytes. An invalid or
 * impossible log exits 2 with a message naming the entry. A policy (a learner's automated
 * responder) runs in the course's sandboxed runner; its actions are scored like any log. One that
 * fails exits 1; one stopped at its time limit (gameday-limit.ts, its own rule: a game is longer
 * than a playground program) exits 124, as `npm run play` does.
 */
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import { actionSpec } from "../sim/gameday/actions.ts";
import { finishedGame, GameRuleError } from "../sim/gameday/game.ts";
import { LogFormatError, parseLog, type ParsedLog } from "../sim/gameday/log.ts";
import {
  alertRuleText,
  clock,
  landsText,
  logText,
  parPlayedText,
  scoreRows,
  summaryText,
  tenantMinutesText,
} from "../sim/gameday/report.ts";
import {
  actionDelay,
  findScenario,
  onSeed,
  scenarios,
  type GameScenario,
  type LogEntry,
} from "../sim/gameday/scenarios.ts";
import { summarize, type GameSummary } from "../sim/gameday/summary.ts";
import {
  unknownName,
  didYouMean,
  helpOrMissing,
  type Io,
  type ParsedArgs,
  parseCommandArgs,
  runAsProcess,
  runMain,
  seedOption,
  type Takes,
  table,
  UsageError,
  userFile,
} from "./args.ts";
import { countOf, percentUpTo } from "../format/number.ts";
import { listNames } from "../format/words.ts";
import { gamedayUsage } from "./gameday-help.ts";
import { displayWidth, outputWidth, wrapLine } from "./terminal-width.ts";

function scenarioArg(name: string | undefined): GameScenario {
  const ids = scenarios.map((s) => s.id);
  if (!name) throw new UsageError(`name a scenario: ${ids.join(", ")}`);
  const scenario = findScenario(name);
  if (!scenario)
    throw new UsageError(`unknown scenario "${name}"${didYouMean(name, ids)}; use ${listNames(ids, "or")}`);
  return scenario;
}

/**
 * The game day's text fitted to `width` (a terminal's, outputWidth), line by line (wrapLine): an
 * indented line of two columns ("  2 min 10 s  Eject a host ...", "  tenants affected    30 of
 * 30") or of a label and its value ("  fast-burn (page): 2% of the budget ...") goes on under its
 * second column or its value, any other under its own indent. As written when `width` is
 * undefined (a pipe).
 */
function fitted(text: string, width: number | undefined): string {
  if (width === undefined) return text;
  return text
    .split("\n")
    .map((line) => {
      const gap = /^ +\S(?:.*?\S)? {2,}(?=\S)/.exec(line)?.[0];
      if (gap !== undefined) return wrapLine(line, width, undefined, { gapAt: gap.length });
      const label = /^ +[^\s:][^:]*?: (?=\S)/.exec(line)?.[0];
      return wrapLine(line, width, label === undefined ? undefined : displayWidth(label));
    })
    .join("\n");
}

/** The narrowest the list's titles wrap to: narrower, a title is a word a line, and the list is one scenario after another. */
const narrowestTitles = 20;

function list(io: Io): number {
  const rows = scenarios.map((s) => [s.id, s.title, s.chapters.join(", ")]);
  const floors = [0, narrowestTitles, 0];
  io.stdout(table([["scenario", "title", "chapters"], ...rows], outputWidth(io), { floors }) + "\n");
  return 0;
}

function show(scenario: GameScenario, io: Io, afterPlay: boolean): number {
  const width = outputWidth(io);
  const nothing = finishedGame(scenario, scenario.seed, []).finish().score;
  const par = finishedGame(scenario, scenario.seed, scenario.reference).finish().score;
  const before = [
    `${scenario.title} (${scenario.id})`,
    "",
    scenario.briefing,
    "",
    `objective: ${percentUpTo(scenario.slo.target, 2)} of requests good (answered within ${scenario.slo.latencyMs} ms) over ${scenario.slo.periodDays} days; the game lasts ${clock(scenario.seconds)}, seed ${scenario.seed}.`,
    "",
    "alerts (multiwindow, multi-burn-rate, as the Google SRE Workbook recommends):",
    ...alertRuleText(scenario.slo).map((l) => `  ${l}`),
    "",
    "actions:",
  ];
  // Indented as a whole, so the dashes under the header start where its names do; fitted in the
  // width left of the indent, or one action after another (table).
  const actions = table(
    [
      ["action", "takes effect", "targets", "cost"],
      ...scenario.offers.map((o) => {
        const spec = actionSpec(o.action);
        return [
          o.action,
          landsText(o.action, actionDelay(scenario, o.action)),
          o.targets ? o.targets.join(" ") : "-",
          spec.cost,
        ];
      }),
    ],
    width === undefined ? undefined : width - 2,
  ).replace(/^/gm, "  ");
  const after = [
    "",
    "doing nothing:",
    ...scoreRows(nothing, scenario.slo).map(([l, v]) => `  ${l}: ${v}`),
    "",
    // Par's actions are the answer: kept, as on the page, for after a play (--after).
    `par (the reference response; how it plays: ${afterCommand(scenario)}, once you have played):`,
    ...scoreRows(par, scenario.slo).map(([l, v]) => `  ${l}: ${v}`),
    "",
    `read first: ${scenario.chapters.map((c) => `/${c}/`).join(", ")}`,
    ...(afterPlay ? ["", ...afterPlaying(scenario)] : []),
  ];
  io.stdout([fitted(before.join("\n"), width), actions, fitted(after.join("\n"), width)].join("\n") + "\n");
  return 0;
}

/** The command that shows what the page keeps under "After you have played". */
const afterCommand = (scenario: GameScenario) => `npm run gameday -- show ${scenario.id} --after`;

/**
 * What the scenario's page keeps under "After you have played": what was going on, and par on the
 * scenario's seed, its actions and why.
 */
function afterPlaying(scenario: GameScenario): string[] {
  return [
    "after you have played: what was going on, and how par played it",
    `  ${scenario.cause}`,
    `  ${parPlayedText(scenario)}`,
  ];
}

async function play(scenario: GameScenario, args: ParsedArgs, io: Io, options: RunOptions): Promise<number> {
  const actionsFile = args.options.get("actions")?.at(-1);
  const policyFile = args.options.get("policy")?.at(-1);
  // Given but empty (`--actions ""`) is given: userFile says it names no file.
  if (actionsFile !== undefined && policyFile !== undefined)
    throw new UsageError(
      "--actions and --policy cannot be used together: play either a log (--actions <log.json>) or a policy (--policy <file.ts>)",
    );
  if (actionsFile === undefined && policyFile === undefined)
    throw new UsageError("play needs one of --actions <log.json> or --policy <file.ts>");
  // The path as typed names the file in messages; `path` is where it is (userPath).
  const file = (actionsFile ?? policyFile)!;
  // The seed first: a line's own mistake is said before the file it names is looked for.
  let seed = seedOption(args, scenario.seed);
  const path = userFile(io, file, actionsFile !== undefined ? "one .json file" : "one .ts file");
  let log: LogEntry[];
  let refused: { at: number; action: string; target: string | null; why: string }[] = [];
  if (actionsFile !== undefined) {
    let parsed: ParsedLog;
    let text: string;
    try {
      text = readFileSync(path, "utf8");
    } catch (error) {
      throw new UsageError(
        `cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
      );
    }
    try {
      parsed = parseLog(text, scenario);
    } catch (error) {
      if (error instanceof LogFormatError) throw new UsageError(`${file}: ${error.message}`);
      throw error;
    }
    if (parsed.seed !== undefined) {
      if (args.options.has("seed") && parsed.seed !== seed)
        throw new UsageError(`${file} was played with seed ${parsed.seed}; --seed ${seed} contradicts it`);
      seed = parsed.seed;
    }
    log = parsed.entries;
  } else {
    const { runPolicyFile } = await import("./gameday-policy.ts");
    const run = await runPolicyFile(path, scenario, seed, file, options.policyTimeoutMs);
    if (!run.ok) {
      io.stderr(`${run.message}\n`);
      return run.stopped ? 124 : 1;
    }
    log = run.log;
    refused = run.refused;
    // On stderr, so that --json's output stays the summary alone.
    if (run.printed) io.stderr(`${run.printed}\n`);
  }
  let summary: GameSummary;
  try {
    summary = summarize(scenario, seed, log);
  } catch (error) {
    if (error instanceof GameRuleError) throw new UsageError(`${file}: ${error.message}`);
    throw error;
  }
  if (args.flags.has("json")) {
    io.stdout(JSON.stringify(summary, null, 2) + "\n");
    return 0;
  }
  let text = summaryText(summary, scenario);
  if (policyFile !== undefined) {
    text += `\nyour policy took ${countOf(log.length, "action")}; par is ${tenantMinutesText(summary.par.tenantMinutes)} tenant-minutes.\n`;
    for (const r of refused.slice(0, 10))
      text += `  refused at ${clock(r.at)}: ${r.action}${r.target ? ` ${r.target}` : ""} (${r.why})\n`;
    if (refused.length > 10) text += `  ... and ${refused.length - 10} more refused\n`;
  }
  // Played: par's actions on this seed, as the page shows them once a game has ended.
  text += `\npar on seed ${summary.seed}: ${logText(onSeed(scenario, summary.seed).reference)}.\nwhat was going on, and why par plays so: ${afterCommand(scenario)}\n`;
  io.stdout(fitted(text, outputWidth(io)));
  return 0;
}

/** How a run is made other than by its arguments: tests stop a runaway policy sooner than its game's limit (gameday-limit.ts). */
interface RunOptions {
  policyTimeoutMs?: number;
}

/**
 * The command, in process: returns its exit code; usage errors and bad logs are written to
 * `io.stderr` (code 2), and so is a policy that failed (1) or was stopped at its time limit (124).
 */
export async function run(argv: string[], io: Io, options: RunOptions = {}): Promise<number> {
  return runMain(() => command(argv, io, options), io);
}

/** Each command and the options it takes (besides --help); any other is a usage error naming both. */
const commandOptions: Readonly<Record<string, Takes>> = {
  list: {},
  show: { flags: ["after"] },
  play: { options: ["actions", "policy", "seed"], flags: ["json"] },
};

async function command(argv: string[], io: Io, options: RunOptions): Promise<number> {
  const line = parseCommandArgs(argv, commandOptions);
  const [command, name, ...rest] = line.positional;
  const commands = Object.keys(commandOptions);
  const done = helpOrMissing(
    command,
    gamedayUsage(outputWidth(io)),
    `name a command: ${listNames(commands, "or")}`,
    io,
    line.flags.has("help"),
    { kind: "command", known: commands, typed: name },
  );
  if (done !== undefined) return done;
  if (!Object.hasOwn(commandOptions, command!)) throw new UsageError(unknownName("command", command!, commands));
  const args = line.ownOptions(command!);
  switch (command) {
    case "list":
      if (name !== undefined) throw new UsageError(`list takes no argument (got "${name}")`);
      return list(io);
    case "show":
      if (rest.length) throw new UsageError(`show takes one scenario (got "${rest[0]}" too)`);
      return show(scenarioArg(name), io, args.flags.has("after"));
    default:
      if (rest.length) throw new UsageError(`play takes one scenario (got "${rest[0]}" too)`);
      return play(scenarioArg(name), args, io, options);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runAsProcess((argv, io) => run(argv, io));
