/**
 * Result codes: a short text that holds a game day run (scenario, seed, action log), the
 * player's name and the score they saw, with check digits. A workshop's results board reads
 * codes from many browsers and plays every log again itself, so the score it shows is always
 * the one the actions earn: a code whose score was edited does not match its log and is
 * refused, and a code changed in any other way fails its check digits (or its log fails to play).
 * With its check digits recomputed (anyone can), a code in a form the game never writes is
 * refused (`decodeRun`), and one under another name reads as that name's run, which the board
 * marks as having the actions of the run it came from (`copiesAmong` in board.ts).
 *
 *   GD2-gf-1-Ada-3516-1200eh6-1vwgape
 *   |   |  | |   |    |       check digits (FNV-1a of everything before, base 36)
 *   |   |  | |   |    entries: tenths of a second, the action's two letters, the target's number
 *   |   |  | |   the score seen: tenant-minutes x 1000
 *   |   |  | the player's name (letters, digits, underscores)
 *   |   |  seed
 *   |   the scenario's two letters
 *   format version
 *
 * The check digits catch typing slips and casual edits; they are not a signature (anyone can
 * compute them). What makes a score trustworthy is that the board computes it from the log.
 */
import { hashName, readSeed, seedRule } from "../random.ts";
import { actionCatalogue } from "./actions.ts";
import { codeInLink } from "./code-link.ts";
import { maxLogEntries } from "./log.ts";
import { listNames } from "../../format/words.ts";
import { grayHostOf, poisonTenantOf, scenarios, type GameScenario, type LogEntry } from "./scenarios.ts";

export const codeVersion = "GD2";
/**
 * A whole code, for messages that show what one looks like: the gray failure on seed 1, h07 ejected
 * at 120 s, the score those actions earn (code.test.ts holds it to the board's own check).
 */
export const exampleCode = `${codeVersion}-gf-1-Ada-3516-1200eh6-1vwgape`;

/**
 * The format before this one. GD1 and GD2 differ only in where two scenarios put their fault: in
 * GD1 the gray failure's slow host was h07 and the fixed groups' poison tenant t07 on every seed;
 * since GD2 the seed draws them. A GD1 code of either plays again as it was played only on a seed
 * that still draws that place; any other GD1 code is read as it always was. Refused, not called
 * edited: the player did nothing wrong. Still read (in the form GD1 wrote, and no other) because
 * the site wrote GD1 codes until GD2 came, and a participant may bring one; the board lists such a
 * run under its GD2 code (`runKey`), so its two codes are one row.
 */
const earlierVersion = "GD1";
const earlierPlaces: Record<string, { before: string; now: (seed: number) => string }> = {
  gf: { before: "h07", now: grayHostOf },
  pf: { before: "t07", now: poisonTenantOf },
};
/** Longest name a code carries. */
export const maxNameLength = 24;

export interface RunCode {
  scenario: GameScenario;
  seed: number;
  name: string;
  /** The tenant-minutes the player saw, as the code claims it. */
  claimedTenantMinutes: number;
  log: LogEntry[];
}

export class CodeError extends RangeError {}

/** A name as a code holds it: letters, digits and underscores (spaces become underscores), at most 24. */
export function codeName(name: string): string {
  const cleaned = name
    .trim()
    .replace(/\s+/g, "_")
    .replace(/[^A-Za-z0-9_]/g, "")
    .slice(0, maxNameLength);
  return cleaned === "" ? "anonymous" : cleaned;
}

/** 32-bit FNV-1a (RFC 9923, draft-eastlake-fnv; see hashName in ../random.ts) of the code so far, base 36. */
function checkDigits(text: string): string {
  return hashName(text).toString(36);
}

/**
 * Why a code whose scenario part names no game day of this course is refused: the part, quoted
 * where it is readable (letters and digits, at most eight: markup or a long run of text is not
 * echoed), the letters the course's game days have, and whether its check digits match too (if
 * they do, another version of the course made it; if not, it was mistyped or changed).
 */
export function unknownScenarioText(part: string, intact: boolean): string {
  const named = /^[A-Za-z0-9]{1,8}$/.test(part) ? ` "${part}"` : "";
  const known = listNames(scenarios.map((s) => s.code).sort());
  const why = intact
    ? "it may come from another version of the course"
    : "and its check digits do not match: it was mistyped or changed after it was made (copy it again, whole)";
  return `unknown scenario${named}: no game day of this course has that code (theirs are ${known})${intact ? "; " : ", "}${why}`;
}

export function encodeRun(run: RunCode): string {
  return writeRun(run, codeVersion);
}

