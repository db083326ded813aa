/**
 * The game results the site's pages show, read from the goldens instead of played at build
 * time (`golden/<scenario>.json`, shaped and computed by results.ts; scenarios.test.ts fails
 * when a file is not exactly what the games give, and `npx vitest run --project unit
 * src/sim/gameday/scenarios.test.ts -u` writes them again).
 *
 * The files are read and checked when this module is imported, so a build with a scenario whose
 * file is missing, of an older shape, or made for another reference response or trap fails at
 * once, naming the scenario.
 */
import { z } from "zod";
import type { StoredResults } from "./results.ts";
import { type GameScenario, scenarios } from "./scenarios.ts";

const regenerate = "npx vitest run --project unit src/sim/gameday/scenarios.test.ts -u";

// The shape of a file (results.ts's StoredResults), checked with zod as the course's other
// stored data is (src/course/chapter-schema.ts). The log entries' actions are checked below,
// against the scenario itself.
const score = z.object({
  tenantMinutes: z.number(),
  tenantsAffected: z.number(),
  tenants: z.number(),
  requests: z.number(),
  badRequests: z.number(),
  budgetConsumed: z.number(),
  mitigatedAt: z.number().nullable(),
  timeToMitigate: z.number().nullable(),
  mitigation: z.enum(["never over the line", "mitigated", "not mitigated"]),
});
const alerts = z.array(
  z.object({
    rule: z.string(),
    severity: z.enum(["page", "ticket"]),
    firedAt: z.number(),
    resolvedAt: z.number().nullable(),
  }),
);
const entry = z.object({ at: z.number(), action: z.string(), target: z.string().optional() });
const shape = z.object({
  doNothing: z.object({ score, alerts, injects: z.array(z.object({ at: z.number(), text: z.string() })) }),
  par: z.object({ log: z.array(entry), score, alerts }),
  less: z.array(z.object({ step: entry, tenantMinutes: z.number() })),
  trap: z.object({ entry, tenantMinutes: z.number() }),
});

/**
 * What is wrong with the shape of `value`, the first problem only ("the file's
 * less[1].tenantMinutes is a string, not a number"), or null.
 */
function shapeProblem(value: unknown): string | null {
  const parsed = shape.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (!issue) return null;
  const where = issue.path.map((key, i) => (typeof key === "number" ? `[${key}]` : i === 0 ? key : `.${key}`)).join("");
  const what =
    issue.code !== "invalid_type"
      ? issue.message
      : issue.received === "undefined"
        ? "is missing"
        : `is ${/^[aeiou]/.test(issue.received) ? "an" : "a"} ${issue.received}, not ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
  return where ? `the file's ${where} ${what}` : `the file ${what}`;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why `value` cannot be the stored results of `scenario`, or null when it can. */
function problemWith(scenario: GameScenario, value: unknown): string | null {
  const problem = shapeProblem(value);
  if (problem) return problem;
  const stored = value as StoredResults;
  if (!same(stored.par.log, scenario.reference)) return "par's log is not the scenario's reference response";
  const steps = stored.less.map((play) => play.step);
  if (!same(steps, scenario.reference))
    return "the plays without one step are not one per step of the reference response";
  if (!same(stored.trap.entry, scenario.trap.entry)) return "the trap is not the scenario's trap";
  return null;
}

/**
 * Every scenario's stored results from the golden files (`./golden/<id>.json` to its parsed
 * content). Throws naming the scenario and the file when one is missing or does not fit, and a
 * file that belongs to no scenario.
 */
export function readStored(
  files: Record<string, unknown>,
  all: readonly GameScenario[] = scenarios,
): Map<string, StoredResults> {
  const byId = new Map<string, StoredResults>();
  const ids = new Set(all.map((s) => s.id));
  for (const path of Object.keys(files)) {
    const id = /^\.\/golden\/(.+)\.json$/.exec(path)?.[1];
    if (id === undefined || !ids.has(id))
      throw new Error(`src/sim/gameday/${path.replace(/^\.\//, "")} is stored game results for no scenario: delete it`);
  }
  for (const scenario of all) {
    const path = `./golden/${scenario.id}.json`;
    const where = `stored game results for scenario "${scenario.id}" (src/sim/gameday/golden/${scenario.id}.json)`;
    if (!(path in files)) throw new Error(`no ${where}; write them with ${regenerate}`);
    const problem = problemWith(scenario, files[path]);
    if (problem) throw new Error(`${where}: ${problem}; write them again with ${regenerate}`);
    byId.set(scenario.id, files[path] as StoredResults);
  }
  return byId;
}

const stored = readStored(import.meta.glob<unknown>("./golden/*.json", { eager: true, import: "default" }));

/** The stored results of `scenario`, checked against its definition when this module loaded. */
export function storedResults(scenario: GameScenario): StoredResults {
  const results = stored.get(scenario.id);
  if (!results) throw new Error(`no stored game results for "${scenario.id}", which is not one of the scenarios`);
  return results;
}
