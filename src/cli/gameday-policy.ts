/**
 * Running a learner's automated responder for `npm run gameday -- play --policy <file.ts>`: the
 * game and the policy run together inside the course's sandboxed runner (the same one that runs
 * playground programs). The action log the policy produced comes back through the runner's check
 * reporter (course/check-reporter), a module the course's entry file may import and the policy's
 * files may not, so it is the one channel the policy's code cannot write to: whatever the policy
 * prints, at any time, is only output. The log is then checked and scored here, outside the
 * sandbox, by replaying it in the game like any other log: nothing the policy prints can change its score.
 */
import { realpathSync } from "node:fs";
import { dirname, isAbsolute, join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { countOf } from "../format/number.ts";
import { listNames } from "../format/words.ts";
import { runInNode } from "../playground/node-host.ts";
import { ImportRefused, type ImportRule, requestForFile } from "../playground/node-files.ts";
import { errorText, outputLimits, type RunEvent, type RunError, visibleText } from "../playground/protocol.ts";
import { checkLog, LogFormatError } from "../sim/gameday/log.ts";
import { maxPolicyDecisions, type PolicyRun } from "../sim/gameday/policy.ts";
import { clock } from "../sim/gameday/report.ts";
import type { GameScenario, LogEntry } from "../sim/gameday/scenarios.ts";
import { limitText, policyRuleText, policyTimeoutMs } from "./gameday-limit.ts";

/**
 * What the terminal says of a policy stopped at its time limit, `timeoutMs` (policyTimeoutMs of
 * its game's length, gameday-limit.ts): the limit, its rule, and where to look. Before it (audit,
 * session 54) the run was silent for a minute, then exited 1.
 */
export function policyStoppedText(timeoutMs: number): string {
  const limit = limitText(timeoutMs);
  return `the policy was stopped after ${limit}: its game did not finish (an endless loop in the policy?), so there is no log to score. A game gets ${policyRuleText} (${limit} for this one): look in respond for a loop that never ends, or for work that grows each second, and print from it to see how far it gets`;
}

/** The name of the one report the course's entry makes: the run, as JSON in its message. */
const resultName = "gameday-policy-result";

export type PolicyFileRun =
  /** `printed` is what the policy printed, ready to show ("" if nothing), as printedText writes it. */
  | { ok: true; log: LogEntry[]; refused: PolicyRun["refused"]; printed: string }
  /** `stopped`: at its time limit (the command exits 124, as `npm run play` does). */
  | { ok: false; message: string; stopped?: boolean };

/** Most lines of a policy's output shown in the terminal: its last ones. */
export const printedLinesShown = 20;

/**
 * What a policy printed, for the terminal: its last `printedLinesShown` lines, indented under a
 * heading that says whose output it is and how much was left out, or "" when it printed nothing
 * (no newline at the end).
 * Each of `texts` is one thing it printed, which may hold several lines.
 */
export function printedText(texts: readonly string[]): string {
  if (texts.length === 0) return "";
  const lines = texts.flatMap((t) => visibleText(t).split("\n"));
  const shown = lines.slice(-printedLinesShown);
  const heading =
    shown.length < lines.length
      ? `the policy printed ${countOf(lines.length, "line")}; the last ${shown.length}:`
      : "the policy printed:";
  return `${heading}\n${shown.map((l) => `  ${l}`).join("\n")}`;
}

/** A failure's message, and under it what the policy printed (if anything). */
function withPrinted(message: string, texts: readonly string[]): string {
  const printed = printedText(texts);
  return printed ? `${message}\n${printed}` : message;
}

/**
 * Why a policy that went over maxPolicyDecisions was stopped, naming its first refused decision if
 * it had one. An action the scenario does not have comes first, with the ones it has: returned
 * every second, it is what ran the policy over the cap, and what to fix.
 */
export function tooManyDecisionsText(stoppedAt: number, refused: PolicyRun["refused"], scenario: GameScenario): string {
  const offered = scenario.offers.map((o) => o.action);
  const unknown = refused.find((r) => !(offered as readonly string[]).includes(r.action));
  const lead = unknown
    ? `unknown action "${unknown.action}" (first returned at ${clock(unknown.at)}); ${scenario.id}'s actions are ${listNames(offered)}. The policy was stopped: it`
    : "the policy";
  const first = refused[0];
  // The first refusal, unless it is the unknown action already named.
  const firstText =
    first && first !== unknown
      ? `, the first at ${clock(first.at)}: ${first.action}${first.target === null ? "" : ` ${first.target}`} (${first.why})`
      : "";
  const cause = first ? `; ${countOf(refused.length, "decision was", "decisions were")} refused${firstText}` : "";
  return visibleText(
    `${lead} made more than ${maxPolicyDecisions} decisions by ${clock(stoppedAt)}, and a game day log holds at most that many${cause}`,
  );
}

/** How a policy's file is written, for the messages that say it is not written so. */
const policyShape = "export default function respond(view) { ... }";

/**
 * Why the policy file `named` (as the learner typed it) cannot run, when its default export,
 * of the type `exported` ("undefined" when it has none), is not a function.
 */
export function notPolicyText(named: string, exported: string): string {
  const what =
    exported === "undefined"
      ? "it has no default export"
      : `its default export is ${exported === "null" ? "null" : `a${/^[aeiou]/.test(exported) ? "n" : ""} ${exported}`}, not a function`;
  return `${named} cannot run as a policy: ${what}; a policy is the function its file exports by default, ${policyShape}`;
}

/**
 * Why the policy in `named` (as the learner typed it) was stopped at second `at`: what it returned
 * then (`problem`, policy-answer.ts's answerProblem), and what it must return, with an action of
 * `scenario` as the example.
 */
export function wrongAnswerText(named: string, at: number, problem: string, scenario: GameScenario): string {
  const offer = scenario.offers[0];
  const example = offer
    ? `[{ action: "${offer.action}"${offer.targets?.[0] === undefined ? "" : `, target: "${offer.targets[0]}"`} }]`
    : "[]";
  return visibleText(
    `${named}'s policy returned ${problem} at ${clock(at)}, and was stopped there: a policy returns an array of actions each second, [] for none, such as ${example}`,
  );
}

/**
 * Where each of the policy's files (`keys`, relative to its folder, as requestForFile reads them;
 * policyImports keeps them all in it) goes in the run: under "learner/".
 */
export function learnerPaths(keys: readonly string[]): Map<string, string> {
  return new Map(keys.map((k) => [k, posix.normalize(`learner/${k}`)]));
}

/**
 * Why a policy cannot import a file, in the runner's refusals (a library module, "node:fs") and in
 * policyImports' (a file outside its folder, or one of the game's).
 */
export const policyImportsText =
  "a policy reads the dashboard's state it is given, and imports only its own files: those in its folder and the folders under it, none of the game's";

/** Whether `file` is in `folder` or a folder under it (both absolute). */
function within(folder: string, file: string): boolean {
  const path = relative(folder, file);
  return path !== "" && path !== ".." && !path.startsWith(`..${sep}`) && !isAbsolute(path);
}

/**
 * The rule for what the policy in `file` (absolute; `named` as the learner typed it) may import
 * (requestForFile reads each file an import reaches only if it allows it): a file in the policy's
 * folder or a folder under it, both as written and with every link followed, so that a link
 * cannot lead out of it; and none of `gameFiles` (real paths), the game's own sources, which hold
 * each scenario's answer and the game itself, even in the policy's folder (a policy beside the
 * course's src/). A refused import is named as the learner would read it, in the file that wrote it.
 */
export function policyImports(file: string, named: string, gameFiles: ReadonlySet<string>): ImportRule {
  const folder = dirname(file);
  const realFolder = realpathSync(folder);
  const shown = (path: string) => join(dirname(named), relative(folder, path));
  const folderShown = `${dirname(named) === "." ? "." : dirname(named)}${sep}`;
  return (target, specifier, from) => {
    const real = realpathSync(target);
    const why = !within(folder, target)
      ? `it is outside ${folderShown}, the policy's folder`
      : !within(realFolder, real)
        ? `it leads through a link to ${real}, outside ${folderShown}, the policy's folder`
        : gameFiles.has(real)
          ? "it is one of the game's own files"
          : undefined;
    return why && `${shown(from)} cannot import "${specifier}" (${why}): ${policyImportsText}`;
  };
}

/**
 * A run's error as the learner knows their policy: its files named as they would type them, beside
 * `named`, the file they gave (`inRun`, learnerPaths: each file's path in the run); a place in the
 * harness's own files (the game's, or the entry that runs the policy) left out, as none is theirs.
 * A file is named when the policy has more than one (locationText).
 */
export function learnerErrorText(error: RunError, named: string, inRun: ReadonlyMap<string, string>): string {
  const shown = (key: string) => join(dirname(named), key);
  const keyOf = new Map([...inRun].map(([key, path]) => [path, key]));
  // The runner names an importing file by its path in the run ("learner/fs.ts"), in its refusal.
  let message = error.message;
  for (const [key, path] of inRun) {
    const refusal = `Error: ${path} cannot import "`;
    if (message.startsWith(refusal)) message = `Error: ${shown(key)} cannot import "${message.slice(refusal.length)}`;
  }
  const key = error.file === undefined ? undefined : keyOf.get(error.file);
  const place = key === undefined ? {} : { ...error, file: shown(key) };
  return errorText({ ...place, message }, [...inRun.keys()].map(shown));
}

/**
 * Run the policy in `file` (absolute); `named` is the file as the learner typed it, for messages.
 * `timeoutMs` is the game's limit (policyTimeoutMs) but in tests, which stop an endless loop sooner.
 */
export async function runPolicyFile(
  file: string,
  scenario: GameScenario,
  seed: number,
  named = file,
  timeoutMs = policyTimeoutMs(scenario.seconds),
): Promise<PolicyFileRun> {
  // The learner's file and what it imports, under "learner/"; the game's own sources under "src/".
  const simEntry = fileURLToPath(new URL("../sim/gameday/policy.ts", import.meta.url));
  const sim = requestForFile(simEntry, timeoutMs);
  const gameFiles = new Set(Object.keys(sim.files).map((key) => realpathSync(join(dirname(simEntry), key))));
  let learner: ReturnType<typeof requestForFile>;
  try {
    learner = requestForFile(file, timeoutMs, policyImports(file, named, gameFiles));
  } catch (error) {
    if (error instanceof ImportRefused) return { ok: false, message: `the policy cannot run: ${error.message}` };
    throw error;
  }
  const inRun = learnerPaths(Object.keys(learner.files));
  const files: Record<string, string> = {};
  for (const [key, text] of Object.entries(learner.files)) files[inRun.get(key)!] = text;
  for (const [key, text] of Object.entries(sim.files)) files[posix.normalize(`src/sim/gameday/${key}`)] = text;
  files["main.ts"] = [
    `import { reporter } from "course/check-reporter";`,
    `import respond from "./${inRun.get(learner.entry)}";`,
    `import { findScenario } from "./src/sim/gameday/scenarios.ts";`,
    `import { runPolicy } from "./src/sim/gameday/policy.ts";`,
    // Not a function: what it is, for the terminal to say in the learner's words (notPolicyText).
    `if (typeof respond !== "function") reporter.report({ name: ${JSON.stringify(resultName)}, passed: false, message: respond === null ? "null" : typeof respond });`,
    `else reporter.report({ name: ${JSON.stringify(resultName)}, passed: true, message: JSON.stringify(runPolicy(findScenario(${JSON.stringify(scenario.id)})!, ${seed}, respond)) });`,
  ].join("\n");
  let output: string | undefined;
  let exported = true;
  const messages: string[] = [];
  const result = await runInNode(
    {
      files,
      entry: "main.ts",
      timeoutMs,
      // The policy is the learner's: its files may import each other and nothing else; the game's own
      // files (and the entry) are the course's.
      learner: { files: [...inRun.values()], closed: policyImportsText },
    },
    (event: RunEvent) => {
      // Only the course's entry can report (the policy's files cannot import the reporter), and it
      // reports once; a line the policy prints that looks like a result is only a line it printed.
      if (event.kind === "check") {
        if (event.name === resultName && output === undefined) {
          output = event.message ?? "";
          exported = event.passed;
        }
      } else if (event.kind !== "plot") messages.push(event.text);
    },
  );
  if (result.status === "timeout")
    return { ok: false, stopped: true, message: withPrinted(policyStoppedText(timeoutMs), messages) };
  if (result.status !== "ok") {
    const why = result.error ? learnerErrorText(result.error, named, inRun) : result.status;
    return { ok: false, message: withPrinted(`the policy failed: ${why}`, messages) };
  }
  if (output !== undefined && !exported)
    return { ok: false, message: withPrinted(notPolicyText(named, output), messages) };
  if (output === undefined) {
    // The runner drops everything after its output cap, the result too.
    const why = result.truncated
      ? `it printed more than the runner keeps (${countOf(outputLimits.lines, "line")}), so its result was cut off: print less`
      : "it reported no result";
    return { ok: false, message: `the policy's run did not produce a usable log: ${why}` };
  }
  let run: PolicyRun;
  try {
    run = JSON.parse(output) as PolicyRun;
    // The log came out of the sandbox: check it like any log from outside.
    run.log = checkLog(run.log, scenario).entries;
  } catch (error) {
    const why = error instanceof LogFormatError ? error.message : "its output could not be read";
    return { ok: false, message: `the policy's run did not produce a usable log: ${why}` };
  }
  const refused = Array.isArray(run.refused) ? run.refused : [];
  const wrong = run.wrongAnswer;
  if (typeof wrong?.at === "number" && typeof wrong.problem === "string")
    return { ok: false, message: withPrinted(wrongAnswerText(named, wrong.at, wrong.problem, scenario), messages) };
  if (typeof run.stoppedAt === "number")
    return { ok: false, message: withPrinted(tooManyDecisionsText(run.stoppedAt, refused, scenario), messages) };
  // A policy that runs but scores badly is debugged from what it printed, so that is shown too.
  return { ok: true, log: run.log, refused, printed: printedText(messages) };
}
