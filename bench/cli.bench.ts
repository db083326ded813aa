/**
 * How fast the terminal answers: `npm run --silent exercises -- list` and `answer`, and
 * `npm run --silent sim -- retry-storm` (the default 12-minute simulation included), as a learner
 * types them, each the median of several runs. Beside them, the same commands started through
 * tsx (how npm ran them before they were compiled) and `node -e 0`, the floor.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Bench } from "./types.ts";
import { median } from "./stats.ts";
import { fixed } from "../src/format/number.ts";

const repo = new URL("../", import.meta.url).pathname;

function time(command: string, args: string[], env: NodeJS.ProcessEnv, runs: number): number {
  const times: number[] = [];
  // One run first, unmeasured: the file cache and the compiled build are warm for every figure.
  for (let i = 0; i <= runs; i++) {
    const started = performance.now();
    const result = spawnSync(command, args, { cwd: repo, env, encoding: "utf8" });
    if (result.status !== 0 && result.status !== 1) throw new Error(`${command} ${args.join(" ")}: ${result.stderr}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return median(times);
}

const bench: Bench = async () => {
  const home = mkdtempSync(join(tmpdir(), "blast-radius-bench-"));
  const env = { ...process.env, BLAST_RADIUS_HOME: home };
  const runs = 7;
  const answer = ["answer", "shuffle-shard-16-workers", "--part", "shuffle", "1/1820"];
  try {
    const floor = time(process.execPath, ["-e", "0"], env, runs);
    const list = time("npm", ["run", "--silent", "exercises", "--", "list"], env, runs);
    const graded = time("npm", ["run", "--silent", "exercises", "--", ...answer], env, runs);
    const storm = time("npm", ["run", "--silent", "sim", "--", "retry-storm"], env, runs);
    const tsx = (script: string, args: string[]) =>
      time(process.execPath, ["--import", "tsx", `src/cli/${script}.ts`, ...args], env, runs);
    const listTsx = tsx("exercises", ["list"]);
    const stormTsx = tsx("sim", ["retry-storm"]);
    return [
      { area: "terminal", metric: "node -e 0 (the floor)", value: floor, unit: "ms" },
      {
        area: "terminal",
        metric: `npm run --silent exercises -- list, median of ${runs}`,
        value: list,
        unit: "ms",
        target: "<= 600",
        note: `through tsx ${Math.round(listTsx)} ms (${fixed(listTsx / list, 1)}x), without npm`,
      },
      {
        area: "terminal",
        metric: `npm run --silent exercises -- answer, median of ${runs}`,
        value: graded,
        unit: "ms",
        target: "<= 600",
      },
      {
        area: "terminal",
        metric: `npm run --silent sim -- retry-storm, median of ${runs}`,
        value: storm,
        unit: "ms",
        target: "<= 800",
        note: `through tsx ${Math.round(stormTsx)} ms (${fixed(stormTsx / storm, 1)}x), without npm`,
      },
    ];
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
};

export default bench;
