/**
 * The four commands as a newcomer types them wrong and as someone trying to break them: bad
 * flags (beside good ones, given twice, with one dash), unknown ids (misspelt, not ASCII, thousands
 * of characters long), seeds that are not seeds, empty answers, paths and lists of defences. Each
 * is one message on stderr ("error: ...", then how to get the usage), nothing on stdout, exit 2,
 * never a stack. `--help` with any of them is the usage, exit 0; `--` before a name ends the options.
 */
import { describe, expect, test } from "vitest";
import { tempDir } from "../../tests/support/temp-dir.ts";
import { userFile, UsageError } from "./args.ts";
import type { Io } from "./args.ts";
import { runCaptured } from "./run-captured.test-helper.ts";
import { run as exercises } from "./exercises.ts";
import { run as gameday } from "./gameday.ts";
import { run as play } from "./play.ts";
import { run as sim } from "./sim.ts";
import { defenceNames } from "../sim/retry-storm/index.ts";

const home = tempDir("misuse");
const tools = { sim, gameday, play, exercises } as const;
type Tool = keyof typeof tools;

async function cli(tool: Tool, argv: string[], env: Io["env"] = {}) {
  return runCaptured(tools[tool], argv, {
    env: { BLAST_RADIUS_HOME: home, NO_COLOR: "1", ...env },
    cwd: process.cwd(),
  });
}

const seedRule = /^error: --seed must be a whole number from 0 to 4,294,967,295, written in digits only, got "/;

