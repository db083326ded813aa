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

/** The inline script: holdEarlyPresses() and what it uses of first-touch.ts, nothing else. */
export function earlyInputScript(): string {
  const { outputFiles } = buildSync({
    stdin: {
      contents: 'import { holdEarlyPresses } from "./first-touch.ts"; holdEarlyPresses();',
      resolveDir: widgets,
      loader: "ts",
    },
    bundle: true,
    minify: true,
    format: "iife",
    target: "es2020",
    write: false,
    legalComments: "none",
  });
  return outputFiles[0]!.text.trim();
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
