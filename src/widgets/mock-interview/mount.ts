/**
 * The mock interview in the page: setup (draw or pick a question), a round that behaves like an
 * interviewer (phases with their own clocks, follow-ups that arrive and push back), then the
 * debrief against the levelled rubric, saved to the history on this device. The markup comes
 * from src/components/MockInterview.astro; the questions from the JSON file it names (fetched
 * here, so the page carries none of them); this module wires selection.ts (setup), session.ts
 * (running), review.ts (debrief) and history-view.ts.
 *
 * One rule keeps the parts in step: an interview is fixed when it starts (question, seed, plan),
 * and every action belongs to one stage. A click that arrives for another stage (one replayed
 * after the code loaded, such as "Draw" pressed after "Start" on a slow connection) is ignored,
 * so the rubric and the saved attempt always belong to the question that was on screen.
 */
import { formatClock } from "./countdown.ts";
import { handFocus, holdsFocus } from "../focus.ts";
import { bindUi, showStage } from "./dom.ts";
import { siteStorage, storeOrNothing, tabStoreOrNothing } from "../site-storage.ts";
import {
  clearDraft,
  type DebriefDraft,
  type Draft,
  discardedText,
  draftKey,
  keptElsewhereText,
  nothingToDiscardText,
  nothingToResumeText,
  noLongerFitsText,
  ownDraft,
  sameInterview,
  showOffer,
} from "./draft.ts";
import { historyKey, loadHistory } from "./history.ts";
import { HistoryView } from "./history-view.ts";
import { InlineQuestion } from "../inline-question.ts";
import { type InterviewQuestion, readPayload } from "./payload.ts";
import { planFor } from "../../course/interview/plan.ts";
import { ReviewStage } from "./review.ts";
import { Round, type RoundState } from "./round.ts";
import { type AtRisk, atRisk, clearQuestion, discardQuestion, leaveQuestion, leftText } from "./save-state.ts";
import { Selection } from "./selection.ts";
import { type Interview, RunningStage, unkeptWarning } from "./session.ts";

type Stage = "setup" | "running" | "review";

async function loadQuestions(root: HTMLElement): Promise<InterviewQuestion[]> {
  const url = root.dataset.src;
  if (!url) throw new Error("mock interview: no data-src for its questions");
  const response = await fetch(url);
  if (!response.ok) throw new Error(`mock interview: ${url} answered ${response.status}`);
  return readPayload(await response.text());
}

