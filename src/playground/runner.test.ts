/** The runner end to end in Node: the same runtime the page's worker uses. */
import { describe, expect, test } from "vitest";
import { runOnWorker, type WorkerPort } from "./host.ts";
import { runInNode } from "./node-host.ts";
import { eventText, outputLimits, timeoutMessage, type RunEvent, type RunRequest } from "./protocol.ts";

async function run(files: Record<string, string>, timeoutMs = 3000) {
  const events: RunEvent[] = [];
  const request: RunRequest = { files, entry: Object.keys(files)[0]!, timeoutMs };
  const result = await runInNode(request, (event) => events.push(event));
  return { result, events, text: events.map((e) => `${eventText(e)}\n`).join("") };
}

describe("runInNode", { timeout: 30_000 }, () => {
  test("timers, promises and top-level await all finish before the run ends", async () => {
    const { result, text } = await run({
      "main.ts": [
        // Far apart on the clock, so a busy machine cannot reorder them.
        'setTimeout(() => console.log("timer 300"), 300);',
        "await new Promise((resolve) => setTimeout(resolve, 10));",
        'console.log("after await");',
        'Promise.resolve().then(() => console.log("microtask"));',
        'const id = setInterval(() => { console.log("tick"); if (++ticks === 2) clearInterval(id); }, 5);',
        "let ticks = 0;",
        "",
      ].join("\n"),
    });
    expect(result.status).toBe("ok");
    expect(text).toBe("after await\nmicrotask\ntick\ntick\ntimer 300\n");
  });

  test("relative imports between files, and the course prelude", async () => {
    const { result, text } = await run({
      "main.ts":
        'import { pairs } from "./lib.ts";\nimport { choose } from "course";\nconsole.log(pairs, choose(8, 2));\n',
      "lib.ts": "await Promise.resolve();\nexport const pairs: number = 28;\n",
    });
    expect(result.status).toBe("ok");
    expect(text).toBe("28 28n\n");
  });

  test("console kinds and plot's one-line stand-in", async () => {
    const { events } = await run({
      "main.ts":
        'import { plot } from "course";\nconsole.warn("w");\nconsole.error("e");\nconsole.table([{ a: 1 }]);\nplot({ x: [1, 2], series: { lost: [3, 4] }, title: "t" });\n',
    });
    expect(events.map((e) => e.kind)).toEqual(["warn", "error", "table", "plot"]);
    expect(eventText(events[3]!)).toBe('[line chart "t": lost over 2 points]');
  });

  test("a runtime error reports the learner's file and line, even when thrown inside the library", async () => {
    const { result, text } = await run({
      "main.ts":
        'import { randomShard, mulberry32 } from "course";\nconsole.log("before");\n\nrandomShard(3, 5, mulberry32(1));\n',
    });
    expect(text).toBe("before\n");
    expect(result.status).toBe("error");
    expect(result.error).toEqual({
      message: "RangeError: shard size must be a whole number from 1 to 3, got 5",
      file: "main.ts",
      line: 4,
    });
  });

  test("errors in timers and rejected promises end the run as errors", async () => {
    const timer = await run({ "main.ts": 'setTimeout(() => {\n  throw new TypeError("late");\n}, 5);\n' });
    expect(timer.result.error).toEqual({ message: "TypeError: late", file: "main.ts", line: 2 });
    const rejected = await run({ "main.ts": 'Promise.reject(new Error("nobody caught me"));\n' });
    expect(rejected.result.status).toBe("error");
    expect(rejected.result.error?.message).toBe("Error: nobody caught me");
    const thrownString = await run({ "main.ts": 'throw "plain";\n' });
    expect(thrownString.result.error?.message).toBe("Uncaught 'plain'");
  });

  test("a thrown value that is not an Error is reported at the line of the throw that threw it", async () => {
    const nested = await run({
      "main.ts": 'import { check } from "./lib.ts";\ntry {\n  throw "caught";\n} catch {}\ncheck(3);\n',
      "lib.ts": "export function check(n: number) {\n  if (n > 2)\n    throw { code: n };\n}\n",
    });
    expect(nested.result.error).toEqual({ message: "Uncaught { code: 3 }", file: "lib.ts", line: 3 });
    const timer = await run({ "main.ts": "setTimeout(() => {\n  console.log(1);\n  throw 42;\n}, 5);\n" });
    expect(timer.result.error).toEqual({ message: "Uncaught 42", file: "main.ts", line: 3 });
    // Thrown in an async function nobody awaits: it ends the run as an unhandled rejection.
    const rejected = await run({ "main.ts": 'async function f() {\n\n  throw "async";\n}\nf();\n' });
    expect(rejected.result.error).toEqual({ message: "Uncaught 'async'", file: "main.ts", line: 3 });
  });

  test("a value that is not an Error and no throw statement threw says its line is unknown and how to get one", async () => {
    const { result } = await run({ "main.ts": 'console.log("a");\nawait Promise.reject("late");\n' });
    expect(result.error).toEqual({
      message:
        "Uncaught 'late' (line unknown: only an Error records where it was made, so throw or reject with new Error(...))",
    });
    // A different value thrown (and caught) earlier is not taken for where this one came from.
    const other = await run({ "main.ts": 'try {\n  throw "x";\n} catch {}\nawait Promise.reject("y");\n' });
    expect(other.result.error?.line).toBeUndefined();
  });

  test("a syntax error never starts a worker", async () => {
    const { result } = await run({ "main.ts": "let = 3;\n" });
    expect(result).toMatchObject({ status: "syntax-error", millis: 0, error: { file: "main.ts", line: 1 } });
  });

  test("imports the runner does not allow are refused at run time with a message", async () => {
    const { result } = await run({ "main.ts": 'import * as os from "node:os";\nconsole.log(os);\n' });
    expect(result.status).toBe("error");
    expect(result.error?.message).toBe(
      'Error: cannot import "node:os": playground programs have no file system, environment, child processes or network; import "course" or a file of this playground',
    );
  });

  test("a name the course does not export is an error before the program runs, with a near name", async () => {
    const { result, text } = await run({
      "main.ts": 'import { mulberyr32 } from "course";\nconsole.log("ran");\nconsole.log(mulberyr32);\n',
    });
    expect(text).toBe("");
    expect(result.error).toEqual({
      message: 'SyntaxError: "course" does not export mulberyr32, which main.ts imports: did you mean mulberry32?',
      file: "main.ts",
      line: 1,
    });
  });

  test("an interface imported from another file without `type` is not a missing export", async () => {
    const { result, text } = await run({
      "main.ts": 'import { Plan, plan } from "./lib.ts";\nconst p: Plan = plan;\nconsole.log(p.n);\n',
      "lib.ts": "export interface Plan { n: number }\nexport const plan: Plan = { n: 1 };\n",
    });
    expect(result.status).toBe("ok");
    expect(text).toBe("1\n");
  });

  test("control characters are written out in the output and in an error, so the terminal shows what the page does", async () => {
    const { result, text } = await run({
      "main.ts": 'console.log("a\\x1b[31mred\\rX\\x07\\tb\\u009bc");\nthrow new Error("\\x1b[2Jgone");\n',
    });
    expect(text).toBe("a\\x1b[31mred\\x0dX\\x07\tb\\x9bc\n");
    expect(result.error?.message).toBe("Error: \\x1b[2Jgone");
  });

  test("an endless loop is stopped at the time limit with the message", async () => {
    const { result } = await run({ "main.ts": "while (true) {}\n" }, 300);
    expect(result.status).toBe("timeout");
    expect(result.error?.message).toBe("stopped after 300 ms: the program did not finish (an endless loop?)");
    expect(result.millis).toBeGreaterThanOrEqual(300);
  });

  test("the time-out says a whole-second limit in seconds, as the page's 5 s default", () => {
    expect(timeoutMessage(5000)).toBe("stopped after 5 s: the program did not finish (an endless loop?)");
    expect(timeoutMessage(15_000)).toBe("stopped after 15 s: the program did not finish (an endless loop?)");
  });

  test("output is capped by lines and by bytes", async () => {
    const lines = await run({ "main.ts": 'for (let i = 0; i < 5000; i++) console.log("line", i);\n' });
    expect(lines.result).toMatchObject({ status: "ok", truncated: true });
    expect(lines.events.length).toBe(outputLimits.lines);
    const bytes = await run({ "main.ts": 'for (let i = 0; i < 100; i++) console.log("x".repeat(10_000));\n' });
    expect(bytes.result.truncated).toBe(true);
    expect(bytes.text.length).toBeLessThanOrEqual(outputLimits.bytes);
    // 19 whole lines, then the first part of the 20th, up to the cap.
    expect(bytes.events.length).toBe(20);
    expect(bytes.text.length).toBe(outputLimits.bytes);
    // An endless flood: stopped at the time limit, and never more than the cap reaches the host.
    // (Whether the host has read the worker's "truncated" before its clock fires depends on the
    // machine's load, so it is not asserted here; the line and byte cases above assert it.)
    const flood = await run({ "main.ts": 'for (;;) console.log("forever");\n' }, 1000);
    expect(flood.result.status).toBe("timeout");
    expect(flood.events.length).toBeLessThanOrEqual(outputLimits.lines);
  });
});

