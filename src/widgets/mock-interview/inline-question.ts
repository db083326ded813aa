/**
 * The widget's one way to ask before it drops something the learner may want (a debrief not saved
 * as it stands, the whole history): a question in the page, in its own style, never
 * window.confirm (which stops the page, cannot be styled, and which a browser may suppress).
 *
 * The markup is MockInterview.astro's: a box `[data-field="<name>-box"]` (role="group", labelled
 * by its sentence `[data-field="<name>-question"]`), with one button `[data-action="<name>-<answer>"]`
 * per answer. Asked, the safe answer has the focus, so Enter twice loses nothing, and a screen
 * reader names the group with its sentence as the focus enters it; Escape gives the safe answer.
 * Which answers count in which stage stays with the widget's actions (mount.ts).
 */
import type { Ui } from "./dom.ts";

export class InlineQuestion<Answer extends string> {
  private readonly box: HTMLElement;

  constructor(
    private readonly ui: Ui,
    private readonly name: string,
    private readonly safe: Answer,
    /** Given the safe answer when Escape is pressed in the box. */
    onEscape: (safe: Answer) => void,
  ) {
    this.box = ui.field(`${name}-box`);
    this.box.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || this.box.hidden) return;
      event.preventDefault();
      onEscape(this.safe);
    });
  }

  get shown(): boolean {
    return !this.box.hidden;
  }

  /** Asks `question`, with new words for the answers whose words depend on it; the safe answer takes the focus. */
  ask(question: string, words: Partial<Record<Answer, string>> = {}): void {
    this.reword(question);
    for (const [answer, text] of Object.entries<string | undefined>(words))
      if (text !== undefined) this.ui.button(`${this.name}-${answer}`).textContent = text;
    this.box.hidden = false;
    this.ui.button(`${this.name}-${this.safe}`).focus();
  }

  /** Rewords the question while it is asked (what it asks about changed meanwhile), the focus left where it is. */
  reword(question: string): void {
    this.ui.field(`${this.name}-question`).textContent = question;
  }

  /** Takes the question away; the focus, when it was in it, goes to `heir`. */
  dismiss(heir: HTMLElement): void {
    if (this.box.contains(document.activeElement)) heir.focus();
    this.box.hidden = true;
  }
}
