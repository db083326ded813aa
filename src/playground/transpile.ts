/**
 * TypeScript -> JavaScript for playground files, with sucrase: it strips types and turns
 * ES imports into `require` calls for the runner's module system, keeping line numbers, so
 * a runtime error's line is the learner's line. It does not type-check.
 */
import { transform } from "sucrase";
import type { RunError } from "./protocol.ts";

export type TranspileResult = { ok: true; code: string } | { ok: false; error: RunError };

// Sucrase drops `namespace` blocks without a word (their code would silently vanish).
const namespaceBlock = /^[ \t]*(?:export[ \t]+)?(?:namespace|module)[ \t]+[A-Za-z_$][\w$.]*[ \t]*\{/m;

export function transpile(file: string, source: string): TranspileResult {
  const namespace = namespaceBlock.exec(source);
  if (namespace) {
    const line = source.slice(0, namespace.index).split("\n").length;
    const column = namespace[0].search(/\S/) + 1;
    return {
      ok: false,
      error: {
        message:
          "namespaces are not supported in the playground: use a plain object or a module (another file) instead",
        file,
        line,
        column,
      },
    };
  }
  try {
    const { code } = transform(source, {
      transforms: ["typescript", "imports"],
      filePath: file,
      disableESTransforms: true,
    });
    return { ok: true, code };
  } catch (error) {
    const loc = (error as { loc?: { line: number; column: number } }).loc;
    const message = (error instanceof Error ? error.message : String(error))
      .replace(/^Error transforming [^:]*: /, "")
      .replace(/\s*\(\d+:\d+\)$/, "");
    return {
      ok: false,
      error: {
        message: `syntax error: ${message}`,
        file,
        line: loc?.line,
        column: loc?.column /* sucrase counts columns from 1 */,
      },
    };
  }
}

/** Transpile every file of a run; the first syntax error wins. */
export function transpileAll(
  files: Record<string, string>,
): { ok: true; modules: Record<string, string> } | { ok: false; error: RunError } {
  const modules: Record<string, string> = {};
  for (const [path, source] of Object.entries(files)) {
    const result = transpile(path, source);
    if (!result.ok) return result;
    modules[path] = result.code;
  }
  return { ok: true, modules };
}
