/**
 * The running stage: one interview, fixed when it starts. Its question cannot change while it
 * runs or while it is reviewed (the setup controls may still fire late events; they only change
 * the next interview's choice), so the clocks, the draft, the rubric and the saved attempt all
 * describe the question on screen. The interviewer's follow-ups arrive in a log as the round
 * (round.ts) says they fall due; the phase clock shows the current phase's time left.
 */
import { elapsedStamp, formatClock, milestoneMessage } from "./countdown.ts";
import { setHidden } from "../focus.ts";
import type { Ui } from "./dom.ts";
import { type Store, siteStorage, tabStoreOrNothing } from "../site-storage.ts";
import { afterOtherTabWrote, type Claim, clearDraft, type DebriefDraft, draftKey, saveDraft } from "./draft.ts";
import { countTowardsLimit, type LimitCount } from "./limit-count.ts";
import { answerLimits } from "./limits.ts";
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

/** What the status says when another tab takes over the device's draft. */
export const yieldedWarning =
  "Another tab is now keeping an interview on this device, so this tab keeps this answer for itself: a reload here brings it back, but closing this tab would lose it.";

/** What the status says when this tab holds the device's draft again. */
export const reclaimedNote = "This tab keeps this answer on this device again.";

/** Where a tab keeps its draft: the device's storage (null where refused), and its own tab's. */
export interface DraftStores {
  device: () => Store | null;
  tab: () => Store;
}

const pageStores: DraftStores = { device: siteStorage, tab: tabStoreOrNothing };

/** Milliseconds between clock redraws, and between periodic draft saves. */
const tick = 250;
const draftEvery = 5000;

export class RunningStage {
  private ticker: number | undefined;
  private lastDraftAt = 0;
  /** Whether this interview has said that its draft is not being kept. */
  private warnedUnkept = false;
  /** Set while another tab's interview holds the device's draft: this tab keeps its own in its tab's storage. */
  private yielded = false;
  /** This tab's hold on the device's draft, taken when its interview starts or resumes. */
  private claim: Claim;
  /** Set once the interview's draft is forgotten (saved or left): nothing keeps it again until the next interview. */
  private forgotten = false;
  private readonly notes: HTMLTextAreaElement;
  /** The answer's count against its limit, beside it. */
  private readonly notesCount: LimitCount;

  constructor(
    private readonly ui: Ui,
    private readonly current: () => Interview | null,
    private readonly now: () => number,
    private readonly stores: DraftStores = pageStores,
    private readonly tab: string = Math.random().toString(36).slice(2),
  ) {
    this.claim = { at: 0, tab };
    this.notes = ui.field<HTMLTextAreaElement>("notes");
    this.notes.addEventListener("input", () => this.keepDraft());
    this.notesCount = countTowardsLimit(
      this.notes,
      ui.field("notes-count"),
      answerLimits.notes,
      "Your answer",
      (text) => ui.announce(text),
    );
  }

  get notesText(): string {
    return this.notes.value;
  }

  /** Shows `interview` with `notes`; a resumed interview starts paused, with what was asked already in the log. */
  show(interview: Interview, notes: string, paused: boolean): void {
    const { ui } = this;
    const { round } = interview;
    this.warnedUnkept = false;
    this.yielded = false;
    this.forgotten = false;
    // Started or resumed here: this tab claims the device's draft, and a copy its tab kept is spent.
    this.claim = { at: this.now(), tab: this.tab };
    clearDraft(this.stores.tab());
    ui.field("title").textContent = interview.question.title;
    ui.field("prompt").textContent = interview.question.prompt;
    this.notes.value = notes;
    this.notesCount.refresh();
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
    if (!interview || this.forgotten) return false;
    const { round } = interview;
    const total = round.plan.phases.reduce((sum, p) => sum + p.ms, 0);
    const kept = saveDraft(this.yielded ? this.stores.tab() : this.stores.device(), {
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
      claim: this.claim,
    });
    if (!kept && !this.warnedUnkept) {
      this.warnedUnkept = true;
      this.ui.announce(unkeptWarning);
    }
    return kept;
  }

  /**
   * Another tab wrote the device's one draft (`written`, null when it removed it). If that tab's
   * interview started or resumed later, this tab leaves the draft to it and keeps its answer in its
   * own tab's storage from now on, and says so; otherwise this tab writes its draft back (the other
   * tab yields to it on seeing it). Either way both tabs go on keeping their answers, with what
   * the debrief holds (`debrief`) once the interview has reached it.
   */
  otherTabWrote(written: string | null, debrief?: DebriefDraft): void {
    if (!this.current() || this.forgotten) return;
    if (afterOtherTabWrote(this.claim, written) === "yield") {
      if (!this.yielded) this.ui.announce(yieldedWarning);
      this.yielded = true;
    } else if (this.yielded) {
      this.yielded = false;
      clearDraft(this.stores.tab());
      this.ui.announce(reclaimedNote);
    }
    this.keepDraft(debrief);
  }

  /**
   * Keeps this interview's debrief in the draft again after it was forgotten on saving: the learner
   * changed it since, and the draft keeps the change until it is saved again. Where another tab's
   * interview has taken the device's draft since, and claims it later than this one, this tab keeps
   * its answer in its own tab's storage and says so (as `otherTabWrote` does); else in the device's,
   * saying so when it had said it left the device's draft to another tab.
   */
  keepAgain(debrief: DebriefDraft): boolean {
    if (this.forgotten && this.current()) {
      this.forgotten = false;
      let written: string | null = null;
      try {
        written = this.stores.device()?.getItem(draftKey) ?? null;
      } catch {
        /* unreadable: nothing there to leave alone */
      }
      const yields = written !== null && afterOtherTabWrote(this.claim, written) === "yield";
      if (yields && !this.yielded) this.ui.announce(yieldedWarning);
      // Said to have left the device's draft to another tab, this tab takes it back: it says so too.
      if (!yields && this.yielded) this.ui.announce(reclaimedNote);
      this.yielded = yields;
    }
    return this.keepDraft(debrief);
  }

  /**
   * Forgets this interview's draft (saved to the history, or left for another), wherever this tab
   * kept it. Once: after that the device's draft may be another tab's, which is left alone.
   */
  forgetDraft(): void {
    if (this.forgotten) return;
    this.forgotten = true;
    clearDraft(this.stores.tab());
    const device = this.stores.device();
    if (device && !this.yielded) clearDraft(device);
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
    // Real spaces between the parts, not only the stamp's and the tag's margins: the log is read
    // as it arrives, and copied, as text ("16:00 in The SMS provider…", not "16:00 inThe…").
    li.append(when, " ");
    if (kind === "pushback")
      li.append(
        Object.assign(document.createElement("span"), { className: "mock__tag", textContent: "Pushes back" }),
        " ",
      );
    li.append(text);
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
