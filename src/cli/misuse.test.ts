/**
 * The four commands as a newcomer types them wrong and as someone trying to break them: bad
 * flags, unknown ids, seeds that are not seeds, empty answers and paths. Each is one message on
 * stderr ("error: ...", then how to get the usage), nothing on stdout, exit 2, never a stack.
 */
import { describe, expect, test } from "vitest";
import { tempDir } from "../../tests/support/temp-dir.ts";
import { userFile, UsageError } from "./args.ts";
import type { Io } from "./args.ts";
import { run as exercises } from "./exercises.ts";
import { run as gameday } from "./gameday.ts";
import { run as play } from "./play.ts";
import { run as sim } from "./sim.ts";

const home = tempDir("misuse");
const tools = { sim, gameday, play, exercises } as const;
type Tool = keyof typeof tools;

async function cli(tool: Tool, argv: string[], env: Io["env"] = {}) {
  let out = "";
  let err = "";
  const code = await tools[tool](argv, {
    stdout: (text) => void (out += text),
    stderr: (text) => void (err += text),
    env: { BLAST_RADIUS_HOME: home, NO_COLOR: "1", ...env },
    cwd: process.cwd(),
  });
  return { code, out, err };
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
    /^error: name a command: list, show, check, answer, hint, solution, import, watch, review$/,
  ],
  // Unknown names.
  ["sim", ["shuffle-shards"], /^error: unknown simulation "shuffle-shards" \(did you mean shuffle-shard\?\)/],
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
  [
    "exercises",
    ["answer", "shuffle-shard-16-workers", "--part", "shuffle", ""],
    /^error: give an answer after the exercise id$/,
  ],
  [
    "exercises",
    ["answer", "shuffle-shard-16-workers", "--part", "shuffle", "  "],
    /^error: give an answer after the exercise id$/,
  ],
  ["exercises", ["show", ""], /^error: name an exercise \(npm run exercises -- list shows them\)$/],
  ["exercises", ["check", ""], /^error: name an exercise \(npm run exercises -- list shows them\)$/],
  ["play", [""], /^error: an empty path names no file: name one \.ts file$/],
  ["gameday", ["play", "gray-failure", "--actions", ""], /^error: an empty path names no file: name one \.json file$/],
  ["gameday", ["play", "gray-failure", "--policy", ""], /^error: an empty path names no file: name one \.ts file$/],
];

describe("each misuse is one message and exit 2, never a stack", { timeout: 120_000 }, () => {
  test.each(misuses)("%s %j", async (tool, argv, message) => {
    const { code, out, err } = await cli(tool, argv);
    expect({ code, out }).toEqual({ code: 2, out: "" });
    const lines = err.trimEnd().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(message);
    expect(lines[1]).toBe("(run with --help for usage)");
    expect(err).not.toMatch(/^\s+at /m);
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
