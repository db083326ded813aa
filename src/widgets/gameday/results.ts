/**
 * The results of a finished game: the score beside doing nothing and par, the timeline, the
 * debrief (what each action did, with the chapter to read), and the ways to share the run (a
 * name for the room's board, its result code, a link that replays it, the action log).
 */
import { sitePath } from "../../course/url.ts";
import { formatLog } from "../../sim/gameday/log.ts";
import { budgetAtEndNote, debriefText, scoreRows, verdictText } from "../../sim/gameday/report.ts";
import { resumedResultText } from "../../sim/gameday/saved.ts";
import type { Slo } from "../../sim/gameday/slo.ts";
import type { GameSummary } from "../../sim/gameday/summary.ts";
import { escapeHtml } from "../escape-html.ts";
import { setHidden } from "../focus.ts";
import { keep, siteStorage } from "../site-storage.ts";
import { q } from "./dom.ts";
import { feedLineHtml } from "./feed.ts";
import { figuresHtml, wholeFigures } from "./figures.ts";
import { nameKey, replayLink } from "./share.ts";
import { codeFailedText, codeWaitText } from "./text.ts";

export interface ResultsContext {
  scenario: string;
  title: string;
  slo: Slo;
  /** The title of each chapter a debrief links to, by its slug. */
  chapterTitles: Record<string, string>;
  /** A shared run's replay, played by `replayName`; null for the player's own game. */
  replayName: string | null;
  /** The clock a resumed game was resumed at, or null. */
  resumedAt: number | null;
  /** The game's length, in seconds. */
  seconds: number;
  /** The dashboard's last "Error budget spent" (the last frame's), or null if no frame came. */
  dashboardSpent: number | null;
  /**
   * Ask for the run's result code with this name on it: it arrives through the returned `code`,
   * or `codeFailed` says it could not be made.
   */
  requestCode(name: string): void;
  playAgain(): void;
  announce(text: string): void;
}

/** What shows the result code asked for: once made, or that it could not be. */
export interface ResultCode {
  code(code: string): void;
  codeFailed(): void;
}

/**
 * The verdict (`verdictText`) as the results open with it. An unranked run's is a paragraph of
 * reasons, not a verdict: its first word stands out, the rest reads as ordinary text (gameday.css).
 */
function verdictHtml(summary: GameSummary): string {
  const text = verdictText(summary);
  const lead = "Unranked:";
  if (summary.ranked || !text.startsWith(lead)) return figuresHtml(text);
  return `<strong>${lead}</strong>${figuresHtml(text.slice(lead.length))}`;
}

