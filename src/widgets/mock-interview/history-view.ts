/**
 * The history of attempts on this device: a summary line and a table, newest first, then point by
 * point (history-points.ts) the rubric points whose evidence falls short of the level the
 * candidate aims for, and those they claimed above their evidence.
 */
import { keep, storeOrNothing } from "../site-storage.ts";
import { formatClock } from "./countdown.ts";
import { setHidden } from "../focus.ts";
import type { Ui } from "./dom.ts";
import { averageOverclaim, averageScore, clearHistory, loadHistory, score, type Attempt } from "./history.ts";
import {
  type Aim,
  aimKey,
  aimText,
  missSentence,
  overSentence,
  parseAim,
  pointsReport,
  type RubricOf,
} from "./history-points.ts";
import type { InterviewQuestion } from "./payload.ts";
import { countOf, percent } from "../../format/number.ts";

/** Each list shows this many points at most, so the view stays a short read. */
const shownPoints = 5;

const element = <K extends keyof HTMLElementTagNameMap>(tag: K, text = "") =>
  Object.assign(document.createElement(tag), { textContent: text });

/** A short list of sentences, with how many more there are when it is cut. */
function sentenceList(sentences: string[]): HTMLElement[] {
  const list = element("ul");
  list.append(...sentences.slice(0, shownPoints).map((s) => element("li", s)));
  const more = sentences.length - shownPoints;
  return more > 0 ? [list, element("p", `And ${countOf(more, "more point")}.`)] : [list];
}

/** "is" or "are", to agree with a count. */
const verb = (n: number) => (n === 1 ? "is" : "are");

/** "senior", "below mid", "sunk", or for attempts saved before levelled rubrics, "(no levels)". */
function levelText(a: Attempt): string {
  if (!a.debrief) return "(no levels)";
  if (a.debrief.redFlags.length > 0) return "sunk by a red flag";
  return a.debrief.level ?? "below mid";
}

/** "42% (you said 79%)" or, for older attempts, "2/4 (50%)". */
function scoreText(a: Attempt): string {
  if (!a.debrief) return `${a.hit.length}/${a.points} (${percent(score(a), 0)})`;
  return `${percent(a.debrief.backedScore, 0)} (you said ${percent(a.debrief.selfScore, 0)})`;
}

/** The level aimed for on an earlier visit, or the default where none was kept or storage is refused. */
function loadAim(): Aim {
  try {
    return parseAim(storeOrNothing().getItem(aimKey));
  } catch {
    return parseAim(null);
  }
}

export class HistoryView {
  private readonly box: HTMLDetailsElement;
  private readonly rubrics: Map<string, RubricOf>;
  private attempts: Attempt[] = [];

  constructor(
    private readonly ui: Ui,
    questions: readonly InterviewQuestion[],
  ) {
    this.box = ui.field<HTMLDetailsElement>("history-box");
    this.box.addEventListener("toggle", () => this.box.open && this.load());
    this.rubrics = new Map(questions.map((q) => [q.id, { title: q.title, points: q.rubric.map((c) => c.point) }]));
    // The level aimed for is the one picked on an earlier visit; a new pick is kept for the next.
    const aim = ui.field<HTMLSelectElement>("aim");
    aim.value = String(loadAim());
    aim.addEventListener("change", () => {
      keep(aimKey, String(parseAim(aim.value)));
      this.renderPoints();
    });
  }

  /** Reads the history from storage and shows it, when the box is open. */
  load(): void {
    if (!this.box.open) return;
    const { attempts, recovered } = loadHistory(storeOrNothing());
    this.render(attempts);
    if (recovered)
      this.ui.announce("Part of your saved history could not be read; it was set aside and the rest kept.");
  }

  /** Shows `attempts` (the history as another tab left it), when the box is open. */
  show(attempts: Attempt[]): void {
    if (this.box.open) this.render(attempts);
  }

  /** How many attempts the history shows. */
  get count(): number {
    return this.attempts.length;
  }

  /** Clears the history (once the learner has said so: mount.ts asks, and says it is done). */
  clear(): void {
    clearHistory(storeOrNothing());
    this.render([]);
  }

