/** What `npm run bench` is asked to run (bench/args.ts). */
import { expect, test } from "vitest";
import { benchArgs } from "../../bench/args.ts";

const files = ["site.bench.ts", "render.bench.ts", "lighthouse.bench.ts", "cli.bench.ts"];

test("area words pick the files whose names hold them; none picks every file", () => {
  expect(benchArgs([], files)).toEqual({ json: false, files: [...files].sort() });
  expect(benchArgs(["render", "--pages=/a/,/b/", "--runs=3", "--json"], files)).toEqual({
    json: true,
    files: ["render.bench.ts"],
  });
});

test("a page list given with a space, a misspelt area or an unknown option is refused, with the usage", () => {
  const spaced = benchArgs(["render", "--pages", "/a/"], files);
  expect(spaced).toEqual({ error: expect.stringContaining(`not a benchmark or an option: "--pages", "/a/"`) });
  expect("error" in spaced && spaced.error).toContain("--pages=/a/,/b/");
  expect(benchArgs(["rendr"], files)).toEqual({ error: expect.stringContaining(`"rendr"`) });
  expect(benchArgs(["--run=3"], files)).toEqual({
    error: expect.stringContaining("areas: cli, lighthouse, render, site"),
  });
});