/** Each bad line, and the one message it gets. */
const misuses: [Tool, string[], RegExp][] = [
  // Flags no command takes, or another command's.
  ["sim", ["shuffle-shard", "--bogus"], /^error: shuffle-shard takes only --workers, .* \(got --bogus\)$/],
  ["gameday", ["list", "--seed", "3"], /^error: list takes no options \(got --seed\)$/],
  ["play", ["--json", "x.ts"], /^error: play takes only --timeout \(got --json\)$/],
  ["exercises", ["list", "--json"], /^error: list takes no options \(got --json\)$/],
  // An option written wrong with no command: the commands are named, not an empty one.
  [
    "exercises",
    ["--seed"],
    /^error: name a command: list, show, check, answer, hint, solution, import, watch or review$/,
  ],
  // Unknown names.
  ["sim", ["shuffle-shards"], /^error: unknown simulation "shuffle-shards" \(did you mean shuffle-shard\?\)/],
  // `help` and a simulation there is none of: refused as naming it to run is, not the general usage with exit 0.
  ["sim", ["help", "retry-strom"], /^error: unknown simulation "retry-strom" \(did you mean retry-storm\?\); use /],
  ["sim", ["help", "bogus"], /^error: unknown simulation "bogus"; use shuffle-shard, retry-storm or cells$/],
  // And a command there is none of, by every command the same way (helpOrMissing).
  ["gameday", ["help", "bogus"], /^error: unknown command "bogus"; use list, show or play$/],
  ["gameday", ["help", "sho"], /^error: unknown command "sho" \(did you mean show\?\); use list, show or play$/],
  ["exercises", ["help", "bogus"], /^error: unknown command "bogus"; use list, show, check, answer, /],
  ["exercises", ["help", "chek"], /^error: unknown command "chek" \(did you mean check\?\); use /],
  ["gameday", ["show", "gray-failur"], /^error: unknown scenario "gray-failur" \(did you mean gray-failure\?\)/],
  ["exercises", ["hint", "no-such-exercise"], /^error: no exercise is called "no-such-exercise"/],
  ["exercises", ["answer", "shuffle-shard-16-workers", "--part", "nope", "1"], /its parts are shuffle and fixed$/],
  // Seeds that are not seeds, for each command that takes one.
  ...(["abc", "-1", "4294967296", "99999999999999999999", "1e3", ""] as const).flatMap(
    (seed): [Tool, string[], RegExp][] => [
      ["sim", ["shuffle-shard", "--seed", seed], seedRule],
      ["sim", ["retry-storm", "--seed", seed], seedRule],
      ["gameday", ["play", "gray-failure", "--actions", "x.json", "--seed", seed], seedRule],
      ["exercises", ["show", "daily-disk-failures", "--seed", seed], seedRule],
    ],
  ),
  // Empty answers, ids and paths.
  // An answer given empty is said to be empty, with what its part takes (audit, session 54: it was
  // told to give an answer, which it had); one not given at all, to give one.
  [
    "exercises",
    ["answer", "shuffle-shard-16-workers", "--part", "shuffle", ""],
    /^error: the answer to \[shuffle\] is empty: give a number or a calculation$/,
  ],
  [
    "exercises",
    ["answer", "shuffle-shard-16-workers", "--part", "shuffle", "  "],
    /^error: the answer to \[shuffle\] is empty: give a number or a calculation$/,
  ],
  [
    "exercises",
    ["answer", "shuffle-shard-16-workers", "--part", "shuffle"],
    /^error: give an answer after the exercise id$/,
  ],
  [
    "exercises",
    ["answer", "backoff-which-jitter", "--part", "lockstep", ""],
    /^error: the answer to \[lockstep\] is empty: give one choice id$/,
  ],
  [
    "exercises",
    ["answer", "backoff-which-jitter", "--part", "total-work", ""],
    /^error: the answer to \[total-work\] is empty: give the id of every choice that applies, separated by commas$/,
  ],
  [
    "exercises",
    ["answer", "control-or-data-plane", " "],
    /^error: the answer to \[plane\] is empty: answer with item=option for every item: route=\.\.\.,replica=\.\.\./,
  ],
  // watch follows the course's order: an id it would not use is refused, not ignored (audit, session 55).
  [
    "exercises",
    ["watch", "choose-exact"],
    /^error: watch takes no exercise id \(got "choose-exact"\): it checks the next unsolved code exercise on every save; to check one exercise, use check <id>$/,
  ],
  ["exercises", ["show", ""], /^error: name an exercise \(npm run exercises -- list shows them\)$/],
  ["exercises", ["check", ""], /^error: name an exercise \(npm run exercises -- list shows them\)$/],
  ["play", [""], /^error: an empty path names no file: name one \.ts file$/],
  ["gameday", ["play", "gray-failure", "--actions", ""], /^error: an empty path names no file: name one \.json file$/],
  ["gameday", ["play", "gray-failure", "--policy", ""], /^error: an empty path names no file: name one \.ts file$/],
  // A list of defences that names none (an empty shell variable): refused, naming the word for none.
  ...["", ",", " , "].map((value): [Tool, string[], RegExp] => [
    "sim",
    ["retry-storm", "--defences", value],
    new RegExp(
      `^error: --defences "${value}" names no defence: give none to run without defences \\(the naive loop\\), all for every one, or a list such as breaker,budget$`,
    ),
  ]),
  ["sim", ["retry-storm", "--defences", "breaker", "--defences", ""], /^error: --defences "" names no defence/],
  [
    "sim",
    ["retry-storm", "--defences", "armour"],
    /^error: unknown defence "armour"; choose from bulkhead, breaker, budget, jitter, timeout and shed, or all or none$/,
  ],
  // `--` alone ends the options: what is left names no simulation.
  ["sim", ["--"], /^error: name a simulation: shuffle-shard, retry-storm or cells$/],
  // An unknown flag beside valid ones, a flag twice, a seed twice with two values.
  [
    "sim",
    ["retry-storm", "--seed", "3", "--bogus", "--json"],
    /^error: retry-storm takes only --defences, .* \(got --bogus\)$/,
  ],
  ["sim", ["retry-storm", "--json", "--json"], /^error: --json given twice: give it once$/],
  ["sim", ["retry-storm", "--seed", "1", "--seed", "2"], /^error: --seed given twice \(1 and 2\): give it once$/],
  ["sim", ["cells", "--seed", "1"], /^error: cells takes only --cells, .* \(got --seed\)$/],
  [
    "gameday",
    ["play", "gray-failure", "--actions", "x.json", "--seed", "1", "--seed=2"],
    /^error: --seed given twice \(1 and 2\)/,
  ],
  [
    "exercises",
    ["show", "daily-disk-failures", "--seed", "4", "--seed", "5"],
    /^error: --seed given twice \(4 and 5\)/,
  ],
  // An option of the command's own with one dash: said so, not "unexpected argument".
  ["sim", ["retry-storm", "-seed", "3"], /^error: options take two dashes: --seed \(got -seed\)$/],
  ["gameday", ["play", "gray-failure", "-json"], /^error: options take two dashes: --json \(got -json\)$/],
  ["play", ["x.ts", "-timeout", "5"], /^error: options take two dashes: --timeout \(got -timeout\)$/],
  [
    "exercises",
    ["show", "daily-disk-failures", "-seed", "2"],
    /^error: options take two dashes: --seed \(got -seed\)$/,
  ],
  // Ids that are not ASCII.
  ["sim", ["rétry-storm"], /^error: unknown simulation "rétry-storm" \(did you mean retry-storm\?\)/],
  ["gameday", ["show", "grày-failure"], /^error: unknown scenario "grày-failure" \(did you mean gray-failure\?\)/],
  ["exercises", ["show", "ünïcödé-🔥"], /^error: "ünïcödé-🔥" is not an exercise id/],
];

/** One message on stderr, then how to get the usage; nothing on stdout, exit 2, no stack. */
async function oneMessage(tool: Tool, argv: string[], message: RegExp) {
  const { code, out, err } = await cli(tool, argv);
  expect({ code, out }).toEqual({ code: 2, out: "" });
  const lines = err.trimEnd().split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toMatch(message);
  expect(lines[1]).toBe("(run with --help for usage)");
  expect(err).not.toMatch(/^\s+at /m);
}