  render(attempts: Attempt[]): void {
    const { ui } = this;
    const box = ui.field("history");
    this.attempts = attempts;
    this.renderPoints();
    if (attempts.length === 0) {
      box.replaceChildren(
        Object.assign(document.createElement("p"), {
          textContent: "No attempts yet. Finish an interview and save it to see it here.",
        }),
      );
      // Cleared from the keyboard, the button goes from under the focus: the box's summary takes it.
      setHidden(ui.button("clear"), true, this.box.querySelector("summary"));
      return;
    }
    ui.button("clear").hidden = false;
    const over = averageOverclaim(attempts);
    const overText =
      over === null
        ? ""
        : over > 0.005
          ? ` Your self-scores ran ${percent(over, 0)} above your evidence on average.`
          : " Your self-scores and your evidence agree on average.";
    const summary = Object.assign(document.createElement("p"), {
      textContent: `${countOf(attempts.length, "attempt")}, average score on the evidence ${percent(averageScore(attempts)!, 0)}.${overText}`,
    });
    const table = document.createElement("table");
    const caption = Object.assign(document.createElement("caption"), {
      textContent: "Attempts, newest first",
      className: "sr-only",
    });
    const head = document.createElement("tr");
    for (const h of ["When", "Question", "Level shown", "Score on the evidence", "Time used"])
      head.append(Object.assign(document.createElement("th"), { scope: "col", textContent: h }));
    const rows = [...attempts].reverse().map((a) => {
      const tr = document.createElement("tr");
      tr.dataset.attempt = a.questionId;
      const when = new Date(a.startedAt).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
      const cells = [when, a.title, levelText(a), scoreText(a), formatClock(a.usedSeconds * 1000)];
      for (const text of cells) tr.append(Object.assign(document.createElement("td"), { textContent: text }));
      return tr;
    });
    const thead = document.createElement("thead");
    const tbody = document.createElement("tbody");
    thead.append(head);
    tbody.append(...rows);
    table.append(caption, thead, tbody);
    box.replaceChildren(summary, table);
  }

  /** The rubric points, over the attempts shown, against the level chosen in "The level you aim for". */
  private renderPoints(): void {
    const { ui, attempts } = this;
    // Cleared in another tab with the focus on "The level you aim for": the box's summary takes it.
    setHidden(ui.field("points-box"), attempts.length === 0, this.box.querySelector("summary"));
    const aim = parseAim(ui.field<HTMLSelectElement>("aim").value);
    const report = pointsReport(attempts, (id) => this.rubrics.get(id), aim);
    const parts: HTMLElement[] = [];
    if (report.levelled === 0) {
      parts.push(
        element(
          "p",
          "No attempt here was scored with levels yet. Save a debrief and this shows, for each rubric point, how often your evidence reached the level you aim for and where you claimed more than it backed.",
        ),
      );
    } else {
      parts.push(element("h5", `Points your evidence backed below ${aimText(aim)}, latest first`));
      if (report.missed.length === 0)
        parts.push(element("p", `Every point was backed at ${aimText(aim)} in every attempt counted here.`));
      else parts.push(...sentenceList(report.missed.map((r) => missSentence(r, aim))));
      parts.push(element("h5", "Points you claimed above your evidence, latest first"));
      if (report.overClaimed.length === 0)
        parts.push(element("p", "None: no level you claimed was above what your evidence backed."));
      else parts.push(...sentenceList(report.overClaimed.map(overSentence)));
      if (report.levelled === 1)
        parts.push(
          element(
            "p",
            "That is one attempt, not yet a pattern: practise the same question again (type its seed, or pick it) to see which points keep falling short.",
          ),
        );
    }
    if (report.unlevelled > 0)
      parts.push(
        element(
          "p",
          `${countOf(report.unlevelled, "older attempt")}, saved before the rubric had levels, ${verb(report.unlevelled)} in the table above but not counted point by point.`,
        ),
      );
    if (report.unmatched > 0)
      parts.push(
        element(
          "p",
          `${countOf(report.unmatched, "attempt")} at a question whose rubric has changed since (or that the course no longer has) ${verb(report.unmatched)} not counted point by point.`,
        ),
      );
    ui.field("points").replaceChildren(...parts);
  }
}
