/**
 * The site's one way to ask the learner before something they may want is dropped (a debrief not
 * saved, a mock interview history, their progress, a saved map, a room's results board): a
 * question in the page, in its own style, never window.confirm (which stops the page, cannot be
 * styled, and which a browser may suppress).
 *
 * The markup is src/components/InlineQuestion.astro's: a box (role="group", labelled by its
 * sentence through aria-labelledby) with one button `[data-answer="<name>"]` per answer. Asked,
 * the safe answer has the focus, so Enter twice loses nothing and a screen reader names the group
 * by its sentence as the focus enters it; Escape in the box gives the safe answer, as pressing it
 * does. What each answer does stays with the widget that asks (`onAnswer`).
 */
import { handFocus, holdsFocus } from "./focus.ts";

export interface InlineQuestionOptions<Answer extends string> {
  /** Every answer the box offers, each a `[data-answer]` button in it. */
  answers: readonly Answer[];
  /** The answer that loses nothing: focused when asked, and given on Escape. */
  safe: NoInfer<Answer>;
  /** Called with the answer pressed (or the safe one, on Escape) while the question is asked. */
  onAnswer: (answer: Answer) => void;
}

export class InlineQuestion<Answer extends string> {
  private readonly sentence: HTMLElement;
  private readonly buttons = new Map<Answer, HTMLButtonElement>();
  private readonly safe: Answer;

  constructor(
    private readonly box: HTMLElement,
    { answers, safe, onAnswer }: InlineQuestionOptions<Answer>,
  ) {
    const id = box.getAttribute("aria-labelledby");
    const sentence = id ? box.querySelector<HTMLElement>(`#${CSS.escape(id)}`) : null;
    if (box.getAttribute("role") !== "group" || !sentence)
      throw new Error("inline question: the box is not a group labelled by a sentence inside it");
    this.sentence = sentence;
    for (const answer of answers) {
      const button = box.querySelector<HTMLButtonElement>(`button[data-answer="${answer}"]`);
      if (!button) throw new Error(`inline question: no button for the answer "${answer}"`);
      this.buttons.set(answer, button);
    }
    if (!this.buttons.has(safe)) throw new Error(`inline question: the safe answer "${safe}" is not offered`);
    this.safe = safe;
    box.addEventListener("click", (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>("button[data-answer]");
      const answer = answers.find((a) => a === button?.dataset.answer);
      if (answer !== undefined && this.shown) onAnswer(answer);
    });
    box.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || !this.shown) return;
      event.preventDefault();
      onAnswer(this.safe);
    });
  }

  get shown(): boolean {
    return !this.box.hidden;
  }

  /**
   * Asks `question` (or the sentence the box holds, when none is given), with new words for the
   * answers whose words depend on it; the safe answer takes the focus.
   */
  ask(question?: string, words: Partial<Record<Answer, string>> = {}): void {
    if (question !== undefined) this.reword(question);
    for (const [answer, button] of this.buttons) {
      const text = words[answer];
      if (text !== undefined) button.textContent = text;
    }
    this.box.hidden = false;
    this.buttons.get(this.safe)!.focus();
  }

  /** Rewords the question while it is asked (what it asks about changed meanwhile), the focus left where it is. */
  reword(question: string): void {
    this.sentence.textContent = question;
  }

  /** Takes the question away; the focus, when it was in it, goes to `heir`. */
  dismiss(heir: HTMLElement): void {
    if (holdsFocus(this.box)) handFocus(heir);
    this.box.hidden = true;
  }
}
