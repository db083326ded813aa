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
import type { StoredResults } from "./results.ts";
import { listNames } from "../../format/words.ts";
import { type GameScenario, scenarios } from "./scenarios.ts";

const regenerate = "npx vitest run --project unit src/sim/gameday/scenarios.test.ts -u";

// A cheap check of the shape, field by field: each returns what is wrong, or null. (Not zod, as
// src/course's schemas are: src/sim imports only src/sim and src/format, docs/ARCHITECTURE.md.)
type Check = (value: unknown) => string | null;
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
/** `problem` of the field or item `where`: ".less[1].tenantMinutes is not a number". */
const under = (where: string, problem: string) => (/^[.[]/.test(problem) ? where + problem : `${where} ${problem}`);
const number: Check = (v) => (typeof v === "number" && Number.isFinite(v) ? null : "is not a number");
const numberOrNull: Check = (v) => (v === null ? null : number(v));
const text: Check = (v) => (typeof v === "string" ? null : "is not a string");
const oneOf =
  (...values: string[]): Check =>
  (v) =>
    values.includes(v as string) ? null : `is not one of ${listNames(values, "or")}`;
const fields =
  (shape: Record<string, Check>): Check =>
  (v) => {
    if (!isObject(v)) return "is not an object";
    for (const [key, check] of Object.entries(shape)) {
      const problem = check(v[key]);
      if (problem) return under(`.${key}`, problem);
    }
    return null;
  };
const list =
  (item: Check): Check =>
  (v) => {
    if (!Array.isArray(v)) return "is not a list";
    for (const [i, entry] of v.entries()) {
      const problem = item(entry);
      if (problem) return under(`[${i}]`, problem);
    }
    return null;
  };
const score = fields({
  tenantMinutes: number,
  tenantsAffected: number,
  tenants: number,
  requests: number,
  badRequests: number,
  budgetConsumed: number,
  mitigatedAt: numberOrNull,
  timeToMitigate: numberOrNull,
  mitigation: oneOf("never over the line", "mitigated", "not mitigated"),
});
const alerts = list(
  fields({ rule: text, severity: oneOf("page", "ticket"), firedAt: number, resolvedAt: numberOrNull }),
);
const entry = fields({ at: number, action: text });
const shape = fields({
  doNothing: fields({ score, alerts, injects: list(fields({ at: number, text })) }),
  par: fields({ log: list(entry), score, alerts }),
  less: list(fields({ step: entry, tenantMinutes: number })),
  trap: fields({ entry, tenantMinutes: number }),
});

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why `value` cannot be the stored results of `scenario`, or null when it can. */
function problemWith(scenario: GameScenario, value: unknown): string | null {
  const problem = shape(value);
  if (problem) return `the file's ${problem.replace(/^\./, "")}`;
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
