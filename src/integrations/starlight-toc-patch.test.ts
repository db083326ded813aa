import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { patchToc, starlightTocPath, tocPatches } from "./starlight-toc-patch.ts";

const upstream = readFileSync(starlightTocPath(), "utf8");

test("every patch fits the installed Starlight's table of contents exactly once", () => {
  const patched = patchToc(upstream);
  for (const patch of tocPatches()) expect(patched).toContain(patch.replace);
  // The selector list matched against every element is gone; the finder is imported, by a path
  // that leads from Starlight's file to src/widgets/toc-targets.ts.
  expect(patched).not.toContain(":has(");
  expect(patched).toContain("const toObserve = tocTargets(this.tocHeadingSelector);");
  const from = /import \{ tocTargets \} from '([^']+)';/.exec(patched)![1]!;
  expect(new URL(from, `file://${starlightTocPath()}`).pathname).toBe(
    new URL("../widgets/toc-targets.ts", import.meta.url).pathname,
  );
});

test("a Starlight release that changed the patched text fails the build, naming the patch", () => {
  const drifted = upstream.replace("main > *:not(:has(", "main > *:not(:is(");
  expect(() => patchToc(drifted)).toThrow(/find the watched elements once a page.*is not there/);
});
