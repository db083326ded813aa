/**
 * Type-checking a run's files, as the TypeScript playground does: the runner only strips types
 * (transpile.ts), so a program with a type error still runs; this says what TypeScript would
 * refuse. One implementation for the page (in its own worker, typecheck-worker.ts) and the
 * terminal (`npm run play`, typecheck-node.ts): each host only says where the texts come from.
 *
 * The program sees what a run has: the run's files, importing each other as the runner resolves
 * them (modules.ts); the library modules ("course", "course/checks") from the course's own
 * TypeScript sources, so their types are the code the run executes, never a copy; ECMAScript
 * 2022 (TypeScript's own lib files); and the few host globals the runtime gives a program
 * (`playgroundGlobals`), not the DOM's or Node's. The host's names the run replaces by a
 * stand-in that `typeof` can see (`fetch`, `process`...) are declared `unknown`: naming one
 * is no error, calling or reading from one is, with the run's own reason.
 */
import type TS from "typescript";
import { refusals, refusedFunctions } from "./confine.ts";
import { resolveImport } from "./modules.ts";
import type { RunRequest, TypeDiagnostic } from "./protocol.ts";

/**
 * What a host gives the checker: TypeScript itself (the terminal imports the package; the page's
 * worker loads it as a file of its own, outside the bundle) and where the texts come from (the
 * page bundles them, the terminal reads them from disk).
 */
export interface TypeCheckSources {
  /** The `typescript` package's exports. */
  ts: typeof TS;
  /** One of TypeScript's lib files, by name ("lib.es2022.d.ts"). */
  lib(name: string): string | undefined;
  /** A source file of the course, by its path from the repository's root ("src/prelude/course.ts"). */
  course(path: string): string | undefined;
}

/** Each library module a program may import, and the course's source file that is it (as tsconfig.json maps them). */
export const librarySources: Record<string, string> = {
  course: "src/prelude/course.ts",
  "course/checks": "src/grader/checks.ts",
};

/** The lib file that names the ECMAScript a program may use (it references the rest). */
export const defaultLib = "lib.es2022.d.ts";

/**
 * The refused host globals a program still finds (confine.ts): a function that refuses when
 * called or constructed (`typeof fetch` is "function", and `fetch()` rejects), and `process`,
 * an object whose every property refuses. Declared `unknown`, the type a value has when nothing
 * about it may be used: `typeof fetch` checks, as it runs, and `fetch(url)`, `new WebSocket(url)`
 * or `process.env` are errors, as the run refuses them. A callable type would promise what never
 * comes: `await fetch(url)` typed as a response would check and then always fail.
 */
const standInGlobals: readonly string[] = [...refusedFunctions, "process"];

/**
 * The host globals a run gives a program (runtime.ts's `runtimeGlobals`, confine.ts's pure
 * helpers and clock, the stand-ins above), declared as a program sees them; unit tests check
 * that each one is here, that every global of the run's realm is declared exactly when a
 * program can read it (typecheck-globals.test.ts), and that `Console` declares exactly the
 * methods the runtime's console has. The timers take a callback and any arguments for it, as
 * the DOM's do (never code in a string, which the runtime refuses): a generic signature would
 * infer its arguments from the callback and so require them (`new Promise((r) => setTimeout(r,
 * 50))` would want a third argument). `performance` is the run's clock and nothing more.
 */
export const playgroundGlobals = `
interface Console {
  assert(condition?: unknown, ...data: any[]): void;
  count(label?: string): void;
  countReset(label?: string): void;
  debug(...data: any[]): void;
  dir(item?: any, options?: any): void;
  error(...data: any[]): void;
  group(...data: any[]): void;
  groupCollapsed(...data: any[]): void;
  groupEnd(): void;
  info(...data: any[]): void;
  log(...data: any[]): void;
  table(tabularData?: any, properties?: string[]): void;
  time(label?: string): void;
  timeEnd(label?: string): void;
  timeLog(label?: string, ...data: any[]): void;
  trace(...data: any[]): void;
  warn(...data: any[]): void;
}
declare var console: Console;
type TimerHandle = number & { readonly __timer: unique symbol };
declare function setTimeout(callback: (...args: any[]) => void, ms?: number, ...args: any[]): TimerHandle;
declare function setInterval(callback: (...args: any[]) => void, ms?: number, ...args: any[]): TimerHandle;
declare function setImmediate(callback: (...args: any[]) => void, ...args: any[]): TimerHandle;
declare function clearTimeout(handle: TimerHandle | undefined): void;
declare function clearInterval(handle: TimerHandle | undefined): void;
declare function clearImmediate(handle: TimerHandle | undefined): void;
declare function queueMicrotask(callback: () => void): void;
declare function structuredClone<T>(value: T): T;
declare function atob(data: string): string;
declare function btoa(data: string): string;
declare class TextEncoder {
  readonly encoding: string;
  encode(input?: string): Uint8Array;
}
declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean; ignoreBOM?: boolean });
  readonly encoding: string;
  decode(input?: ArrayBuffer | ArrayBufferView, options?: { stream?: boolean }): string;
}
declare class URLSearchParams {
  constructor(init?: string | Record<string, string> | [string, string][]);
  append(name: string, value: string): void;
  delete(name: string): void;
  get(name: string): string | null;
  getAll(name: string): string[];
  has(name: string): boolean;
  set(name: string, value: string): void;
  sort(): void;
  toString(): string;
  forEach(callback: (value: string, key: string) => void): void;
  [Symbol.iterator](): IterableIterator<[string, string]>;
}
declare class URL {
  constructor(url: string | URL, base?: string | URL);
  hash: string;
  host: string;
  hostname: string;
  href: string;
  readonly origin: string;
  password: string;
  pathname: string;
  port: string;
  protocol: string;
  search: string;
  readonly searchParams: URLSearchParams;
  username: string;
  toJSON(): string;
  toString(): string;
  static canParse(url: string | URL, base?: string | URL): boolean;
}
interface Performance {
  readonly now: () => number;
  readonly timeOrigin: number;
}
declare const performance: Performance;
${standInGlobals.map((name) => `declare const ${name}: unknown;`).join("\n")}
`;

