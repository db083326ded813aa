/**
 * Starlight's own search component, changed in two small ways instead of copied:
 *
 * 1. The Pagefind UI (about 26 KB gz of JavaScript) loads when a reader reaches for search
 *    (pointer over or focus on the button, a tap, a click, Ctrl/Cmd+K), not on every page's
 *    idle time, which keeps it out of the JavaScript a page costs before interaction. So that
 *    nothing typed while it loads is lost, the dialog holds a stand-in search box from the
 *    start (plain HTML, drawn by Pagefind's own classes), which takes the focus when the dialog
 *    opens and hands its text, caret and focus to Pagefind's box when the UI mounts.
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

const require = createRequire(import.meta.url);

/**
 * The class Svelte scopes the Pagefind UI's search box with in the stylesheet Starlight imports
 * (`.pagefind-ui__search-input.svelte-e9gkc3`): the stand-in box wears it to look the same.
 * Throws if the stylesheet no longer has it, so a Pagefind release that changed it fails the build.
 */
export function pagefindStyleScope(css: string): string {
  const scope = /\.pagefind-ui__search-input\.(svelte-[\w-]+)\s*\{/.exec(css)?.[1];
  if (!scope || !css.includes(`.pagefind-ui__form.${scope}`) || !css.includes(`.pagefind-ui__message.${scope}`))
    throw new Error(
      "Pagefind's css/ui.css changed: its search box's Svelte class is not there. " +
        "Update src/integrations/starlight-search-patch.ts for this Pagefind version.",
    );
  return scope;
}

/** The Svelte class of the installed Pagefind UI, read from the stylesheet Search.astro imports. */
function installedPagefindScope(): string {
  const css = createRequire(starlightSearchPath()).resolve("@pagefind/default-ui/css/ui.css");
  return pagefindStyleScope(readFileSync(css, "utf8"));
}

/** The search patches, for the Pagefind UI whose Svelte class is `scope`. */
export function searchPatchesFor(scope: string): readonly Patch[] {
  return [
    {
      why: "a stand-in search box in the dialog from the start",
      find: `<div id="starlight__search" />`,
      replace: [
        `<div id="starlight__search">`,
        `\t\t\t\t\t\t\t<div class="pagefind-ui pagefind-ui--reset ${scope}" data-search-stand-in>`,
        `\t\t\t\t\t\t\t\t<div class="pagefind-ui__form ${scope}">`,
        `\t\t\t\t\t\t\t\t\t<input class="pagefind-ui__search-input ${scope}" type="text" placeholder={Astro.locals.t('search.label')} title={Astro.locals.t('search.label')} autocapitalize="none" enterkeyhint="search" />`,
        `\t\t\t\t\t\t\t\t</div>`,
        `\t\t\t\t\t\t\t\t<p class="pagefind-ui__message ${scope}" role="status" data-search-failed></p>`,
        `\t\t\t\t\t\t\t</div>`,
        `\t\t\t\t\t\t</div>`,
      ].join("\n"),
    },
    {
      why: "load the Pagefind UI on first reach, not on idle",
      find: "const onIdle = window.requestIdleCallback || ((cb) => setTimeout(cb, 1));",
      replace: [
        "const onIdle = (cb) => {",
        "  // What is typed into the stand-in box before the UI mounts goes to Pagefind's own box:",
        "  // its text (searched at once), its caret and, when the dialog is open, the focus.",
        "  const standIn = this.querySelector('[data-search-stand-in]');",
        "  const typed = standIn?.querySelector('input');",
        "  let composing = false;",
        "  typed?.addEventListener('compositionstart', () => { composing = true; });",
        "  typed?.addEventListener('compositionend', () => { composing = false; });",
        "  const handOver = () => {",
        "    if (!standIn?.isConnected || !typed) return;",
        "    // A word still being composed (an input method) is handed over once it is written.",
        "    if (composing) return typed.addEventListener('compositionend', handOver, { once: true });",
        "    const { value, selectionStart, selectionEnd, selectionDirection } = typed;",
        "    const focus = dialog.open && (document.activeElement === typed || !dialog.contains(document.activeElement));",
        "    standIn.remove();",
        "    const input = this.querySelector('#starlight__search input');",
        "    if (!input) return;",
        "    if (value) {",
        "      input.value = value;",
        "      input.dispatchEvent(new Event('input', { bubbles: true }));",
        "    }",
        "    if (focus) {",
        "      input.focus();",
        "      input.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined);",
        "    }",
        "  };",
        "  let started = false;",
        "  const start = () => {",
        "    if (started) return;",
        "    started = true;",
        "    const failed = standIn?.querySelector('[data-search-failed]');",
        "    if (failed) failed.textContent = '';",
        "    cb().then(handOver, () => {",
        "      // Offline with nothing cached, say so; the next reach tries again.",
        "      started = false;",
        "      if (failed) failed.textContent = 'Search could not load. Check the connection, then open search again.';",
        "    });",
        "  };",
        "  for (const type of ['pointerenter', 'focus', 'touchstart', 'click']) {",
        "    openBtn.addEventListener(type, start, { passive: true });",
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
}

export const searchPatches: readonly Patch[] = searchPatchesFor(installedPagefindScope());

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