/** `run` as the game of `version` wrote it (GD1 and GD2 write their fields alike). */
function writeRun(run: RunCode, version: string): string {
  const fields = [
    version,
    run.scenario.code,
    String(run.seed),
    codeName(run.name),
    String(Math.round(run.claimedTenantMinutes * 1000)),
    ...run.log.map((entry) => {
      const action = actionCatalogue.find((a) => a.id === entry.action)!;
      const offer = run.scenario.offers.find((o) => o.action === entry.action);
      const target = entry.target === undefined ? "" : String(offer?.targets?.indexOf(entry.target) ?? -1);
      return `${Math.round(entry.at * 10)}${action.code}${target}`;
    }),
  ];
  const body = fields.join("-");
  return `${body}-${checkDigits(body)}`;
}

/** What each field of a code holds, by its place, for a refusal that names one. */
function fieldName(place: number): string {
  return ["its version", "its scenario", "its seed", "its name", "its score"][place] ?? `its action ${place - 4}`;
}

/**
 * Read a code (or a link holding one after `#code=`). Throws a CodeError saying what is wrong:
 * not a code, damaged or edited, an unknown scenario or action, or not in the form the game writes
 * for the run it holds. Whether the log plays and the claimed score holds is for the board to
 * check by playing it.
 *
 * A code is read only as the game wrote it: one run has one code (two for a run GD1 wrote, whose
 * `runKey` is its GD2 code), so a results board that lists each code once lists each run once. A
 * seed, score or action time with a leading zero, check digits recomputed, is the same run in a
 * form no game writes, and is refused.
 */
export function decodeRun(input: string): RunCode {
  let text = input.trim();
  text = codeInLink(text) ?? text;
  const fields = text.split("-");
  const version = fields[0];
  if ((version !== codeVersion && version !== earlierVersion) || fields.length < 6)
    throw new CodeError(`not a game day result code (they look like ${exampleCode})`);
  const check = fields.pop()!;
  const intact = checkDigits(fields.join("-")) === check;
  const [, scenarioCode, seedText, name, scoreText, ...entries] = fields as [
    string,
    string,
    string,
    string,
    string,
    ...string[],
  ];
  const scenario = scenarios.find((s) => s.code === scenarioCode);
  // A scenario the course does not have is said as such, intact or not: "changed after it was
  // made" alone sent a facilitator to ask for a code that could never be read here.
  if (!scenario) throw new CodeError(unknownScenarioText(scenarioCode, intact));
  if (!intact)
    throw new CodeError(
      "this code was changed after it was made: its check digits do not match (copy it again, whole)",
    );
  // A name as encodeRun writes it, and no other: the page and the board show it as the player's.
  if (codeName(name) !== name)
    throw new CodeError(
      `the name "${name}" is not a name as a code writes it (letters, digits and underscores, 1 to ${maxNameLength})`,
    );
  if (readSeed(seedText) === undefined) throw new CodeError(`the seed "${seedText}" is not ${seedRule}`);
  const moved = version === earlierVersion ? earlierPlaces[scenario.code] : undefined;
  if (moved && moved.now(Number(seedText)) !== moved.before)
    throw new CodeError(
      `this code comes from an earlier version of the game day (${earlierVersion}), when "${scenario.title}" put its fault in the same place on every seed; on seed ${seedText} the fault has moved since, so its run cannot be played again as it was (play seed ${seedText} again for a new code)`,
    );
  if (!/^\d{1,12}$/.test(scoreText)) throw new CodeError(`the score "${scoreText}" is not a whole number`);
  if (entries.length > maxLogEntries)
    throw new CodeError(`the code holds ${entries.length} actions; at most ${maxLogEntries}`);
  const log = entries.map((raw, i): LogEntry => {
    const match = /^(\d{1,6})([a-z]{2})(\d{0,4})$/.exec(raw);
    if (!match) throw new CodeError(`action ${i + 1} of the code ("${raw}") is not in the code's format`);
    const action = actionCatalogue.find((a) => a.code === match[2]);
    if (!action) throw new CodeError(`action ${i + 1} of the code has an unknown action "${match[2]}"`);
    const at = Number(match[1]) / 10;
    if (match[3] === "") return { at, action: action.id };
    const targets = scenario.offers.find((o) => o.action === action.id)?.targets;
    const target = targets?.[Number(match[3])];
    if (target === undefined) throw new CodeError(`action ${i + 1} of the code aims at a target that does not exist`);
    return { at, action: action.id, target };
  });
  const run = { scenario, seed: Number(seedText), name, claimedTenantMinutes: Number(scoreText) / 1000, log };
  const written = writeRun(run, version).split("-");
  const place = fields.findIndex((field, i) => field !== written[i]);
  if (place >= 0)
    throw new CodeError(
      `not in the form the game writes: the game writes ${fieldName(place)} "${fields[place]}" as "${written[place]}", so this code was rewritten after the game made it (ask for the code as the game showed it)`,
    );
  return run;
}

/**
 * What the results board keys a run by: its code as this version writes it (a GD1 code's GD2
 * twin), so the same run pasted in both forms is one row; `text` itself when it holds no run.
 */
export function runKey(text: string): string {
  try {
    return encodeRun(decodeRun(text));
  } catch (error) {
    if (error instanceof CodeError) return text.trim();
    throw error;
  }
}
