/**
 * `npm run sim -- retry-storm`: replay the retry-storm incident in the terminal, with any
 * defences switched on and any parameter changed, and print the summary as a table or JSON.
 */
import { numberOption, parseArgs, table, UsageError } from "../args.ts";
import type { SimCommand } from "./command.ts";
import {
  checkParameter,
  defaultScenario,
  defenceDescriptions,
  defenceNames,
  parameterSpecs,
  runRetryStorm,
  type DefenceName,
  type Parameters,
} from "../../sim/retry-storm/index.ts";

function help(): string {
  const param = (p: (typeof parameterSpecs)[number]) => {
    const value = p.default === null ? "none" : String(p.default);
    const range = p.choices ? p.choices.join(" | ") : `${p.min ?? ""}..${p.max ?? ""}${p.nullable ? " or none" : ""}`;
    return [`  ${p.name}`, `${value}${p.unit ? " " + p.unit : ""}`, range, p.description];
  };
  const parameterTable = (defence?: DefenceName) =>
    table([
      ["  name", "default", "allowed", "meaning"],
      ...parameterSpecs.filter((p) => p.defence === defence).map(param),
    ]);
  const lines = [
    "usage: npm run sim -- retry-storm [--defences bulkhead,breaker,budget,jitter,timeout,shed] [--seed N] [--set name=value ...] [--json]",
    "",
    "Simulates the retry storm: pricing slows down for a few seconds, every caller retries while",
    "holding a pooled connection, and the shared pool stays exhausted long after pricing recovered.",
    "Times are seconds from the moment the trigger starts.",
    "",
    "options:",
    "  --defences LIST   comma-separated defences to switch on, or all, or none (default none)",
    "  --seed N          random seed, a whole number (default 1)",
    "  --set NAME=VALUE  change a parameter (repeatable); VALUE may be none where allowed",
    "  --json            print the summary as JSON instead of a table",
    "  --help            this text",
    "",
    "defences:",
    ...defenceNames.map((d) => `  ${d.padEnd(9)} ${defenceDescriptions[d]}`),
    "",
    "parameters (name, default and unit, allowed values, meaning):",
    parameterTable(),
    ...defenceNames.flatMap((d) => ["", `${d} parameters (used when --defences includes ${d}):`, parameterTable(d)]),
  ];
  return lines.join("\n") + "\n";
}

function parseDefences(values: string[] | undefined): DefenceName[] {
  const chosen = new Set<DefenceName>();
  for (const value of values ?? []) {
    for (const raw of value
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean)) {
      if (raw === "all") for (const d of defenceNames) chosen.add(d);
      else if (raw === "none") continue;
      else if ((defenceNames as readonly string[]).includes(raw)) chosen.add(raw as DefenceName);
      else throw new UsageError(`unknown defence "${raw}"; choose from ${defenceNames.join(", ")} (or all, none)`);
    }
  }
  return defenceNames.filter((d) => chosen.has(d));
}

function parseSets(values: string[] | undefined): Parameters {
  const params: Parameters = {};
  for (const item of values ?? []) {
    const eq = item.indexOf("=");
    if (eq <= 0) throw new UsageError(`--set needs name=value, got "${item}"`);
    const name = item.slice(0, eq).trim();
    const raw = item.slice(eq + 1).trim();
    try {
      params[name] = checkParameter(name, raw);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }
  return params;
}

const seconds = (x: number | null) => (x === null ? "never" : `${x} s`);

const command: SimCommand = {
  run(argv) {
    const args = parseArgs(argv, { options: ["defences", "seed", "set"], flags: ["json", "help"] });
    if (args.flags.has("help")) {
      process.stdout.write(help());
      return 0;
    }
    if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
    const scenario = defaultScenario({
      seed: numberOption(args, "seed", 1, { min: -(2 ** 31), max: 2 ** 31, integer: true }),
      defences: parseDefences(args.options.get("defences")),
      params: parseSets(args.options.get("set")),
    });
    const { summary, wallMillis } = runRetryStorm(scenario);
    if (args.flags.has("json")) {
      const out = { ...summary, wallMillis: Math.round(wallMillis * 10) / 10, parameters: scenario.params };
      process.stdout.write(JSON.stringify(out, null, 2) + "\n");
      return 0;
    }
    const percent = (x: number) => `${(x * 100).toFixed(2)}%`;
    const lines = [
      `retry storm, seed ${summary.seed}, defences: ${summary.defences.length ? summary.defences.join(", ") : "none (the naive loop)"}`,
      "",
      table([
        ["measure", "value"],
        ["trigger (pricing slow)", `${summary.triggerSeconds} s`],
        ["intervention", summary.interventionSeconds === null ? "none" : `at ${summary.interventionSeconds} s`],
        ["pool exhausted", summary.poolExhaustedSeconds === null ? "never" : `at ${summary.poolExhaustedSeconds} s`],
        [
          "recovered",
          summary.recovered ? `yes, ${seconds(summary.recoverySeconds)} after the trigger ended` : "not recovered",
        ],
        [
          "amplification",
          `${summary.amplification} tries per request (${summary.dependencyAmplification} dependency calls)`,
        ],
        ["abandoned work", `${summary.abandonedWork} tries held a connection for a caller who had left`],
        ["breaker openings", String(summary.breakerOpenings)],
        ["events", `${summary.events} in ${wallMillis.toFixed(0)} ms`],
      ]),
      "",
      table([
        ["service", "calls", "requests", "succeeded", "failed", "success"],
        ...summary.services.map((s) => [
          s.name,
          s.dependency,
          String(s.requests),
          String(s.succeeded),
          String(s.failed),
          percent(s.successRate),
        ]),
      ]),
    ];
    process.stdout.write(lines.join("\n") + "\n");
    return 0;
  },
};

export default command;
