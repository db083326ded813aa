/**
 * Ways a learner might try to pass a code exercise without solving it, or to reach what a
 * program must not reach. Each runs against both runners: Node (tests/attacks/attacks.test.ts,
 * in the unit project) and the page (tests/browser/attacks.test.ts, in Chromium), and each
 * must fail with a message matching `expect`. `stoppedBy` says what stops it
 * (docs/ARCHITECTURE.md, "What learner code cannot do").
 */

export interface Attack {
  id: string;
  /** The attack, in words. */
  what: string;
  /** What stops it. */
  stoppedBy: string;
  /**
   * A check run of this exercise with `code` as the learner's starter.ts (its checks.ts, or
   * `checks` when given); without it, `code` runs as a playground program.
   */
  exercise?: "choose-exact" | "retry-throttle-token-bucket";
  checks?: string;
  code: string;
  /** An attack through one host's own door runs only there. */
  only?: "node" | "page";
  /**
   * Matched against what the learner is shown: for a check run, the outcome's summary and
   * every check's line; for a playground, the error.
   */
  expect: RegExp;
}

/** A wrong answer every choose-exact attack tries to pass with. */
const wrongChoose = "export function choose(n: number, k: number): bigint {\n  return 0n;\n}\n";

const readOnly = /Cannot (assign to read only property|define property|add property)|not extensible|read.only/;

