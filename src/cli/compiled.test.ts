/**
 * The commands as `npm run` starts them: compiled to JavaScript in .cli/ (scripts/cli-build.ts,
 * run by `prepare` on install, and again by scripts/cli-run.ts when a source is newer; both are
 * compiled into .cli/bin/ first). These are the only tests that start the compiled commands; the
 * rest call run(argv, io) in-process.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { binOptions, type Manifest } from "../../scripts/cli-build.ts";

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
