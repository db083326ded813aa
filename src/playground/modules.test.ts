import { describe, expect, test } from "vitest";
import { requiredSpecifiers, resolveImport } from "./modules.ts";

const files = ["main.ts", "starter.ts", "lib/util.ts", "lib/index.ts"];
const libraries = ["course", "course/checks"];

describe("resolveImport", () => {
  test("relative paths resolve among the run's files, with or without .ts", () => {
    expect(resolveImport("main.ts", "./starter.ts", files, libraries)).toEqual({ kind: "file", path: "starter.ts" });
    expect(resolveImport("main.ts", "./starter", files, libraries)).toEqual({ kind: "file", path: "starter.ts" });
    expect(resolveImport("main.ts", "./starter.js", files, libraries)).toEqual({ kind: "file", path: "starter.ts" });
    expect(resolveImport("lib/util.ts", "../main.ts", files, libraries)).toEqual({ kind: "file", path: "main.ts" });
    expect(resolveImport("main.ts", "./lib", files, libraries)).toEqual({ kind: "file", path: "lib/index.ts" });
  });

  test("library names resolve to the virtual modules", () => {
    expect(resolveImport("main.ts", "course", files, libraries)).toEqual({ kind: "library", name: "course" });
    expect(resolveImport("main.ts", "course/checks", files, libraries)).toEqual({
      kind: "library",
      name: "course/checks",
    });
  });

  test("URLs, packages and missing files are refused with a message that says what is possible", () => {
    const url = resolveImport("main.ts", "https://example.com/x.js", files, libraries);
    expect(url).toMatchObject({ kind: "refused" });
    expect(url.kind === "refused" && url.message).toMatch(/no network/);
    const pkg = resolveImport("main.ts", "lodash", files, libraries);
    expect(pkg.kind === "refused" && pkg.message).toBe(
      'cannot import "lodash": playground code can import "course", "course/checks" and files of this playground',
    );
    const missing = resolveImport("main.ts", "./nope.ts", files, libraries);
    expect(missing.kind === "refused" && missing.message).toBe(
      'cannot find "./nope.ts" (imported by main.ts): this playground has "./main.ts", "./starter.ts", "./lib/util.ts" and "./lib/index.ts"',
    );
  });
});

test("requiredSpecifiers finds static and literal dynamic requires", () => {
  expect(
    requiredSpecifiers(
      `var _a = require('course'); const b = await Promise.resolve().then(() => require("./b.ts")); require(name);`,
    ),
  ).toEqual(["course", "./b.ts"]);
});
