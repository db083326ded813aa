/** The conventions every command shares: options, `--`, decimal numbers, one seed rule, warnings, exit codes. */
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { listExerciseIds } from "../grader/exercise-files.ts";
import { visibleText } from "../playground/protocol.ts";
import {
  asksForHelp,
  helpOrMissing,
  ignoredSettings,
  type Io,
  numberOption,
  parseArgs,
  parseCommandArgs,
  readDecimal,
  runMain,
  seedOption,
  UsageError,
  userPath,
} from "./args.ts";
import { run as exercises } from "./exercises.ts";
import { run as gameday } from "./gameday.ts";
import { run as play } from "./play.ts";
import { run as sim } from "./sim.ts";

function memoryIo(): Io & { out: string; err: string } {
  const io = {
    out: "",
    err: "",
    stdout: (text: string) => void (io.out += text),
    stderr: (text: string) => void (io.err += text),
    env: {},
    cwd: process.cwd(),
  };
  return io;
}

const tools = { exercises, gameday, play, sim };
type Refusal = [keyof typeof tools, string[], string];

/**
 * A test per case: the command refuses its argv with exit code 2 before anything is read or
 * written (a progress folder that is never made), its stderr starting with the message given
 * (`whole`: the message and the usage pointer are all of it, and stdout is empty).
 */
function refusals(cases: Refusal[], whole: boolean): void {
  for (const [tool, argv, message] of cases)
    test(`npm run ${tool} -- ${argv.join(" ")}`, async () => {
      const io = memoryIo();
      io.env = { BLAST_RADIUS_HOME: join(tmpdir(), "blast-radius-args-never-made") };
      expect(await tools[tool](argv, io)).toBe(2);
      if (!whole) return expect(io.err.startsWith(`error: ${message}`)).toBe(true);
      expect(io.out).toBe("");
      expect(io.err).toBe(`error: ${message}\n(run with --help for usage)\n`);
    });
}

describe("parseArgs", () => {
  test("-- ends the options: what follows is positional, even when it looks like an option", () => {
    const args = parseArgs(["answer", "x", "--part", "p", "--", "-0.5", "--help"], "answer", { options: ["part"] });
    expect(args.positional).toEqual(["answer", "x", "-0.5", "--help"]);
    expect(args.options.get("part")).toEqual(["p"]);
    expect(args.flags.has("help")).toBe(false);
  });
  test("an option the command does not take is refused, naming it, the command and what it takes", () => {
    expect(() => parseArgs(["--colour"], "cells", { options: ["seed"], flags: ["json"] })).toThrow(
      "cells takes only --seed and --json (got --colour)",
    );
    expect(() => parseArgs(["x", "--seed", "3"], "import", {})).toThrow("import takes no options (got --seed)");
    expect(parseArgs(["--help"], "import", {}).flags.has("help")).toBe(true);
    expect(() => parseArgs(["--seed"], "s", { options: ["seed"] })).toThrow("--seed needs a value");
    expect(() => parseArgs(["--json=1"], "s", { flags: ["json"] })).toThrow("--json takes no value");
  });
});

describe("parseCommandArgs: each command of a tool takes its own options", () => {
  const commands = { list: {}, show: { options: ["seed"] }, answer: { options: ["part", "seed"], flags: ["json"] } };
  test("the command is found wherever the options stand, and keeps its own", () => {
    const line = parseCommandArgs(["--seed", "3", "show", "x"], commands);
    expect(line.positional).toEqual(["show", "x"]);
    expect(line.ownOptions("show").options.get("seed")).toEqual(["3"]);
    expect(line.ownOptions("answer").options.get("seed")).toEqual(["3"]);
  });
  test("another command's option, or one no command takes, is a usage error naming it and the command", () => {
    const list = parseCommandArgs(["list", "--seed", "3", "--part", "a"], commands);
    expect(list.positional).toEqual(["list"]);
    expect(() => list.ownOptions("list")).toThrow("list takes no options (got --seed)");
    expect(() => parseCommandArgs(["show", "x", "--json"], commands).ownOptions("show")).toThrow(
      "show takes only --seed (got --json)",
    );
    expect(() => parseCommandArgs(["answer", "x", "--sed", "3"], commands).ownOptions("answer")).toThrow(
      "answer takes only --part, --seed and --json (got --sed)",
    );
    // Even without its value: the option is the mistake, not its missing value.
    expect(() => parseCommandArgs(["list", "--seed"], commands).ownOptions("list")).toThrow(
      "list takes no options (got --seed)",
    );
  });
  test("--help is every command's", () => {
    const line = parseCommandArgs(["list", "--help"], commands);
    expect(line.flags.has("help")).toBe(true);
    expect(line.ownOptions("list").flags.has("help")).toBe(true);
  });
});

