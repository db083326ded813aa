/**
 * A power of ten in a live region is said in words from a visually hidden copy that the browser
 * reads as a block of its own (Starlight's .sr-only is positioned absolutely). Session 50: text
 * that touched the figure was said apart from it: "1.1 × 10⁻⁷;" was heard "… minus 7 ;", a pause
 * and, from some screen readers, "semicolon". Each figure now takes what touches it.
 */
import { describe, expect, test } from "vitest";
import { plainFigures, type SpokenFigure, spokenPowers } from "../format/number.ts";
import { parseAnswer } from "../grader/parse-answer.ts";
import { spokenPieces } from "./spoken-figures.ts";

/** What a screen reader hears: the text, and each figure's words. */
const heard = (pieces: (string | SpokenFigure)[]) =>
  pieces.map((piece) => (typeof piece === "string" ? piece : piece.spoken)).join("");
/** What the eye sees, its no-break spaces as spaces. */
const shown = (pieces: (string | SpokenFigure)[]) =>
  pieces.map((piece) => (typeof piece === "string" ? piece : piece.shown.replace(/\u00a0/g, " "))).join("");

describe("a power of ten is said with the punctuation that touches it", () => {
  test.each([
    ["write 1.1 × 10⁻⁷;", "write ", "1.1 × 10 to the power of minus 7;", ""],
    ["write 1.1 × 10⁻⁷.", "write ", "1.1 × 10 to the power of minus 7.", ""],
    ["(write 1.1 × 10⁻⁷) now", "(write ", "1.1 × 10 to the power of minus 7)", " now"],
    ["a chance (1 in 10⁶) a day", "a chance (1 in ", "10 to the power of 6)", " a day"],
    ["Right: 1 in 75,287,520 = 1.33 × 10⁻⁶%.", "Right: 1 in 75,287,520 = ", "1.33 × 10 to the power of minus 6%.", ""],
    ['typed "10⁻⁴", not', "typed ", '"10 to the power of minus 4",', " not"],
    ["you typed 5.49×10⁻⁴.", "you typed ", "5.49×10 to the power of minus 4.", ""],
  ])("%s", (text, before, spoken, after) => {
    const pieces = spokenPieces(text);
    expect(pieces.filter((piece) => typeof piece !== "string").map((figure) => figure.spoken)).toEqual([spoken]);
    expect(pieces[0]).toBe(before);
    expect(pieces.length === 3 ? pieces[2] : "").toBe(after);
    expect(shown(pieces)).toBe(text);
  });

  test("a figure with a space on either side is as figuresToSay gives it", () => {
    expect(spokenPieces("write 1.1 × 10⁻⁷ (or 1.1e-7).")).toEqual([
      "write ",
      { shown: "1.1\u00a0×\u00a010⁻⁷", spoken: "1.1 × 10 to the power of minus 7" },
      " (or 1.1e-7).",
    ]);
    expect(spokenPieces("10²³")).toEqual([{ shown: "10²³", spoken: "10 to the power of 23" }]);
    expect(spokenPieces("No power here: 1,820.")).toEqual(["No power here: 1,820."]);
    expect(spokenPieces("")).toEqual([]);
  });

  test("two figures joined by a sign are one piece", () => {
    expect(spokenPieces("is 10⁶/10³ here")).toEqual([
      "is ",
      { shown: "10⁶/10³", spoken: "10 to the power of 6/10 to the power of 3" },
      " here",
    ]);
  });

  test("over many sentences: a figure meets the text beside it at a space, and is shown and said whole", () => {
    const figures = [1.23456e-7, 1e-7, 2.5e-300, 7.1e22, -3e-9].map((value) => plainFigures(value, 4));
    // What the grader writes after a number (parse-answer's "write … (or …)." and its %).
    for (const value of ["-1.1e-10k", "1e-10k%", "5e20k"]) {
      const message = parseAnswer(value);
      if (!message.ok) figures.push(message.message);
    }
    const marks = ["", ";", ".", ",", ")", ").", "%", "%.", ":", "?", '"', "…"];
    const openers = ["", "(", '"', "= ", "="];
    // Each sentence's faults, gathered and checked at once: an expect per piece took most of a second.
    const faults: string[] = [];
    let checked = 0;
    for (const figure of figures)
      for (const open of openers)
        for (const mark of marks)
          for (const after of ["", " then more", "\u00a0s"]) {
            const text = `Got ${open}${figure}${mark}${after}`;
            const pieces = spokenPieces(text);
            if (shown(pieces) !== text) faults.push(`${text}: shown ${shown(pieces)}`);
            if (heard(pieces) !== spokenPowers(text)) faults.push(`${text}: heard ${heard(pieces)}`);
            if (/[⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺]/.test(heard(pieces))) faults.push(`${text}: a superscript is heard`);
            pieces.forEach((piece, i) => {
              if (typeof piece !== "string") return;
              // Text after a figure starts with a space, text before one ends with a space.
              if ((i > 0 && !/^\s/.test(piece)) || (i < pieces.length - 1 && !/\s$/.test(piece)))
                faults.push(`${text}: ${JSON.stringify(piece)} touches a figure`);
              checked++;
            });
          }
    expect(faults).toEqual([]);
    expect(checked).toBeGreaterThan(500);
  });
});
