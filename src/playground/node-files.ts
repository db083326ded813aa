/**
 * Reading a playground program from disk for the Node runner: the file plus every file it
 * imports by relative path, keyed relative to the entry's folder, as a RunRequest wants them.
 */
import { readFileSync, existsSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { importCandidates } from "./modules.ts";
import { defaultTimeoutMs, type RunRequest } from "./protocol.ts";

const importFrom =
  /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*\sfrom\s*)?["'](\.{1,2}\/[^"']+)["']|\bimport\(\s*["'](\.{1,2}\/[^"']+)["']\s*\)/g;

/** A relative import a caller's rule refused (requestForFile's `refuse`): the reason is its message. */
export class ImportRefused extends Error {}

/**
 * What `refuse` is told of each file a relative import reaches, before it is read: the file
 * (absolute, as joined, links not followed), the import as written, and the file that wrote it. A
 * reason refuses it (requestForFile throws ImportRefused with that reason); undefined reads it.
 */
export type ImportRule = (file: string, specifier: string, from: string) => string | undefined;

export function requestForFile(path: string, timeoutMs = defaultTimeoutMs, refuse?: ImportRule): RunRequest {
  const root = dirname(path);
  const files: Record<string, string> = {};
  const visit = (file: string) => {
    const key = relative(root, file).split("\\").join("/");
    if (key in files) return;
    const source = readFileSync(file, "utf8");
    files[key] = source;
    for (const match of source.matchAll(importFrom)) {
      const specifier = match[1] ?? match[2]!;
      const target = join(dirname(file), specifier);
      for (const candidate of importCandidates(target)) {
        if (existsSync(candidate) && candidate.endsWith(".ts")) {
          const reason = refuse?.(candidate, specifier, file);
          if (reason !== undefined) throw new ImportRefused(reason);
          visit(candidate);
          break;
        }
      }
    }
  };
  visit(path);
  return { files, entry: basename(path), timeoutMs };
}
