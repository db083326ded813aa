/** The playground's type-checker: what TypeScript says of a run's files, with the course's real types. */
import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { courseLibrary } from "../prelude/library.ts";
import { requestForFile } from "./node-files.ts";
import { runInNode } from "./node-host.ts";
import type { RunEvent } from "./protocol.ts";
import { runtimeGlobals } from "./runtime.ts";
import { pureHostGlobals } from "./confine.ts";
import { librarySources, playgroundGlobals, typeCheck } from "./typecheck.ts";
import { bundledSources } from "./typecheck-bundled.ts";
import { nodeSources, typeCheckInNode as check } from "./typecheck-node.ts";

const root = new URL("../../", import.meta.url);
const main = (source: string) => check({ files: { "main.ts": source } });

describe("typeCheck", { timeout: 60_000 }, () => {
  test("finds a type error at its line and column, with TypeScript's message", () => {
    expect(main('console.log("start");\nconst n: number = "x";\n')).toEqual([
      { file: "main.ts", line: 2, column: 7, message: "Type 'string' is not assignable to type 'number'." },
    ]);
  });

  test("a correct program using the course library, its globals and top-level await has none", () => {
    const source = [
      'import { mulberry32, percent, type Random } from "course";',
      "const random: Random = mulberry32(7);",
      "await new Promise<void>((resolve) => setTimeout(resolve, 1));",
      "const seen = new Map<string, number>([['a', 1]]);",
      "console.log(percent(random()), [...seen.keys()].at(-1), structuredClone({ a: 1 }));",
      "",
    ].join("\n");
    expect(main(source)).toEqual([]);
  });

  test("a course function called wrongly and a name the course does not export are reported", () => {
    const found = main('import { mulberry32, mulbery } from "course";\nmulberry32("seven");\n');
    expect(found.map(({ line, column }) => [line, column])).toEqual([
      [1, 22],
      [2, 12],
    ]);
    expect(found[0]!.message).toBe(`Module '"course"' has no exported member 'mulbery'.`);
    expect(found[1]!.message).toBe("Argument of type 'string' is not assignable to parameter of type 'number'.");
  });

  test("a run's files import each other as the runner resolves them; errors are in the file that has them", () => {
    const files = {
      "main.ts": 'import { half } from "./lib/half";\nconst s: string = half(4);\nconsole.log(s);\n',
      "lib/half.ts": 'import { twice } from "../twice.ts";\nexport const half = (n: number) => twice(n) / 4;\n',
      "twice.ts": "export function twice(n: number): number {\n  return n * 2;\n}\nexport const wrong: boolean = 1;\n",
    };
    expect(check({ files })).toEqual([
      { file: "main.ts", line: 2, column: 7, message: "Type 'number' is not assignable to type 'string'." },
      { file: "twice.ts", line: 4, column: 14, message: "Type 'number' is not assignable to type 'boolean'." },
    ]);
  });

  test("the host's globals are the run's: console and timers yes, the DOM's and Node's no", () => {
    const found = main("document.title = 'x';\nprocess.exit(0);\nclearTimeout(setInterval(() => {}, 5));\n");
    expect(found.map((d) => [d.line, d.message])).toEqual([
      [
        1,
        "Cannot find name 'document': the playground runs in a worker: there is no page (document) to change; print with console.log.",
      ],
      [
        2,
        "'process' cannot be used: playground programs have no file system, environment, child processes or network.",
      ],
    ]);
  });

  test("Console declares exactly the methods the runtime's console has", async () => {
    const events: RunEvent[] = [];
    const result = await runInNode(
      {
        files: { "main.ts": 'console.log(Object.keys(console).sort().join(" "));\n' },
        entry: "main.ts",
        timeoutMs: 10_000,
      },
      (event) => events.push(event),
    );
    expect(result.status).toBe("ok");
    const atRuntime = events
      .map((e) => ("text" in e ? e.text : ""))
      .join("")
      .split(" ");
    const { ts } = nodeSources;
    const declarations = ts.createSourceFile("globals.d.ts", playgroundGlobals, ts.ScriptTarget.ES2022).statements;
    const consoleType = declarations.find((s) => ts.isInterfaceDeclaration(s) && s.name.text === "Console");
    const declared = (consoleType as import("typescript").InterfaceDeclaration).members.map((m) =>
      m.name && ts.isIdentifier(m.name) ? m.name.text : "?",
    );
    expect(atRuntime.length).toBeGreaterThan(10);
    expect([...declared].sort()).toEqual(atRuntime);
    // What the report found refused: each of them type-checks, as TypeScript's DOM lib has them.
    const calls = [
      'console.group("G");',
      'console.groupCollapsed("H", 1);',
      "console.groupEnd();",
      "console.count();",
      'console.countReset("default");',
      'console.assert(1 > 2, "m");',
      'console.time("t");',
      'console.timeLog("t", "so far");',
      'console.timeEnd("t");',
      "console.dir({ a: 1 });",
      'console.trace("here");',
      'console.table([{ a: 1 }], ["a"]);',
      "",
    ];
    expect(main(calls.join("\n"))).toEqual([]);
    expect(main('console.group("G");\nconsole.profile();\n').map((d) => [d.line, d.message])).toEqual([
      [2, "Property 'profile' does not exist on type 'Console'."],
    ]);
  });

  test("the timers' usual calls type-check as with TypeScript's DOM lib; a wrong one is still an error", () => {
    const usual = [
      "await new Promise((r) => setTimeout(r, 50));",
      "await new Promise((resolve) => setTimeout(resolve));",
      "await new Promise<void>((resolve) => setTimeout(() => resolve(), 5));",
      "const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));",
      "await sleep(1);",
      'setTimeout((who: string, n: number) => console.log(who, n), 5, "a", 1);',
      "let handle: ReturnType<typeof setTimeout> | undefined = setTimeout(() => {}, 5);",
      "clearTimeout(handle);",
      "handle = undefined;",
      "const tick = setInterval(() => clearInterval(tick), 5);",
      "clearImmediate(setImmediate(() => {}));",
      "setImmediate((x: number) => console.log(x), 1);",
      "await new Promise((r) => setImmediate(r));",
      "",
    ];
    expect(main(usual.join("\n"))).toEqual([]);
    const wrong = main('setTimeout("console.log(1)", 5);\nsetTimeout(() => {}, "50");\nclearTimeout("x");\n');
    expect(wrong.map((d) => [d.line, d.message.split("\n")[0]])).toEqual([
      [1, "Argument of type 'string' is not assignable to parameter of type '(...args: any[]) => void'."],
      [2, "Argument of type 'string' is not assignable to parameter of type 'number'."],
      [3, "Argument of type 'string' is not assignable to parameter of type 'TimerHandle'."],
    ]);
  });

  test("declares every global a run gives a program, and maps every library module to its source", () => {
    for (const name of [...runtimeGlobals, ...pureHostGlobals])
      expect(playgroundGlobals).toMatch(new RegExp(`declare (?:var|function|class) ${name}\\b`));
    expect(Object.keys(librarySources).sort()).toEqual(Object.keys(courseLibrary.modules).sort());
    const paths = JSON.parse(readFileSync(new URL("tsconfig.json", root), "utf8").replace(/^\s*\/\/.*$/gm, ""))
      .compilerOptions.paths;
    for (const [name, source] of Object.entries(librarySources)) expect(paths[name]).toEqual([source]);
  });
});

