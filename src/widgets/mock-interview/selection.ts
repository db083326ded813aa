/**
 * The setup stage: which question the next interview asks. A seed the learner types is drawn at
 * once (the field's change), and "Draw a question" draws it once more: the press that follows
 * typing always gets the typed seed's question, never a random one in its place. Pressed again,
 * with the field as the draw left it, Draw draws a new random seed, and the line above Start says
 * which kind of seed drew ("Your seed 42 drew", "Random seed 5123 drew"). A field holding text that
 * is not a seed is refused, by Draw and by Start with nothing chosen: the field keeps the text, the
 * line says why (the course's one seed rule, src/sim/random.ts), and the keyboard's focus goes to
 * the field. Picking from the list clears the seed.
 *
 * The line above Start (a polite live region of its own) says what the next interview will ask,
 * and is the one place that says it: the widget's status line is emptied when the choice changes,
 * so it never repeats the line or contradicts it.
 *
 * A refusal is said once, by the course's rule for a seed refused (the game day's and the
 * exercise's too): where the focus stays put (the field left), the live region says it; where the
 * focus goes to the field (Draw, Start), the field's description says it, and the line, written
 * then, is no live region (aria-live off), or a reader would hear it twice at once. Marked
 * invalid, the field keeps the line as its description for a reader who comes back to it.
 *
 * The field's text is read when the field loses the focus (its change event). Lost to a mouse
 * press, on Start say, the line it redraws would move Start from under the pointer before the
 * release, and the click would be lost: so what the change does waits until the press is over
 * (after-press.ts), and Draw and Start, which read the field themselves, have it done first.
 */
import { AfterPress } from "./after-press.ts";
import { inWords } from "../../format/words.ts";
import { setHidden } from "../focus.ts";
import type { Ui } from "./dom.ts";
import { readSeed, seedRule } from "../../sim/random.ts";
import { drawIndex, freshSeed } from "./draw.ts";
import type { InterviewQuestion } from "./payload.ts";
import { designPhases } from "../../course/interview/plan.ts";

export interface Choice {
  question: InterviewQuestion;
  /** The seed that drew it, or null when it was picked from the list. */
  seed: number | null;
}

/** Where the current choice came from: a seed the learner typed, a random seed, or the list. */
type Source = "yours" | "random" | "picked";

export const noChoiceText = "No question yet: draw one, pick one, or just start and one is drawn for you.";

/** "Title" (senior) or, for a design prompt, "Title" (staff, a design round in four phases): the phases counted. */
const questionText = (q: InterviewQuestion) =>
  `"${q.title}" (${q.level}${q.type === "design" ? `, a design round in ${inWords(designPhases.length)} phases` : ""})`;

/** The line above Start for a choice: how it was made, then the question. */
export function choiceText(question: InterviewQuestion, seed: number | null, source: Source): string {
  const how = source === "picked" ? "You picked" : `${source === "yours" ? "Your" : "Random"} seed ${seed} drew`;
  return `${how}: ${questionText(question)}.`;
}

/**
 * What "Draw a question" does with the Seed field's text: refuses text that is not a seed; draws
 * the seed in it when the learner typed it (and Draw has not drawn it since); else draws a random one.
 */
export function drawPlan(
  text: string,
  typedSinceDraw: boolean,
): { kind: "refused" } | { kind: "yours"; seed: number } | { kind: "random" } {
  if (text.trim() === "") return { kind: "random" };
  const seed = readSeed(text);
  if (seed === undefined) return { kind: "refused" };
  return typedSinceDraw ? { kind: "yours", seed } : { kind: "random" };
}

/**
 * What the line above Start says of `text`, typed in the Seed field, that is not a seed: the rule,
 * and what Start would still ask (the current choice), so the two cannot disagree.
 */
export function notASeedText(text: string, current: Choice | null): string {
  const trimmed = text.trim();
  const typed = trimmed.length > 20 ? `${trimmed.slice(0, 20)}…` : trimmed;
  const still = current
    ? ` The question is still ${questionText(current.question)}, ${current.seed === null ? "which you picked" : `drawn by seed ${current.seed}`}.`
    : "";
  return `"${typed}" is not a seed: a seed is ${seedRule}, such as 4821.${still}`;
}

export class Selection {
  private current: Choice | null = null;
  private source: Source | null = null;
  /** The learner typed in the Seed field since Draw last drew (so Draw draws what they typed). */
  private typedSinceDraw = false;
  private readonly seedInput: HTMLInputElement;
  private readonly pick: HTMLSelectElement;
  /** The field's own description, without the line above Start (added while the field is refused). */
  private readonly seedHelp: string;
  /** What a change of the field does, held while a press that took the focus from it is under way. */
  private readonly afterPress = new AfterPress(window);
  /** Draw or Start is at work: a refusal it meets goes with the focus to the field, and is not said aloud. */
  private pressing = false;

  constructor(
    private readonly ui: Ui,
    private readonly questions: readonly InterviewQuestion[],
  ) {
    this.seedInput = ui.field<HTMLInputElement>("seed");
    this.pick = ui.field<HTMLSelectElement>("pick");
    this.seedHelp = this.seedInput.getAttribute("aria-describedby") ?? "";
    this.seedInput.addEventListener("input", () => {
      this.typedSinceDraw = true;
    });
    this.seedInput.addEventListener("change", () => this.afterPress.run(() => this.onSeedTyped()));
    this.pick.addEventListener("change", () => this.onPicked());
  }

