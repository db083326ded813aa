/**
 * The review stage: the debrief. Time per phase, the model answer (clarifying questions and
 * assumptions first, then the answer, the reference design with its map for design prompts), the
 * follow-ups that were asked with their model replies, and the self-assessment against the
 * levelled rubric: a level and the evidence behind it for each point (counted only when the
 * notes hold it), red flags, and where the self-score and the evidence disagree
 * (src/course/self-assessment.ts). Saved to the history.
 * What the learner enters is kept in the draft as they go (`onChange`), so a reload comes back to it,
 * until the history holds the debrief as it stands (`saveState`): a change made after saving
 * makes the save stale, the button offers "Save changes" (which updates the interview's entry in
 * place, history.ts), and the draft keeps the change until then. Clearing the history makes a saved
 * debrief unsaved again (`historyCleared`). What each state is called and said: save-state.ts.
 */
import type { Criterion } from "../../course/question-bank.ts";
import { debriefWithSteps, staffStep } from "../../course/interview/staff-step.ts";
import { askedIn, type Claim, type Claimed, claimNames, type Debrief, levelBar } from "../../course/self-assessment.ts";
import { elapsedStamp, formatClock, timeUsed } from "./countdown.ts";
import type { Ui } from "./dom.ts";
import { siteStorage, storeOrNothing } from "../site-storage.ts";
import { type DebriefDraft, keptField } from "./draft.ts";
import { type Attempt, loadHistory, sameAttempt, saveAttempt, savedAttempt } from "./history.ts";
import { countTowardsLimit, type LimitCount } from "./limit-count.ts";
import { answerLimits, debriefFieldLimit } from "./limits.ts";
import type { InterviewCriterion, InterviewQuestion } from "./payload.ts";
import {
  backToSavedText,
  clearedText,
  elsewhereText,
  type SaveState,
  saveLabels,
  saveStateOf,
  scoresOf,
  staleText,
} from "./save-state.ts";
import type { Interview } from "./session.ts";
import { countOf, percent } from "../../format/number.ts";

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text = "", className = "") =>
  Object.assign(document.createElement(tag), { textContent: text, ...(className ? { className } : {}) });

const levelWords = ["below mid", "mid", "senior", "staff"] as const;

/** The schema's criterion for the scorer, with a criterion's own reference figure under its id. */
function forScoring(rubric: readonly InterviewCriterion[]) {
  const values: Record<string, number> = {};
  const texts: Record<string, string> = {};
  const criteria: Criterion[] = rubric.map((c) => {
    const { expect, ...evidence } = c.evidence;
    if (!expect) return { ...c, evidence };
    values[c.id] = expect.value;
    texts[c.id] = expect.text;
    return { ...c, evidence: { ...evidence, expect: c.id } };
  });
  return { criteria, values, format: (_: number, name: string) => texts[name] ?? "" };
}

export class ReviewStage {
  private saving: SaveState = "unsaved";
  /** What the history holds of this interview, once saved (or saved before a reload). */
  private stored: Attempt | null = null;
  private interview: Interview | null = null;
  private scoring: ReturnType<typeof forScoring> | null = null;
  private last: Debrief | null = null;
  private notes = "";
  /** The debrief fields' counts against their limit, redrawn when a draft fills them. */
  private counts: LimitCount[] = [];

  constructor(
    private readonly ui: Ui,
    /** Called once the attempt is in the history: the draft is forgotten there. */
    private readonly onSaved: (all: Attempt[]) => void,
    /**
     * Called whenever a level, a piece of evidence or a red flag changes, and when what the history
     * holds of the debrief does: `saveState` then says whether the history holds it as it stands
     * (the draft forgets it) or not (the draft keeps it).
     */
    private readonly onChange: () => void = () => {},
  ) {}

  get saveState(): SaveState {
    return this.saving;
  }

  /**
   * What the status says while the debrief has changed since it was saved: the history still has
   * the scores saved then. Empty in the other states.
   */
  get staleText(): string {
    return staleText(this.saving, this.stored);
  }

  /** What the history holds of this interview, once saved: what the question before leaving it names. */
  get storedAttempt(): Attempt | null {
    return this.stored;
  }

  /** The question whose debrief is shown. */
  get title(): string {
    return this.interview?.question.title ?? "";
  }

  /**
   * The history was cleared: it no longer holds this debrief, if it did, so the debrief is unsaved
   * again (the button offers to save it, the draft keeps it). Returns what the status says.
   */
  historyCleared(): string {
    const was = this.saving;
    const said = clearedText(was, this.title);
    if (was === "unsaved") return said;
    this.stored = null;
    this.judge();
    return said;
  }

