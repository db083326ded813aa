/**
 * The running stage: one interview, fixed when it starts. Its question cannot change while it
 * runs or while it is reviewed (the setup controls may still fire late events; they only change
 * the next interview's choice), so the clocks, the draft, the rubric and the saved attempt all
 * describe the question on screen. The interviewer's follow-ups arrive in a log as the round
 * (round.ts) says they fall due; the phase clock shows the current phase's time left.
 */
import { elapsedStamp, formatClock, milestoneMessage } from "./countdown.ts";
import { setHidden, type Ui } from "./dom.ts";
import { siteStorage } from "../site-storage.ts";
import { type DebriefDraft, saveDraft } from "./draft.ts";
import type { Round, RoundEvent } from "./round.ts";
import type { Choice } from "./selection.ts";

export interface Interview extends Readonly<Choice> {
  readonly round: Round;
  readonly startedAt: string;
  /** Minutes chosen for a single-question round (kept so a resumed one rebuilds the same plan). */
  readonly minutes: number;
}

/** What the status says when the browser keeps no draft of the interview. */
export const unkeptWarning =
  "This browser is not keeping your answer (storage refused or full): a reload would lose it. Copy it somewhere safe.";

/** What the status says when another tab takes over the draft. */
export const yieldedWarning =
  "Another tab is now keeping an interview on this device, so this tab no longer saves this answer: a reload here would lose it.";

/** Milliseconds between clock redraws, and between periodic draft saves. */
const tick = 250;
const draftEvery = 5000;

export class RunningStage {
  private ticker: number | undefined;
  private lastDraftAt = 0;
  /** Whether this interview has said that its draft is not being kept. */
  private warnedUnkept = false;
  /** Set once another tab writes the draft: from then on this tab leaves it to that tab. */
  private yielded = false;
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

  /** Shows `interview` with `notes`; a resumed interview starts paused, with what was asked already in the log. */
  show(interview: Interview, notes: string, paused: boolean): void {
    const { ui } = this;
    const { round } = interview;
    ui.field("resume-box").hidden = true;
    this.warnedUnkept = false;
    this.yielded = false;
    ui.field("title").textContent = interview.question.title;
    ui.field("prompt").textContent = interview.question.prompt;
    this.notes.value = notes;
    ui.field("phases").replaceChildren(
      ...round.plan.phases.map((p) =>
        Object.assign(document.createElement("li"), { textContent: `${p.label}, ${formatClock(p.ms)}` }),
      ),
    );
    ui.field("phases").hidden = round.plan.phases.length === 1;
    ui.field("log").replaceChildren();
    for (const { inject, atMs, pushedBack } of round.asked()) {
      this.logLine("question", inject.question, atMs);
      if (pushedBack && inject.pushback) this.logLine("pushback", inject.pushback, atMs + inject.pushbackAfterMs);
    }
    this.showPaused(paused);
    ui.button("pause").hidden = false;
    if (!paused) round.start();
    this.stopTicking();
    this.render();
    this.ticker = window.setInterval(() => this.render(), tick);
  }

  togglePause(): void {
    const interview = this.current();
    if (!interview || interview.round.done) return;
    const { round } = interview;
    if (round.running) {
      round.pause();
      this.keepDraft();
      this.showPaused(true);
      this.ui.announce(`Paused with ${formatClock(round.remainingInPhaseMs())} left in this phase.`);
    } else {
      round.start();
      this.showPaused(false);
      this.ui.announce("Resumed.");
    }
  }

  /** "Move on": the interviewer asks what was still due in this phase, then the next phase starts. */
  moveOn(): void {
    const interview = this.current();
    if (!interview || interview.round.done) return;
    this.handle(interview.round.next());
    this.keepDraft();
    this.render();
  }

  /** Stops every clock for good (the learner is done) and keeps the draft exact to this moment. */
  stop(): void {
    this.current()?.round.pause();
    this.stopTicking();
    this.keepDraft();
  }

  /**
   * Saves the interview as it stands, with what the debrief holds once it has reached it: the
   * notes whole, for the debrief checks its evidence against them. False when this browser kept
   * nothing (storage refused or full), which is said once an interview, not on every keystroke.
   */
  keepDraft(debrief?: DebriefDraft): boolean {
    const interview = this.current();
    if (!interview || this.yielded) return false;
    const { round } = interview;
    const total = round.plan.phases.reduce((sum, p) => sum + p.ms, 0);
    const kept = saveDraft(siteStorage(), {
      questionId: interview.question.id,
      title: interview.question.title,
      seed: interview.seed,
      durationMs: total,
      usedMs: Math.min(total, round.totalUsedMs()),
      notes: this.notes.value,
      startedAt: interview.startedAt,
      round: round.snapshot(),
      minutes: interview.minutes,
      phaseMs: round.plan.phases.map((p) => p.ms),
      ...(debrief ? { debrief } : {}),
    });
    if (!kept && !this.warnedUnkept) {
      this.warnedUnkept = true;
      this.ui.announce(unkeptWarning);
    }
    return kept;
  }

