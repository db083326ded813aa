/**
 * The mock interview in the page: setup (draw or pick a question), a running clock with notes,
 * then the model answer and rubric for self-assessment, saved to the history on this device.
 * The markup comes from src/components/MockInterview.astro; this module wires its parts:
 * selection.ts (setup), session.ts (running), review.ts, history-view.ts.
 *
 * One rule keeps the parts in step: an interview is fixed when it starts (question, seed, clock),
 * and every action belongs to one stage. A click that arrives for another stage (one replayed
 * after the code loaded, such as "Draw" pressed after "Start" on a slow connection) is ignored,
 * so the rubric and the saved attempt always belong to the question that was on screen.
 */
import { Countdown, formatClock } from "./countdown.ts";
import { bindUi, showStage } from "./dom.ts";
import { clearDraft, loadDraft } from "./draft.ts";
import { HistoryView } from "./history-view.ts";
import { readPayload } from "./payload.ts";
import { ReviewStage } from "./review.ts";
import { Selection } from "./selection.ts";
import { type Interview, RunningStage } from "./session.ts";

type Stage = "setup" | "running" | "review";

export function mount(root: HTMLElement, now: () => number = () => Date.now()): void {
  if (root.dataset.ready) return;
  const ui = bindUi(root);
  const questions = readPayload(ui.field("questions").textContent);
  let stage: Stage = "setup";
  let interview: Interview | null = null;

  const selection = new Selection(ui, questions);
  const running = new RunningStage(ui, () => interview, now);
  const history = new HistoryView(ui);
  const review = new ReviewStage(ui, (all) => history.render(all));

  const enter = (next: Stage, focus: HTMLElement) => {
    stage = next;
    showStage(ui, next);
    focus.focus();
  };

  const begin = (next: Interview, notes: string, paused: boolean) => {
    interview = next;
    running.show(next, notes, paused);
    enter("running", ui.field("title"));
  };

  const start = () => {
    const choice = selection.forStart();
    const minutes = Number(ui.field<HTMLSelectElement>("minutes").value) || 10;
    begin(
      { ...choice, clock: new Countdown(minutes * 60_000, now), startedAt: new Date(now()).toISOString() },
      "",
      false,
    );
    running.keepDraft();
    ui.announce(`Interview started: ${minutes} minutes. The question is on screen.`);
  };

  const resume = () => {
    const draft = loadDraft(localStorage);
    const question = draft && questions.find((q) => q.id === draft.questionId);
    if (!draft || !question) {
      ui.field("resume-box").hidden = true;
      ui.announce("There is no unfinished interview to resume.");
      return;
    }
    const clock = new Countdown(draft.durationMs, now, draft.usedMs);
    begin({ question, seed: draft.seed, clock, startedAt: draft.startedAt }, draft.notes, true);
    ui.announce(
      `Resumed “${question.title}”, paused with ${formatClock(clock.remainingMs())} left. Press Resume to restart the clock.`,
    );
  };

  const finish = () => {
    if (!interview) return;
    running.stop();
    review.show(interview, running.notesText);
    enter("review", ui.field("review-title"));
    ui.announce("Here are the model answer and the rubric. Tick the points you hit, then save.");
  };

  const again = () => {
    clearDraft(localStorage);
    interview = null;
    delete root.dataset.reviewing;
    selection.reset();
    enter("setup", ui.button("draw"));
  };

  const actions: Record<string, { stages: readonly Stage[]; run: () => void }> = {
    draw: { stages: ["setup"], run: () => selection.draw() },
    start: { stages: ["setup"], run: start },
    resume: { stages: ["setup"], run: resume },
    pause: { stages: ["running"], run: () => running.togglePause() },
    finish: { stages: ["running"], run: finish },
    save: { stages: ["review"], run: () => interview && review.save(interview, running.notesText) },
    again: { stages: ["review"], run: again },
    clear: { stages: ["setup", "running", "review"], run: () => history.clear() },
  };
  root.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLElement>("[data-action]");
    const action = target && actions[target.dataset.action ?? ""];
    if (!action) return;
    event.preventDefault();
    if (action.stages.includes(stage)) action.run();
  });

  root.dataset.ready = "true";
  root.dataset.stage = stage;
  selection.catchUp();
  history.load();
  const draft = loadDraft(localStorage);
  const draftQuestion = draft && questions.find((q) => q.id === draft.questionId);
  ui.field("resume-box").hidden = !(draft && draftQuestion);
  if (draft && draftQuestion) {
    ui.field("resume-text").textContent =
      `You have an unfinished interview on “${draftQuestion.title}”, ${formatClock(draft.durationMs - draft.usedMs)} left.`;
  }
  // Leaving the page keeps the clock exact to the moment, not to the last periodic save.
  window.addEventListener("pagehide", () => {
    if (interview && stage !== "setup" && !review.isSaved) running.keepDraft();
  });
}
