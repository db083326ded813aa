/**
 * The same sources build to the same pages: style sheets in file-name order.
 *
 * Vite emits a CSS file for each chunk as that chunk finishes rendering, and chunks render side by
 * side, so the bundle lists its CSS files in a different order from one build to the next. Astro
 * takes the order of the list when it gathers the styles of the components a chapter's MDX uses
 * (its inline-stylesheets step runs after this one), and two builds of one commit put
 * /cells/'s inline style blocks in different orders. Listing the CSS files by name before that
 * step makes the order the same in every build. Each block is scoped to its own component, so no
 * page relied on the old order, which was a matter of timing.
 */
import type { AstroIntegration } from "astro";

/** The Vite plugin: re-adds the bundle's CSS files in name order once every chunk has rendered. */
export function cssInNameOrder() {
  return {
    name: "blast-radius:css-in-name-order",
    generateBundle(_options: unknown, bundle: Record<string, unknown>) {
      // An object's keys keep the order they were added in; Rollup allows deleting a file from
      // the bundle and adding it back.
      for (const key of Object.keys(bundle)
        .filter((k) => k.endsWith(".css"))
        .sort()) {
        const file = bundle[key];
        delete bundle[key];
        bundle[key] = file;
      }
    },
  };
}

export default function cssOrder(): AstroIntegration {
  return {
    name: "blast-radius:css-order",
    hooks: {
      "astro:config:setup": ({ updateConfig }) => {
        updateConfig({ vite: { plugins: [cssInNameOrder()] } });
      },
    },
  };
}
