/** The review stage: the model answer, the rubric to tick, the follow-ups, and saving the attempt. */
import { formatClock } from "./countdown.ts";
import { clearDraft } from "./draft.ts";
import { percent, type Ui } from "./dom.ts";
import { addAttempt, type Attempt } from "./history.ts";
import type { Interview } from "./session.ts";

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text: string) =>
  Object.assign(document.createElement(tag), { textContent: text });

export class ReviewStage {
  private saved = false;
  private usedMs = 0;

  constructor(
    private readonly ui: Ui,
    private readonly onSaved: (all: Attempt[]) => void,
  ) {}

  get isSaved(): boolean {
    return this.saved;
  }

  show(interview: Interview, notes: string): void {
    const { ui } = this;
    const { question, clock } = interview;
    this.saved = false;
    this.usedMs = clock.usedMs();
    ui.root.dataset.reviewing = question.id;
    ui.field("review-title").textContent = `How did you do? ${question.title}`;
    ui.field("used").textContent = `You used ${formatClock(this.usedMs)} of ${formatClock(clock.durationMs)}.`;
    ui.field("your-notes").textContent = notes.trim();
    ui.field("your-notes-box").hidden = notes.trim().length === 0;
    ui.field("answer").replaceChildren(...question.answer.map((text) => element("p", text)));
    ui.field("rubric").replaceChildren(
      ...question.rubric.map((point, i) => {
        const label = document.createElement("label");
        const box = Object.assign(document.createElement("input"), { type: "checkbox", value: String(i) });
        box.addEventListener("change", () => this.updateScore());
        label.append(box, document.createTextNode(point));
        return label;
      }),
    );
    this.updateScore();
    ui.field("followups").replaceChildren(
      ...question.followUps.flatMap((f) => [element("dt", f.question), element("dd", f.answer)]),
    );
    ui.button("save").disabled = false;
    ui.button("save").textContent = "Save to my history";
  }

  save(interview: Interview, notes: string): void {
    if (this.saved) return;
    const boxes = this.boxes();
    const attempt: Attempt = {
      questionId: interview.question.id,
      title: interview.question.title,
      startedAt: interview.startedAt,
      seed: interview.seed,
      durationSeconds: Math.round(interview.clock.durationMs / 1000),
      usedSeconds: Math.round(this.usedMs / 1000),
      hit: boxes.filter((b) => b.checked).map((b) => Number(b.value)),
      points: boxes.length,
      notes: notes.slice(0, 5000),
    };
    try {
      const all = addAttempt(localStorage, attempt);
      clearDraft(localStorage);
      this.saved = true;
      this.ui.button("save").disabled = true;
      this.ui.button("save").textContent = "Saved";
      this.onSaved(all);
      this.ui.announce(
        `Saved: ${attempt.hit.length} of ${attempt.points} points. You have ${all.length} ${all.length === 1 ? "attempt" : "attempts"} on this device.`,
      );
    } catch {
      this.ui.announce(
        "Could not save: this browser is not keeping data for this site (private mode or storage full).",
      );
    }
  }

  private boxes(): HTMLInputElement[] {
    return [...this.ui.field("rubric").querySelectorAll<HTMLInputElement>("input[type=checkbox]")];
  }

  private updateScore(): void {
    const boxes = this.boxes();
    const hit = boxes.filter((b) => b.checked).length;
    this.ui.field("score").textContent = `${hit} of ${boxes.length} points (${percent(hit / boxes.length)})`;
  }
}
