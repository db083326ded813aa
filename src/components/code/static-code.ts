/**
 * What the static code of a playground and of a code exercise shares with the editor that replaces
 * it on the reader's first touch, so that nothing changes when it does: the colours (shiki's
 * themes at build time; src/widgets/playground/palette.css gives the editor the same) and the
 * line numbers.
 */

/** The themes the static code is coloured with (Astro's `<Code>`, shiki). */
export const editorCodeThemes = { light: "github-light-high-contrast", dark: "github-dark-high-contrast" } as const;

/** The line numbers the editor shows for `code`: one a line, the empty one after a final newline too. */
export function editorLineNumbers(code: string): number[] {
  return Array.from({ length: code.split("\n").length }, (_, i) => i + 1);
}
