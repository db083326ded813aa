/**
 * The type-checker's texts in the page, bundled into its worker's chunk only (loaded when a
 * reader runs code they edited): TypeScript's lib files for ECMAScript 2022, and the course's
 * sources the library modules are made of, as text (`?raw`), so "course" is typed by the code
 * the run executes. typecheck.test.ts checks that every file a check reads from disk is here,
 * with the same text.
 */
import type { TypeCheckSources } from "./typecheck.ts";

const libs = import.meta.glob<string>(
  [
    "/node_modules/typescript/lib/lib.es5.d.ts",
    "/node_modules/typescript/lib/lib.es201[5-9]*.d.ts",
    "/node_modules/typescript/lib/lib.es202[0-2]*.d.ts",
    "/node_modules/typescript/lib/lib.decorators*.d.ts",
    "!**/*.full.d.ts",
  ],
  { query: "?raw", import: "default", eager: true },
);

const course = import.meta.glob<string>(
  ["../sim/**/*.ts", "../format/*.ts", "../prelude/*.ts", "../grader/checks.ts", "!**/*.test.ts"],
  { query: "?raw", import: "default", eager: true },
);

export const bundledSources: Omit<TypeCheckSources, "ts"> = {
  lib: (name) => libs[`/node_modules/typescript/lib/${name}`],
  course: (path) => (path.startsWith("src/") ? course[`../${path.slice("src/".length)}`] : undefined),
};
