/**
 * The type-checker in Node (`npm run play`, tests): the installed `typescript` package, its lib
 * files, and the course's sources from this repository's files.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import ts from "typescript";
import type { RunRequest, TypeDiagnostic } from "./protocol.ts";
import { type TypeCheckSources, typeCheck } from "./typecheck.ts";

const libDir = dirname(createRequire(import.meta.url).resolve("typescript/lib/lib.es5.d.ts"));
const repoRoot = new URL("../../", import.meta.url);

function readOrNothing(path: string | URL): string | undefined {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return undefined;
  }
}

export const nodeSources: TypeCheckSources = {
  ts,
  lib: (name) => (/^lib\.[\w.]+\.d\.ts$/.test(name) ? readOrNothing(join(libDir, name)) : undefined),
  course: (path) =>
    /^src\/[\w./-]+\.ts$/.test(path) && !path.includes("..") ? readOrNothing(new URL(path, repoRoot)) : undefined,
};

export function typeCheckInNode(request: Pick<RunRequest, "files">): TypeDiagnostic[] {
  return typeCheck(request, nodeSources);
}