  /**
   * Another tab changed the history (`attempts`, as it now stands): when what it holds of this
   * debrief changed with it (cleared, or saved there as it stood in that tab), the button and the
   * draft follow. Returns what the status says, empty when nothing about this debrief changed.
   */
  changedElsewhere(attempts: readonly Attempt[]): string {
    const interview = this.interview;
    if (!interview) return "";
    const held = savedAttempt(attempts, { questionId: interview.question.id, startedAt: interview.startedAt }) ?? null;
    const was = this.stored;
    if (held === was || (held && was && sameAttempt(held, was))) return "";
    this.stored = held;
    this.judge();
    return elsewhereText(this.saving, this.title, held, attempts.length === 0);
  }

  /**
   * Shows the debrief of `interview`, with `entered` (a draft's self-scores and evidence) filled
   * in when there is one. Returns false when `entered` no longer fits the rubric (the course
   * changed), which leaves the debrief blank.
   */
  show(interview: Interview, notes: string, entered?: DebriefDraft): boolean {
    const { ui } = this;
    const { question, round } = interview;
    this.interview = interview;
    this.notes = notes;
    // A debrief resumed from a draft may have been saved before the reload, and changed since.
    this.stored = entered
      ? (savedAttempt(loadHistory(storeOrNothing()).attempts, {
          questionId: question.id,
          startedAt: interview.startedAt,
        }) ?? null)
      : null;
    this.scoring = forScoring(question.rubric);
    this.counts = [];
    ui.root.dataset.reviewing = question.id;
    ui.field("review-title").textContent = `Debrief: ${question.title}`;
    const total = round.plan.phases.reduce((sum, p) => sum + p.ms, 0);
    // Time spent, in whole seconds that add up to the total: not the countdown's rounding up.
    const used = timeUsed(round.phaseUsedMs());
    ui.field("used").textContent = `You used ${used.total} of ${formatClock(total)}.`;
    ui.field("phase-times").replaceChildren(
      ...round.plan.phases.map((p, i) => element("li", `${p.label}: ${used.phases[i]!} of ${formatClock(p.ms)}`)),
    );
    ui.field("phase-times").hidden = round.plan.phases.length === 1;
    ui.field("your-notes").textContent = notes.trim();
    ui.field("your-notes-box").hidden = notes.trim().length === 0;
    ui.field("clarify").replaceChildren(
      ...question.clarify.flatMap((c) => [element("dt", c.ask), element("dd", `Assume: ${c.assume}`)]),
    );
    ui.field("answer").replaceChildren(...question.answer.map((text) => element("p", text)));
    this.showDesign(question);
    this.showSources(question);
    this.showFollowUps(interview);
    ui.field("rubric").replaceChildren(...question.rubric.map((c, i) => this.criterionBox(c, i)));
    ui.field("redflags").replaceChildren(
      ...question.redFlags.map((flag, i) => {
        const label = document.createElement("label");
        const box = Object.assign(document.createElement("input"), { type: "checkbox", value: String(i) });
        label.append(box, document.createTextNode(flag));
        return label;
      }),
    );
    const fits = entered ? this.fill(entered) : true;
    // Judged in `update`: a draft resumed as it was saved is saved, one changed since is not.
    this.update(false);
    return fits;
  }

  /** What the learner has entered so far, for the draft. */
  entered(): DebriefDraft {
    return {
      claims: this.claims().map(({ level, evidence, cost }, i) => {
        const step = this.steps()[i];
        return {
          level,
          evidence: keptField(evidence, this.notes),
          ...(cost === undefined ? {} : { cost: keptField(cost, this.notes) }),
          ...(step === undefined ? {} : { step: keptField(step, this.notes) }),
        };
      }),
      redFlags: this.redFlagsTicked(),
    };
  }

  /** Saves the debrief to the history; true once the history holds it as it stands. */
  save(): boolean {
    if (this.saving === "saved") return true;
    const attempt = this.attempt();
    if (!attempt || !this.last) return false;
    const d = this.last;
    try {
      // Refused storage is a failure to save here, never a "Saved" that kept nothing.
      const store = siteStorage();
      if (!store) throw new Error("storage refused");
      // The interview's entry is updated in place when it was saved before (history.ts, `sameInterview`).
      const all = saveAttempt(store, attempt);
      const was = this.saving;
      this.stored = attempt;
      this.showSaveState("saved");
      this.onSaved(all);
      this.ui.announce(
        `${was === "changed" ? "Saved your changes" : "Saved"}: ${this.levelSentence(d)} You have ${countOf(all.length, "attempt")} on this device.`,
      );
      return true;
    } catch {
      this.ui.announce(
        "Could not save: this browser is not keeping data for this site (private mode or storage full).",
      );
      return false;
    }
  }