describe("numbers and seeds", () => {
  test("numbers are read in decimal only", () => {
    for (const [text, value] of [
      ["12", 12],
      ["-3", -3],
      ["0.25", 0.25],
      ["1e6", 1e6],
      ["1_000_000", 1e6],
      [" 7 ", 7],
    ] as const)
      expect(readDecimal(text), text).toBe(value);
    for (const text of ["0x10", "0b1", "0o7", "Infinity", "", "1,000", "1e999", "12abc"])
      expect(readDecimal(text), text).toBeUndefined();
    const args = parseArgs(["--workers", "0x10"], "sim", { options: ["workers"] });
    expect(() => numberOption(args, "workers", 8)).toThrow('--workers must be a number written in decimal, got "0x10"');
  });
  test("one seed rule: a whole number 0..4,294,967,295", () => {
    const seed = (value: string) => seedOption(parseArgs(["--seed", value], "sim", { options: ["seed"] }), 1);
    expect(seed("0")).toBe(0);
    expect(seed("4294967295")).toBe(4294967295);
    const refused = (value: string) =>
      `--seed must be a whole number from 0 to 4,294,967,295, written in digits only, got "${value}"`;
    for (const bad of ["-1", "4294967296", "1.5", "1e3", "1_000", "+7", "0x10"])
      expect(() => seed(bad), bad).toThrow(refused(bad));
  });
  test("a bound is stated by the course's one grouping rule, as the page's fields state theirs", () => {
    const option = (value: string, opts: { min?: number; max?: number }) =>
      numberOption(parseArgs(["--n", value], "sim", { options: ["n"] }), "n", 1, opts);
    expect(() => option("5000", { max: 1000 })).toThrow("--n must be at most 1,000, got 5000");
    expect(() => option("0", { min: 1000 })).toThrow("--n must be at least 1,000, got 0");
    expect(() => option("0.1", { min: 0.25 })).toThrow("--n must be at least 0.25, got 0.1");
    expect(() => option("11", { max: 10 })).toThrow("--n must be at most 10, got 11");
  });
});

test("a setting for a defence that is off is named in a warning", () => {
  const owner = (name: string) => ({ breakerThreshold: "breaker", budgetRatio: "budget" })[name];
  expect(
    ignoredSettings(["breakerThreshold", "budgetRatio", "poolSize"], owner, ["budget"], (d) => `add --defences ${d}`),
  ).toEqual([
    "warning: breakerThreshold tunes the breaker defence, which is off, so it has no effect (add --defences breaker)",
  ]);
});

describe("runMain", () => {
  test("usage errors exit 2 and reported errors 1, each as one message; bugs never show a stack", async () => {
    const io = memoryIo();
    expect(
      await runMain(() => {
        throw new UsageError("name an exercise");
      }, io),
    ).toBe(2);
    expect(io.err).toBe("error: name an exercise\n(run with --help for usage)\n");
    const bug = memoryIo();
    expect(
      await runMain(() => {
        throw new TypeError("x is undefined");
      }, bug),
    ).toBe(1);
    expect(bug.err).toMatch(/^error: x is undefined\nThis is a bug/);
    expect(bug.err).not.toMatch(/\n\s+at /);
  });
});

