/**
 * The figures the agenda (WorkshopAgenda.astro) and the run sheet (src/pages/run-sheet) print for
 * each prepared presenter step, each kept on one line: a line may end between the words of a
 * phrase ("only at the intervention (11 min)"), not inside a figure. At 390 px the agenda ended a
 * line at "1.33 ×" and began the next with "10⁻⁶%"; the run sheet's `white-space: nowrap` gave
 * way below 40rem to let its phrases wrap, and it broke the same figure at 320 px. The spaces
 * inside a figure are no-break spaces (U+00A0, as `figuresToSay` writes the spaces around a "×"
 * for a live region, and the build a number's before its unit), so a figure is one word to the
 * line breaker, on screen and on paper, while the words around it wrap.
 */
import { keepUnitWithNumber } from "../../format/units.ts";

const nbsp = "\u00a0";

/**
 * `text` (plain text, or HTML whose only markup is a power of ten's <sup>) with every figure in it
 * unbreakable: the spaces around a "×" ("1.33 × 10<sup>-6</sup>%"), between a number and its unit
 * ("11 min", keepUnitWithNumber) and between the parts of a length in hours and minutes ("10 min
 * 56 s") become no-break spaces. The words around a figure still break as any words do.
 */
export function unbrokenFigures(text: string): string {
  return keepUnitWithNumber(text.replace(/(\S)[ \t\n]+×[ \t\n]+(?=\S)/g, `$1${nbsp}×${nbsp}`)).replace(
    /(\d\u00a0(?:h|min))[ \t\n]+(?=\d)/g,
    `$1${nbsp}`,
  );
}
