/**
 * The setup stage: which question the next interview asks. A draw uses the seed in the field
 * when the learner typed one (so a seed typed before the first draw is honoured), and a fresh
 * seed otherwise; picking from the list clears the seed.
 */
import type { Ui } from "./dom.ts";
import { drawIndex, freshSeed, parseSeed } from "./draw.ts";
import type { InterviewQuestion } from "./payload.ts";

export interface Choice {
  question: InterviewQuestion;
  /** The seed that drew it, or null when it was picked from the list. */
  seed: number | null;
}

/** How the current choice was made: a typed seed is drawn again by "Draw", a drawn one is not. */
type Source = "typed" | "drawn" | "picked";

export const noChoiceText = "No question yet: draw one, pick one, or just start and one is drawn for you.";

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
    const typed = parseSeed(this.seedInput.value);
    const useTyped = typed !== null && (typed !== this.current?.seed || this.source === "typed");
    this.drawWith(useTyped ? typed : freshSeed(), "drawn");
    this.ui.announce(this.ui.field("chosen").textContent ?? "");
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
    this.ui.field("chosen").textContent = noChoiceText;
    this.ui.field("minutes-box").hidden = false;
  }

  /** What the learner set before the widget loaded (the event that loaded it came too early). */
  catchUp(): void {
    const picked = this.questions.find((q) => q.id === this.pick.value);
    const typed = parseSeed(this.seedInput.value);
    if (picked) this.choose(picked, null, "picked");
    else if (typed !== null) this.drawWith(typed, "typed");
  }

  private drawWith(seed: number, source: Source): void {
    this.pick.value = "";
    this.seedInput.value = String(seed);
    this.choose(this.questions[drawIndex(this.questions.length, seed)]!, seed, source);
  }

  private choose(question: InterviewQuestion, seed: number | null, source: Source): void {
    this.current = { question, seed };
    this.source = source;
    const how = seed === null ? "You picked" : `Seed ${seed} drew`;
    const design = question.type === "design";
    this.ui.field("chosen").textContent =
      `${how}: “${question.title}” (${question.level}${design ? ", a design round in four phases" : ""}).`;
    // A design round's phases set its length; the time chosen applies to single questions.
    this.ui.field("minutes-box").hidden = design;
  }

  private onSeedTyped(): void {
    if (this.seedInput.value.trim() === "") return;
    const seed = parseSeed(this.seedInput.value);
    if (seed === null) {
      this.ui.announce("A seed is a whole number, such as 4821.");
      return;
    }
    this.drawWith(seed, "typed");
    this.ui.announce(this.ui.field("chosen").textContent ?? "");
  }

  private onPicked(): void {
    const question = this.questions.find((q) => q.id === this.pick.value);
    if (!question) return;
    this.seedInput.value = "";
    this.choose(question, null, "picked");
  }
}