describe("npm run sim, in-process", () => {
  test("exit 2 with a message on bad input, and without a simulation", async () => {
    const bad = memoryIo();
    expect(await sim(["shuffle-shard", "--workers", "x"], bad)).toBe(2);
    expect(bad.err).toMatch(/--workers must be a number written in decimal, got "x"/);
    const none = memoryIo();
    expect(await sim([], none)).toBe(2);
    expect(none.err).toBe(
      "error: name a simulation: shuffle-shard, retry-storm or cells\n(run with --help for usage)\n",
    );
    const help = memoryIo();
    expect(await sim(["--help"], help)).toBe(0);
    expect(help.out).toMatch(/simulations:\n {2}shuffle-shard/);
    const unknown = memoryIo();
    expect(await sim(["toString"], unknown)).toBe(2);
    expect(unknown.err).toMatch(/unknown simulation "toString"/);
    // Options first: the name is found among them and put first in the message.
    const optionsFirst = memoryIo();
    expect(await sim(["--seed", "3", "shuffle-shard"], optionsFirst)).toBe(2);
    expect(optionsFirst.err).toMatch(
      /^error: the simulation's name comes first: npm run sim -- shuffle-shard --seed \.\.\.\n/,
    );
  });

  test("retry-storm: the seed rule, and a warning for --set on a defence that is off", async () => {
    const negative = memoryIo();
    expect(await sim(["retry-storm", "--seed", "-1"], negative)).toBe(2);
    expect(negative.err).toMatch(
      /--seed must be a whole number from 0 to 4,294,967,295, written in digits only, got "-1"/,
    );
    // --set values follow the same decimal rule as every other number option: 0x10 is not 16.
    for (const set of ["load=0x10", "poolSize=0b1", "attempts=0o3", "load=Infinity"]) {
      const hex = memoryIo();
      expect(await sim(["retry-storm", "--set", set], hex), set).toBe(2);
      expect(hex.err, set).toMatch(new RegExp(`${set.split("=")[0]} must be a number.*got "${set.split("=")[1]}"`));
    }
    const io = memoryIo();
    expect(await sim(["retry-storm", "--set", "duration=10", "--set", "breakerThreshold=3", "--json"], io)).toBe(0);
    expect(io.err).toMatch(
      /warning: breakerThreshold tunes the breaker defence, which is off, so it has no effect \(add --defences breaker\)/,
    );
    expect(JSON.parse(io.out).parameters.breakerThreshold).toBe(3);
  });
});

describe("help, and no command: one convention for the four commands", () => {
  const commands = { exercises, gameday, play, sim };
  const missing: Record<Exclude<keyof typeof commands, "exercises">, string> = {
    gameday: "name a command: list, show or play",
    play: "name a playground file, e.g. npm run play -- content/chapters/shuffle-sharding/shuffle-shard.play.ts",
    sim: "name a simulation: shuffle-shard, retry-storm or cells",
  };

  for (const [name, run] of Object.entries(commands) as [keyof typeof commands, typeof sim][]) {
    test(`npm run ${name}: help, --help and -h print the usage on stdout, exit 0`, async () => {
      for (const word of ["help", "--help", "-h"]) {
        const io = memoryIo();
        expect(await run([word], io), word).toBe(0);
        expect(io.out, word).toMatch(new RegExp(`^usage: npm run ${name} -- `));
        expect(io.err, word).toBe("");
      }
    });

    // With no command, npm run exercises says where to start instead (exercises.test.ts).
    if (name !== "exercises")
      test(`npm run ${name} with no command is a usage error: stderr, exit 2, nothing on stdout`, async () => {
        const io = memoryIo();
        expect(await run([], io)).toBe(2);
        expect(io.out).toBe("");
        expect(io.err).toBe(`error: ${missing[name]}\n(run with --help for usage)\n`);
      });
  }

  test("-h is --help: anywhere before --, beside any word or option, it asks for the usage", () => {
    for (const argv of [
      ["list", "-h"],
      ["show", "--seed", "-h"],
      ["answer", "x", "--bogus", "-h"],
    ]) {
      const line = parseCommandArgs(argv, { list: {}, show: { options: ["seed"] }, answer: { options: ["part"] } });
      expect(line.flags.has("help"), argv.join(" ")).toBe(true);
      expect(line.positional, argv.join(" ")).not.toContain("-h");
    }
    expect(parseArgs(["x.ts", "--seed", "3", "-h"], "play", { options: ["timeout"] }).flags.has("help")).toBe(true);
    // After --, it is an argument like any other (an answer, a file).
    const after = parseArgs(["x", "--", "-h", "--help"], "answer", { options: ["part"] });
    expect([after.flags.has("help"), after.positional]).toEqual([false, ["x", "-h", "--help"]]);
    expect(asksForHelp(["cells", "--fault", "-h"])).toBe(true);
    expect(asksForHelp(["cells", "--", "-h"])).toBe(false);
  });

  test("a --help flag anywhere asks for the usage, even with no command", () => {
    const io = memoryIo();
    expect(helpOrMissing(undefined, "usage: x", "name a command", io, true)).toBe(0);
    expect(io.out).toBe("usage: x\n");
    expect(helpOrMissing("list", "usage: x", "name a command", io)).toBeUndefined();
    expect(() => helpOrMissing(undefined, "usage: x", "name a command", io)).toThrow(UsageError);
  });
});

