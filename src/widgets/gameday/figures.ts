/**
 * The game day's text as HTML with every figure in it kept on one line, one rule for the game's
 * results (results.ts) and the room's results board (board.ts), which show the same score: a
 * number with its unit after a space and a time in minutes and seconds by no-break spaces
 * (unbrokenFigures), a number joined to its unit by a hyphen ("30-day") by a span that does not
 * wrap (bindHyphenedFigures; `.gd-unbroken` in gameday.css, which both pages load). Markup, and
 * so here beside the widgets rather than in src/format: the words stay the terminal's. At 390 px
 * the results' note on a resumed game ended a line at "1" with "min 54 s" on the next; a score's
 * "of the 30-day budget" broke after "30-" on the board at 390 px and in the results at 320 px.
 */
import { bindHyphenedFigures, unbrokenFigures } from "../../format/units.ts";
import { escapeHtml } from "../escape-html.ts";

/** HTML (escaped text, or with a power of ten's <sup> only) with each figure in it kept whole. */
export function wholeFigures(html: string): string {
  return bindHyphenedFigures(unbrokenFigures(html), (figure) => `<span class="gd-unbroken">${figure}</span>`);
}

/** Plain text as HTML, escaped, each figure in it kept whole (wholeFigures). */
export function figuresHtml(text: string): string {
  return wholeFigures(escapeHtml(text));
}