test("the page's bundled texts are the files a check reads from disk, byte for byte", { timeout: 60_000 }, () => {
  const read: [kind: "lib" | "course", name: string, text: string | undefined][] = [];
  const recording = {
    ts: nodeSources.ts,
    lib: (name: string) => (read.push(["lib", name, nodeSources.lib(name)]), nodeSources.lib(name)),
    course: (path: string) => (read.push(["course", path, nodeSources.course(path)]), nodeSources.course(path)),
  };
  const program =
    'import { plot, mulberry32 } from "course";\nimport { CheckFailure } from "course/checks";\nconsole.log(plot, mulberry32, CheckFailure);\n';
  expect(typeCheck({ files: { "main.ts": program } }, recording)).toEqual([]);
  const found = read.filter(([, , text]) => text !== undefined);
  expect(found.filter(([kind]) => kind === "course").length).toBeGreaterThan(20);
  expect(found.filter(([kind]) => kind === "lib").length).toBeGreaterThan(20);
  for (const [kind, name, text] of found) expect([name, bundledSources[kind](name)]).toEqual([name, text]);
});

describe("the course's own programs have no type errors", { timeout: 120_000 }, () => {
  const chapters = new URL("content/chapters/", root);
  const playgrounds = readdirSync(chapters, { recursive: true, encoding: "utf8" }).filter((f) =>
    f.endsWith(".play.ts"),
  );
  test("there are playgrounds to check", () => expect(playgrounds.length).toBeGreaterThan(10));
  test.each(playgrounds)("%s", (file) => {
    expect(check(requestForFile(new URL(file, chapters).pathname))).toEqual([]);
  });

  const exercises = readdirSync(new URL("exercises/", root)).filter((id) =>
    readdirSync(new URL(`exercises/${id}/`, root)).includes("starter.ts"),
  );
  test.each(exercises)("exercise %s: its starter and its solution against its checks", (id) => {
    const checks = readFileSync(new URL(`exercises/${id}/checks.ts`, root), "utf8");
    for (const code of [
      readFileSync(new URL(`exercises/${id}/starter.ts`, root), "utf8"),
      readFileSync(new URL(`solutions/${id}/solution.ts`, root), "utf8"),
    ])
      expect(check({ files: { "starter.ts": code, "checks.ts": checks } })).toEqual([]);
  });
});