describe("--help or -h after a command, wherever it stands before --: that command's usage, exit 0", () => {
  const asks: [keyof typeof tools, string[], string][] = [
    ["sim", ["cells", "-h"], "usage: npm run sim -- cells "],
    ["sim", ["shuffle-shard", "--workers", "8", "-h"], "usage: npm run sim -- shuffle-shard "],
    ["sim", ["retry-storm", "--set", "-h"], "usage: npm run sim -- retry-storm "],
    ["sim", ["retry-storm", "--workers", "8", "--help"], "usage: npm run sim -- retry-storm "],
    // No simulation to ask: the tool's usage.
    ["sim", ["shufle", "-h"], "usage: npm run sim -- <simulation>"],
    ["sim", ["--seed", "3", "--help"], "usage: npm run sim -- <simulation>"],
    ["exercises", ["list", "-h"], "usage: npm run exercises -- <command>"],
    ["exercises", ["show", "choose-exact", "-h"], "usage: npm run exercises -- <command>"],
    ["exercises", ["answer", "daily-disk-failures", "--part", "-h"], "usage: npm run exercises -- <command>"],
    ["exercises", ["review", "--seed", "2", "-h"], "usage: npm run exercises -- <command>"],
    ["gameday", ["play", "-h"], "usage: npm run gameday -- <command>"],
    ["gameday", ["show", "gray-failure", "-h"], "usage: npm run gameday -- <command>"],
    ["gameday", ["play", "gray-failure", "--policy", "-h"], "usage: npm run gameday -- <command>"],
    ["play", ["x.ts", "-h"], "usage: npm run play -- <file.ts>"],
    ["play", ["x.ts", "--seed", "3", "--help"], "usage: npm run play -- <file.ts>"],
  ];
  for (const [tool, argv, usage] of asks)
    test(`npm run ${tool} -- ${argv.join(" ")}`, async () => {
      const io = memoryIo();
      io.env = { BLAST_RADIUS_HOME: join(tmpdir(), "blast-radius-args-never-made") };
      expect(await tools[tool](argv, io)).toBe(0);
      expect(io.out.startsWith(usage)).toBe(true);
      expect(io.err).toBe("");
    });
  // After --, -h is an argument: the simulation's, here one it does not take.
  refusals([["sim", ["cells", "--", "-h"], 'unexpected argument "-h"']], true);
});

describe("a message that quotes what was typed writes its control characters out, as program output is", () => {
  const cases: Refusal[] = [
    [
      "exercises",
      ["answer", "daily-disk-failures", "--part", "per-day\u001b[2J", "1"],
      'daily-disk-failures has no part "per-day\\x1b[2J"',
    ],
    ["exercises", ["show", "daily\u001b[31m"], '"daily\\x1b[31m" is not an exercise id'],
    ["sim", ["x\u001b[2J"], 'unknown simulation "x\\x1b[2J"'],
    [
      "sim",
      ["cells", "--fault", "\u202eyolp"],
      '--fault must be one of poison, bad-deploy or lost-zone, got "\\u202eyolp"',
    ],
    ["gameday", ["show", "gray\u0008\u0008\u0008\u0008blue"], 'unknown scenario "gray\\x08\\x08\\x08\\x08blue"'],
    ["play", ["x.ts", "--timeout", "5\u001b[2J"], '--timeout must be a number written in decimal, got "5\\x1b[2J"'],
  ];
  refusals(cases, false);
  test("no control character reaches the terminal", async () => {
    for (const [tool, argv] of cases) {
      const io = memoryIo();
      io.env = { BLAST_RADIUS_HOME: join(tmpdir(), "blast-radius-args-never-made") };
      await tools[tool](argv, io);
      // Nothing left to write out: no control character but the newlines.
      expect(visibleText(io.err), argv.join(" ")).toBe(io.err);
    }
  });
});

