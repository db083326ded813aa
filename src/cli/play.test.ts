/** `npm run play` as a terminal user meets it: stdout is the page's output, exit codes say how it ended. */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";

const root = new URL("../../", import.meta.url).pathname;
const tsx = join(root, "node_modules/.bin/tsx");
const play = (...args: string[]) =>
  spawnSync(tsx, ["src/cli/play.ts", ...args], { cwd: root, encoding: "utf8", timeout: 60_000 });

describe("npm run play", { timeout: 90_000 }, () => {
  test("prints exactly the golden output and exits 0", () => {
    const run = play("content/chapters/shuffle-sharding/shuffle-shard.play.ts");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(
      readFileSync(join(root, "content/chapters/shuffle-sharding/shuffle-shard.golden.txt"), "utf8"),
    );
    expect(run.stderr).toBe("");
  });

  test("errors exit 1 with file and line on stderr; time-outs exit 124; bad usage exits 2", () => {
    const dir = mkdtempSync(join(tmpdir(), "play-cli-"));
    writeFileSync(join(dir, "broken.ts"), 'console.log("a");\nconst b = ;\n');
    writeFileSync(join(dir, "throws.ts"), 'import { helper } from "./helper.ts";\nconsole.log("start");\nhelper();\n');
    writeFileSync(join(dir, "helper.ts"), 'export function helper() {\n  throw new Error("inside the helper");\n}\n');
    writeFileSync(join(dir, "loop.ts"), "while (true) {}\n");

    const broken = play(join(dir, "broken.ts"));
    expect(broken.status).toBe(1);
    expect(broken.stdout).toBe("");
    expect(broken.stderr).toBe("syntax error: Unexpected token (broken.ts, line 2, column 11)\n");

    const throws = play(join(dir, "throws.ts"));
    expect(throws.status).toBe(1);
    expect(throws.stdout).toBe("start\n");
    expect(throws.stderr).toBe("Error: inside the helper (helper.ts, line 2)\n");

    const loop = play(join(dir, "loop.ts"), "--timeout", "300");
    expect(loop.status).toBe(124);
    expect(loop.stderr).toBe("stopped after 300 ms: the program did not finish (an endless loop?)\n");

    const usage = play(join(dir, "loop.ts"), "--timeout", "soon");
    expect(usage.status).toBe(2);
    expect(usage.stderr).toMatch(/--timeout must be a number/);
  });
});