const globalsFile = "/playground-globals.d.ts";
const libDir = "/lib/";
const courseDir = "/course/";
const runDir = "/run/";

const optionsFor = (ts: typeof TS): TS.CompilerOptions => ({
  strict: true,
  target: ts.ScriptTarget.ES2022,
  lib: [defaultLib],
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  moduleDetection: ts.ModuleDetectionKind.Force,
  allowImportingTsExtensions: true,
  noEmit: true,
  types: [],
});

/**
 * "Cannot find name 'document'" comes with advice for a project (add 'dom' to 'lib', install
 * @types/node) that a playground has no way to take, and "Cannot find name 'crypto'" with no
 * reason: say instead what the runner says of the name, when it refuses it with a reason.
 */
const cannotFindName = new Set([2304, 2580, 2582, 2583, 2584, 2591, 2592, 2593]);

/** "'fetch' is of type 'unknown'": a stand-in (`standInGlobals`) called or read from, which the run refuses. */
const unknownUsed = 18046;

function messageOf(ts: typeof TS, diagnostic: TS.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
  const name = /'([^']+)'/.exec(message)?.[1] ?? "";
  const refusal = Object.hasOwn(refusals, name) ? refusals[name] : undefined;
  if (diagnostic.code === unknownUsed && standInGlobals.includes(name) && refusal)
    return `'${name}' cannot be used: ${refusal}.`;
  if (!cannotFindName.has(diagnostic.code)) return message;
  return `Cannot find name '${name}'${refusal ? `: ${refusal}` : ""}.`;
}

/**
 * Per set of sources (one a host): lib and course files parse once and are shared by every
 * check (they never change), and each check starts from the last one's program.
 */
const kept = new WeakMap<
  TypeCheckSources,
  { options: TS.CompilerOptions; files: Map<string, TS.SourceFile>; previous?: TS.Program }
>();

/**
 * The type errors of a run's files (not of the course's), in file order then position. A
 * syntax error is for the runner to report (it does not run the program): call this on files
 * that transpile.
 */
export function typeCheck(request: Pick<RunRequest, "files">, sources: TypeCheckSources): TypeDiagnostic[] {
  const runFiles = Object.keys(request.files);
  const { ts } = sources;
  const cache = kept.get(sources) ?? { options: optionsFor(ts), files: new Map<string, TS.SourceFile>() };
  kept.set(sources, cache);
  const { options, files: shared } = cache;
  const read = (path: string): string | undefined => {
    if (path === globalsFile) return playgroundGlobals;
    if (path.startsWith(runDir)) return request.files[path.slice(runDir.length)];
    if (path.startsWith(libDir)) return sources.lib(path.slice(libDir.length));
    if (path.startsWith(courseDir)) return sources.course(path.slice(courseDir.length));
    return undefined;
  };
  const host: TS.CompilerHost = {
    getSourceFile(path, languageVersion) {
      const cached = shared.get(path);
      if (cached) return cached;
      const text = read(path);
      if (text === undefined) return undefined;
      const file = ts.createSourceFile(path, text, languageVersion);
      if (!path.startsWith(runDir)) shared.set(path, file);
      return file;
    },
    getDefaultLibFileName: () => `${libDir}${defaultLib}`,
    getDefaultLibLocation: () => libDir,
    writeFile: () => {},
    getCurrentDirectory: () => "/",
    getCanonicalFileName: (path) => path,
    useCaseSensitiveFileNames: () => true,
    getNewLine: () => "\n",
    fileExists: (path) => read(path) !== undefined,
    readFile: read,
    resolveModuleNameLiterals(literals, containing) {
      return literals.map(({ text }) => {
        if (!containing.startsWith(runDir))
          return ts.resolveModuleName(text, containing, options, host) as TS.ResolvedModuleWithFailedLookupLocations;
        const resolution = resolveImport(containing.slice(runDir.length), text, runFiles, Object.keys(librarySources));
        const target =
          resolution.kind === "file"
            ? `${runDir}${resolution.path}`
            : resolution.kind === "library"
              ? `${courseDir}${librarySources[resolution.name]}`
              : undefined;
        return {
          resolvedModule: target === undefined ? undefined : { resolvedFileName: target, extension: ts.Extension.Ts },
        };
      });
    },
  };
  const program = ts.createProgram({
    rootNames: [globalsFile, ...runFiles.map((file) => `${runDir}${file}`)],
    options,
    host,
    oldProgram: cache.previous,
  });
  cache.previous = program;
  const found: TypeDiagnostic[] = [];
  for (const file of runFiles) {
    const source = program.getSourceFile(`${runDir}${file}`)!;
    for (const diagnostic of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
      const { line, character } = source.getLineAndCharacterOfPosition(diagnostic.start ?? 0);
      found.push({
        file,
        line: line + 1,
        column: character + 1,
        message: messageOf(ts, diagnostic),
      });
    }
  }
  return found;
}
