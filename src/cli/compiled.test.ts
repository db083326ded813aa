/**
 * The commands as `npm run` starts them: compiled to JavaScript in .cli/ (scripts/cli-build.ts,
 * run by `prepare` on install, and again by scripts/cli-run.ts when a source is newer; both are
 * compiled into .cli/bin/ first). These and src/playground/node-host.test.ts (a command stopped
 * by a signal leaves no run behind) are the tests that start the compiled commands; the rest call
 * run(argv, io) in-process.
 */
import { spawn, spawnSync } from "node:child_process";
import {
  copyFileSync,
  cpSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { binOptions, buildGraceMs, buildsToRemove, type Manifest } from "../../scripts/cli-build.ts";

const repo = new URL("../../", import.meta.url).pathname;
const packageJson = JSON.parse(readFileSync(join(repo, "package.json"), "utf8")) as {
  scripts: Record<string, string>;
};
const home = mkdtempSync(join(tmpdir(), "blast-radius-compiled-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

const command = (...args: string[]) =>
  spawnSync(process.execPath, [join(repo, ".cli/bin/cli-run.mjs"), ...args], {
    cwd: repo,
    encoding: "utf8",
    env: { ...process.env, BLAST_RADIUS_HOME: home },
    timeout: 60_000,
  });

test("the compiled commands list, grade, refuse and simulate as the sources do", { timeout: 120_000 }, () => {
  const list = command("exercises", "list");
  expect(list.stderr).toBe("");
  expect(list.status).toBe(0);
  expect(list.stdout).toMatch(/shuffle-shard-16-workers\s.*The 16-worker problem/);
  const answer = command("exercises", "answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/C(16,4)");
  expect(answer.stdout).toMatch(/^RIGHT \[shuffle\]/);
  expect(answer.status).toBe(0);
  const refused = command("exercises", "show", "../solutions/choose-exact");
  expect(refused.status).toBe(2);
  expect(refused.stderr).toMatch(/^error: "..\/solutions\/choose-exact" is not an exercise id/);
  // The code runner's worker files are found from the compiled bundle too.
  const check = command("exercises", "check", "choose-exact");
  expect(check.stdout).toMatch(/FAIL choose-exact: 0 of \d+ checks pass/);
  expect(check.status).toBe(1);
  const sim = command("sim", "shuffle-shard", "--json");
  expect(sim.status).toBe(0);
  expect(JSON.parse(sim.stdout)).toMatchObject({ lostAll: 361, lostSome: 4373 });
  // The runner checks only the sources of the command it starts: each command's list holds what
  // it runs (the exercises, the solutions it imports by path too), and not the other commands'.
  const { id } = JSON.parse(readFileSync(join(repo, ".cli/current.json"), "utf8")) as { id: string };
  const manifest = JSON.parse(readFileSync(join(repo, ".cli", id, "manifest.json"), "utf8")) as Manifest;
  const { exercises, sim: simSources } = manifest.commands;
  expect(simSources).toEqual(
    expect.arrayContaining(["src/cli/sim.ts", "src/sim/retry-storm/engine.ts", "src/sim/shuffle-shard.ts"]),
  );
  expect(simSources).not.toContain("src/grader/grade.ts");
  expect(exercises).toEqual(
    expect.arrayContaining(["src/grader/grade.ts", "solutions/choose-exact/solution.ts", "package-lock.json"]),
  );
  expect(exercises).not.toContain("src/cli/gameday.ts");
  for (const sources of Object.values(manifest.commands))
    expect(manifest.inputs).toEqual(expect.arrayContaining(sources));
});

test("`prepare` compiles the runner and the builder with the settings every rebuild uses", () => {
  const [compile, build] = (packageJson.scripts.prepare ?? "").split(" && ");
  const prepare = (compile ?? "").split(" ");
  const { entryPoints, outdir, outExtension, logLevel, packages, ...flags } = binOptions;
  expect(prepare).toEqual([
    "esbuild",
    ...entryPoints,
    ...Object.entries(flags).map(([name, value]) => (value === true ? `--${name}` : `--${name}=${value}`)),
    `--packages=${packages}`,
    `--outdir=${outdir}`,
    `--out-extension:.js=${outExtension[".js"]}`,
    `--log-level=${logLevel}`,
  ]);
  expect(build).toBe(`node ${outdir}/cli-build.mjs`);
  for (const name of ["exercises", "sim", "play", "gameday"])
    expect(packageJson.scripts[name]).toBe(`node ${outdir}/cli-run.mjs ${name}`);
});

/**
 * A project of its own with no build yet (so the first command builds): the sources linked, or
 * `src/` copied with `broken` written over one file. Removed after the test.
 */
async function projectWithoutBuild(broken?: { file: string; text: string }): Promise<string> {
  const project = mkdtempSync(join(tmpdir(), "blast-radius-builds-"));
  projects.push(project);
  for (const name of ["src", "scripts", "exercises", "solutions", "content", "node_modules", "package-lock.json"]) {
    if (name === "src" && broken) cpSync(join(repo, name), join(project, name), { recursive: true });
    else symlinkSync(join(repo, name), join(project, name));
  }
  if (broken) writeFileSync(join(project, broken.file), broken.text);
  copyFileSync(join(repo, "package.json"), join(project, "package.json"));
  const { build } = await import("esbuild");
  await build({ ...binOptions, absWorkingDir: project });
  return project;
}
const projects: string[] = [];
afterAll(() => {
  for (const project of projects) rmSync(project, { recursive: true, force: true });
});

/**
 * Start a command of `project`'s runner (in `cwd`, `project` unless given); resolves when it ends.
 * `closedStdout`: its stdout is a pipe no one reads, closed before the command writes a line (as
 * `| true` leaves it, or `| head -1` once it has its line), so every write fails with EPIPE.
 */
const started = (
  project: string,
  args: string[],
  env: Record<string, string> = {},
  { cwd = project, closedStdout = false } = {},
) =>
  new Promise<{ code: number | null; stdout: string; stderr: string }>((done) => {
    const child = spawn(process.execPath, [join(project, ".cli/bin/cli-run.mjs"), ...args], {
      cwd,
      env: { ...process.env, ...env },
    });
    if (closedStdout) child.stdout.destroy();
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => void (stdout += chunk));
    child.stderr.on("data", (chunk) => void (stderr += chunk));
    child.on("close", (code) => done({ code, stdout, stderr }));
  });

test("commands started together after a change each build, and none loses its build to another", {
  timeout: 180_000,
}, async () => {
  const project = await projectWithoutBuild();
  const results = await Promise.all(
    Array.from({ length: 4 }, () => started(project, ["sim", "shuffle-shard", "--json"])),
  );
  for (const result of results) {
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ lostAll: 361 });
  }
});