/** Very long arguments, and the message each gets. */
const longArguments: [Tool, string[], RegExp][] = [
  [
    "sim",
    ["x".repeat(5000)],
    /^error: unknown simulation "x{40}\.\.\. \(4,950 characters left out\) \.\.\.x{10}"; use /,
  ],
  [
    "gameday",
    ["show", "é".repeat(300)],
    /^error: unknown scenario "é{40}\.\.\. \(250 characters left out\) \.\.\.é{10}"; /,
  ],
  [
    "exercises",
    ["hint", "a".repeat(3000)],
    /^error: no exercise is called "a{40}\.\.\. \(2,950 characters left out\) \.\.\.a{10}"/,
  ],
  ["play", [`${"p".repeat(5000)}.ts`], /^error: cannot read p{40}\.\.\. \(4,953 characters left out\) \.\.\.p{7}\.ts /],
];

describe("each misuse is one message and exit 2, never a stack", { timeout: 120_000 }, () => {
  test.each(misuses)("%s %j", oneMessage);

  test("a very long argument is quoted by its start and end and how much is left out, in one message", async () => {
    for (const [tool, argv, message] of longArguments) await oneMessage(tool, argv, message);
  });
});

test("--seed 0 and the largest seed are seeds: the run goes ahead", { timeout: 60_000 }, async () => {
  for (const seed of ["0", "4294967295"]) {
    const { code, out, err } = await cli("sim", ["shuffle-shard", "--seed", seed]);
    expect({ code, err }, seed).toEqual({ code: 0, err: "" });
    expect(out).toContain(`seed ${seed},`);
  }
});

test("an empty answer to a choice, once read, is the grader's: what to do, exit 2", async () => {
  const { code, out, err } = await cli("exercises", [
    "answer",
    "redundancy-or-compartments",
    "--part",
    "third-replica",
    ",",
  ]);
  expect({ code, out, err }).toEqual({
    code: 2,
    out: "",
    err: "CAN'T READ THAT [third-replica] Tick at least one choice first.\n",
  });
});

test("userFile: an empty path is a usage error, not the folder it would be read from", () => {
  expect(() => userFile({ cwd: home, env: {} }, "", "one .ts file")).toThrow(
    new UsageError("an empty path names no file: name one .ts file"),
  );
});

describe("--help with anything else, and `--` before the name", { timeout: 60_000 }, () => {
  test.each([
    ["sim", ["retry-storm", "--help", "--bogus", "--seed", "x"], "usage: npm run sim -- retry-storm "],
    ["sim", ["cells", "--fault", "nope", "-h"], "usage: npm run sim -- cells "],
    ["gameday", ["--help", "--bogus", "play"], "usage: npm run gameday -- <command>"],
    ["play", ["--timeout", "abc", "--help"], "usage: npm run play -- <file.ts>"],
    // A simulation named after help: its own usage, as its --help gives it.
    ["sim", ["help", "retry-storm"], "usage: npm run sim -- retry-storm "],
    ["sim", ["--help", "shuffle-shard"], "usage: npm run sim -- shuffle-shard "],
    // Help with no simulation named, or help about help: the general usage.
    ["sim", ["help", "help"], "usage: npm run sim -- <simulation>"],
    ["sim", ["help", "--seed"], "usage: npm run sim -- <simulation>"],
    // A command named after help: the command's usage, which covers each of its commands.
    ["gameday", ["help", "play"], "usage: npm run gameday -- <command>"],
    ["exercises", ["help", "check"], "usage: npm run exercises -- <command>"],
    ["gameday", ["help", "help"], "usage: npm run gameday -- <command>"],
  ] as [Tool, string[], string][])("%s %j: the usage on stdout, exit 0", async (tool, argv, start) => {
    const { code, out, err } = await cli(tool, argv);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out.startsWith(start), out.slice(0, 80)).toBe(true);
  });

  test("sim -- retry-storm: the name after `--` is the simulation's", { timeout: 60_000 }, async () => {
    const { code, out, err } = await cli("sim", ["--", "retry-storm", "--seed", "2"]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toMatch(/^retry storm, seed 2, defences: none/);
    // After `--`, --help is a name, not a request for the usage.
    const named = await cli("sim", ["--", "--help"]);
    expect(named.code).toBe(2);
    expect(named.err).toMatch(/^error: unknown simulation "--help"/);
  });

  test("--defences none is still the naive loop, and all every defence", { timeout: 60_000 }, async () => {
    expect((await cli("sim", ["retry-storm", "--defences", "none"])).out).toMatch(/defences: none \(the naive loop\)/);
    const all = (await cli("sim", ["retry-storm", "--defences", "all"])).out.split("\n")[0]!;
    expect(
      all
        .replace(/^.*defences: /, "")
        .split(", ")
        .sort(),
    ).toEqual([...defenceNames].sort());
  });
});
