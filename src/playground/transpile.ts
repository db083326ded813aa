/**
 * TypeScript -> JavaScript for playground files, with sucrase: it strips types and turns
 * ES imports into `require` calls for the runner's module system, keeping line numbers, so
 * a runtime error's line is the learner's line. It does not type-check.
 */
import { getFormattedTokens, transform } from "sucrase";
import { throwSiteName, type NamedImport, type RunError } from "./protocol.ts";

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
    return { ok: true, code: recordThrows(code) };
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

/** A `throw` keyword token in sucrase's table of tokens: its 1-based line and column. */
const throwRow = /^(\d+):(\d+)-\S+ +throw /gm;
const identifierCharacter = /[\p{ID_Continue}$\u200c\u200d]/u;

/**
 * Compiled code whose every `throw` statement also records what it throws and on which line:
 * `throw x` becomes `throw __throwSite(7).value = x`, on the same line. The statement throws
 * the same value (an assignment's value is what is assigned), and when it is not an Error,
 * which carries its own stack, the runtime can still say where it came from. Only `throw`
 * keywords are touched, found by sucrase's own tokenizer (its public table of tokens, one row a
 * token: location, label, text...), never one in a string, a comment, a regular expression or a
 * property name; each is checked against the code before it is touched.
 */
function recordThrows(code: string): string {
  if (!code.includes("throw")) return code;
  let table: string;
  try {
    table = getFormattedTokens(code, { transforms: [] });
  } catch {
    return code; // sucrase's own output always parses; if not, the program runs as it is
  }
  const lineStarts = [0];
  for (let i = code.indexOf("\n"); i !== -1; i = code.indexOf("\n", i + 1)) lineStarts.push(i + 1);
  const sites = [...table.matchAll(throwRow)].flatMap((m) => {
    const line = Number(m[1]);
    const start = lineStarts[line - 1];
    if (start === undefined) return [];
    const at = start + Number(m[2]) - 1;
    const keyword =
      code.startsWith("throw", at) &&
      !identifierCharacter.test(code[at - 1] ?? " ") &&
      !identifierCharacter.test(code[at + 5] ?? " ");
    return keyword ? [{ line, at }] : [];
  });
  let out = code;
  for (const { line, at } of sites.reverse()) {
    const end = at + "throw".length;
    out = `${out.slice(0, end)} ${throwSiteName}(${line}).value =${out.slice(end)}`;
  }
  return out;
}

const namedImport = /^[ \t]*import\s+(type\s+)?(?:[\w$]+\s*,\s*)?\{([^}]*)\}\s*from\s*["']([^"']+)["']/gm;

/** The value names each `import { a, b as c } from "..."` of a file asks for (type-only names left out). */
export function namedImports(source: string): NamedImport[] {
  const found: NamedImport[] = [];
  for (const match of source.matchAll(namedImport)) {
    if (match[1]) continue; // import type { ... }
    const names = match[2]!
      .split(",")
      .map((part) => part.trim())
      .filter((part) => part !== "" && !/^type\s/.test(part))
      .map((part) => part.split(/\s+as\s+/)[0]!.trim());
    if (names.length === 0) continue;
    const start = match.index + match[0].search(/\S/);
    found.push({ specifier: match[3]!, names, line: source.slice(0, start).split("\n").length });
  }
  return found;
}

const literally = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The named imports the transpiled JavaScript still reads. A name used only as a type
 * (`import { Plan, plan } from "./lib.ts"` where Plan is an interface) is gone from it, as the
 * import of a file that imports only types is (transpile.test.ts shows both): such a name is
 * not looked for at run time, where the file has no such export. A kept name is read through
 * the module's variable (`_libts.plan`).
 */
function usedImports(imports: NamedImport[], js: string): NamedImport[] {
  return imports.flatMap((entry) => {
    const binding = new RegExp(`\\bvar ([\\w$]+) = require\\((['"])${literally(entry.specifier)}\\2\\)`).exec(js)?.[1];
    if (!binding) return [];
    const names = entry.names.filter((name) =>
      new RegExp(`(?<![\\w$])${literally(binding)}\\.${literally(name)}(?![\\w$])`).test(js),
    );
    return names.length ? [{ ...entry, names }] : [];
  });
}

/** Transpile every file of a run; the first syntax error wins. */
export function transpileAll(
  files: Record<string, string>,
):
  | { ok: true; modules: Record<string, string>; imports: Record<string, NamedImport[]> }
  | { ok: false; error: RunError } {
  const modules: Record<string, string> = {};
  const imports: Record<string, NamedImport[]> = {};
  for (const [path, source] of Object.entries(files)) {
    const result = transpile(path, source);
    if (!result.ok) return result;
    modules[path] = result.code;
    imports[path] = usedImports(namedImports(source), result.code);
  }
  return { ok: true, modules, imports };
}
