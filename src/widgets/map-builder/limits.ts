/**
 * How large a map the builder takes. Past these, it says so instead of freezing the page or
 * drawing something nobody can read; the numbers are shown to the reader as they are here.
 */
import { grouped, roundToFigures } from "../../format/number.ts";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";

export const mapLimits = {
  /** Longest map text (typed, pasted, imported or shared), in characters: see `limitInLines`. */
  characters: 100_000,
  /** Most boxes (services plus resources) drawn; larger maps are analysed but not drawn. */
  drawnBoxes: 120,
} as const;

/** Characters per line over all the built-in maps, each line's newline counted. */
export const builtInCharactersPerLine =
  failureMapExamples.reduce((sum, e) => sum + e.text.length, 0) /
  failureMapExamples.reduce((sum, e) => sum + e.text.replace(/\n$/, "").split("\n").length, 0);

/** The size limit in lines as long as the built-in maps', to one significant figure: "about 3,000 lines". */
export const limitInLines = `about ${grouped(roundToFigures(mapLimits.characters / builtInCharactersPerLine, 1))} lines`;

/** The message for a text over the size limit, or null. */
export function textTooLarge(length: number): string | null {
  if (length <= mapLimits.characters) return null;
  return `The map text is ${grouped(length)} characters; the builder takes maps up to ${grouped(mapLimits.characters)} characters (${limitInLines}). Split the system into smaller maps, one per team or area.`;
}

/**
 * The message for a file to import that is too large, or null: refused by its size in bytes before
 * it is read (at most 4 bytes a character in UTF-8), then by its length once read.
 */
export function importTooLarge(name: string, file: { bytes: number } | { characters: number }): string | null {
  if ("bytes" in file)
    return file.bytes > mapLimits.characters * 4
      ? `Could not import ${name}: it is ${grouped(Math.ceil(file.bytes / 1000))} KB, and the builder takes map files up to ${grouped(mapLimits.characters / 1000)} KB (${limitInLines}).`
      : null;
  return file.characters > mapLimits.characters
    ? `Could not import ${name}: it has ${grouped(file.characters)} characters, and the builder takes maps up to ${grouped(mapLimits.characters)} (${limitInLines}).`
    : null;
}

/**
 * The message for a file that is not text (an image, an archive), or null. Read as text, such a
 * file holds NUL characters, or bytes that are not UTF-8, which decoding turns into U+FFFD: a PNG
 * was read as 642 lines of map errors.
 */
export function notText(text: string): string | null {
  if (!text.includes("\0") && !text.includes("\uFFFD")) return null;
  return "this is not a text file: a map is plain text, such as the file the builder's Export file writes";
}
