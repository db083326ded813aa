/**
 * The setup stage: which question the next interview asks. A draw uses the seed in the field
 * when the learner typed one (so a seed typed before the first draw is honoured), and a fresh
 * seed otherwise; picking from the list clears the seed.
 *
 * The line above Start (a polite live region of its own) says what the next interview will ask,
 * and is the one place that says it: the widget's status line is emptied when the choice changes,
 * so it never repeats the line or contradicts it.
 */
import { inWords } from "../../format/words.ts";
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

/** How the current choice was made: a typed seed is drawn again by "Draw", a drawn one is not. */
type Source = "typed" | "drawn" | "picked";

export const noChoiceText = "No question yet: draw one, pick one, or just start and one is drawn for you.";

/** "Title" (senior) or, for a design prompt, "Title" (staff, a design round in four phases): the phases counted. */
const questionText = (q: InterviewQuestion) =>
  `"${q.title}" (${q.level}${q.type === "design" ? `, a design round in ${inWords(designPhases.length)} phases` : ""})`;

export class Selection {
  private current: Choice | null = null;
  private source: Source | null = null;
  private readonly seedInput: HTMLInputElement;
  private readonly pick: HTMLSelectElement;

  constructor(
    private readonly ui: Ui,
    private readonly questions: readonly InterviewQuestion[],
  ) {
    this.seedInput = ui.field<HTMLInputElement>("seed");
    this.pick = ui.field<HTMLSelectElement>("pick");
    this.seedInput.addEventListener("change", () => this.onSeedTyped());
    this.pick.addEventListener("change", () => this.onPicked());
  }

  get choice(): Choice | null {
    return this.current;
  }

  /** The "Draw a question" button: the typed seed if there is a new one, otherwise a fresh seed. */
  draw(): void {
    const typed = readSeed(this.seedInput.value);
    const useTyped = typed !== undefined && (typed !== this.current?.seed || this.source === "typed");
    this.drawWith(useTyped ? typed : freshSeed(), "drawn");
    this.ui.quiet();
  }

  /** The choice to start with: the current one, or a fresh draw. */
  forStart(): Choice {
    if (!this.current) this.drawWith(freshSeed(), "drawn");
    return this.current!;
  }

  reset(): void {
    this.current = null;
    this.source = null;
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
    else if (typed !== undefined) this.drawWith(typed, "typed");
  }

  private drawWith(seed: number, source: Source): void {
    this.pick.value = "";
    this.seedInput.value = String(seed);
    this.choose(this.questions[drawIndex(this.questions.length, seed)]!, seed, source);
  }

  private choose(question: InterviewQuestion, seed: number | null, source: Source): void {
    this.current = { question, seed };
    this.source = source;
    this.showChoice();
    // A design round's phases set its length; the time chosen applies to single questions.
    this.ui.field("minutes-box").hidden = question.type === "design";
  }

  /** The line above Start: the current choice, or that there is none yet. */
  private showChoice(): void {
    this.seedInput.removeAttribute("aria-invalid");
    const choice = this.current;
    const how = choice?.seed === null ? "You picked" : `Seed ${choice?.seed} drew`;
    this.ui.field("chosen").textContent = choice ? `${how}: ${questionText(choice.question)}.` : noChoiceText;
  }

  private onSeedTyped(): void {
    // An emptied field takes back what it said about a seed that was not one.
    if (this.seedInput.value.trim() === "") {
      if (this.seedInput.hasAttribute("aria-invalid")) this.showChoice();
      return;
    }
    const seed = readSeed(this.seedInput.value);
    this.ui.quiet();
    if (seed === undefined) {
      // Said where the choice is said, with what Start would still ask, so the two cannot disagree.
      const text = this.seedInput.value.trim();
      const typed = text.length > 20 ? `${text.slice(0, 20)}…` : text;
      const still = this.current
        ? ` The question is still ${questionText(this.current.question)}, ${this.current.seed === null ? "which you picked" : `drawn by seed ${this.current.seed}`}.`
        : "";
      this.seedInput.setAttribute("aria-invalid", "true");
      this.ui.field("chosen").textContent = `"${typed}" is not a seed: a seed is ${seedRule}, such as 4821.${still}`;
      return;
    }
    this.drawWith(seed, "typed");
  }

  private onPicked(): void {
    const question = this.questions.find((q) => q.id === this.pick.value);
    if (!question) return;
    this.seedInput.value = "";
    this.choose(question, null, "picked");
    this.ui.quiet();
  }
}