  /** The attempt saving now would store: what the history is compared with. Null before the debrief is scored. */
  private attempt(): Attempt | null {
    const { notes } = this;
    const interview = this.interview;
    if (!interview || !this.last) return null;
    const { question, round } = interview;
    const d = this.last;
    const claims = this.claims();
    // The seconds the debrief showed, so the history's time used is the debrief's and its phases add up to it.
    const used = timeUsed(round.phaseUsedMs());
    return {
      questionId: question.id,
      title: question.title,
      startedAt: interview.startedAt,
      seed: interview.seed,
      durationSeconds: Math.round(round.plan.phases.reduce((sum, p) => sum + p.ms, 0) / 1000),
      usedSeconds: used.totalSeconds,
      hit: d.verdicts.flatMap((v, i) => (v.backed > 0 ? [i] : [])),
      points: question.rubric.length,
      notes: notes.slice(0, answerLimits.notes),
      debrief: {
        claimed: claims.map((c) => c.level),
        backed: d.verdicts.map((v) => v.backed),
        weights: question.rubric.map((c) => c.weight),
        redFlags: this.redFlagsTicked(),
        selfScore: d.selfScore,
        backedScore: d.backedScore,
        level: d.level,
        phases: round.plan.phases.map((p, i) => ({ id: p.id, usedSeconds: used.phaseSeconds[i]! })),
        asked: round.asked().length,
        pushedBack: round.asked().filter((a) => a.pushedBack).length,
      },
    };
  }

  /**
   * Sets the save state from what the history holds against what saving now would store (never
   * from a flag set by editing: a change undone leaves the debrief saved), and tells `onChange`.
   * Returns the state it had before.
   */
  private judge(): SaveState {
    const was = this.saving;
    this.showSaveState(saveStateOf(this.stored, this.attempt()));
    this.onChange();
    return was;
  }

  private showDesign(question: InterviewQuestion): void {
    const box = this.ui.field("design");
    const { design } = question;
    box.hidden = !design;
    if (!design) {
      box.replaceChildren();
      return;
    }
    const table = document.createElement("table");
    table.append(element("caption", "The design's figures, computed by the course's code"));
    const head = document.createElement("tr");
    head.append(
      Object.assign(element("th", "Figure"), { scope: "col" }),
      Object.assign(element("th", "Value"), { scope: "col" }),
    );
    table.append(head);
    for (const f of design.figures) {
      const tr = document.createElement("tr");
      tr.append(element("td", f.label), element("td", f.value));
      table.append(tr);
    }
    const link = Object.assign(element("a", "Open this design's failure-domain map in the map builder"), {
      href: design.mapHref,
    });
    box.replaceChildren(
      element("h5", "Reference design"),
      ...design.reference.map((p) => element("p", p)),
      table,
      Object.assign(element("p"), { className: "mock__maplink" }),
    );
    box.lastElementChild!.append(link);
  }

  private showSources(question: InterviewQuestion): void {
    const box = this.ui.field("sources");
    box.hidden = !question.sources?.length;
    if (!question.sources?.length) {
      box.replaceChildren();
      return;
    }
    const p = element("p", "Sources: ");
    question.sources.forEach((s, i) => {
      if (i > 0) p.append("; ");
      p.append(Object.assign(element("a", s.title), { href: s.url }));
    });
    box.replaceChildren(p);
  }

  private showFollowUps(interview: Interview): void {
    const { question, round } = interview;
    const asked = new Map(round.asked().map((a) => [a.inject.id, a]));
    const list = document.createElement("dl");
    question.followUps.forEach((f, i) => {
      const seen = asked.get(`f${i}`);
      const dt = element("dt", f.question);
      if (seen) dt.prepend(element("span", `${elapsedStamp(seen.atMs)} `, "mock__when"));
      else dt.append(element("span", " (not reached)", "mock__not-asked"));
      list.append(dt, element("dd", f.answer));
      if (f.pushback) {
        const push = element("dt", `Pushback: ${f.pushback.say}`);
        if (!seen?.pushedBack) push.append(element("span", " (not reached)", "mock__not-asked"));
        list.append(push, element("dd", f.pushback.answer));
      }
    });
    this.ui.field("followups").replaceChildren(list);
  }

