/**
 * A sentence of the grader's written into the page so that a screen reader says what the eye
 * sees: each power of ten ("1.33 × 10⁻⁶", figuresToSay in src/format/number.ts) is shown on one
 * line and hidden from the accessibility tree (aria-hidden), beside a visually hidden copy in
 * words ("1.33 × 10 to the power of minus 6", Starlight's .sr-only). A live region announces the
 * words; the rest of the sentence is one text node, as textContent would write it.
 *
 * The hidden copy is positioned absolutely, so the browser reads it as a block of its own: text
 * after it on the same word ("10⁻⁷;", "10⁶)") was said apart from it, "minus 7 ;", where a screen
 * reader pauses and may name the lone ";". So the figure takes the characters that touch it, on
 * either side up to a space, into both copies (spokenPieces): "10 to the power of minus 7;".
 */
import { figuresToSay, type SpokenFigure } from "../format/number.ts";

/**
 * figuresToSay's pieces of `text`, each figure with the characters that touch it, up to a space
 * on either side, in both its copies: "(1 in 10⁶)." -> ["(1 in ", { shown: "10⁶).", spoken: "10
 * to the power of 6)." }]. Two figures joined by such characters ("10⁶/10³") are one piece.
 */
export function spokenPieces(text: string): (string | SpokenFigure)[] {
  const pieces: (string | SpokenFigure)[] = [];
  for (const piece of figuresToSay(text)) {
    const last = pieces.at(-1);
    if (typeof piece === "string") {
      if (last === undefined || typeof last === "string") {
        pieces.push(piece);
        continue;
      }
      const touching = /^\S*/.exec(piece)![0];
      last.shown += touching;
      last.spoken += touching;
      if (touching.length < piece.length) pieces.push(piece.slice(touching.length));
      continue;
    }
    const figure = { ...piece };
    if (typeof last === "string") {
      const touching = /\S*$/.exec(last)![0];
      figure.shown = touching + figure.shown;
      figure.spoken = touching + figure.spoken;
      pieces.pop();
      if (touching.length < last.length) pieces.push(last.slice(0, last.length - touching.length));
    }
    const before = pieces.at(-1);
    if (before !== undefined && typeof before !== "string") {
      before.shown += figure.shown;
      before.spoken += figure.spoken;
    } else pieces.push(figure);
  }
  return pieces;
}

/** The nodes of `text` for an element (see the file's comment). */
export function spokenFigureNodes(text: string): Node[] {
  return spokenPieces(text).map((piece) => {
    if (typeof piece === "string") return document.createTextNode(piece);
    const group = document.createElement("span");
    group.dataset.figure = "";
    const shown = Object.assign(document.createElement("span"), { textContent: piece.shown });
    shown.setAttribute("aria-hidden", "true");
    const spoken = Object.assign(document.createElement("span"), { className: "sr-only", textContent: piece.spoken });
    group.append(shown, spoken);
    return group;
  });
}

/** Set `element`'s text to `text`, its powers of ten shown and said (spokenFigureNodes). */
export function setSpokenText(element: HTMLElement, text: string): void {
  element.replaceChildren(...spokenFigureNodes(text));
}
