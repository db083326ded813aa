/**
 * `npm run sim -- retry-storm`: replay the retry-storm incident in the terminal, with any
 * defences switched on and any parameter changed, and print the summary as a table or JSON.
 */
import {
  didYouMean,
  ignoredSettings,
  parseArgs,
  processIo,
  seedHelp,
  seedOption,
  shownValue,
  table,
  UsageError,
} from "../args.ts";
import { errorWidth, fitLines, fitMessage, fitUsage, outputWidth, wrapLine } from "../terminal-width.ts";
import type { SimCommand } from "./command.ts";
import {
  checkParameter,
  interventionAfterEnd,
  defaultScenario,
  defenceDescriptions,
  defenceNames,
  parameterSpec,
  parameterSpecs,
  summarizeRetryStorm,
  type DefenceName,
  type Parameters,
  type ParameterSpec,
  type RetryStormSummary,
  timesOutWaiting,
} from "../../sim/retry-storm/index.ts";
import { refusalWords } from "../../sim/retry-storm/metrics.ts";
import { retryStormEventLimit, runSizeProblem } from "../../sim/retry-storm/run-size.ts";
import { asGiven, grouped, nounFor, percent, perRequest, secondsOrMinutes } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";

/**
 * The usage, fitted to `width` (a terminal's, outputWidth) by the rules of every command's help:
 * its prose and options by fitUsage, each defence's description under its column, the parameter
 * tables wrapped in their columns or one parameter after another (table). As written when
 * `width` is undefined (a pipe, a file).
 */
function help(width: number | undefined): string {
  // Numbers as the course writes them, thousands grouped ("1..1,000", "2,500 ms"), as the errors
  // for the same parameters state their bounds.
  const number = (n: number | string) => (typeof n === "number" ? asGiven(n) : n);
  // A range from its low end to its high end, both allowed ("1..1,000"); a strict lower bound is
  // the same range with that end taken out ("0..10, not 0"), where ">0..10" read as a symbol.
  const param = (p: ParameterSpec) => {
    const value = p.default === null ? "none" : number(p.default);
    const lowest = p.above ?? p.min;
    const low = lowest === undefined ? "" : number(lowest);
    const high = p.max === undefined ? "" : number(p.max);
    const without = p.above === undefined ? "" : `, not ${number(p.above)}`;
    const range = p.choices
      ? p.choices.join(" | ")
      : `${low}..${high}${without}${p.nullable ? `${without && ","} or none` : ""}`;
    return [p.name, `${value}${p.unit ? " " + p.unit : ""}`, range, p.description];
  };
  // Indented as a whole, so the dashes under the header start where its names do.
  const parameterTable = (defence?: DefenceName) =>
    table(
      [
        ["name", "default", "allowed", "meaning"],
        ...(parameterSpecs as readonly ParameterSpec[]).filter((p) => p.defence === defence).map(param),
      ],
      width === undefined ? undefined : width - 2,
    ).replace(/^/gm, "  ");
  // A defence's name and its description, in two columns (the description's column after the name's).
  const nameColumn = Math.max(...defenceNames.map((d) => d.length)) + 1;
  const defenceLine = (d: DefenceName) => {
    const line = `  ${d.padEnd(nameColumn)} ${defenceDescriptions[d]}`;
    return width === undefined ? line : wrapLine(line, width, undefined, { gapAt: nameColumn + 3 });
  };
  const heading = (text: string) => fitLines(text, width);
  const prose = [
    "usage: npm run sim -- retry-storm [--defences bulkhead,breaker,budget,jitter,timeout,shed] [--seed N] [--set name=value ...] [--json]",
    "",
    "Simulates the retry storm: pricing slows down for a few seconds, every caller retries while",
    "holding a pooled connection, and the shared pool stays full, serving callers who already gave",
    "up, long after pricing recovered. Times are seconds from the moment the trigger starts; success",
    "is counted over the incident (from the trigger to recovery, the intervention or the run's end).",
    "",
    "options:",
    "  --defences LIST   comma-separated defences to switch on, or all, or none (default none)",
    `  --seed N          random seed, ${seedHelp} (default 1)`,
    "  --set NAME=VALUE  change a parameter (repeatable); VALUE may be none where allowed",
    "  --json            print the summary as JSON instead of a table",
    "  --help            this text",
    "",
    "cost limit:",
    `  a run may take at most ${grouped(retryStormEventLimit)} events. Before it starts, the events it could take are`,
    "  bounded from its parameters (requests over the warm-up and duration at the load, tries per",
    "  request, calls per try): a run over the limit is refused, naming the longest duration that fits.",
  ];
  const lines = [
    fitUsage(prose.join("\n"), width),
    "",
    "defences:",
    ...defenceNames.map(defenceLine),
    "",
    heading("parameters (name, default and unit, allowed values, meaning):"),
    parameterTable(),
    ...defenceNames.flatMap((d) => [
      "",
      heading(`${d} parameters (used when --defences includes ${d}):`),
      parameterTable(d),
    ]),
  ];
  return lines.join("\n") + "\n";
}

