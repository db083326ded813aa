import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import * as resultsStatus from "../widgets/search/results-status.ts";
import { pagefindUiPatches, pagefindUiPath, patchPagefindUi } from "./pagefind-ui-patch.ts";

const upstream = readFileSync(pagefindUiPath(), "utf8");

test("the patch fits the installed Pagefind UI exactly once: its only search goes through the filter", () => {
  const patched = patchPagefindUi(upstream);
  for (const patch of pagefindUiPatches) expect(patched).toContain(patch.replace);
  // No call of Pagefind's search is left that skips the filter.
  expect(patched).not.toMatch(/pagefind\.search\(/);
  expect(patched.match(/wholeWordSearch\(pagefind, term, search_options\)/g)).toHaveLength(1);
  // The filter is imported by a path that leads from the UI's module to src/widgets/search/whole-words.ts.
  const from = /^import \{ wholeWordSearch \} from '([^']+)';\n/.exec(patched)![1]!;
  expect(new URL(from, `file://${pagefindUiPath()}`).pathname).toBe(
    new URL("../widgets/search/whole-words.ts", import.meta.url).pathname,
  );
});

test("the UI's root gets the status line that says what a search found, once, from src/widgets/search/results-status.ts", () => {
  const patched = patchPagefindUi(upstream);
  const from = /^import \{ announceSearchResults \} from '([^']+)';\n/m.exec(patched)![1]!;
  expect(new URL(from, `file://${pagefindUiPath()}`).pathname).toBe(
    new URL("../widgets/search/results-status.ts", import.meta.url).pathname,
  );
  expect(typeof resultsStatus.announceSearchResults).toBe("function");
  // Called on the element made as the UI's root, right after it is made.
  expect(patched.match(/announceSearchResults\(div1\);/g)).toHaveLength(1);
  expect(patched).toMatch(
    /div1 = element\("div"\);[\s\S]*attr\(div1, "class", "pagefind-ui svelte-\w+"\);\n\s*announceSearchResults\(div1\);/,
  );
});

test("a Pagefind UI release that changed the patched text fails the build, naming the patch", () => {
  const drifted = upstream.replace("await pagefind.search(term, search_options)", "await pagefind.search(term, opts)");
  expect(() => patchPagefindUi(drifted)).toThrow(/drops pages found for a substitute word.*is not there/);
  const doubled = `${upstream}\nconst results = await pagefind.search(term, search_options);`;
  expect(() => patchPagefindUi(doubled)).toThrow(/more than once/);
});
