/** `npm run exercises`: exit codes and what a learner sees, run as a learner runs it. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";

const home = mkdtempSync(join(tmpdir(), "blast-radius-cli-"));
afterAll(() => rmSync(home, { recursive: true, force: true }));

function cli(...args: string[]) {
  const result = spawnSync(process.execPath, ["--import", "tsx", "src/cli/exercises.ts", ...args], {
    encoding: "utf8",
    env: { ...process.env, BLAST_RADIUS_HOME: home },
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

describe("npm run exercises", { timeout: 120_000 }, () => {
  test("answer: 1 for a wrong answer with its feedback, 0 for a right one, 2 for unreadable input", () => {
    const wrong = cli("answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/28");
    expect(wrong.code).toBe(1);
    expect(wrong.out).toMatch(/8-worker case/);
    const right = cli("answer", "shuffle-shard-16-workers", "--part", "shuffle", "1", "in", "1820");
    expect(right.code).toBe(0);
    expect(right.out).toMatch(/RIGHT/);
    expect(cli("answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/").code).toBe(2);
    const progress = JSON.parse(readFileSync(join(home, "progress.json"), "utf8"));
    expect(progress.exercises["shuffle-shard-16-workers"].parts.shuffle).toEqual({ attempts: 2, solved: true });
  });

  test("usage errors exit 2: a missing --part on a two-part exercise", () => {
    const result = cli("answer", "shuffle-shard-16-workers", "25%");
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/--part shuffle\|fixed/);
  });

  test("check: the untouched starter fails (exit 1) and lists its checks", () => {
    const result = cli("check", "choose-exact");
    expect(result.code).toBe(1);
    expect(result.out).toMatch(/✗ C\(8, 2\) is 28n/);
    expect(result.out).toMatch(/FAIL choose-exact: 0 of \d+ checks pass/);
  });

  test("list shows the exercises with the status saved above", () => {
    const list = cli("list");
    expect(list.code).toBe(0);
    expect(list.out).toMatch(/shuffle-shard-16-workers\s.*1\/2 parts/);
  });
});
