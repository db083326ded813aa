/**
 * The Pagefind UI that Starlight's search dialog mounts (`@pagefind/default-ui`), changed in one
 * place instead of copied: its one call of `pagefind.search` goes through
 * src/widgets/search/whole-words.ts, which drops the pages Pagefind found for a substitute of a
 * query word (the longest start of it that is indexed: "asdfgh" found 40 pages for "as"). With
 * none left, the UI says its own "No results for asdfgh"; a word typed halfway ("bulkh") still
 * finds the pages with the whole word. And the UI gets a status line that a screen reader reads when
 * a search ends ("27 results for retry budget", "No results for zzqqxx"): src/widgets/search/results-status.ts.
 *
 * The patch names the exact text it replaces; if a Pagefind UI release changes it, the build fails
 * here, naming the patch (the same drift check as starlight-search-patch.ts).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import { applyPatches, type Patch, servePatchedStarlightFile, starlightSearchPath } from "./starlight-search-patch.ts";

/**
 * The installed Pagefind UI's module as the build loads it: the package's `module` entry, found
 * from Starlight's search component, which imports it.
 */
export function pagefindUiPath(): string {
  const manifest = createRequire(starlightSearchPath()).resolve("@pagefind/default-ui/package.json");
  const { module } = JSON.parse(readFileSync(manifest, "utf8")) as { module?: string };
  if (!module)
    throw new Error("@pagefind/default-ui has no `module` entry: update src/integrations/pagefind-ui-patch.ts.");
  return join(dirname(manifest), module);
}

const wholeWordsModule = fileURLToPath(new URL("../widgets/search/whole-words.ts", import.meta.url));
const resultsStatusModule = fileURLToPath(new URL("../widgets/search/results-status.ts", import.meta.url));

/** `module`'s path from the UI's module, as an import names it. */
function importPath(module: string, uiFile: string): string {
  const from = relative(dirname(uiFile), module).replaceAll("\\", "/");
  return from.startsWith(".") ? from : `./${from}`;
}

/** The imports written at the top of the UI's module, relative to it. */
export function uiImports(uiFile = pagefindUiPath()): string {
  return (
    `import { wholeWordSearch } from '${importPath(wholeWordsModule, uiFile)}';\n` +
    `import { announceSearchResults } from '${importPath(resultsStatusModule, uiFile)}';\n`
  );
}

export const pagefindUiPatches: readonly Patch[] = [
  {
    why: "search through the filter that drops pages found for a substitute word",
    find: "const results = await pagefind.search(term, search_options);",
    replace: "const results = await wholeWordSearch(pagefind, term, search_options);",
  },
  {
    why: "give the UI a status line that says what a search found",
    find: 'attr(div1, "class", "pagefind-ui svelte-e9gkc3");',
    replace: 'attr(div1, "class", "pagefind-ui svelte-e9gkc3");\n      announceSearchResults(div1);',
  },
];

/** The UI's module with the patch applied and the filter imported, or an error naming the patch that no longer fits. */
export function patchPagefindUi(source: string, uiFile = pagefindUiPath()): string {
  const patched = applyPatches(
    source,
    pagefindUiPatches,
    "Pagefind UI (@pagefind/default-ui)",
    "src/integrations/pagefind-ui-patch.ts",
  );
  return uiImports(uiFile) + patched;
}

/** Serves the patched Pagefind UI in place of the installed one (Starlight's dialog searches only in the build). */
export default function pagefindUiPatch(): AstroIntegration {
  const file = pagefindUiPath();
  return servePatchedStarlightFile({
    name: "blast-radius:pagefind-ui-patch",
    file,
    patch: (source) => patchPagefindUi(source, file),
    withQuery: true,
  });
}