  private criterionBox(c: InterviewCriterion, i: number): HTMLFieldSetElement {
    const box = document.createElement("fieldset");
    box.dataset.criterion = String(i);
    box.append(element("legend", `${c.point} (weight ${c.weight})`));
    const levels = element("div", "", "mock__levels");
    const texts = ["Not shown in my answer", c.mid, c.senior, c.staff];
    texts.forEach((text, level) => {
      const label = document.createElement("label");
      const radio = Object.assign(document.createElement("input"), {
        type: "radio",
        name: `${this.ui.root.id || "mock"}-c${i}`,
        value: String(level),
        checked: level === 0,
      });
      radio.addEventListener("change", () => this.update());
      label.append(radio);
      if (level > 0)
        label.append(
          element("span", claimNames[level]![0]!.toUpperCase() + claimNames[level]!.slice(1), "mock__level-name"),
        );
      label.append(document.createTextNode(level > 0 ? ` ${text}` : text));
      levels.append(label);
    });
    const evidence = element("div", "", "mock__evidence");
    const id = `${this.ui.root.id || "mock"}-e${i}`;
    const input = Object.assign(document.createElement("input"), { type: "text", id, autocomplete: "off" });
    input.dataset.evidence = "text";
    input.addEventListener("input", () => this.update());
    evidence.append(Object.assign(element("label", `Evidence: ${c.evidence.ask}`), { htmlFor: id }), input);
    evidence.append(this.limited(input, "Evidence"));
    if (c.evidence.kind === "defence") {
      const costId = `${id}-cost`;
      const cost = Object.assign(document.createElement("input"), { type: "text", id: costId, autocomplete: "off" });
      cost.dataset.evidence = "cost";
      cost.addEventListener("input", () => this.update());
      evidence.append(Object.assign(element("label", "What it costs"), { htmlFor: costId }), cost);
      evidence.append(this.limited(cost, "What it costs"));
    }
    // A figure backs senior at most; staff also asks for the step the staff descriptor names.
    const step = staffStep(c);
    if (step !== undefined) {
      const stepId = `${id}-step`;
      const input = Object.assign(document.createElement("input"), { type: "text", id: stepId, autocomplete: "off" });
      input.dataset.evidence = "step";
      input.addEventListener("input", () => this.update());
      evidence.append(Object.assign(element("label", step), { htmlFor: stepId }), input);
      evidence.append(this.limited(input, "The staff step"));
    }
    const verdict = element("p", "", "mock__verdict");
    verdict.dataset.field = `verdict-${i}`;
    box.append(levels, evidence, verdict);
    return box;
  }

  /**
   * A debrief field's count against its limit (what the draft keeps of it, `keptField`), tied to the
   * field as its description; returned for the caller to place under the field.
   */
  private limited(input: HTMLInputElement, name: string): HTMLElement {
    const counter = element("p", "", "mock__count");
    counter.id = `${input.id}-count`;
    input.setAttribute("aria-describedby", counter.id);
    this.counts.push(
      countTowardsLimit(input, counter, debriefFieldLimit(this.notes), name, (text) => this.ui.announce(text)),
    );
    return counter;
  }

  private claims(): Claim[] {
    return [...this.ui.field("rubric").querySelectorAll<HTMLFieldSetElement>("fieldset[data-criterion]")].map((box) => {
      const level = Number(box.querySelector<HTMLInputElement>("input[type=radio]:checked")?.value ?? 0) as Claimed;
      const evidence = box.querySelector<HTMLInputElement>("input[data-evidence=text]")?.value ?? "";
      const cost = box.querySelector<HTMLInputElement>("input[data-evidence=cost]")?.value;
      return cost === undefined ? { level, evidence } : { level, evidence, cost };
    });
  }

  /** The staff step pasted for each point, undefined for a point that asks for none. */
  private steps(): (string | undefined)[] {
    return [...this.ui.field("rubric").querySelectorAll<HTMLFieldSetElement>("fieldset[data-criterion]")].map(
      (box) => box.querySelector<HTMLInputElement>("input[data-evidence=step]")?.value,
    );
  }

