/**
 * Compiles the terminal commands (npm run exercises, sim, play, gameday) from TypeScript to JavaScript,
 * so they start in a fraction of the time tsx takes to load and transform them. Runs when the
 * project is installed (the `prepare` script) and again, automatically, whenever a source file
 * is newer than the last build (scripts/cli-run.ts checks). The output is in .cli/ (gitignored).
 *
 * This file and scripts/cli-run.ts are TypeScript too: `prepare` compiles the two with esbuild's
 * binary into .cli/bin/ (`binOptions` below, one file each, in a few milliseconds), and every build
 * of the commands compiles them again, so a pull that changes them is picked up as a source is.
 *
 * One bundle per command, split into chunks so a command loads only what it needs: `list`
 * never loads mathjs, `answer` never loads the code runner, `sim` loads one simulation. The
 * reference solutions are compiled beside them (solutions/<id>/solution.mjs), for `answer`.
 * The code runner's child process runs its own esbuild bundle (src/playground/node-host.ts).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { BuildOptions, Metafile, Plugin } from "esbuild";

/** The project's root: the nearest folder above this file (scripts/ or .cli/bin/) with a package.json. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("cli-build: no package.json above this file");
    dir = up;
  }
  return dir;
}

export const root = projectRoot();
export const cliDir = join(root, ".cli");
/** Where the compiled runner and builder live (not a build of the commands: never pruned). */
export const binDir = join(cliDir, "bin");
/** Points at the current build: written last, atomically, so a reader never sees half a build. */
export const currentFile = join(cliDir, "current.json");

/**
 * Each command: its module, whether it exports run(argv, io) (else it runs on import), and
 * whether the process may end as soon as run() has returned and its output is written. A
 * simulation leaves nothing running, but V8 may still be optimizing its hot functions on
 * background threads, and a process that ends by itself first waits for every queued
 * compilation (one that exits waits only for those already running, and skips tearing down
 * its heap).
 */
export const commands: Record<string, { source: string; exportsRun: boolean; exitWhenDone?: boolean }> = {
  exercises: { source: "src/cli/exercises.ts", exportsRun: true },
  sim: { source: "src/cli/sim.ts", exportsRun: true, exitWhenDone: true },
  play: { source: "src/cli/play.ts", exportsRun: true },
  gameday: { source: "src/cli/gameday.ts", exportsRun: true },
};

/**
 * Code that asks `import.meta.url` where it is (to find a file beside it) must get its source
 * location, not the bundle's: rewrite it to the source file's URL, relative to the bundle.
 */
