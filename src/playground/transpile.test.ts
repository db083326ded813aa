import { describe, expect, test } from "vitest";
import { transpile, transpileAll } from "./transpile.ts";

describe("transpile", () => {
  test("strips types and keeps every line where it was", () => {
    const source =
      'import { choose } from "course";\ninterface P { x: number }\nconst p: P = { x: choose(1, 1) };\nthrow new Error(String(p.x));\n';
    const result = transpile("main.ts", source);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const lines = result.code.split("\n");
    expect(lines.length).toBe(source.split("\n").length);
    expect(lines[3]).toContain("new Error(String(p.x))");
    expect(result.code).toContain("require('course')");
    expect(result.code).not.toContain("interface");
  });

  test("every throw statement records what it throws and its line, on that line; no other `throw` is touched", () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal of the program, as its text
    const strings = "const s = `throw ${o.throw}` + 'throw' + /throw/.source;";
    const source = [
      "const o = { throw: 1 }; // throw",
      strings,
      'if (s) throw "boom";',
      "function* g() {",
      "  throw yield 1;",
      "}",
      "throw(o), g;",
      "",
    ].join("\n");
    const result = transpile("main.ts", source);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.code.split("\n").slice(0, 7)).toEqual([
      expect.stringContaining("const o = { throw: 1 }; // throw"),
      strings,
      'if (s) throw __throwSite(3).value = "boom";',
      "function* g() {",
      "  throw __throwSite(5).value = yield 1;",
      "}",
      "throw __throwSite(7).value =(o), g;",
    ]);
  });

  test("turns dynamic import into require, so the runner decides what may load", () => {
    const result = transpile("main.ts", 'const m = await import("https://example.com/x.js");\n');
    expect(result.ok && result.code).toContain('require("https://example.com/x.js")');
  });

  test("a syntax error names file, line and column (1-based)", () => {
    expect(transpile("main.ts", "const a = 1;\nconst b = ;\n")).toEqual({
      ok: false,
      error: { message: "syntax error: Unexpected token", file: "main.ts", line: 2, column: 11 },
    });
  });

  test("namespaces are refused with a clear message instead of silently dropped", () => {
    const result = transpile("main.ts", "const a = 1;\n  export namespace Shapes {\n  export const x = 1;\n}\n");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatchObject({ file: "main.ts", line: 2, column: 3 });
    expect(result.error.message).toMatch(/namespaces are not supported/);
  });

  test("transpileAll stops at the first file with an error", () => {
    const all = transpileAll({
      "main.ts": 'import { f } from "./lib.ts";\nf();\n',
      "lib.ts": "export function f( {}\n",
    });
    expect(all.ok).toBe(false);
    expect(!all.ok && all.error.file).toBe("lib.ts");
  });

  test("a name imported only as a type is not looked for at run time; a value's is", () => {
    const all = transpileAll({
      "main.ts": 'import { Plan, plan, unused } from "./lib.ts";\nconst p: Plan = plan;\nconsole.log(p);\n',
      "lib.ts": "export interface Plan { n: number }\nexport const plan: Plan = { n: 1 };\n",
      "types.ts": 'import { Plan } from "./lib.ts";\nexport const n: Plan["n"] = 1;\n',
    });
    expect(all.ok && all.imports).toEqual({
      "main.ts": [{ specifier: "./lib.ts", names: ["plan"], line: 1 }],
      "lib.ts": [],
      "types.ts": [],
    });
  });
});
