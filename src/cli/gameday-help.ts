/**
 * `npm run gameday -- --help`, fitted to the terminal. Its prose is fitted as every command's usage
 * is (fitUsage). Its two examples, a log and a policy, are text to copy into a file, so they are
 * not wrapped as prose: each is one line where it fits, else broken only between its pieces, at
 * the places where JSON and JavaScript read it as they read the one line (fitExample).
 */
import { policyRuleText } from "./gameday-limit.ts";
import { seedHelp } from "./args.ts";
import { displayWidth, fillPieces, fitUsage } from "./terminal-width.ts";

/**
 * An example to copy, in the pieces it may be broken between: one line, its pieces a space apart,
 * where it fits. Broken, a log's pieces fill each line ("fill"), each line after the first two
 * spaces further in; a policy's go a piece a line ("each"), indented as code is, by each piece's
 * own leading spaces.
 */
export interface Example {
  pieces: readonly string[];
  breaks: "fill" | "each";
}

/** A log, as JSON: it may break after any comma between two members (none of its strings holds one). */
export const logExample: Example = {
  pieces:
    '{"scenario": "gray-failure", "seed": 1, "actions": [{"at": 120, "action": "eject-host", "target": "h02"}]}'.split(
      /(?<=,) /,
    ),
  breaks: "fill",
};

/**
 * A policy, as JavaScript: it may break before its body's brace, after it, before the condition's
 * "?" and ":", and before the closing brace; never after `return`, where JavaScript would end the
 * statement (and return nothing).
 */
export const policyExample: Example = {
  pieces: [
    "export default function respond(view)",
    "{",
    "  return view.alerts.length",
    '    ? [{ action: "retries-off" }]',
    "    : [];",
    "}",
  ],
  breaks: "each",
};

/**
 * `example` at `indent` spaces, fitted to `width`: on one line if it fits, else broken between its
 * pieces as `example.breaks` says (a piece wider than its line has one to itself). One line when
 * `width` is undefined (a pipe, a file).
 */
export function fitExample(example: Example, indent: number, width: number | undefined): string {
  const margin = " ".repeat(indent);
  const whole = margin + example.pieces.map((piece) => piece.trim()).join(" ");
  if (width === undefined || displayWidth(whole) <= width) return whole;
  if (example.breaks === "each") return example.pieces.map((piece) => margin + piece).join("\n");
  return fillPieces(margin + example.pieces[0]!, example.pieces.slice(1), `${margin}  `, width);
}

const commands = `usage: npm run gameday -- <command>

  list                                   the scenarios
  show <scenario>                        its briefing, actions, alerts, and the scores of doing nothing and of par
  show <scenario> --after                also what was going on, and how par played it (after you have played)
  play <scenario> --actions <log.json>   play an action log and print the score and debrief
  play <scenario> --policy <file.ts>     play your automated responder (runs sandboxed) and score it

options for play:
  --seed N    the scenario's seed, ${seedHelp} (default: the scenario's own, or the log's)
  --json      print the summary as JSON (the same bytes the page exports)
`;

/** The game day's usage, fitted to `width` (as written when it is undefined: a pipe, a file). */
export function gamedayUsage(width: number | undefined): string {
  return [
    fitUsage(commands, width),
    fitUsage(
      'A log is JSON, an object or just its list of actions; "at" is seconds since the start, in tenths, in time order:',
      width,
    ),
    fitExample(logExample, 2, width),
    fitUsage(
      "A policy file default-exports a function of the dashboard's state that returns an array of actions ([] for none):",
      width,
    ),
    fitExample(policyExample, 2, width),
    "",
    fitUsage(
      `exit codes: 0 ok, 1 the policy failed to run, 2 usage, or an invalid or impossible log, 124 the policy was stopped at its time limit (${policyRuleText})`,
      width,
    ),
  ].join("\n");
}