/** Write `summary` into `results`; returns what shows the result code once it has been made. */
export function showResults(results: HTMLElement, summary: GameSummary, ctx: ResultsContext): ResultCode {
  const replaying = ctx.replayName !== null;
  const who = replaying ? "this run" : "you";
  const [mine, nothing, par] = [summary.score, summary.doNothing, summary.par].map((s) => scoreRows(s, ctx.slo));
  const rowsHtml = mine!
    .map(
      ([label, value], i) =>
        `<tr><th scope="row">${figuresHtml(label)}</th><td data-label="${who}">${figuresHtml(value)}</td><td data-label="doing nothing">${figuresHtml(nothing![i]![1])}</td><td data-label="par">${figuresHtml(par![i]![1])}</td></tr>`,
    )
    .join("");
  const timeline = summary.timeline.length
    ? summary.timeline.map((item) => `<li>${feedLineHtml(item.at, item.text, wholeFigures)}</li>`).join("")
    : '<li class="gd-timeline-none">No alert fired and no action was taken.</li>';
  const debrief = summary.debrief.length
    ? summary.debrief
        .map(
          (item) =>
            `<li>${figuresHtml(debriefText(item))} <a href="${sitePath(`${item.chapter}/`)}">Read: ${figuresHtml(ctx.chapterTitles[item.chapter] ?? item.chapter)}</a></li>`,
        )
        .join("")
    : "<li>You took no action: your score is the do-nothing score.</li>";
  const name = siteStorage()?.getItem(nameKey) ?? "";
  // The score counts requests the dashboard had not yet: say so where the two figures differ.
  const budgetNote =
    ctx.dashboardSpent === null ? null : budgetAtEndNote(ctx.dashboardSpent, summary.score, ctx.seconds);
  results.innerHTML = `
      <h3 class="gd-results-title" tabindex="-1">${replaying ? "The shared run" : "Your game day"}: ${figuresHtml(ctx.title)}, seed ${summary.seed}</h3>
      <p class="gd-verdict" data-verdict data-ranked="${summary.ranked}">${verdictHtml(summary)}</p>
      ${ctx.resumedAt === null ? "" : `<p class="gd-resumed" data-resumed-note>${figuresHtml(resumedResultText(ctx.resumedAt))}</p>`}
      <table class="gd-score"><thead><tr><th scope="col">measure</th><th scope="col">${who}</th><th scope="col">doing nothing</th><th scope="col">par</th></tr></thead><tbody>${rowsHtml}</tbody></table>
      ${budgetNote === null ? "" : `<p class="gd-budget-note" data-budget-note>${figuresHtml(budgetNote)}</p>`}
      <h4>Timeline</h4><ol class="gd-timeline">${timeline}</ol>
      <h4>Debrief: what each action did</h4><ul class="gd-debrief">${debrief}</ul>
      <h4>Share and compare</h4>
      ${
        replaying
          ? `<p data-played-by>Played by <strong>${escapeHtml(ctx.replayName ?? "")}</strong>. A replay keeps its player's name: to put yours on the board, play the game yourself.</p>`
          : `<label class="br-panel-field gd-field">Name on the room's board <input data-name maxlength="40" value="${escapeHtml(name)}" autocomplete="nickname"></label>`
      }
      <p>Result code, for the <a href="${sitePath("gameday/board/")}">results board</a>: <output class="gd-code" data-code></output> <button type="button" class="br-button" data-copy-code>Copy</button></p>
      <p class="gd-refused" data-code-failed hidden>${escapeHtml(codeFailedText)} <button type="button" class="br-button" data-code-again>Try again</button></p>
      <p><a data-share>Link to this run</a> (it replays the same run to the same score) · <button type="button" class="br-button" data-download>Download the action log</button> · <button type="button" class="br-button" data-again>Play again</button></p>`;
  const codeOut = q<HTMLOutputElement>(results, "[data-code]");
  const share = q<HTMLAnchorElement>(results, "[data-share]");
  const nameInput = results.querySelector<HTMLInputElement>("[data-name]");
  const failed = q<HTMLElement>(results, "[data-code-failed]");
  /** The code shown, for the name asked for last: none while it is being made, or if it could not be. */
  let made: string | null = null;
  const copy = q<HTMLButtonElement>(results, "[data-copy-code]");
  const askCode = () => {
    made = null;
    // Its Try again hides with the message: the focus on it goes to Copy, beside the code to come,
    // not to the page's body.
    setHidden(failed, true, copy);
    // A replay's code carries the name of whoever played it: the run is theirs, not the viewer's.
    ctx.requestCode(nameInput?.value ?? ctx.replayName ?? "");
  };
  askCode();
  nameInput?.addEventListener("input", () => {
    // Where storage is refused or full, the name is used, not kept.
    keep(nameKey, nameInput.value);
    askCode();
  });
  q<HTMLButtonElement>(results, "[data-code-again]").addEventListener("click", askCode);
  copy.addEventListener("click", () => {
    // Never "copied" over an empty clipboard: the code may not be there (yet).
    if (made === null) {
      ctx.announce(failed.hidden ? codeWaitText : codeFailedText);
      return;
    }
    void navigator.clipboard?.writeText(made);
    ctx.announce("Result code copied.");
  });
  q<HTMLButtonElement>(results, "[data-download]").addEventListener("click", () => {
    const blob = new Blob([formatLog(ctx.scenario, summary.seed, summary.log)], { type: "application/json" });
    const a = document.createElement("a");
    a.href = URL.createObjectURL(blob);
    a.download = `gameday-${ctx.scenario}-seed${summary.seed}.json`;
    a.click();
    URL.revokeObjectURL(a.href);
  });
  q<HTMLButtonElement>(results, "[data-again]").addEventListener("click", ctx.playAgain);
  return {
    code(code) {
      made = code;
      setHidden(failed, true, copy);
      codeOut.textContent = code;
      share.href = replayLink(ctx.scenario, code);
    },
    codeFailed() {
      // The code and link of an earlier name are not this name's: they go, and the message says why.
      made = null;
      codeOut.textContent = "";
      share.removeAttribute("href");
      failed.hidden = false;
      ctx.announce(codeFailedText);
    },
  };
}