/** What --defences takes, as its errors name it. */
const defencesAllowed = `${listNames(defenceNames)}, or all or none`;

/**
 * The defences --defences names. A value that names none (`--defences ""`, `--defences ,`, most
 * often an empty shell variable) is refused rather than read as no defences: the help's word for
 * that is `none`, and a script whose list came out empty would otherwise run the naive loop and
 * report it as the experiment it meant. An empty item in a list (`jitter,,`, `jitter,$EXTRA` with
 * EXTRA unset) is refused as an unknown name is: dropped, it would run fewer defences than meant.
 */
function parseDefences(values: string[] | undefined): DefenceName[] {
  const items = (values ?? []).map((value) => value.split(",").map((s) => s.trim()));
  const lists = items.map((list) => list.filter(Boolean));
  const empty = (values ?? []).find((_, i) => lists[i]!.length === 0);
  if (empty !== undefined)
    throw new UsageError(
      `--defences "${empty}" names no defence: give none to run without defences (the naive loop), all for every one, or a list such as breaker,budget`,
    );
  const gap = (values ?? []).find((_, i) => items[i]!.includes(""));
  if (gap !== undefined)
    throw new UsageError(
      `--defences "${gap}" has an empty name (nothing between two commas, or a comma at an end); choose from ${defencesAllowed}`,
    );
  const words = new Set(lists.flat());
  // "all,none" or "none,breaker" contradicts itself; picking one reading silently would run a
  // different experiment from the one the learner may have meant.
  for (const word of ["all", "none"])
    if (words.has(word) && words.size > 1)
      throw new UsageError(
        `--defences ${word} cannot be combined with other defences (got ${[...words].join(",")}); give ${word} alone, or a list of defences`,
      );
  const chosen = new Set<DefenceName>();
  for (const raw of words) {
    if (raw === "all") for (const d of defenceNames) chosen.add(d);
    else if (raw === "none") continue;
    else if ((defenceNames as readonly string[]).includes(raw)) chosen.add(raw as DefenceName);
    else throw new UsageError(`unknown defence "${raw}"; choose from ${defencesAllowed}`);
  }
  return defenceNames.filter((d) => chosen.has(d));
}

/**
 * The parameters --set changes. A parameter set twice is refused, naming it and both values, as
 * an option given twice is (args.ts): read as its last value, one of the two would be dropped
 * without a word.
 */