export async function mount(root: HTMLElement, now: () => number = () => Date.now()): Promise<void> {
  if (root.dataset.ready || root.dataset.mounting) return;
  root.dataset.mounting = "";
  const ui = bindUi(root);
  let questions: InterviewQuestion[];
  try {
    questions = await loadQuestions(root);
  } catch (error) {
    delete root.dataset.mounting;
    ui.announce("The questions could not be loaded. Check the connection and reload the page.");
    throw error;
  }
  let stage: Stage = "setup";
  let interview: Interview | null = null;

  const selection = new Selection(ui, questions);
  const running = new RunningStage(ui, () => interview, now);
  const history = new HistoryView(ui, questions);
  /**
   * Keeps the interview in the draft as it stands, at its debrief with what was entered there: until
   * the history holds the debrief as it stands (forgotten on saving), and again once it changes or
   * the history is cleared.
   */
  const keepDraft = () => {
    if (!interview || stage === "setup") return;
    if (stage === "running") running.keepDraft();
    else if (review.saveState !== "saved") running.keepAgain(review.entered());
  };
  /** The question asked before "Another question" would lose what the debrief holds (save-state.ts). */
  const leaving = new InlineQuestion(ui.field("leave-box"), {
    answers: ["save", "discard", "stay"],
    safe: "stay",
    onAnswer: (answer) => answerLeave(answer),
  });
  let asked: Exclude<AtRisk, "nothing"> | null = null;
  /** Takes the question away (answered, or what it asked about changed), the focus to `heir` if it was in it. */
  const dismissLeave = (heir: HTMLElement = ui.button("again")) => {
    asked = null;
    leaving.dismiss(heir);
  };
  /** The same question, asked before "Clear my history" deletes every saved attempt. */
  const clearing = new InlineQuestion(ui.field("clear-box"), {
    answers: ["delete", "keep"],
    safe: "keep",
    onAnswer: (answer) => answerClear(answer),
  });
  /** And asked before "Discard it" forgets the unfinished interview the offer to resume is about. */
  const discarding = new InlineQuestion(ui.field("discard-box"), {
    answers: ["discard", "keep"],
    safe: "keep",
    onAnswer: (answer) => answerDiscard(answer),
  });
  /**
   * The interview this tab discarded from the device's storage, until another tab writes it back
   * (it still has it open there, and keeps it) or this tab starts or resumes one.
   */
  let discarded: Draft | null = null;
  const historyBox = ui.field<HTMLDetailsElement>("history-box");
  const historySummary = historyBox.querySelector("summary")!;
  const review = new ReviewStage(
    ui,
    (all) => {
      running.forgetDraft();
      history.render(all);
      dismissLeave();
    },
    () => {
      // Saved as it stands (a change undone, or saved in another tab), the draft has nothing to keep.
      if (review.saveState === "saved") running.forgetDraft();
      else keepDraft();
      dismissLeave();
    },
  );

  const enter = (next: Stage, focus: HTMLElement) => {
    stage = next;
    showStage(ui, next);
    focus.focus();
  };

  const begin = (next: Interview, notes: string, paused: boolean) => {
    interview = next;
    discarded = null;
    // Started or resumed, the offer to resume has done its work, and a question about discarding it goes with it.
    showOffer(root, null);
    discarding.dismiss(ui.field("title"));
    running.show(next, notes, paused);
    enter("running", ui.field("title"));
  };

  const start = () => {
    // Nothing chosen and a seed field that holds no seed: refused there, and nothing starts.
    const choice = selection.forStart();
    if (!choice) return;
    const minutes = Number(ui.field<HTMLSelectElement>("minutes").value) || 10;
    const round = new Round(planFor(choice.question, minutes), now);
    begin({ ...choice, round, minutes, startedAt: new Date(now()).toISOString() }, "", false);
    // Said with the start, not over it, when this browser keeps no draft.
    const kept = running.keepDraft();
    const phases = round.plan.phases;
    ui.announce(
      (phases.length === 1
        ? `Interview started: ${minutes} minutes. The question is on screen.`
        : `Interview started: ${phases.length} phases, first the ${phases[0]!.label.toLowerCase()}, ${formatClock(phases[0]!.ms)}. The question is on screen.`) +
        (kept ? "" : ` ${unkeptWarning}`),
    );
  };

  const resume = () => {
    // This tab's own draft first (kept there while another tab held the device's), as the offer read it.
    const own = ownDraft(tabStoreOrNothing(), storeOrNothing());
    const question = own && questions.find((q) => q.id === own.draft.questionId);
    if (!own || !question) {
      offerGone();
      ui.announce(nothingToResumeText);
      return;
    }
    const { draft } = own;
    const minutes = draft.minutes ?? draft.durationMs / 60_000;
    // A draft saved before interviews had phases resumes as one phase with its time used.
    const saved: RoundState = draft.round ?? {
      phase: 0,
      phaseUsedMs: [draft.usedMs],
      asked: [],
      pushed: [],
      done: false,
    };
    let round: Round;
    try {
      round = new Round(planFor(question, minutes), now, saved);
    } catch {
      clearDraft(own.store);
      offerGone();
      ui.announce(noLongerFitsText);
      return;
    }
    begin({ question, seed: draft.seed, round, minutes, startedAt: draft.startedAt }, draft.notes, true);
    if (draft.debrief) {
      const kept = debriefMe(draft.debrief);
      // Saved before the reload and changed since: the status says the history's copy is stale.
      const stale = review.staleText ? ` ${review.staleText}` : "";
      ui.announce(
        (kept
          ? `Resumed the debrief of "${question.title}", with the scores and evidence you had entered.`
          : `Resumed the debrief of "${question.title}". Its rubric has changed since, so your scores were not kept.`) +
          stale,
      );
      return;
    }
    // The time in all is the figure the offer to resume gave (timeLeftMs counts both).
    const inAll = round.plan.phases.length > 1 ? `, ${formatClock(round.timeLeftMs())} in all` : "";
    ui.announce(
      `Resumed "${question.title}", paused with ${formatClock(round.remainingInPhaseMs())} left in this phase${inAll}. Press Resume to restart the clock.`,
    );
  };

  /**
   * Takes the offer to resume away for the setup's controls: the keyboard's focus, when it was on
   * one of the offer's buttons (or its question's), goes on from the first of them (the buttons go
   * with the offer, and the question about discarding it too). Handed on once the offer has gone,
   * not before (focus.ts's setHidden): until then the setup's controls are hidden behind it.
   */
  const offerGone = () => {
    const focused = holdsFocus(ui.field("resume-box"));
    showOffer(root, null);
    if (focused) handFocus(ui.button("draw"));
    discarding.dismiss(ui.button("draw"));
  };

  /**
   * "Discard it": asks first, in the page, with keeping the interview the safe answer (focused, and
   * Escape's), in words that say what would be deleted with it, as the draft now stands.
   */
  const askToDiscard = () => {
    const own = ownDraft(tabStoreOrNothing(), storeOrNothing());
    if (!own) {
      offerGone();
      ui.announce(nothingToDiscardText);
      return;
    }
    discarding.ask(discardQuestion(own.draft));
  };

  /**
   * The learner's answer to the question `askToDiscard` asked. Kept: the offer stays as it was, the
   * focus back on "Discard it". Discarded: the interview is forgotten where the offer read it, and
   * the setup comes back with the focus on its first control.
   */
  const answerDiscard = (answer: "discard" | "keep") => {
    if (!discarding.shown || stage !== "setup") return;
    if (answer === "keep") return discarding.dismiss(ui.button("discard"));
    const own = ownDraft(tabStoreOrNothing(), storeOrNothing());
    if (own) clearDraft(own.store);
    // Only the device's draft can be written back by another tab (see the storage listener below).
    discarded = own && own.store === siteStorage() ? own.draft : null;
    offerGone();
    ui.announce(discardedText(own?.draft.title));
  };

  /** Stops the round and opens its debrief, with what a draft had entered there; false if that no longer fits. */
  const debriefMe = (entered?: DebriefDraft): boolean => {
    if (!interview) return false;
    running.stop();
    const fits = review.show(interview, running.notesText, entered);
    enter("review", ui.field("review-title"));
    // From here the draft says the interview is at its debrief, so a reload comes back to it.
    keepDraft();
    return fits;
  };

  const finish = () => {
    if (!interview) return;
    debriefMe();
    ui.announce(
      "Here is your debrief: the model answer, the follow-ups, and the rubric to score yourself with evidence.",
    );
  };

  /** Leaves the debrief for the next question's setup; `said`, what the status says there. */
  const again = (said = "") => {
    dismissLeave();
    running.forgetDraft();
    interview = null;
    delete root.dataset.reviewing;
    // What the status said belonged to the interview just left.
    ui.quiet();
    if (said) ui.announce(said);
    selection.reset();
    enter("setup", ui.button("draw"));
  };

  /**
   * "Another question": at once when leaving loses nothing (saved as it stands, or nothing
   * entered); else the widget asks first, with the safe answer (stay) focused, so Enter twice
   * loses nothing. The debrief stays as it is until the learner answers.
   */
  const askToLeave = () => {
    const risk = atRisk(review.saveState, review.entered());
    if (risk === "nothing") return again();
    asked = risk;
    const { question, ...words } = leaveQuestion(risk, review.title, review.storedAttempt);
    leaving.ask(question, words);
  };

  /** The learner's answer to the question `askToLeave` asked. */
  const answerLeave = (answer: "save" | "discard" | "stay") => {
    const risk = asked;
    if (!risk || stage !== "review") return;
    if (answer === "stay") return dismissLeave();
    const title = review.title;
    // A save that fails keeps the debrief and the question; the status says why.
    if (answer === "save" && !review.save()) return;
    again(leftText(risk, title, answer));
  };

  /** What "Clear my history" asks: how many attempts it deletes, and what becomes of a debrief on screen. */
  const clearWords = () =>
    clearQuestion(history.count, stage === "review" ? { state: review.saveState, title: review.title } : null);

  /** "Clear my history": asks first, with keeping it the safe answer. */
  const askToClear = () => {
    if (history.count > 0) clearing.ask(clearWords());
  };

  /** The learner's answer to the question `askToClear` asked. */
  const answerClear = (answer: "delete" | "keep") => {
    if (!clearing.shown) return;
    if (answer === "keep") return clearing.dismiss(ui.button("clear"));
    // The button goes with the history it cleared: the keyboard carries on from the history's summary.
    clearing.dismiss(historySummary);
    history.clear();
    // A debrief the history held is no longer saved once it is cleared, which the status says.
    ui.announce(stage === "review" ? review.historyCleared() : "History cleared.");
  };

  /**
   * Another tab changed the history (saved to it, or cleared it): the table shows it as it now
   * stands, a debrief on screen is called saved only while the history holds it as it stands, and
   * a question about deleting the history counts what is there now, or goes with it.
   */
  const historyChangedElsewhere = () => {
    const { attempts } = loadHistory(storeOrNothing());
    history.show(attempts);
    const before = ui.said();
    let said = stage === "review" ? review.changedElsewhere(attempts) : "";
    // What this tab said meanwhile of its draft (kept on the device again, or no longer) comes after.
    if (said && ui.said() !== before) said = `${said} ${ui.said()}`;
    if (clearing.shown && attempts.length === 0) {
      clearing.dismiss(historySummary);
      said ||= "Your history was cleared in another tab: there is nothing left here to delete.";
    } else if (clearing.shown) clearing.reword(clearWords());
    if (!said) return;
    ui.announce(said);
    elsewhereSaid = said;
  };
  /** What the status said last of the history changed in another tab (see the storage listener below). */
  let elsewhereSaid = "";

  const actions: Record<string, { stages: readonly Stage[]; run: () => void }> = {
    draw: { stages: ["setup"], run: () => selection.draw() },
    start: { stages: ["setup"], run: start },
    resume: { stages: ["setup"], run: resume },
    discard: { stages: ["setup"], run: askToDiscard },
    pause: { stages: ["running"], run: () => running.togglePause() },
    next: { stages: ["running"], run: () => running.moveOn() },
    finish: { stages: ["running"], run: finish },
    save: { stages: ["review"], run: () => interview && review.save() },
    again: { stages: ["review"], run: askToLeave },
    clear: { stages: ["setup", "running", "review"], run: askToClear },
  };
  // The history closed over the question: it is not left waiting there for its next opening.
  historyBox.addEventListener("toggle", () => {
    if (!historyBox.open) clearing.dismiss(historySummary);
  });
  root.addEventListener("click", (event) => {
    const target = (event.target as Element).closest<HTMLElement>("[data-action]");
    const action = target && actions[target.dataset.action ?? ""];
    if (!action) return;
    event.preventDefault();
    if (action.stages.includes(stage)) action.run();
  });

  delete root.dataset.mounting;
  root.dataset.ready = "true";
  root.dataset.stage = stage;
  selection.catchUp();
  history.load();
  // The bootstrap already offered the resume (its words are left alone: see resumeOffer). A draft
  // gone meanwhile (finished or discarded in another tab while this code loaded), or whose question
  // the course no longer has, cannot be resumed: its offer goes, and the status says why.
  const offered = !ui.field("resume-box").hidden;
  const draft = ownDraft(tabStoreOrNothing(), storeOrNothing())?.draft;
  if (!(draft && questions.some((q) => q.id === draft.questionId))) {
    offerGone();
    if (offered) ui.announce(draft ? noLongerFitsText : nothingToResumeText);
  }
  // Leaving the page keeps the clocks exact to the moment, not to the last periodic save.
  window.addEventListener("pagehide", keepDraft);
  // One draft for the device: when another tab writes it, the tab whose interview began last keeps
  // it, and the other keeps its answer in its own tab's storage (session.ts).
  window.addEventListener("storage", (event) => {
    if (event.storageArea !== siteStorage()) return;
    // A null key: another tab cleared the whole storage.
    if (event.key === historyKey || event.key === null) historyChangedElsewhere();
    if (event.key !== draftKey) return;
    // The interview discarded here is still open in another tab, which wrote it back: the status
    // says so, in place of calling it discarded.
    if (discarded && !interview && sameInterview(discarded, event.newValue)) {
      ui.announce(keptElsewhereText(discarded.title));
      discarded = null;
      return;
    }
    if (!interview || stage === "setup" || review.saveState === "saved") return;
    const shown = ui.said();
    // At the debrief, the draft keeps what was entered there, whichever storage keeps it.
    running.otherTabWrote(event.newValue, stage === "review" ? review.entered() : undefined);
    // A tab that saves to the history forgets its draft next: what this tab then says of the draft
    // comes after what it said of the history, not over it.
    const note = ui.said();
    if (shown && shown === elsewhereSaid && note !== shown) ui.announce(`${shown} ${note}`);
  });
}