test("sources that do not compile: esbuild's message and one line of what to do, no stack trace", {
  timeout: 120_000,
}, async () => {
  const project = await projectWithoutBuild({ file: "src/cli/sim.ts", text: "export const = ;\n" });
  const result = await started(project, ["sim", "shuffle-shard"]);
  expect(result.code).toBe(1);
  expect(result.stderr).toMatch(/src\/cli\/sim\.ts/);
  expect(result.stderr).toMatch(/^error: the terminal commands could not be compiled from src\/ .*try again\.$/m);
  expect(result.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
});

test("commands saving progress at the same moment each keep their change, with stdout closed too", {
  timeout: 120_000,
}, async () => {
  const shared = mkdtempSync(join(home, "together-"));
  const ids = readdirSync(join(repo, "exercises")).slice(0, 16);
  // A course of its own where choose-exact's starter is the reference solution: the real one is left alone.
  const solved = mkdtempSync(join(home, "solved-"));
  cpSync(join(repo, "exercises/choose-exact"), join(solved, "exercises/choose-exact"), { recursive: true });
  copyFileSync(join(repo, "solutions/choose-exact/solution.ts"), join(solved, "exercises/choose-exact/starter.ts"));
  symlinkSync(join(repo, "solutions"), join(solved, "solutions"));
  writeFileSync(join(solved, "package.json"), "{}\n");
  const env = { BLAST_RADIUS_HOME: shared };
  // `| head -1` or `| true`: no one reads the output, but the work is done and the exit code is the command's.
  const [check, wrong, ...results] = await Promise.all([
    started(repo, ["exercises", "check", "choose-exact"], env, { cwd: solved, closedStdout: true }),
    started(repo, ["exercises", "answer", "daily-disk-failures", "--part", "per-day", "7"], env, {
      closedStdout: true,
    }),
    ...ids.map((id) => started(repo, ["exercises", "hint", id], env)),
  ]);
  for (const result of [check, wrong, ...results]) expect(result.stderr).toBe("");
  expect(check!.code).toBe(0);
  expect(wrong!.code).toBe(1);
  const progress = JSON.parse(readFileSync(join(shared, "progress.json"), "utf8")) as {
    exercises: Record<string, { hints: number; parts: Record<string, { attempts: number; solved: boolean }> }>;
  };
  expect(Object.keys(progress.exercises).sort()).toEqual([...ids, "daily-disk-failures"].sort());
  expect(progress.exercises["choose-exact"]).toMatchObject({
    hints: 1,
    parts: { code: { attempts: 1, solved: true } },
  });
  expect(progress.exercises["daily-disk-failures"]?.parts["per-day"]).toMatchObject({ attempts: 1, solved: false });
  expect(readdirSync(shared)).toEqual(["progress.json"]);
});

test("a build keeps its own folder, the current one, the two newest and every young one", () => {
  const now = 10 * buildGraceMs;
  const old = (id: string, age: number) => ({ id, mtimeMs: now - age });
  const builds = [
    old("newest", 1000),
    old("second", 2000),
    old("building", 3000),
    old("own", 2 * buildGraceMs),
    old("current", 3 * buildGraceMs),
    old("stale", 4 * buildGraceMs),
  ];
  expect(buildsToRemove(builds, { own: "own", current: "current", now })).toEqual(["stale"]);
  expect(buildsToRemove(builds, { own: "own", current: undefined, now })).toEqual(["current", "stale"]);
});
