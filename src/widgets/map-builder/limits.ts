/**
 * How large a map the builder takes. Past these, it says so instead of freezing the page or
 * drawing something nobody can read; the numbers are shown to the reader as they are here.
 */
import { grouped } from "../../format/number.ts";

export const mapLimits = {
  /** Longest map text (typed, pasted, imported or shared), in characters: about 3,000 lines. */
  characters: 100_000,
  /** Most boxes (services plus resources) drawn; larger maps are analysed but not drawn. */
  drawnBoxes: 120,
} as const;

/** The message for a text over the size limit, or null. */
export function textTooLarge(length: number): string | null {
  if (length <= mapLimits.characters) return null;
  return `The map text is ${grouped(length)} characters; the builder takes maps up to ${grouped(mapLimits.characters)} characters (about 3,000 lines). Split the system into smaller maps, one per team or area.`;
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