  /**
   * Another tab wrote the one draft (it started or resumed an interview, or saved one): writing it
   * from here too would overwrite that tab's answer every few seconds, so this tab stops, and says so.
   */
  yieldDraft(): void {
    if (this.yielded || !this.current()) return;
    this.yielded = true;
    this.ui.announce(yieldedWarning);
  }

  private showPaused(paused: boolean): void {
    this.ui.field("paused").hidden = !paused;
    this.ui.button("pause").textContent = paused ? "Resume" : "Pause";
  }

  private stopTicking(): void {
    window.clearInterval(this.ticker);
    this.ticker = undefined;
  }

  private logLine(kind: "question" | "pushback", text: string, atMs: number): void {
    const li = document.createElement("li");
    li.dataset.kind = kind;
    const when = Object.assign(document.createElement("span"), {
      className: "mock__when",
      textContent: elapsedStamp(atMs),
    });
    li.append(when);
    if (kind === "pushback")
      li.append(Object.assign(document.createElement("span"), { className: "mock__tag", textContent: "Pushes back" }));
    li.append(document.createTextNode(text));
    this.ui.field("log").append(li);
    this.ui.field("log-empty").hidden = true;
  }

  private handle(events: RoundEvent[]): void {
    const interview = this.current();
    if (!interview) return;
    const { round } = interview;
    const said: string[] = [];
    for (const event of events) {
      if (event.kind === "inject" || event.kind === "pushback") {
        // Stamped when it was due, as a reload stamps it (below), not when the page got to it.
        const asked = round.asked().find((a) => a.inject.id === event.inject.id)?.atMs ?? round.totalUsedMs();
        if (event.kind === "inject") this.logLine("question", event.inject.question, asked);
        else this.logLine("pushback", event.inject.pushback ?? "", asked + event.inject.pushbackAfterMs);
      } else if (event.kind === "milestone") {
        said.push(
          round.plan.phases.length === 1
            ? milestoneMessage(event.remainingMs)
            : `1 minute left in the ${round.plan.phases[event.phase]!.label.toLowerCase()}.`,
        );
      } else if (event.next === null) {
        if (!event.early) said.push(milestoneMessage(0));
      } else {
        const from = round.plan.phases[event.phase]!.label.toLowerCase();
        const to = round.plan.phases[event.next]!.label.toLowerCase();
        said.push(
          event.early
            ? `On to the ${to}: ${formatClock(round.plan.phases[event.next]!.ms)}.`
            : `Time for the ${from} is up; the interviewer moves you on to the ${to}.`,
        );
      }
    }
    // The log announces the interviewer's words itself (role="log"); the status says the rest. After
    // a throttled tab catches up, only what holds now is said: time up, or the latest news.
    if (round.done && said.length > 0) this.ui.announce(milestoneMessage(0));
    else if (said.length > 0) this.ui.announce(said.slice(-2).join(" "));
    if (events.length > 0) this.keepDraft();
  }

  private render(): void {
    const interview = this.current();
    if (!interview) return;
    const { round } = interview;
    if (this.now() - this.lastDraftAt >= draftEvery) {
      this.lastDraftAt = this.now();
      this.keepDraft();
    }
    this.handle(round.poll());
    const phases = round.plan.phases;
    this.ui.field("phase-name").textContent =
      phases.length === 1 ? "" : `Phase ${round.phase + 1} of ${phases.length}: ${phases[round.phase]!.label}`;
    [...this.ui.field("phases").children].forEach((li, i) => {
      if (i === round.phase && !round.done) li.setAttribute("aria-current", "step");
      else li.removeAttribute("aria-current");
      li.toggleAttribute("data-done", i < round.phase || round.done);
    });
    this.ui.field("clock").textContent = formatClock(round.remainingInPhaseMs());
    const last = round.phase === phases.length - 1;
    // Moving on into the last phase (or its clock moving on) hides the button: the phase's name,
    // set above, takes the focus and says where the learner now is. Not "Done: debrief me", the
    // next control, which a second press of Enter would set off.
    setHidden(this.ui.button("next"), round.done || last, this.ui.field("phase-name"));
    this.ui.button("next").textContent = last
      ? "Move on"
      : `Move on to the ${phases[round.phase + 1]!.label.toLowerCase()}`;
    if (round.done) {
      // Time is up: nothing left to pause, so the button goes; the clock stops redrawing.
      this.stopTicking();
      this.ui.field("clock").textContent = formatClock(0);
      this.ui.field("paused").hidden = true;
      this.ui.button("finish").textContent = "Time is up: debrief me";
      // The one action left takes the focus from Pause and says that time is up. The clock ran
      // out, not a key press, so no second press sets it off by mistake.
      setHidden(this.ui.button("pause"), true, this.ui.button("finish"));
    } else {
      this.ui.button("finish").textContent = "Done: debrief me";
    }
  }
}
