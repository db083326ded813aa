/**
 * Starlight's table of contents (`components/TableOfContents/starlight-toc.ts`, shared by the side
 * table and the phone's), changed in one place instead of copied: the elements it watches to
 * know the current section are found by src/widgets/toc-targets.ts, once a page, instead of by
 * four selectors (three with `:has()`) matched against every element of the page by each of the
 * two tables. Same elements, same behaviour; on a chapter here the two idle tasks took 7 to 17 ms
 * each, about 1 ms now (docs/PERFORMANCE.md, "Lighthouse, mobile preset, every page").
 *
 * Each patch names the exact text it replaces; if Starlight changes it, the build fails here,
 * naming the patch (the same drift check as starlight-search-patch.ts).
 */
import { dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import type { AstroIntegration } from "astro";
import {
  applyPatches,
  type Patch,
  servePatchedStarlightFile,
  starlightComponentPath,
} from "./starlight-search-patch.ts";

/** The installed Starlight's table-of-contents element. */
export const starlightTocPath = () => starlightComponentPath("TableOfContents/starlight-toc.ts");

const targetsModule = fileURLToPath(new URL("../widgets/toc-targets.ts", import.meta.url));

/** The patches, with the import written relative to Starlight's file (so it resolves in dev and build). */
export function tocPatches(tocFile = starlightTocPath()): readonly Patch[] {
  const from = relative(dirname(tocFile), targetsModule).replaceAll("\\", "/");
  return [
    {
      why: "import the finder of the watched elements",
      find: "import { PAGE_TITLE_ID } from '../../constants';",
      replace: `import { PAGE_TITLE_ID } from '../../constants';\nimport { tocTargets } from '${from.startsWith(".") ? from : `./${from}`}';`,
    },
    {
      why: "find the watched elements once a page, without matching :has() against every element",
      // Starlight's source text as written: H stands for its `${this.tocHeadingSelector}`.
      find: [
        "const toObserve = document.querySelectorAll(",
        "\t\t\t[",
        "\t\t\t\t`main :where(H)`,",
        "\t\t\t\t`main :where(H, .sl-heading-wrapper) ~ *:not(:has(H))`,",
        "\t\t\t\t`main .sl-markdown-content > *:not(:has(H))`,",
        "\t\t\t\t`main > *:not(:has(H))`,",
        "\t\t\t].join()",
        "\t\t);",
      ]
        .join("\n")
        .replaceAll("H", "$" + "{this.tocHeadingSelector}"),
      replace: "const toObserve = tocTargets(this.tocHeadingSelector);",
    },
  ];
}

/** Starlight's table-of-contents element with every patch applied, or an error naming the one that no longer fits. */
export function patchToc(source: string, tocFile = starlightTocPath()): string {
  return applyPatches(
    source,
    tocPatches(tocFile),
    "TableOfContents/starlight-toc.ts",
    "src/integrations/starlight-toc-patch.ts",
  );
}

/** Serves the patched table-of-contents element in place of Starlight's (in the build and in `npm start`). */
export default function starlightTocPatch(): AstroIntegration {
  const file = starlightTocPath();
  return servePatchedStarlightFile({
    name: "blast-radius:starlight-toc-patch",
    file,
    patch: (source) => patchToc(source, file),
    withQuery: true,
  });
}