function sourceLocations(outdir: string): Plugin {
  return {
    name: "source-locations",
    setup(build) {
      build.onResolve({ filter: /^cli-entry:/ }, (args) => ({ path: args.path.slice(10), namespace: "cli-entry" }));
      build.onLoad({ filter: /.*/, namespace: "cli-entry" }, (args) => {
        const command = commands[args.path];
        if (!command) return { errors: [{ text: `no command ${args.path}` }] };
        const module = JSON.stringify(join(root, command.source));
        const args_ = JSON.stringify(join(root, "src/cli/args.ts"));
        // Once the output is written (stderr, then stdout, in order), end with run()'s exit code.
        const exit = command.exitWhenDone
          ? `process.stderr.write("", () => process.stdout.write("", () => process.exit()));\n`
          : "";
        return {
          contents: command.exportsRun
            ? `import { run } from ${module};\nimport { runAsProcess } from ${args_};\nawait runAsProcess(run);\n${exit}`
            : `import ${module};\n`,
          loader: "js",
          resolveDir: root,
        };
      });
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${join("node_modules", "")}`)) return undefined;
        const { readFile } = await import("node:fs/promises");
        const text = await readFile(args.path, "utf8");
        if (!text.includes("import.meta.url")) return undefined;
        const fromBundle = relative(outdir, args.path).split("\\").join("/");
        return {
          contents: text.replaceAll("import.meta.url", `new URL(${JSON.stringify(fromBundle)}, import.meta.url).href`),
          loader: "ts",
        };
      });
    },
  };
}

/**
 * How the runner and this builder are compiled into .cli/bin/: one bundle each, packages left
 * outside (esbuild is imported only to build). `prepare` passes the same settings to esbuild's
 * binary; a unit test holds the two together.
 */
export const binOptions = {
  entryPoints: ["scripts/cli-run.ts", "scripts/cli-build.ts"],
  outdir: ".cli/bin",
  bundle: true,
  // The runner imports the builder only when a source is newer than the build: kept in its own
  // file, it is neither loaded nor parsed otherwise (and its "run me" check sees its own name).
  splitting: true,
  platform: "node",
  format: "esm",
  target: "node20",
  packages: "external",
  outExtension: { ".js": ".mjs" },
  logLevel: "warning",
} as const satisfies BuildOptions;

/** What the runner reads to tell whether a build is fresh (written beside the build's files). */
export interface Manifest {
  id: string;
  builtAt: number;
  /** Every source of the build, relative to the project's root. */
  inputs: string[];
  /**
   * Each command's own sources: those of its file and of every chunk it may load, statically or
   * not, plus the runner, this builder and package-lock.json. A command is rebuilt when one of
   * these is newer, so `sim` checks about 40 files before it starts instead of all 180.
   */
  commands: Record<string, string[]>;
}

/** The project's own files among esbuild's inputs, as paths relative to the project's root. */
function projectSources(inputs: Iterable<string>): string[] {
  return [...inputs]
    .filter((p) => !p.startsWith("cli-entry:") && !p.includes("node_modules"))
    .map((p) => relative(root, resolve(root, p)).split("\\").join("/"));
}

/** Sources, plus what every build depends on: the runner, this builder and the lock file. */
const withBuildInputs = (sources: string[]): string[] => [...sources, ...binOptions.entryPoints, "package-lock.json"];

/**
 * The sources each command may run, from esbuild's metafile (paths relative to the project's
 * root): its entry's output and every chunk reachable from it by import or dynamic import. A
 * command that imports compiled files by path (src/cli/import-ts.ts: the solutions and
 * situations, which no import names) depends on all of those entries too.
 */
export function commandSources(metafile: Metafile): Record<string, string[]> {
  const outputs = metafile.outputs;
  const reachable = (from: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...from];
    while (stack.length > 0) {
      const path = stack.pop()!;
      if (seen.has(path) || !outputs[path]) continue;
      seen.add(path);
      for (const next of outputs[path].imports) if (!next.external) stack.push(next.path);
    }
    return seen;
  };
  const sourcesOf = (files: Set<string>): string[] =>
    projectSources(new Set([...files].flatMap((file) => Object.keys(outputs[file]!.inputs))));
  const entries = Object.entries(outputs).filter(([, o]) => o.entryPoint !== undefined);
  const loadedByPath = entries.filter(([, o]) => !o.entryPoint!.startsWith("cli-entry:")).map(([path]) => path);
  const result: Record<string, string[]> = {};
  for (const name of Object.keys(commands)) {
    const entry = entries.find(([, o]) => o.entryPoint === `cli-entry:${name}`);
    if (!entry) throw new Error(`cli-build: no output for the ${name} command`);
    let files = reachable([entry[0]]);
    if (sourcesOf(files).includes("src/cli/import-ts.ts")) files = reachable([entry[0], ...loadedByPath]);
    result[name] = withBuildInputs(sourcesOf(files));
  }
  return result;
}

/** The builds in .cli/, each with when its folder last changed. */
function listBuilds(): { id: string; mtimeMs: number }[] {
  const builds: { id: string; mtimeMs: number }[] = [];
  for (const name of readdirSync(cliDir)) {
    if (name === "bin" || name === "cache") continue;
    // A folder another build is removing at this moment is simply not listed.
    const stat = statSync(join(cliDir, name), { throwIfNoEntry: false });
    if (stat?.isDirectory()) builds.push({ id: name, mtimeMs: stat.mtimeMs });
  }
  return builds;
}

/** The build current.json names, if it can be read. */
function currentId(): string | undefined {
  try {
    return (JSON.parse(readFileSync(currentFile, "utf8")) as { id?: string }).id;
  } catch {
    return undefined;
  }
}

/** How long a build's folder is kept whatever else is newer: another command may be writing it, or about to start from it. */
export const buildGraceMs = 60_000;

/**
 * The old builds to remove once a build is done. Kept: this build, the one current.json names
 * (another command, built at the same moment, may have written it last), the two newest (a
 * command may still be running from the one before), and every build changed in the last
 * minute (commands started together after a pull each build one, and each must find its own).
 */
export function buildsToRemove(
  builds: readonly { id: string; mtimeMs: number }[],
  { own, current, now }: { own: string; current: string | undefined; now: number },
): string[] {
  const newest = [...builds].sort((a, b) => b.mtimeMs - a.mtimeMs);
  return newest
    .slice(2)
    .filter((b) => b.id !== own && b.id !== current && now - b.mtimeMs > buildGraceMs)
    .map((b) => b.id);
}

/** Build every command into a fresh folder of .cli/, then point current.json at it. */
export async function buildCli({ quiet = false } = {}): Promise<{ id: string; outdir: string }> {
  const { build } = await import("esbuild");
  // The runner and this builder first, so a change to either is in force from the next command.
  // Each file is replaced whole (written beside, then renamed), and only when it changed: other
  // commands started at the same moment are loading these files.
  const bin = await build({ ...binOptions, absWorkingDir: root, write: false });
  for (const file of bin.outputFiles) {
    const same = existsSync(file.path) && readFileSync(file.path).equals(file.contents);
    if (same) continue;
    mkdirSync(dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const id = `${Date.now().toString(36)}-${process.pid}`;
  const outdir = join(cliDir, id);
  const started = performance.now();
  // The reference solutions too, so `answer` imports a compiled one instead of compiling it then.
  const solutions = readdirSync(join(root, "solutions"))
    .filter((id) => existsSync(join(root, "solutions", id, "solution.ts")))
    .map((id) => ({ in: join(root, "solutions", id, "solution.ts"), out: `solutions/${id}/solution` }));
  // And the diagnoses' situations, which `show` prints.
  const situations = readdirSync(join(root, "exercises"))
    .filter((id) => existsSync(join(root, "exercises", id, "situation.ts")))
    .map((id) => ({ in: join(root, "exercises", id, "situation.ts"), out: `exercises/${id}/situation` }));
  const result = await build({
    entryPoints: [
      ...Object.keys(commands).map((name) => ({ in: `cli-entry:${name}`, out: name })),
      ...solutions,
      ...situations,
    ],
    outdir,
    // Paths in the metafile are relative to the project's root wherever the command was started.
    absWorkingDir: root,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outExtension: { ".js": ".mjs" },
    // Packages are bundled too (mathjs tree-shaken to the functions the grader uses); esbuild and
    // tsx stay outside: one drives a native binary, the other is a loader the runner starts.
    // typescript too (play's type-checker): a 9 MB CommonJS file that reads its own __filename.
    external: ["esbuild", "tsx", "tsx/*", "playwright-core", "typescript"],
    // Bundled CommonJS packages (yaml) require Node's built-ins: give every chunk a require.
    banner: {
      js: 'import { createRequire as __cliRequire } from "node:module";\nconst require = __cliRequire(import.meta.url);',
    },
    mainFields: ["module", "main"],
    metafile: true,
    logLevel: "warning",
    plugins: [sourceLocations(join(cliDir, id))],
  });
  const manifest: Manifest = {
    id,
    builtAt: Date.now(),
    inputs: withBuildInputs(projectSources(Object.keys(result.metafile.inputs))),
    commands: commandSources(result.metafile),
  };
  writeFileSync(join(outdir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const temporary = `${currentFile}.${process.pid}.tmp`;
  writeFileSync(temporary, JSON.stringify({ id }));
  renameSync(temporary, currentFile);
  for (const old of buildsToRemove(listBuilds(), { own: id, current: currentId(), now: Date.now() }))
    rmSync(join(cliDir, old), { recursive: true, force: true });
  if (!quiet)
    process.stdout.write(
      `cli: compiled ${Object.keys(commands).join(", ")} to .cli/ in ${Math.round(performance.now() - started)} ms\n`,
    );
  return { id, outdir };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  mkdirSync(cliDir, { recursive: true });
  await buildCli();
}
