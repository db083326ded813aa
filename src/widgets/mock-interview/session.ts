/**
 * The running stage: one interview, fixed when it starts. Its question cannot change while it
 * runs or while it is reviewed (the setup controls may still fire late events; they only change
 * the next interview's choice), so the clock, the draft, the rubric and the saved attempt all
 * describe the question on screen.
 */
import { type Countdown, formatClock, milestoneMessage } from "./countdown.ts";
import { saveDraft } from "./draft.ts";
import type { Ui } from "./dom.ts";
import type { Choice } from "./selection.ts";

export interface Interview extends Readonly<Choice> {
  readonly clock: Countdown;
  readonly startedAt: string;
}

/** Milliseconds between clock redraws, and between periodic draft saves. */
const tick = 250;
const draftEvery = 5000;

export class RunningStage {
  private ticker: number | undefined;
  private lastDraftAt = 0;
  private readonly notes: HTMLTextAreaElement;

  constructor(
    private readonly ui: Ui,
    private readonly current: () => Interview | null,
    private readonly now: () => number,
  ) {
    this.notes = ui.field<HTMLTextAreaElement>("notes");
    this.notes.addEventListener("input", () => this.keepDraft());
  }

  get notesText(): string {
    return this.notes.value;
  }

  /** Shows `interview` with `notes`; a resumed interview starts paused. */
  show(interview: Interview, notes: string, paused: boolean): void {
    const { ui } = this;
    ui.field("resume-box").hidden = true;
    ui.field("title").textContent = interview.question.title;
    ui.field("prompt").textContent = interview.question.prompt;
    this.notes.value = notes;
    this.showPaused(paused);
    ui.button("pause").hidden = false;
    ui.button("finish").textContent = "Done: show the rubric";
    if (!paused) interview.clock.start();
    this.stopTicking();
    this.render();
    this.ticker = window.setInterval(() => this.render(), tick);
  }

  togglePause(): void {
    const interview = this.current();
    if (!interview || interview.clock.over) return;
    const { clock } = interview;
    if (clock.running) {
      clock.pause();
      this.keepDraft();
      this.showPaused(true);
      this.ui.announce(`Paused with ${formatClock(clock.remainingMs())} left.`);
    } else {
      clock.start();
      this.showPaused(false);
      this.ui.announce("Resumed.");
    }
  }

  /** Stops the clock for good (the learner is done) and keeps the draft exact to this moment. */
  stop(): void {
    this.current()?.clock.pause();
    this.stopTicking();
    this.keepDraft();
  }

  keepDraft(): void {
    const interview = this.current();
    if (!interview) return;
    saveDraft(localStorage, {
      questionId: interview.question.id,
      seed: interview.seed,
      durationMs: interview.clock.durationMs,
      usedMs: interview.clock.usedMs(),
      notes: this.notes.value.slice(0, 5000),
      startedAt: interview.startedAt,
    });
  }

  private showPaused(paused: boolean): void {
    this.ui.field("paused").hidden = !paused;
    this.ui.button("pause").textContent = paused ? "Resume" : "Pause";
  }

  private stopTicking(): void {
    window.clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private render(): void {
    const interview = this.current();
    if (!interview) return;
    const { clock } = interview;
    this.ui.field("clock").textContent = formatClock(clock.remainingMs());
    if (this.now() - this.lastDraftAt >= draftEvery) {
      this.lastDraftAt = this.now();
      this.keepDraft();
    }
    const milestone = clock.poll();
    if (milestone !== null) this.ui.announce(milestoneMessage(milestone));
    if (clock.over) {
      // Time is up: nothing left to pause, so the button goes; the clock stops redrawing.
      this.stopTicking();
      this.ui.field("clock").textContent = formatClock(0);
      this.ui.field("paused").hidden = true;
      this.ui.button("pause").hidden = true;
      this.ui.button("finish").textContent = "Time is up: show the rubric";
    }
  }
}
