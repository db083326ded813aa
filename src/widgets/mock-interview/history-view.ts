/** The history of attempts on this device, as a summary line and a table, newest first. */
import { storeOrNothing } from "../site-storage.ts";
import { formatClock } from "./countdown.ts";
import { setHidden, type Ui } from "./dom.ts";
import { averageOverclaim, averageScore, clearHistory, loadHistory, score, type Attempt } from "./history.ts";
import { countOf, percent } from "../../format/number.ts";

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

export class HistoryView {
  private readonly box: HTMLDetailsElement;

  constructor(private readonly ui: Ui) {
    this.box = ui.field<HTMLDetailsElement>("history-box");
    this.box.addEventListener("toggle", () => this.box.open && this.load());
  }

  /** Reads the history from storage and shows it, when the box is open. */
  load(): void {
    if (!this.box.open) return;
    const { attempts, recovered } = loadHistory(storeOrNothing());
    this.render(attempts);
    if (recovered)
      this.ui.announce("Part of your saved history could not be read; it was set aside and the rest kept.");
  }

  clear(): void {
    if (!window.confirm("Delete every saved mock-interview attempt on this device?")) return;
    clearHistory(storeOrNothing());
    this.render([]);
    this.ui.announce("History cleared.");
  }

  render(attempts: Attempt[]): void {
    const { ui } = this;
    const box = ui.field("history");
    if (attempts.length === 0) {
      box.replaceChildren(
        Object.assign(document.createElement("p"), {
          textContent: "No attempts yet. Finish an interview and save it to see it here.",
        }),
      );
      // Cleared from the keyboard, the button goes from under the focus: the box's summary takes it.
      setHidden(ui.button("clear"), true, this.box.querySelector("summary")!);
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
}