  get choice(): Choice | null {
    return this.current;
  }

  /** The "Draw a question" button: the typed seed if the learner typed one since the last draw, else a random one. */
  draw(): void {
    this.settleForPress();
    this.ui.quiet();
    const plan = drawPlan(this.seedInput.value, this.typedSinceDraw);
    if (plan.kind === "refused") return this.refuse();
    this.drawWith(plan.kind === "yours" ? plan.seed : freshSeed(), plan.kind);
    this.typedSinceDraw = false;
  }

  /**
   * The choice to start with: the current one, or a fresh draw; null, with the field refused, when
   * nothing is chosen and the field holds text that is not a seed (Start would otherwise throw it away).
   */
  forStart(): Choice | null {
    this.settleForPress();
    if (this.current) return this.current;
    const plan = drawPlan(this.seedInput.value, true);
    if (plan.kind === "refused") {
      this.refuse();
      return null;
    }
    this.drawWith(plan.kind === "yours" ? plan.seed : freshSeed(), plan.kind);
    return this.current;
  }

  /**
   * Has the field's change done before Draw or Start reads the field (pressed straight from it):
   * a refusal the change makes then is followed by theirs, which takes the focus to the field.
   */
  private settleForPress(): void {
    this.pressing = true;
    try {
      this.afterPress.settle();
    } finally {
      this.pressing = false;
    }
  }

  reset(): void {
    this.current = null;
    this.source = null;
    this.typedSinceDraw = false;
    this.seedInput.value = "";
    this.pick.value = "";
    this.showChoice();
    this.ui.field("minutes-box").hidden = false;
  }

  /** What the learner set before the widget loaded (the event that loaded it came too early). */
  catchUp(): void {
    const picked = this.questions.find((q) => q.id === this.pick.value);
    const typed = readSeed(this.seedInput.value);
    if (picked) this.choose(picked, null, "picked");
    else if (typed !== undefined) {
      this.drawWith(typed, "yours");
      // Typed, not drawn by Draw: a Draw pressed before the widget loaded draws it too.
      this.typedSinceDraw = true;
    }
  }

  private drawWith(seed: number, source: Exclude<Source, "picked">): void {
    this.pick.value = "";
    this.seedInput.value = String(seed);
    this.choose(this.questions[drawIndex(this.questions.length, seed)]!, seed, source);
  }

  private choose(question: InterviewQuestion, seed: number | null, source: Source): void {
    this.current = { question, seed };
    this.source = source;
    this.showChoice();
    // A design round's phases set its length; the time chosen applies to single questions. Its
    // field goes from under the focus when a seed drawn on leaving the Seed field for it (the
    // press on it held the draw: after-press.ts) is a design prompt's: "Or pick one" takes it.
    setHidden(this.ui.field("minutes-box"), question.type === "design", this.pick);
  }

  /** The line above Start: the current choice, or that there is none yet. */
  private showChoice(): void {
    this.seedInput.removeAttribute("aria-invalid");
    this.seedInput.setAttribute("aria-describedby", this.seedHelp);
    const choice = this.current;
    const chosen = this.ui.field("chosen");
    chosen.setAttribute("aria-live", "polite");
    chosen.textContent = choice ? choiceText(choice.question, choice.seed, this.source!) : noChoiceText;
  }

  /**
   * Says, on the line above Start, why the field's text is not a seed, and marks the field: its
   * description then starts with that line, so a screen reader reads why with the field. `aloud`
   * when the focus stays where it is (the field left): the line is a live region, and says it.
   * Else the focus goes to the field, whose description says it, and the line is written with
   * its live region off, so it is not said a second time over the field. The line is written only
   * when its words change.
   */
  private showRefused(aloud: boolean): void {
    const chosen = this.ui.field("chosen");
    this.seedInput.setAttribute("aria-invalid", "true");
    this.seedInput.setAttribute("aria-describedby", `${chosen.id} ${this.seedHelp}`.trim());
    const why = notASeedText(this.seedInput.value, this.current);
    // Set before the words, so a reader asks whether the region is live once it is as meant.
    chosen.setAttribute("aria-live", aloud ? "polite" : "off");
    if (chosen.textContent !== why) chosen.textContent = why;
  }

  /** Draw (or Start) with text in the field that is not a seed: nothing is drawn, the field keeps it and gets the focus. */
  private refuse(): void {
    this.showRefused(false);
    this.seedInput.focus();
  }

  private onSeedTyped(): void {
    // An emptied field takes back what it said about a seed that was not one.
    if (this.seedInput.value.trim() === "") {
      if (this.seedInput.hasAttribute("aria-invalid")) this.showChoice();
      return;
    }
    const seed = readSeed(this.seedInput.value);
    this.ui.quiet();
    // Said where the choice is said, with what Start would still ask, so the two cannot disagree.
    // Left for a control that is not Draw or Start, the focus stays there: the line says it aloud.
    if (seed === undefined) return this.showRefused(!this.pressing);
    this.drawWith(seed, "yours");
  }

  private onPicked(): void {
    const question = this.questions.find((q) => q.id === this.pick.value);
    if (!question) return;
    this.seedInput.value = "";
    this.typedSinceDraw = false;
    this.choose(question, null, "picked");
    this.ui.quiet();
  }
}
