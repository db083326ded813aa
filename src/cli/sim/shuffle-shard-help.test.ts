/**
 * `npm run sim -- shuffle-shard --help` on a terminal of 80 columns (the usual window) and of 60:
 * every line fits, the example command among them (a command is never broken, so one wider than
 * the window would overflow it), and the example still runs as the reader would type it back.
 */
import { describe, expect, test } from "vitest";
import { displayWidth } from "../terminal-width.ts";
import command from "./shuffle-shard.ts";
import { sim } from "./capture.test-helper.ts";
import { runCaptured } from "../run-captured.test-helper.ts";

/** The help as a terminal `columns` wide gets it, or a pipe when `columns` is undefined. */
async function help(columns?: number): Promise<string> {
  const { code, out } = await runCaptured((argv, io) => command.run(argv, io), ["--help"], {
    env: {},
    cwd: process.cwd(),
    ...(columns === undefined ? {} : { isTTY: true, columns }),
  });
  expect(code).toBe(0);
  return out;
}

/**
 * The example as a shell reads it back: the text after "example:" to the next blank line or the
 * end, a line that ends with " \" going on on the next, its words split at spaces.
 */
function example(text: string): string[] {
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith("example:"));
  expect(start, "an example line").toBeGreaterThanOrEqual(0);
  const end = lines.indexOf("", start);
  const block = lines.slice(start, end === -1 ? undefined : end).join("\n");
  return block
    .replace(/^example:/, "")
    .replace(/ \\\n/g, " ")
    .split(/\s+/)
    .filter(Boolean);
}

describe("shuffle-shard --help", () => {
  test.each([80, 60])("at %i columns every line fits, the example command included", async (width) => {
    const text = await help(width);
    const wide = text.split("\n").filter((line) => displayWidth(line) > width);
    expect(wide).toEqual([]);
    expect(text).toContain("npm run sim -- shuffle-shard --workers");
  });

  test("the example runs as typed back, at 80 and 60 columns and in a pipe", async () => {
    const typed = await Promise.all([80, 60, undefined].map(async (width) => example(await help(width))));
    expect(typed[1]).toEqual(typed[0]);
    expect(typed[2]).toEqual(typed[0]);
    const words = typed[0]!;
    expect(words.slice(0, 4)).toEqual(["npm", "run", "sim", "--"]);
    expect(words[4]).toBe("shuffle-shard");
    const { code, out, err } = await sim(words.slice(4));
    expect({ code, err }).toEqual({ code: 0, err: "" });
    // It runs what it says: Route 53's fleet, 2,048 workers in shards of 4.
    expect(out).toMatch(/^2,048 workers, shards of 4: 730,862,190,080 possible shards/);
  });
});

test("the synopsis shows every option optional, as each has a default and the bare command runs", async () => {
  const synopsis = (await help()).split("\n")[0]!;
  expect(synopsis).toBe(
    "usage: npm run sim -- shuffle-shard [--workers N] [--shard K] [--customers C] [--seed S] [--groups G] [--json]",
  );
  // An option outside brackets would be one the command cannot run without: none is.
  expect(synopsis.slice(synopsis.indexOf("shuffle-shard")).replace(/\[[^\]]*\]/g, "")).not.toMatch(/--/);
  const bare = await sim(["shuffle-shard"]);
  expect({ code: bare.code, err: bare.err }).toEqual({ code: 0, err: "" });
});