export const attacks: Attack[] = [
  {
    id: "object-is",
    what: "replace Object.is, which t.equal compares with, so every comparison passes",
    stoppedBy: "lockdown() froze the intrinsics: the assignment throws before any check runs",
    exercise: "choose-exact",
    code: `(Object as any).is = () => true;\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'is'/,
  },
  {
    id: "array-iterator",
    what: "patch Array.prototype[Symbol.iterator] so the runner iterates harmless check bodies",
    stoppedBy: "lockdown() froze Array.prototype",
    exercise: "choose-exact",
    code: `(Array.prototype as any)[Symbol.iterator] = function* () {};\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'Symbol\(Symbol\.iterator\)'/,
  },
  {
    id: "promise-then",
    what: "monkey-patch Promise.prototype.then so awaited checks never report failures",
    stoppedBy: "lockdown() froze Promise.prototype",
    exercise: "choose-exact",
    code: `Promise.prototype.then = function () { return this; } as any;\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'then'/,
  },
  {
    id: "json-stringify",
    what: "override JSON.stringify, which a host might use to read results",
    stoppedBy: "lockdown() froze JSON",
    exercise: "choose-exact",
    code: `JSON.stringify = () => "{}";\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'stringify'/,
  },
  {
    id: "global-binding",
    what: "swap the global Object binding (not the frozen object) for a fake whose is() always agrees",
    stoppedBy: "the global bindings of the intrinsics are read-only (confineRealm)",
    exercise: "choose-exact",
    code: `(globalThis as any).Object = { is: () => true };\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'Object'/,
  },
  {
    id: "has-instance",
    what: "make every value a RangeError for t.throws by defining RangeError[Symbol.hasInstance]",
    stoppedBy: "lockdown() froze RangeError",
    exercise: "choose-exact",
    code: `Object.defineProperty(RangeError, Symbol.hasInstance, { value: () => true });\n${wrongChoose}`,
    expect: readOnly,
  },
  {
    id: "parent-port",
    what: 'post forged "check" and "done" messages through process.getBuiltinModule("node:worker_threads").parentPort',
    stoppedBy:
      "learner code has no process (a stand-in that refuses), the run is a child process without a parent port, and the host takes only messages signed with the run's key",
    exercise: "choose-exact",
    code: `const { parentPort } = (process as any).getBuiltinModule("node:worker_threads");\nparentPort.postMessage({ type: "done", status: "ok", truncated: false });\n${wrongChoose}`,
    expect: /process\.getBuiltinModule is not available/,
  },
  {
    id: "post-message",
    what: 'post a forged "check" event to the page with the worker\'s postMessage',
    stoppedBy:
      "postMessage is refused in the worker (the runtime keeps its own reference), and the host takes only messages signed with the run's key",
    exercise: "choose-exact",
    code: `(globalThis as any).postMessage({ type: "event", event: { kind: "check", name: "C(8, 2) is 28n", passed: true } });\n${wrongChoose}`,
    expect: /postMessage: the playground reports through console\.log and plot; it cannot post messages/,
  },
  {
    id: "import-course",
    what: 'pass by re-exporting the course library\'s implementation: import { choose } from "course"',
    stoppedBy: "in a check run the learner's starter.ts imports nothing: the course library is closed to it",
    exercise: "choose-exact",
    code: 'import { choose } from "course";\nexport { choose };\n',
    expect: /starter\.ts cannot import "course": a code exercise asks you to write this code yourself/,
  },
  {
    id: "extend-library",
    what: "pass by subclassing the course library's class: class RetryThrottle extends Lib {}",
    stoppedBy: "in a check run the learner's starter.ts imports nothing: the course library is closed to it",
    exercise: "retry-throttle-token-bucket",
    code: 'import { RetryThrottle as Lib } from "course";\nexport class RetryThrottle extends Lib {}\n',
    expect: /starter\.ts cannot import "course": a code exercise asks you to write this code yourself/,
  },
  {
    id: "import-checks",
    what: "import the checks themselves (to read expected values or run the suite with a fake t)",
    stoppedBy: "the learner's file may import only other learner files",
    exercise: "choose-exact",
    code: `import suite from "./checks.ts";\nvoid suite;\n${wrongChoose}`,
    expect: /starter\.ts cannot import "\.\/checks\.ts"/,
  },
  {
    id: "forge-reporter",
    what: "import the runner's check reporter and report passes",
    stoppedBy: "only the course's files (checks.ts and the entry) can import the reporter",
    exercise: "choose-exact",
    code: `import { reporter } from "course/check-reporter";\nreporter.report({ name: "C(8, 2) is 28n", passed: true });\n${wrongChoose}`,
    expect: /starter\.ts cannot import "course\/check-reporter"/,
  },
  {
    id: "run-fake-suite",
    what: "import runChecks and run a suite of checks that always pass",
    stoppedBy: "the learner's file cannot import course/checks; and runChecks reports only to the reporter it is given",
    exercise: "choose-exact",
    code: `import { runChecks } from "course/checks";\nvoid runChecks;\n${wrongChoose}`,
    expect: /starter\.ts cannot import "course\/checks"/,
  },
  {
    id: "html-comment-escape",
    what: "close the runner's function wrapper with text sucrase reads as a template but the script parser reads as code (after a `<!--` comment), then replace eval so the checks compile without their comparisons",
    stoppedBy:
      "each file is compiled only if it parses alone as a function body (the AsyncFunction constructor, taken before lockdown), so no text of it runs while the files are compiled",
    exercise: "choose-exact",
    code: [
      "const a = 1, b = 2;",
      "const q = [a <!--b, `",
      "]; });",
      "const realEval = eval;",
      "globalThis.eval = (src) => realEval(String(src).replace(/\\bt\\.(equal|deepEqual|ok|throws|near)\\(/g, '(() => {})('));",
      "(async function (exports) {",
      "exports.choose = () => 0n;",
      "0 <!--b, `];",
      wrongChoose,
    ].join("\n"),
    expect: /could not load the program: SyntaxError: the file ends the function it is compiled in/,
  },
  {
    id: "function-constructor",
    what: "reach the Function constructor through a prototype chain to run code from a string",
    stoppedBy: "lockdown() made the function constructors inert",
    exercise: "choose-exact",
    code: `(() => {}).constructor("return this")();\n${wrongChoose}`,
    expect: /Function\.prototype\.constructor is not a valid constructor/,
  },
  {
    id: "async-function-constructor",
    what: "reach the async function constructor to run import() from a string",
    stoppedBy: "lockdown() made the function constructors inert",
    code: `const AsyncFunction = (async () => {}).constructor as any;\nawait AsyncFunction("return import('node:fs')")();\n`,
    expect: /Function\.prototype\.constructor is not a valid constructor/,
  },
  {
    id: "eval",
    what: "run code from a string with indirect eval",
    stoppedBy: "eval is refused once the learner's files are compiled",
    code: 'console.log((0, eval)("1 + 1"));\n',
    expect: /EvalError: the playground does not run code from strings/,
  },
  {
    id: "prepare-stack-trace",
    what: "install Error.prepareStackTrace to steal the runner's functions from stack frames",
    stoppedBy:
      "after lockdown() Error.prepareStackTrace is read-only in Chromium, and in Node its call sites have no getFunction or getThis (every runner frame is strict code, too); the checks still compare the answer",
    exercise: "choose-exact",
    code: `let stolen: unknown[] = [];\n(Error as any).prepareStackTrace = (_e: unknown, frames: any[]) => {\n  stolen = frames.map((f) => f.getFunction()).filter(Boolean);\n  return "";\n};\nexport function choose(n: number, k: number): bigint {\n  void new Error().stack;\n  for (const f of stolen) {\n    try {\n      (f as any)({ name: "C(8, 2) is 28n", passed: true });\n    } catch {}\n  }\n  return 0n;\n}\n`,
    expect: /0 of 12 checks pass|Cannot assign to read only property 'prepareStackTrace'/,
  },
  {
    id: "to-primitive",
    what: "return an object whose Symbol.toPrimitive, valueOf and toString all say 28",
    stoppedBy: "t.equal compares with Object.is, which never converts",
    exercise: "choose-exact",
    code: `export function choose(n: number, k: number): bigint {\n  return { [Symbol.toPrimitive]: () => 28n, valueOf: () => 28n, toString: () => "28" } as unknown as bigint;\n}\n`,
    expect: /✗ C\(8, 2\) is 28n: expected 28n, got \{/,
  },
  {
    id: "throw-non-error",
    what: "throw a value whose every property read throws, to crash the runner's failure report",
    stoppedBy: "failures are described without trusting the thrown value",
    exercise: "choose-exact",
    code: `export function choose(n: number, k: number): bigint {\n  throw new Proxy({}, { get() { throw new Error("gotcha"); }, getPrototypeOf() { throw new Error("gotcha"); }, ownKeys() { throw new Error("gotcha"); } });\n}\n`,
    expect: /✗ C\(8, 2\) is 28n: threw/,
  },
  {
    id: "error-with-lying-message",
    what: "throw an Error whose message getter throws",
    stoppedBy: "failures are described without trusting the thrown value",
    exercise: "choose-exact",
    code: `export function choose(n: number, k: number): bigint {\n  const e = new Error("x");\n  Object.defineProperty(e, "message", { get() { throw new Error("gotcha"); } });\n  throw e;\n}\n`,
    expect: /✗ C\(8, 2\) is 28n: /,
  },
  {
    id: "set-own-iterator",
    what: "return a Set whose own Symbol.iterator yields nothing, so deepEqual finds no difference",
    stoppedBy: "deepEqual walks Maps and Sets with the built-in iterators, never the value's own",
    exercise: "choose-exact",
    checks: `import type { Checks } from "course/checks";\nimport { workers } from "./starter.ts";\nexport default function (t: Checks) {\n  t.check("the shard is workers 1, 2, 3", () => t.deepEqual(workers(), new Set([1, 2, 3])));\n}\n`,
    code: `export function workers(): Set<number> {\n  const s = new Set([7, 8, 9]);\n  Object.defineProperty(s, Symbol.iterator, { value: function* () {} });\n  Object.defineProperty(s, "size", { value: 3 });\n  return s;\n}\n`,
    expect: /✗ the shard is workers 1, 2, 3: expected Set\(3\) \{ 1, 2, 3 \}/,
  },
  {
    id: "getter-second-read",
    what: "return an object whose getter can answer differently each time it is read",
    stoppedBy: "deepEqual compares own data properties, read once; a getter is a difference and is never called",
    exercise: "choose-exact",
    checks: `import type { Checks } from "course/checks";\nimport { tally } from "./starter.ts";\nexport default function (t: Checks) {\n  t.check("tally is { lost: 1 }", () => t.deepEqual(tally(), { lost: 1 }));\n}\n`,
    code: `let reads = 0;\nexport function tally(): { lost: number } {\n  return { get lost() { return ++reads; } } as { lost: number };\n}\n`,
    expect: /✗ tally is \{ lost: 1 \}: expected \{ lost: 1 \}, got \{ lost: \[Getter\] \}/,
  },
  {
    id: "exit-mid-checks",
    what: "end the run early with process.exit(0) from inside the learner's function",
    stoppedBy: "process is a stand-in: exit throws, so the check fails with that message",
    exercise: "choose-exact",
    code: `export function choose(n: number, k: number): bigint {\n  (process as any).exit(0);\n  return 0n;\n}\n`,
    expect: /✗ C\(8, 2\) is 28n: Error: process\.exit\(\) is not available/,
  },
  {
    id: "close-mid-checks",
    what: "end the run early by closing the worker (self.close()) from inside the learner's function",
    stoppedBy: "close is refused in the run's realm",
    exercise: "choose-exact",
    code: `export function choose(n: number, k: number): bigint {\n  (globalThis as any).close();\n  return 0n;\n}\n`,
    expect: /✗ C\(8, 2\) is 28n: Error: close: a program ends when its code finishes/,
  },
  {
    id: "rejection-after-checks",
    what: "let a promise reject unhandled after the checks have run",
    stoppedBy: "an unhandled rejection ends the run as an error, whenever it happens before the run ends",
    exercise: "choose-exact",
    code: `setTimeout(() => {\n  Promise.reject(new Error("late"));\n}, 0);\n${wrongChoose}`,
    expect: /The run stopped with an error: Error: late/,
  },
  {
    id: "never-settles",
    what: "await a promise that never settles, hoping the run ends as if it had finished",
    stoppedBy: "the runtime sees the top level waiting with no timer pending and ends the run as an error",
    exercise: "choose-exact",
    code: `await new Promise(() => {});\n${wrongChoose}`,
    expect: /waiting for a promise that never settles/,
  },
  {
    id: "fake-check-lines",
    what: 'print fake "✓ C(8, 2) is 28n" lines, or replace console to do it',
    stoppedBy:
      "the console is read-only and frozen; printed lines are not check results, and are shown apart (behind a bar in the terminal, under the program's output in the page)",
    exercise: "choose-exact",
    code: `console.log("✓ C(8, 2) is 28n");\n(console as any).log = () => {};\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'log'/,
  },
  {
    id: "set-timeout-swap",
    what: "replace the global setTimeout the checks' timers use",
    stoppedBy: "the runner's timers are read-only globals",
    exercise: "choose-exact",
    code: `(globalThis as any).setTimeout = (f: () => void) => f();\n${wrongChoose}`,
    expect: /Cannot assign to read only property 'setTimeout'/,
  },
  {
    id: "read-solution",
    what: "read solutions/choose-exact/solution.ts through Node's file system",
    stoppedBy:
      "no process and no node: imports in the realm; the child process may read only its own code file (Node's permission model)",
    exercise: "choose-exact",
    code: `const fs = (process as any).getBuiltinModule("node:fs");\nconst source = fs.readFileSync("solutions/choose-exact/solution.ts", "utf8");\nvoid source;\n${wrongChoose}`,
    expect: /process\.getBuiltinModule is not available: playground programs cannot load Node modules/,
  },
  {
    id: "import-fs",
    what: 'import "node:fs" in a playground',
    stoppedBy: "the module system refuses Node's modules, saying so",
    code: 'import { readFileSync } from "node:fs";\nconsole.log(readFileSync("/etc/hostname", "utf8"));\n',
    expect: /cannot import "node:fs": playground programs have no file system, environment, child processes or network/,
  },
  {
    id: "environment",
    what: "read the environment (process.env)",
    stoppedBy: "process is a stand-in; the child process also starts with an empty environment",
    code: "console.log(Object.keys((process as any).env));\n",
    expect: /process\.env is not available: playground programs have no file system, environment/,
  },
  {
    id: "child-process",
    what: "start a child process",
    stoppedBy: "no process, no node: imports; Node's permission model refuses child processes to the run",
    code: 'const cp = (process as any).getBuiltinModule("node:child_process");\ncp.execSync("id");\n',
    expect: /process\.getBuiltinModule is not available/,
  },
  {
    id: "network",
    what: "reach the network with fetch",
    stoppedBy: "fetch (and every other network door) is a stand-in that refuses",
    code: 'await fetch("http://127.0.0.1:1/");\n',
    expect: /fetch: the playground has no network/,
  },
  {
    id: "document",
    what: "reach the page's document",
    stoppedBy: "the program runs in a worker; document is a stand-in that refuses",
    code: "console.log((globalThis as any).document.body);\n",
    expect: /document: the playground runs in a worker: there is no page/,
  },
];