function parseSets(values: string[] | undefined): Partial<Parameters> {
  const params: Record<string, unknown> = {};
  const given = new Map<string, string>();
  for (const item of values ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--set needs name=value, got "${item}"`);
    const name = item.slice(0, eq).trim();
    const raw = item.slice(eq + 1).trim();
    const before = given.get(name);
    if (before !== undefined)
      throw new UsageError(
        `--set ${name} given twice (${shownValue(before)} and ${shownValue(raw)}): set each parameter once`,
      );
    given.set(name, raw);
    // A name it does not have gets the names near it first, as a misspelt simulation or id does.
    if (parameterSpec(name) === undefined) {
      const names = parameterSpecs.map((p) => p.name);
      throw new UsageError(`unknown parameter "${name}"${didYouMean(name, names)}; known: ${names.join(", ")}`);
    }
    try {
      params[name] = checkParameter(name, raw);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return params as Partial<Parameters>;
}

/**
 * A moment of the run as the replay's page writes it (its markers and summary): tenths of a
 * second below two minutes, then minutes and seconds ("at 0.5 s", "at 82.7 s", "at 11 min").
 */
const at = (x: number | null) => (x === null ? "never" : `at ${secondsOrMinutes(x)}`);

/**
 * The tries shedding turned away at once, without a wait: when the first was and how many in all
 * ("at 0.6 s, 1,782 tries in all"); "never" where none was, and why, with shedding off.
 */
function shedding(summary: RetryStormSummary): string {
  if (!summary.defences.includes("shed")) return "never (shedding is off)";
  const n = summary.triesShed;
  return n === 0 ? "never" : `${at(summary.firstShedSeconds)}, ${grouped(n)} ${nounFor(n, "try", "tries")} in all`;
}

/**
 * How the outage ended, in words: by itself, only when operators stepped in, or not at all; or,
 * when no request arrived (load 0), that there was nothing to measure a recovery by.
 */
function recovery(summary: RetryStormSummary): string {
  if (summary.services.every((s) => s.requests === 0)) return "nothing to recover: no request arrived";
  if (summary.recoveredBy === "intervention")
    return `only at the intervention (${secondsOrMinutes(summary.interventionSeconds!)})`;
  if (summary.recoveredBy === "self")
    return `yes, by itself, ${secondsOrMinutes(summary.recoverySeconds!)} after the trigger ended`;
  return "not recovered";
}

const command: SimCommand = {
  run(argv, io = processIo) {
    const args = parseArgs(argv, "retry-storm", {
      options: ["defences", "seed", "set"],
      flags: ["json"],
      repeats: ["defences", "set"],
    });
    if (args.flags.has("help")) {
      io.stdout(help(outputWidth(io)));
      return 0;
    }
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    const sets = parseSets(args.options.get("set"));
    const end = interventionAfterEnd(sets);
    if (end !== null)
      throw new UsageError(
        `intervention must be before the run ends, at ${secondsOrMinutes(end)} (got ${secondsOrMinutes(sets.intervention as number)}): operators would never step in; for none, --set intervention=none`,
      );
    const scenario = defaultScenario({
      seed: seedOption(args, 1),
      defences: parseDefences(args.options.get("defences")),
      params: sets,
    });
    // Refuse up front what would run for minutes, saying which limit and how to stay under it.
    const size = runSizeProblem(scenario);
    if (size) throw new UsageError(size);
    const defenceOf = (name: string) => parameterSpec(name)?.defence;
    for (const line of ignoredSettings(Object.keys(sets), defenceOf, scenario.defences, (d) => `add --defences ${d}`))
      io.stderr(`${fitMessage(line, errorWidth(io))}\n`);
    const { summary, wallMillis } = summarizeRetryStorm(scenario);
    if (args.flags.has("json")) {
      const out = { ...summary, wallMillis: Math.round(wallMillis * 10) / 10, parameters: scenario.params };
      io.stdout(JSON.stringify(out, null, 2) + "\n");
      return 0;
    }
    // One decimal, as the pages write a service's success over the incident (the bulkheads table, the replay).
    const success = (x: number | null) => (x === null ? "no requests" : percent(x));
    const window = `0 to ${secondsOrMinutes(summary.incidentEndSeconds)}`;
    const incidentEnd =
      summary.recoveredBy === "self"
        ? `its recovery, ${window}`
        : summary.recoveredBy === "intervention"
          ? `the intervention, ${window}`
          : `the end of the run, ${window}`;
    // Fitted to a terminal (outputWidth): the sentences wrapped, each table wrapped in its columns
    // or, too narrow for them, one record after another (table). As written in a pipe.
    const width = outputWidth(io);
    const lines = [
      fitLines(
        `retry storm, seed ${summary.seed}, defences: ${summary.defences.length ? summary.defences.join(", ") : "none (the naive loop)"}`,
        width,
      ),
      "",
      table(
        [
          ["measure", "value"],
          ["trigger (pricing slow)", secondsOrMinutes(summary.triggerSeconds)],
          ["intervention", summary.interventionSeconds === null ? "none" : at(summary.interventionSeconds)],
          ["pool full (callers wait)", at(summary.poolFullSeconds)],
          ["goodput gone (search, accounts)", at(summary.goodputZeroSeconds)],
          // The replay's summary says it in the same words: a wait that reached the acquire
          // timeout; shedding's refusals, made without a wait, are the row after.
          [`first try ${timesOutWaiting}`, at(summary.firstRefusalSeconds)],
          [refusalWords.shed, shedding(summary)],
          ["recovered", recovery(summary)],
          [
            "amplification",
            // Both are null together: with no request there is nothing to divide by.
            summary.amplification === null || summary.dependencyAmplification === null
              ? "no request arrived, so no tries per request"
              : // Two decimals, as the page's summary and run sheets write them ("4.65", "1.00"), by one rule.
                `${perRequest(summary.amplification)} tries per request (${perRequest(summary.dependencyAmplification)} dependency calls)`,
          ],
          ["abandoned work", `${grouped(summary.abandonedWork)} tries held a connection for a caller who had left`],
          ["breaker openings", grouped(summary.breakerOpenings)],
          ["events", `${grouped(summary.events)} in ${grouped(wallMillis)} ms`],
        ],
        width,
      ),
      "",
      fitLines(`during the incident (requests arriving from the trigger to ${incidentEnd}):`, width),
      table(
        [
          ["service", "calls", "requests", "succeeded", "failed", "success"],
          ...summary.services.map((s) => [
            s.name,
            s.dependency,
            grouped(s.incidentRequests),
            grouped(s.incidentSucceeded),
            grouped(s.incidentRequests - s.incidentSucceeded),
            success(s.incidentSuccessRate),
          ]),
        ],
        width,
      ),
    ];
    io.stdout(lines.join("\n") + "\n");
    return 0;
  },
};

export default command;
