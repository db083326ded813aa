// @ts-check
/**
 * Expressive Code's options that cannot be written in astro.config.ts (it passes that file's
 * options on as JSON, and a function does not survive: Starlight's `<Code>` component refuses
 * them). Expressive Code reads only a file of this name, so this is the one JavaScript file.
 *
 * Shiki stops colouring a line after 500 ms by default (`tokenizeTimeLimit`, @shikijs/core): a
 * build at load 11 coloured /gameday/'s code otherwise than a quiet build of the same commit
 * (docs/PERFORMANCE.md). With the limit off, the colours do not depend on the load.
 * src/components/Playground.astro uses the same transformer for Astro's own `<Code>`.
 */

/** A Shiki transformer that lets every line be tokenised to its end (0: no time limit). */
export const wholeLineTokens = {
  name: "blast-radius:no-tokenize-time-limit",
  /**
   * @param {string} code
   * @param {{ tokenizeTimeLimit?: number }} options
   */
  preprocess(code, options) {
    options.tokenizeTimeLimit = 0;
    return code;
  },
};

/**
 * Code blocks stay out of the search index (Pagefind's data-pagefind-ignore, which leaves out the
 * element and all it holds): a query matched on code ("x", "a") found code, not prose.
 * src/components/Playground.astro marks its code the same way.
 */
const codeNotIndexed = {
  name: "blast-radius:code-not-indexed",
  hooks: {
    /** @param {{ renderData: { blockAst: { properties?: Record<string, unknown> } } }} context */
    postprocessRenderedBlock({ renderData }) {
      renderData.blockAst.properties = { ...renderData.blockAst.properties, dataPagefindIgnore: "" };
    },
  },
};

/**
 * A code block's <pre> takes focus from the start, so a line wider than the screen can be scrolled
 * from the keyboard (WCAG 1.4.10 at 320 px; axe-core's scrollable-region-focusable). Expressive
 * Code sets tabindex only from a script, 250 ms after the block's size settles and only where it
 * overflows; until then, and without JavaScript, a wide block could not be reached. That script
 * still removes the Tab stop from a block that fits.
 */
const codeFocusable = {
  name: "blast-radius:code-focusable",
  hooks: {
    /** @param {{ renderData: { blockAst: HastNode } }} context */
    postprocessRenderedBlock({ renderData }) {
      /** @typedef {{ type: string, tagName?: string, properties?: Record<string, unknown>, children?: HastNode[] }} HastNode */
      /** @param {HastNode} node */
      const visit = (node) => {
        if (node.type === "element" && node.tagName === "pre") node.properties = { ...node.properties, tabIndex: 0 };
        else for (const child of node.children ?? []) visit(child);
      };
      visit(renderData.blockAst);
    },
  },
};

export default {
  shiki: { transformers: [wholeLineTokens] },
  plugins: [codeNotIndexed, codeFocusable],
};
