/** `npm run play` as a terminal user meets it, called in-process: stdout is the page's output, exit codes say how it ended. */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { run } from "./play.ts";
import { tempDir } from "../../tests/support/temp-dir.ts";

const root = new URL("../../", import.meta.url).pathname;

async function playWith(env: Record<string, string>, argv: string[]) {
  let stdout = "";
  let stderr = "";
  const status = await run(argv, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), env });
  return { status, stdout, stderr };
}
const play = (...argv: string[]) => playWith({}, argv);

const dir = tempDir("play-cli");
const write = (name: string, source: string) => {
  writeFileSync(join(dir, name), source);
  return join(dir, name);
};

let narrowErr = "";

describe("npm run play", { timeout: 60_000 }, () => {
  test("prints exactly the golden output and exits 0", async () => {
    const result = await play(join(root, "content/chapters/shuffle-sharding/shuffle-shard.play.ts"));
    expect(result).toEqual({
      status: 0,
      stdout: readFileSync(join(root, "content/chapters/shuffle-sharding/shuffle-shard.golden.txt"), "utf8"),
      stderr: "",
    });
  });

  // s55: the page and the terminal write a place in the same words (protocol.ts, locationText):
  // the file is named when the run has more than one; the terminal's "?" for a file not known is gone.
  test("errors exit 1 with their line on stderr, and their file when the run has more than one; time-outs exit 124", async () => {
    const broken = await play(write("broken.ts", 'console.log("a");\nconst b = ;\n'));
    expect(broken).toEqual({
      status: 1,
      stdout: "",
      stderr: "syntax error: Unexpected token (line 2, column 11)\n",
    });
    write("helper.ts", 'export function helper() {\n  throw new Error("inside the helper");\n}\n');
    const throws = await play(
      write("throws.ts", 'import { helper } from "./helper.ts";\nconsole.log("start");\nhelper();\n'),
    );
    expect(throws).toEqual({ status: 1, stdout: "start\n", stderr: "Error: inside the helper (helper.ts, line 2)\n" });
    const loop = await play(write("loop.ts", "while (true) {}\n"), "--timeout", "300");
    expect(loop).toEqual({
      status: 124,
      stdout: "",
      stderr: "stopped after 300 ms: the program did not finish (an endless loop?)\n",
    });
  });

  test("an await that nothing can settle is reported at once, not as the runner exiting", async () => {
    const hang = await play(write("hang.ts", 'console.log("waiting");\nawait new Promise(() => {});\n'));
    expect(hang.status).toBe(1);
    expect(hang.stdout).toBe("waiting\n");
    expect(hang.stderr).toMatch(/^the program is waiting for a promise that never settles: no timer is pending/);
  });

  test("unhandled rejections fail the run with the learner's line", async () => {
    const unawaited = await play(
      write("unawaited.ts", 'async function f() {\n  throw new Error("async boom");\n}\nf();\nconsole.log("after");\n'),
    );
    expect(unawaited).toEqual({ status: 1, stdout: "after\n", stderr: "Error: async boom (line 2)\n" });
    const late = await play(
      write(
        "late.ts",
        'new Promise((_, reject) => setTimeout(() => {\n  reject(new Error("late"));\n}, 20));\nconsole.log("waiting");\n',
      ),
    );
    expect(late).toEqual({ status: 1, stdout: "waiting\n", stderr: "Error: late (line 2)\n" });
  });

  test("process.exit is refused with a message that says why", async () => {
    const exit = await play(write("exit.ts", 'console.log("hi");\nprocess.exit(0);\n'));
    expect(exit).toEqual({
      status: 1,
      stdout: "hi\n",
      stderr:
        "type error: 'process' cannot be used: playground programs have no file system, environment, child processes or network. (line 2, column 1)\n" +
        "Error: process.exit() is not available: a program ends when its code finishes, and cannot end the run early (line 2)\n",
    });
  });

  test("type errors go to stderr before the output, at their file, line and column; the program still runs, exit 1", async () => {
    write(
      "units.ts",
      "export function perSecond(count: number, millis: number): number {\n  return (count * 1000) / millis;\n}\n",
    );
    const typed = await play(
      write(
        "typed.ts",
        'import { perSecond } from "./units.ts";\nimport { grouped } from "course";\nconst n: number = "12";\nconsole.log(grouped(perSecond(n, "500")));\n',
      ),
    );
    expect(typed).toEqual({
      status: 1,
      stdout: "24\n",
      stderr:
        "type error: Type 'string' is not assignable to type 'number'. (typed.ts, line 3, column 7)\n" +
        "type error: Argument of type 'string' is not assignable to parameter of type 'number'. (typed.ts, line 4, column 34)\n",
    });
    // The same program typed correctly: no word on stderr, exit 0.
    const fixed = await play(
      write("fixed.ts", 'import { perSecond } from "./units.ts";\nconsole.log(perSecond(12, 500));\n'),
    );
    expect(fixed).toEqual({ status: 0, stdout: "24\n", stderr: "" });
    // In a terminal 40 columns wide, the course's lines on stderr fit it, and no word is lost.
    const narrow = await run([join(dir, "typed.ts")], {
      stdout: () => {},
      stderr: (t) => void (narrowErr += t),
      env: {},
      stderrIsTTY: true,
      stderrColumns: 40,
    });
    expect(narrow).toBe(1);
    const lines = narrowErr.trimEnd().split("\n");
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length, line).toBeLessThanOrEqual(40);
    expect(narrowErr.split(/\s+/).join(" ")).toBe(typed.stderr.split(/\s+/).join(" "));
  });

  test("a huge line prints its first part and the truncation note", async () => {
    const huge = await play(write("huge.ts", 'console.log("x".repeat(1e7));\n'));
    expect(huge.status).toBe(0);
    expect(huge.stdout).toBe(`${"x".repeat(199_999)}\n`);
    expect(huge.stderr).toMatch(/^output truncated/);
  });

  test("a relative file is read from the folder npm was run in (INIT_CWD), not the course's root", async () => {
    // `cd content/chapters/cells && npm run play -- cells.play.ts`: npm starts the command in the
    // root and says where it was typed in INIT_CWD.
    const folder = join(root, "content/chapters/shuffle-sharding");
    const result = await playWith({ INIT_CWD: folder }, ["shuffle-shard.play.ts"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toBe(readFileSync(join(folder, "shuffle-shard.golden.txt"), "utf8"));
  });

  test("bad input: one line and exit 2, never a stack trace", async () => {
    const usage = (stderr: string) => ({
      status: 2,
      stdout: "",
      stderr: `error: ${stderr}\n(run with --help for usage)\n`,
    });
    expect(await play("src")).toEqual(usage("src is a folder: name one .ts file in it"));
    expect(await play(join(dir, "nope.ts"))).toEqual(usage(`no such file: ${join(dir, "nope.ts")}`));
    expect(await play()).toEqual(
      usage("name a playground file, e.g. npm run play -- content/chapters/shuffle-sharding/shuffle-shard.play.ts"),
    );
    expect(await play("a.ts", "b.ts")).toEqual(usage("one file at a time (got 2)"));
    expect(await play(write("x.ts", ""), "--timeout", "soon")).toEqual(
      usage('--timeout must be a number written in decimal, got "soon"'),
    );
    expect(await play("--frobnicate")).toEqual(usage("play takes only --timeout (got --frobnicate)"));
    expect((await play("--help")).stdout).toMatch(/^usage: npm run play/);
    // s57: `help bogus` printed the usage and exited 0. play has no help topics: a word after
    // `help` is refused as sim, gameday and exercises refuse one they do not have (exit 2).
    for (const topic of ["bogus", "shuffle-shard.play.ts"])
      expect(await play("help", topic), topic).toEqual(
        usage(`play has no help topics (got "${topic}"); to run a file, name it without help`),
      );
    // `help help` and `help --timeout` are still asks for the usage, as for the other commands.
    for (const argv of [["help", "help"], ["help", "--timeout", "5"], ["help"]]) {
      const asked = await play(...argv);
      expect({ status: asked.status, stderr: asked.stderr }, argv.join(" ")).toEqual({ status: 0, stderr: "" });
      expect(asked.stdout, argv.join(" ")).toMatch(/^usage: npm run play -- <file\.ts>/);
    }
  });

  test("--help gives --timeout's limits, and the check holds to them", async () => {
    const help = (await play("--help")).stdout;
    expect(help).toContain("  --timeout ms   stop the program after this long, 1..600,000 ms (default 5,000 ms)\n");
    const file = write("quick.ts", 'console.log("ok");\n');
    // Each end is taken (1 ms stops even this program: 124), one past either end refused (2, usage).
    for (const value of ["1", "600000"]) expect((await play(file, "--timeout", value)).status, value).not.toBe(2);
    for (const value of ["0", "600001"]) expect((await play(file, "--timeout", value)).status, value).toBe(2);
    expect((await play(file, "--timeout", "600001")).stderr).toBe(
      "error: --timeout must be at most 600,000, got 600001\n(run with --help for usage)\n",
    );
  });
});
