/**
 * Starlight's own search component, changed in two small ways instead of copied:
 *
 * 1. The Pagefind UI (about 26 KB gz of JavaScript) loads when a reader reaches for search
 *    (pointer over or focus on the button, a tap, a click, Ctrl/Cmd+K), not on every page's
 *    idle time, which keeps it out of the JavaScript a page costs before interaction.
 * 2. The shortcut keys are drawn by CSS, so the button's visible text matches its accessible
 *    name ("Search"), which axe checks (label-content-name-mismatch).
 *
 * Each patch names the exact text it replaces in `@astrojs/starlight/components/Search.astro`.
 * If Starlight changes that text, the build fails here, naming the patch, instead of silently
 * shipping an unpatched (or half-patched) component: that is the drift check.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { AstroIntegration } from "astro";

export interface Patch {
  why: string;
  find: string;
  replace: string;
}

export const searchPatches: readonly Patch[] = [
  {
    why: "load the Pagefind UI on first reach, not on idle",
    find: "const onIdle = window.requestIdleCallback || ((cb) => setTimeout(cb, 1));",
    replace: [
      "const onIdle = (cb) => {",
      "  let started = false;",
      "  const start = () => {",
      "    if (started) return;",
      "    started = true;",
      "    cb().then(() => {",
      "      if (dialog.open) this.querySelector('#starlight__search input')?.focus();",
      "    });",
      "  };",
      "  for (const type of ['pointerenter', 'focus', 'touchstart', 'click']) {",
      "    openBtn.addEventListener(type, start, { once: true, passive: true });",
      "  }",
      "  window.addEventListener('keydown', (e) => {",
      "    if ((e.metaKey === true || e.ctrlKey === true) && e.key === 'k') start();",
      "  });",
      "};",
    ].join("\n"),
  },
  {
    why: "the visible label is the accessible name",
    find: `<span class="sl-hidden md:sl-block" aria-hidden="true">{Astro.locals.t('search.label')}</span>`,
    replace: `<span class="sl-hidden md:sl-block">{Astro.locals.t('search.label')}</span>`,
  },
  {
    why: "the shortcut hint is hidden from assistive technology (aria-keyshortcuts announces it)",
    find: `<kbd class="sl-hidden md:sl-flex" style="display: none;">`,
    replace: `<kbd class="sl-hidden md:sl-flex" style="display: none;" aria-hidden="true">`,
  },
  {
    why: "key names drawn by CSS, not text",
    find: `<kbd>{Astro.locals.t('search.ctrlKey')}</kbd><kbd>K</kbd>`,
    replace: `<kbd data-key={Astro.locals.t('search.ctrlKey')}></kbd><kbd data-key="K"></kbd>`,
  },
  {
    why: "the Apple key is drawn by CSS too",
    find: "platformKey.textContent = '⌘';",
    replace: "platformKey.dataset.key = '⌘';",
  },
  {
    why: "the CSS that draws the key names",
    find: "\t\tkbd {\n\t\t\tfont-family: var(--__sl-font);\n\t\t}",
    replace:
      "\t\tkbd[data-key]::before {\n\t\t\tcontent: attr(data-key);\n\t\t}\n\t\tkbd {\n\t\t\tfont-family: var(--__sl-font);\n\t\t}",
  },
];

/**
 * Apply every patch exactly once to Starlight's `file`, or throw naming the first that no longer
 * fits and the module (`patchFile`) that holds the patches.
 */
export function applyPatches(source: string, patches: readonly Patch[], file: string, patchFile: string): string {
  let out = source;
  for (const patch of patches) {
    const first = out.indexOf(patch.find);
    if (first === -1 || out.indexOf(patch.find, first + 1) !== -1) {
      const found = first === -1 ? "is not there" : "is there more than once";
      throw new Error(
        `Starlight's ${file} changed: the text for the patch "${patch.why}" ${found}. ` +
          `Update ${patchFile} for this Starlight version.`,
      );
    }
    out = out.slice(0, first) + patch.replace + out.slice(first + patch.find.length);
  }
  return out;
}

/** Apply every search patch exactly once, or throw naming the first that no longer fits. */
export function patchSearch(source: string): string {
  return applyPatches(source, searchPatches, "Search.astro", "src/integrations/starlight-search-patch.ts");
}

const require = createRequire(import.meta.url);

/** Where the installed Starlight keeps one of its components' files (`Search.astro`, ...). */
export function starlightComponentPath(file: string): string {
  // The components are not in Starlight's package exports; its public components.ts sits beside
  // the components/ folder that holds them.
  return join(dirname(require.resolve("@astrojs/starlight/components")), "components", file);
}

/** Where the installed Starlight keeps its search component. */
export function starlightSearchPath(): string {
  return starlightComponentPath("Search.astro");
}

/**
 * An Astro integration whose Vite plugin serves a patched Starlight file in place of the
 * installed one: Starlight's search component here, its table of contents' element in
 * starlight-toc-patch.ts. `withQuery` says whether an id with a query (`file?v=...`) is the file
 * too: so for a module Vite may ask for with one; never for an .astro file, whose `?astro`
 * sub-requests Astro's own plugin loads (it compiles the file from what `load` returns for the
 * plain id).
 */
export function servePatchedStarlightFile(options: {
  name: string;
  file: string;
  patch: (source: string) => string;
  withQuery: boolean;
}): AstroIntegration {
  const { name, file, patch, withQuery } = options;
  const target = file.replaceAll("\\", "/");
  return {
    name,
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({
          vite: {
            plugins: [
              {
                name,
                enforce: "pre",
                load(id) {
                  const path = id.replaceAll("\\", "/");
                  if ((withQuery ? path.split("?")[0] : path) !== target) return null;
                  return patch(readFileSync(file, "utf8"));
                },
              },
            ],
          },
        });
      },
    },
  };
}

/** Serves the patched search component in place of Starlight's. */
export default function starlightSearchPatch(): AstroIntegration {
  return servePatchedStarlightFile({
    name: "blast-radius:starlight-search-patch",
    file: starlightSearchPath(),
    patch: patchSearch,
    withQuery: false,
  });
}
