/**
 * How a playground file's import names a module: another file of the run (relative path),
 * a virtual library module ("course"), or something the playground refuses (URLs, packages).
 */

import { listNames } from "../format/words.ts";

export type Resolution =
  | { kind: "file"; path: string }
  | { kind: "library"; name: string }
  | { kind: "refused"; message: string };

function normalize(path: string): string {
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") out.pop();
    else out.push(part);
  }
  return out.join("/");
}

function dirname(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

/** The files a relative import may mean, in the order tried: as written, with .ts, .js as .ts, a folder's index.ts. */
export function importCandidates(base: string): string[] {
  return [base, `${base}.ts`, `${base.replace(/\.js$/, "")}.ts`, `${base}/index.ts`];
}

/** Node's own modules, as programs may name them: "node:fs", "fs", "fs/promises"... */
const nodeBuiltin =
  /^(?:node:.*|(?:assert|async_hooks|buffer|child_process|cluster|console|constants|crypto|dgram|diagnostics_channel|dns|domain|events|fs|http|http2|https|inspector|module|net|os|path|perf_hooks|process|punycode|querystring|readline|repl|stream|string_decoder|sys|timers|tls|trace_events|tty|url|util|v8|vm|wasi|worker_threads|zlib)(?:\/.*)?)$/;

export function resolveImport(
  from: string,
  specifier: string,
  files: Iterable<string>,
  libraries: Iterable<string>,
): Resolution {
  if (nodeBuiltin.test(specifier)) {
    return {
      kind: "refused",
      message: `cannot import "${specifier}": playground programs have no file system, environment, child processes or network; import "course" or a file of this playground`,
    };
  }
  if (/^[a-z][a-z0-9+.-]*:|^\/\//i.test(specifier)) {
    return {
      kind: "refused",
      message: `cannot import "${specifier}": the playground has no network; import "course" or a file of this playground`,
    };
  }
  if (specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/")) {
    const base = normalize(specifier.startsWith("/") ? specifier : `${dirname(from)}/${specifier}`);
    const known = new Set(files);
    for (const candidate of importCandidates(base)) {
      if (known.has(candidate)) return { kind: "file", path: candidate };
    }
    return {
      kind: "refused",
      message: `cannot find "${specifier}" (imported by ${from}): this playground has ${listNames([...known].map((f) => `"./${f}"`))}`,
    };
  }
  const names = [...libraries];
  if (names.includes(specifier)) return { kind: "library", name: specifier };
  return {
    kind: "refused",
    message: `cannot import "${specifier}": playground code can import ${listNames([...names.map((n) => `"${n}"`), "files of this playground"])}`,
  };
}

/** The modules a transpiled file requires with a literal name (static imports and literal dynamic ones). */
export function requiredSpecifiers(js: string): string[] {
  return [...js.matchAll(/\brequire\((['"])([^'"\n]+)\1\)/g)].map((m) => m[2]!);
}