// The host both runners share (host.ts), with a worker that never answers: what a run knows before it runs.
describe("runOnWorker", () => {
  test("a run says at once whether its program started, which a syntax error or a missing entry file never does", async () => {
    const ports: string[] = [];
    const port = (): WorkerPort => {
      ports.push("asked");
      return {
        whenReady: () => new Promise(() => {}),
        send() {},
        onMessage() {},
        onFailure() {},
        terminate() {},
      };
    };
    const start = (files: Record<string, string>, entry = "main.ts") =>
      runOnWorker({ files, entry, timeoutMs: 1000 }, port, () => {});
    const syntax = start({ "main.ts": "let = 3;\n" });
    const missing = start({ "main.ts": "console.log(1);\n" }, "other.ts");
    expect([syntax.started, missing.started, ports]).toEqual([false, false, []]);
    await expect(syntax.result).resolves.toMatchObject({ status: "syntax-error" });
    await expect(missing.result).resolves.toMatchObject({
      status: "error",
      error: { message: "no file named other.ts" },
    });
    // The playground type-checks only a run that started (src/widgets/playground/mount.ts).
    const started = start({ "main.ts": "console.log(1);\n" });
    expect([started.started, ports]).toEqual([true, ["asked"]]);
    started.stop();
    await expect(started.result).resolves.toMatchObject({ status: "error", error: { message: "stopped" } });
  });
});