describe("each command takes only its own options: a usage error naming the option and the command", () => {
  const cases: Refusal[] = [
    ["exercises", ["list", "--seed", "3", "--part", "a"], "list takes no options (got --seed)"],
    ["exercises", ["show", "shuffle-shard-16-workers", "--part", "a"], "show takes only --seed (got --part)"],
    ["exercises", ["check", "choose-exact", "--seed", "1"], "check takes no options (got --seed)"],
    [
      "exercises",
      ["answer", "choose-exact", "--rate", "good", "1"],
      "answer takes only --part and --seed (got --rate)",
    ],
    ["exercises", ["hint", "choose-exact", "--give-up"], "hint takes only --seed (got --give-up)"],
    ["exercises", ["import", "x.json", "--seed", "2"], "import takes no options (got --seed)"],
    ["exercises", ["watch", "--seed", "2"], "watch takes no options (got --seed)"],
    ["exercises", ["review", "--seed", "2"], "review takes only --part, --rate and --give-up (got --seed)"],
    ["exercises", ["review", "--give-up"], "--give-up needs the exercise id: review <id> --give-up"],
    ["exercises", ["review", "--part", "a"], "--part needs the exercise id: review <id> --part <part> <answer>"],
    ["gameday", ["list", "--seed", "3"], "list takes no options (got --seed)"],
    ["gameday", ["show", "--json", "gray-failure"], "show takes only --after (got --json)"],
    [
      "gameday",
      ["play", "gray-failure", "--timeout", "5"],
      "play takes only --actions, --policy, --seed and --json (got --timeout)",
    ],
    ["play", ["x.ts", "--seed", "3"], "play takes only --timeout (got --seed)"],
    [
      "sim",
      ["shuffle-shard", "--defences", "breaker"],
      "shuffle-shard takes only --workers, --shard, --customers, --seed, --groups and --json (got --defences)",
    ],
    [
      "sim",
      ["retry-storm", "--workers", "8"],
      "retry-storm takes only --defences, --seed, --set and --json (got --workers)",
    ],
    [
      "sim",
      ["cells", "--seed", "3"],
      "cells takes only --cells, --customers, --zones, --fault, --target, --headroom, --release, --wave, --move, --router, --arriving, --json and --health-check-misses (got --seed)",
    ],
  ];
  refusals(cases, true);
});

describe("userPath: a path the learner typed", () => {
  test("is read from INIT_CWD, the folder npm was run in, when npm set it; an absolute path as it is", () => {
    const io = { cwd: "/course", env: { INIT_CWD: "/course/content/chapters/cells" } };
    expect(userPath(io, "cells.play.ts")).toBe("/course/content/chapters/cells/cells.play.ts");
    expect(userPath(io, "../x.ts")).toBe("/course/content/chapters/x.ts");
    expect(userPath(io, "/tmp/log.json")).toBe("/tmp/log.json");
  });

  test("is read from the working directory when the command was not started by npm", () => {
    expect(userPath({ cwd: "/course", env: {} }, "log.json")).toBe("/course/log.json");
    expect(userPath({ cwd: "/course", env: { INIT_CWD: "" } }, "log.json")).toBe("/course/log.json");
  });
});