  /** Puts a draft's entries back into the rubric's fields, when they fit the rubric shown. */
  private fill(entered: DebriefDraft): boolean {
    const boxes = [...this.ui.field("rubric").querySelectorAll<HTMLFieldSetElement>("fieldset[data-criterion]")];
    const flags = [...this.ui.field("redflags").querySelectorAll<HTMLInputElement>("input")];
    const fits =
      entered.claims.length === boxes.length &&
      entered.claims.every(
        (c, i) => (c.cost === undefined) === !boxes[i]!.querySelector("input[data-evidence=cost]"),
      ) &&
      entered.redFlags.every((i) => i < flags.length);
    if (!fits) return false;
    entered.claims.forEach((claim, i) => {
      const box = boxes[i]!;
      const radio = box.querySelector<HTMLInputElement>(`input[type=radio][value="${claim.level}"]`);
      if (radio) radio.checked = true;
      box.querySelector<HTMLInputElement>("input[data-evidence=text]")!.value = claim.evidence;
      const cost = box.querySelector<HTMLInputElement>("input[data-evidence=cost]");
      if (cost) cost.value = claim.cost ?? "";
      const step = box.querySelector<HTMLInputElement>("input[data-evidence=step]");
      if (step) step.value = claim.step ?? "";
    });
    for (const i of entered.redFlags) flags[i]!.checked = true;
    for (const count of this.counts) count.refresh();
    return true;
  }

  private redFlagsTicked(): number[] {
    return [...this.ui.field("redflags").querySelectorAll<HTMLInputElement>("input:checked")].map((b) =>
      Number(b.value),
    );
  }

  private levelSentence(d: Debrief): string {
    const shown = d.sunk
      ? "a red flag sinks this answer at every level."
      : d.level === null
        ? `your evidence does not reach the mid-level bar yet (a level needs evidence for points carrying ${percent(levelBar, 0)} of the weight, at that level or above).`
        : `counting the points whose evidence passes the page's checks: ${d.level} level.`;
    return `${scoresOf(d)}; ${shown}`;
  }

  /** The save button as `state` has it. Still focusable when saved, so a keyboard user who pressed it stays where they were. */
  private showSaveState(state: SaveState): void {
    this.saving = state;
    const button = this.ui.button("save");
    if (state === "saved") button.setAttribute("aria-disabled", "true");
    else button.removeAttribute("aria-disabled");
    button.textContent = saveLabels[state];
  }

  /** Redraws the verdicts and the score; `edited` when the learner changed something (not when the debrief is shown). */
  private update(edited = true): void {
    if (!this.scoring) return;
    const { criteria, values, format } = this.scoring;
    // Red-flag boxes are created fresh for each review; listen once per render.
    for (const box of this.ui.field("redflags").querySelectorAll<HTMLInputElement>("input"))
      box.onchange = () => this.update();
    // Judged against the notes taken during the round: evidence they do not hold is not counted, nor
    // the question's own words pasted into them.
    const d = debriefWithSteps(
      criteria,
      this.claims(),
      this.steps(),
      this.notes,
      this.redFlagsTicked().length,
      values,
      format,
      this.interview ? askedIn(this.interview.question) : "",
    );
    this.last = d;
    d.verdicts.forEach((v, i) => {
      const el = this.ui.root.querySelector<HTMLElement>(`[data-field="verdict-${i}"]`);
      if (!el) return;
      el.dataset.status = v.status;
      el.textContent =
        v.status === "agrees"
          ? `Your evidence passes the page's checks: counted at ${levelWords[v.backed]}.`
          : v.status === "not-claimed"
            ? ""
            : v.backed > 0
              ? v.message
              : `${v.message} Not counted.`;
    });
    const sentence = this.levelSentence(d);
    this.ui.field("score").textContent = sentence[0]!.toUpperCase() + sentence.slice(1);
    const points = this.interview?.question.rubric ?? [];
    const disagree = d.verdicts.flatMap((v, i) =>
      v.status === "missing" || v.status === "contradicts" ? [points[i]!.point] : [],
    );
    // Agreement needs something to agree on: before any point is scored there is none to report.
    const scored = d.verdicts.some((v) => v.status !== "not-claimed");
    this.ui.field("disagreements").textContent = !scored
      ? "Score each point you showed, and paste the evidence for it."
      : disagree.length === 0
        ? "Your self-score and your evidence agree."
        : `Your score and your evidence disagree on ${countOf(disagree.length, "point")}: ${disagree.join("; ")}.`;
    // A change to a saved debrief makes the history's copy stale, and undoing it makes it current
    // again: the button says so, and the status once, as the state turns.
    const was = this.judge();
    if (!edited || was === this.saving) return;
    if (this.saving === "changed" && was === "saved") this.ui.announce(this.staleText);
    else if (this.saving === "saved") this.ui.announce(backToSavedText);
  }
}
