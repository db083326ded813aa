/**
 * A sentence of the grader's written into the page so that a screen reader says what the eye
 * sees: each power of ten ("1.33 × 10⁻⁶", figuresToSay in src/format/number.ts) is shown on one
 * line and hidden from the accessibility tree (aria-hidden), beside a visually hidden copy in
 * words ("1.33 × 10 to the power of minus 6", Starlight's .sr-only). A live region announces the
 * words; the rest of the sentence is one text node, as textContent would write it.
 */
import { figuresToSay } from "../format/number.ts";

/** The nodes of `text` for an element (see the file's comment). */
export function spokenFigureNodes(text: string): Node[] {
  return figuresToSay(text).map((piece) => {
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