describe("an option given twice is refused, naming it and both values, for every command", () => {
  const cases: Refusal[] = [
    ["sim", ["retry-storm", "--seed", "1", "--seed", "2"], "--seed given twice (1 and 2): give it once"],
    ["sim", ["shuffle-shard", "--workers=8", "--workers", "8"], "--workers given twice (8 and 8): give it once"],
    ["sim", ["cells", "--json", "--json"], "--json given twice: give it once"],
    ["exercises", ["show", "choose-exact", "--seed", "1", "--seed", "2"], "--seed given twice (1 and 2): give it once"],
    ["exercises", ["answer", "x", "--part", "a", "--part", "b", "1"], "--part given twice (a and b): give it once"],
    ["gameday", ["play", "gray-failure", "--seed", "1", "--seed", "2"], "--seed given twice (1 and 2): give it once"],
    ["play", ["x.ts", "--timeout", "5", "--timeout", "6"], "--timeout given twice (5 and 6): give it once"],
    ["sim", ["retry-storm", "--seed=", "--seed", "2"], '--seed given twice ("" and 2): give it once'],
    [
      "exercises",
      ["answer", "x", "--part", "a b", "--part", "c", "1"],
      '--part given twice ("a b" and c): give it once',
    ],
    // --set repeats, but one parameter is set once.
    [
      "sim",
      ["retry-storm", "--set", "poolSize=5", "--set", "poolSize=60"],
      "--set poolSize given twice (5 and 60): set each parameter once",
    ],
  ];
  refusals(cases, true);
  test("an option meant to repeat keeps every value, and --help twice is still the usage", () => {
    const args = parseArgs(["--set", "a=1", "--set", "b=2"], "s", { options: ["set"], repeats: ["set"] });
    expect(args.options.get("set")).toEqual(["a=1", "b=2"]);
    expect(parseArgs(["--help", "--help"], "s", {}).flags.has("help")).toBe(true);
  });
});

describe("an unknown name suggests the names close to it (closeNames)", () => {
  const cases: Refusal[] = [
    [
      "sim",
      ["shufle-shard"],
      'unknown simulation "shufle-shard" (did you mean shuffle-shard?); use shuffle-shard, retry-storm or cells',
    ],
    [
      "sim",
      ["storm"],
      'unknown simulation "storm" (did you mean retry-storm?); use shuffle-shard, retry-storm or cells',
    ],
    ["sim", ["queue"], 'unknown simulation "queue"; use shuffle-shard, retry-storm or cells'],
    [
      "exercises",
      ["chek"],
      'unknown command "chek" (did you mean check?); use list, show, check, answer, hint, solution, import, watch or review',
    ],
    ["gameday", ["shw"], 'unknown command "shw" (did you mean show?); use list, show or play'],
    ["gameday", ["show", "gray-failur"], 'unknown scenario "gray-failur" (did you mean gray-failure?); use '],
  ];
  refusals(cases, false);

  // Not an id at all, but naming one: the id rule stays strict, and the message names the exercise.
  const notAnId = (typed: string) =>
    `"${typed}" is not an exercise id (ids are lower-case words joined by hyphens, like choose-exact; list shows them all)`;
  refusals(
    [
      [
        "exercises",
        ["check", "exercises/choose-exact/starter.ts"],
        `${notAnId("exercises/choose-exact/starter.ts")}; did you mean choose-exact?`,
      ],
      [
        "exercises",
        ["show", "exercises/choose-exact"],
        `${notAnId("exercises/choose-exact")}; did you mean choose-exact?`,
      ],
      [
        "exercises",
        ["show", "Daily-Disk-Failures"],
        `${notAnId("Daily-Disk-Failures")}; did you mean daily-disk-failures?`,
      ],
      [
        "exercises",
        ["hint", "./exercises/choose-exat/"],
        `${notAnId("./exercises/choose-exat/")}; did you mean choose-exact?`,
      ],
      ["exercises", ["show", "exercises/nothing-like-it"], notAnId("exercises/nothing-like-it")],
    ],
    true,
  );
  test("every exercise typed as its folder, its starter's path or in capitals is the one suggested", async () => {
    for (const id of listExerciseIds(new URL("../../", import.meta.url).pathname))
      for (const typed of [
        `exercises/${id}`,
        `exercises/${id}/starter.ts`,
        `solutions\\${id}\\solution.ts`,
        id.toUpperCase(),
      ]) {
        const io = memoryIo();
        io.env = { BLAST_RADIUS_HOME: join(tmpdir(), "blast-radius-args-never-made") };
        expect(await exercises(["show", typed], io), typed).toBe(2);
        expect(io.err, typed).toContain(`; did you mean ${id}?\n`);
      }
  });
});
