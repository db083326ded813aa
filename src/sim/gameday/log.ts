/**
 * The action log as a file: what `npm run gameday -- play --actions log.json` reads and what the
 * page exports. Either a list of entries or an object that also names the scenario and seed:
 *
 *   { "scenario": "gray-failure", "seed": 1,
 *     "actions": [{ "at": 120, "action": "eject-host", "target": "h02" }] }
 *
 * `at` is seconds since the game started, in tenths; entries are in time order. This module
 * checks the shape; whether each action is possible when its time comes is the game's to say
 * (`playLog`), and both name the entry that is wrong.
 */
import { asGiven } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import { isSeed, seedRule } from "../random.ts";
import { isActionId } from "./actions.ts";
import type { GameScenario, LogEntry } from "./scenarios.ts";

/** Most entries a log may hold: enough for any game, few enough to score in a moment. */
export const maxLogEntries = 200;

export class LogFormatError extends RangeError {}

export interface ParsedLog {
  scenario?: string;
  seed?: number;
  entries: LogEntry[];
}

const entryFields = new Set(["at", "action", "target"]);

/** Read a log from JSON text, checking its shape against `scenario` (its length, its actions). */
export function parseLog(text: string, scenario: GameScenario): ParsedLog {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new LogFormatError(`the log is not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  return checkLog(data, scenario);
}

/** Check a log already parsed from JSON (or built in code). */
export function checkLog(data: unknown, scenario: GameScenario): ParsedLog {
  const shape =
    'a log is a list of entries like {"at": 120, "action": "eject-host", "target": "h02"}, or an object with an "actions" list';
  let list: unknown;
  const parsed: ParsedLog = { entries: [] };
  if (Array.isArray(data)) list = data;
  else if (data !== null && typeof data === "object") {
    const object = data as Record<string, unknown>;
    for (const key of Object.keys(object)) {
      if (!["scenario", "seed", "actions"].includes(key))
        throw new LogFormatError(`unknown field "${key}" (a log has scenario, seed and actions)`);
    }
    if (object.scenario !== undefined) {
      if (typeof object.scenario !== "string") throw new LogFormatError(`"scenario" must be a scenario's name`);
      if (object.scenario !== scenario.id)
        throw new LogFormatError(`the log is for the scenario "${object.scenario}", not "${scenario.id}"`);
      parsed.scenario = object.scenario;
    }
    if (object.seed !== undefined) {
      if (!isSeed(object.seed))
        throw new LogFormatError(`"seed" must be ${seedRule}, got ${JSON.stringify(object.seed)}`);
      parsed.seed = object.seed;
    }
    list = object.actions;
    if (!Array.isArray(list)) throw new LogFormatError(`"actions" must be a list; ${shape}`);
  } else throw new LogFormatError(shape);
  const entries = list as unknown[];
  if (entries.length > maxLogEntries)
    throw new LogFormatError(`the log has ${entries.length} entries; a game day log holds at most ${maxLogEntries}`);
  let previous = 0;
  entries.forEach((raw, i) => {
    const name = `entry ${i + 1}`;
    if (raw === null || typeof raw !== "object" || Array.isArray(raw))
      throw new LogFormatError(`${name}: must be an object like {"at": 120, "action": "eject-host"}`);
    const entry = raw as Record<string, unknown>;
    for (const key of Object.keys(entry)) {
      if (!entryFields.has(key))
        throw new LogFormatError(`${name}: unknown field "${key}" (an entry has at, action and target)`);
    }
    const { at, action, target } = entry;
    if (typeof at !== "number" || !Number.isFinite(at))
      throw new LogFormatError(`${name}: "at" must be a number of seconds, got ${JSON.stringify(at)}`);
    if (at < 0 || at >= scenario.seconds)
      throw new LogFormatError(
        `${name}: at ${asGiven(at)} s is outside the game (0 to ${asGiven(scenario.seconds)} s)`,
      );
    if (Math.round(at * 10) / 10 !== at) throw new LogFormatError(`${name}: "at" is in tenths of a second, got ${at}`);
    if (at < previous)
      throw new LogFormatError(
        `${name}: at ${asGiven(at)} s comes before the entry above it (${asGiven(previous)} s); entries go in time order`,
      );
    previous = at;
    if (typeof action !== "string") throw new LogFormatError(`${name}: "action" must be an action's name`);
    if (!isActionId(action) || !scenario.offers.some((o) => o.action === action))
      throw new LogFormatError(
        `${name}: unknown action "${action}"; ${scenario.id}'s actions are ${listNames(scenario.offers.map((o) => o.action))}`,
      );
    if (target !== undefined && typeof target !== "string")
      throw new LogFormatError(`${name}: "target" must be a name, got ${JSON.stringify(target)}`);
    parsed.entries.push(target === undefined ? { at, action } : { at, action, target });
  });
  return parsed;
}

/** The log as a file: the scenario, the seed and the entries, one entry a line. */
export function formatLog(scenario: string, seed: number, entries: readonly LogEntry[]): string {
  const lines = entries.map((e) => `    ${JSON.stringify(e)}`);
  return `{\n  "scenario": ${JSON.stringify(scenario)},\n  "seed": ${seed},\n  "actions": [${lines.length ? `\n${lines.join(",\n")}\n  ` : ""}]\n}\n`;
}
