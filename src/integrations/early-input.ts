/**
 * What every page's head carries so a press made before its scripts arrive is not lost
 * (src/widgets/first-touch.ts, holdEarlyPresses): a classic inline script, bundled and minified
 * here from that function (the same source the widgets' bootstraps take the presses with), and
 * the style that shows a held press as busy (src/widgets/early-wait.css). Starlight puts them in
 * each page's head (its `head` option, astro.config.ts), before the page's module scripts and
 * its body: a press on a widget drawn below is seen however early. The site's policy allows the
 * script by its hash, as it does every inline script (csp.ts).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSync, transformSync } from "esbuild";

const widgets = fileURLToPath(new URL("../widgets/", import.meta.url));

/** `contents` (imports from src/widgets/) bundled and minified as a classic script. */
function classicScript(contents: string): string {
  const { outputFiles } = buildSync({
    stdin: { contents, resolveDir: widgets, loader: "ts" },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    legalComments: "none",
  });
  return outputFiles[0]!.text.trim();
}

/** The inline script: holdEarlyPresses() and what it uses of first-touch.ts, nothing else. */
export function earlyInputScript(): string {
  return classicScript('import { holdEarlyPresses } from "./first-touch.ts"; holdEarlyPresses();');
}

/**
 * The inline script that lands a page opened at a place on it while the page is parsed
 * (src/widgets/land-on-place.ts, landEarly): in the head, it runs before the body is parsed.
 */
export function earlyLandingScript(): string {
  return classicScript('import { landEarly } from "./land-on-place.ts"; landEarly();');
}

/** The style of a held press, minified. */
export function earlyWaitStyle(): string {
  const css = readFileSync(`${widgets}early-wait.css`, "utf8");
  return transformSync(css, { loader: "css", minify: true }).code.trim();
}

/** Starlight's head entries for both. */
export function earlyInputHead(): { tag: "script" | "style"; content: string }[] {
  return [
    { tag: "style", content: earlyWaitStyle() },
    { tag: "script", content: earlyInputScript() },
  ];
}
