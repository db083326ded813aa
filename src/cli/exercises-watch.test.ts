/**
 * `npm run exercises -- watch`, as a learner uses it: it checks the next unsolved code
 * exercise, re-checks when the starter is saved, and moves on once it passes. Runs in a
 * scratch copy of exercises/ and solutions/ so the real starters are never touched.
 */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { stdoutClosed } from "./args.ts";
import { run } from "./exercises.ts";

const repo = new URL("../../", import.meta.url).pathname;
const scratch = mkdtempSync(join(tmpdir(), "blast-radius-watch-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const codeExercises = [
  "backoff-full-jitter",
  "blast-radius-reachability",
  "bulkhead-limit-queue",
  "cell-router",
  "choose-exact",
  "circuit-breaker-states",
  "random-shard-fisher-yates",
  "retry-throttle-token-bucket",
];
const unsolved = ["choose-exact", "random-shard-fisher-yates"];

test("watch re-checks on save and moves to the next unsolved exercise", { timeout: 120_000 }, async () => {
  for (const dir of ["exercises", "solutions"]) cpSync(join(repo, dir), join(scratch, dir), { recursive: true });
  writeFileSync(join(scratch, "package.json"), "{}\n");
  for (const shared of ["node_modules", "content", "src"]) symlinkSync(join(repo, shared), join(scratch, shared));
  // Every code exercise solved but two, so the session is short.
  const home = join(scratch, "home");
  mkdirSync(home);
  const solved = Object.fromEntries(
    codeExercises
      .filter((id) => !unsolved.includes(id))
      .map((id) => [id, { parts: { code: { attempts: 1, solved: true } } }]),
  );
  writeFileSync(join(home, "progress.json"), JSON.stringify({ version: 1, exercises: solved }));

  let out = "";
  const write = (text: string) => void (out += text);
  const stop = new AbortController();
  let ended = false;
  const exited = run(
    ["watch"],
    { stdout: write, stderr: write, env: { BLAST_RADIUS_HOME: home }, cwd: scratch },
    {
      signal: stop.signal,
    },
  ).finally(() => (ended = true));
  const waitFor = async (pattern: RegExp) => {
    const deadline = Date.now() + 60_000;
    while (!pattern.test(out)) {
      if (ended || Date.now() > deadline) throw new Error(`watch never printed ${pattern}; it printed:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  try {
    // The first unsolved exercise is checked at once and fails: its starter is still a TODO.
    await waitFor(/=== (choose-exact|random-shard-fisher-yates): edit/);
    const first = /=== ([a-z-]+): edit/.exec(out)![1]!;
    const second = unsolved.find((id) => id !== first)!;
    await waitFor(/FAIL|fail/);

    // The learner saves a working answer: watch re-checks it and moves on to the next one.
    writeFileSync(
      join(scratch, "exercises", first, "starter.ts"),
      readFileSync(join(scratch, "solutions", first, "solution.ts")),
    );
    await waitFor(new RegExp(`Next: ${second}`));
    writeFileSync(
      join(scratch, "exercises", second, "starter.ts"),
      readFileSync(join(scratch, "solutions", second, "solution.ts")),
    );
    await waitFor(/All code exercises are solved/);
    await expect(exited).resolves.toBe(0);

    const progress = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    for (const id of unsolved) expect(progress.exercises[id].parts.code.solved, id).toBe(true);
  } finally {
    stop.abort();
  }
});

test("watch stops when no one reads its output: 141, as a shell reports a program its pipe's reader left", async () => {
  // runAsProcess aborts the signal so when stdout's pipe closes (`watch | head -1`); it may close first.
  const closed = new AbortController();
  closed.abort(stdoutClosed);
  let out = "";
  const io = {
    stdout: (text: string) => void (out += text),
    stderr: () => {},
    env: { BLAST_RADIUS_HOME: join(scratch, "closed") },
    cwd: repo,
  };
  await expect(run(["watch"], io, { signal: closed.signal })).resolves.toBe(141);
  // Stopped before its first check: none ran, so none is left running behind the test.
  expect(out).toMatch(/^Watching: /);
  expect(out).not.toMatch(/===/);
});
