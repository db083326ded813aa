/**
 * The results board of a workshop room, with no server: participants' result codes are pasted
 * (or arrive in the address), each is checked by playing its log again in a worker, and the
 * board ranks what it computed. Codes are kept in this browser, and checked again on every visit.
 */
import { escapeHtml } from "../escape-html.ts";
import { keep, siteStorage } from "../site-storage.ts";
import type { BoardAnswer, BoardRow } from "./board.worker.ts";
import { codeInLink } from "../../sim/gameday/code-link.ts";
import { replayLink } from "./share.ts";
import { countOf } from "../../format/number.ts";
import { rank, ranked } from "../../sim/gameday/board.ts";
import { unrankedText } from "../../sim/gameday/report.ts";
import { requiredElement } from "../required-element.ts";
import { InlineQuestion } from "../inline-question.ts";
import { handFocus } from "../focus.ts";

export const boardKey = "blast-radius:gameday-board:v1";

const q = <T extends Element>(root: ParentNode, selector: string): T =>
  requiredElement<T>(root, selector, "results board");

function readStored(): string[] {
  try {
    const data = JSON.parse(siteStorage()?.getItem(boardKey) ?? "[]") as unknown;
    return Array.isArray(data) ? data.filter((c): c is string => typeof c === "string") : [];
  } catch {
    return [];
  }
}

/** Split pasted text into candidate codes: one per line (or separated by spaces), links included. */
export function splitCodes(text: string): string[] {
  return text
    .split(/\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0)
    .map((s) => codeInLink(s.slice(s.indexOf("#"))) ?? s);
}

/**
 * What "Clear the board" asks, from what it would remove: the runs it ranks and the codes it
 * refused. The codes themselves stay wherever participants copied them from.
 */
export function clearBoardQuestion(runs: number, refused: number): string {
  const what = [runs ? countOf(runs, "run") : "", refused ? countOf(refused, "refused code") : ""].filter(Boolean);
  return `Remove ${what.join(" and ")} from this board? Participants keep their result codes, so a run removed can be pasted again.`;
}

export async function mountBoard(root: HTMLElement): Promise<void> {
  const input = q<HTMLTextAreaElement>(root, "[data-codes]");
  const add = q<HTMLButtonElement>(root, "[data-add]");
  const clear = q<HTMLButtonElement>(root, "[data-clear]");
  const clearBox = q<HTMLElement>(root, "[data-clear-question]");
  const status = q<HTMLElement>(root, "[data-status]");
  const results = q<HTMLElement>(root, "[data-board]");
  const refused = q<HTMLElement>(root, "[data-rejected]");
  const worker = new Worker(new URL("./board.worker.ts", import.meta.url), { type: "module" });
  const accepted = new Map<string, BoardRow>();
  const rejected = new Map<string, string>();
  let checking = 0;
  let nextId = 1;
  const waiting = new Map<number, (answer: BoardAnswer) => void>();
  worker.onmessage = (event: MessageEvent<BoardAnswer>) => {
    waiting.get(event.data.id)?.(event.data);
    waiting.delete(event.data.id);
  };

  // Where storage is refused or full, the board shows what it has, kept only in this page.
  const save = () => void keep(boardKey, JSON.stringify([...accepted.keys()]));

  function render(): void {
    const groups = new Map<string, BoardRow[]>();
    for (const row of accepted.values()) {
      const key = `${row.scenario}|${row.seed}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    results.innerHTML = groups.size
      ? [...groups.values()]
          .map((group) => {
            const rows = rank(group);
            const first = rows[0]!;
            const early = rows.filter((row) => !ranked(row)).length;
            return `<section class="gd-board-group" aria-label="${escapeHtml(`${first.title}, seed ${first.seed}`)}">
              <h2>${escapeHtml(first.title)}, seed ${first.seed} <span class="gd-board-count">(${countOf(rows.length, "run")})</span></h2>
              <div class="gd-board-scroll"><table>
                <thead><tr><th scope="col">rank</th><th scope="col">name</th><th scope="col">tenant-minutes</th><th scope="col">tenants affected</th><th scope="col">error budget</th><th scope="col">time to mitigate</th><th scope="col">actions</th><th scope="col"><span class="sr-only">replay or remove</span></th></tr></thead>
                <tbody>${rows
                  .map(
                    (row, i) => `<tr data-board-row="${escapeHtml(row.code)}"${ranked(row) ? "" : ' data-unranked=""'}>
                      <td>${ranked(row) ? i + 1 : `<span aria-hidden="true">–</span><span class="sr-only">not ranked: acted before the fault</span>`}</td><th scope="row">${escapeHtml(row.name)}</th>
                      <td>${escapeHtml(row.rows[0]![1])}</td><td>${escapeHtml(row.rows[1]![1])}</td><td>${escapeHtml(row.rows[2]![1])}</td><td>${escapeHtml(row.mitigation)}</td><td>${row.actions}</td>
                      <td><a href="${escapeHtml(replayLink(row.scenario, row.code))}">Replay</a> <button type="button" class="br-button" data-remove="${escapeHtml(row.code)}">Remove</button></td>
                    </tr>`,
                  )
                  .join("")}</tbody>
              </table></div>
              ${early ? `<p class="gd-board-note">– not ranked: ${escapeHtml(unrankedText(early, first.faultAt))}</p>` : ""}
            </section>`;
          })
          .join("")
      : "<p>No runs on the board yet: paste result codes above.</p>";
    refused.innerHTML = rejected.size
      ? `<h2>Refused</h2><ul>${[...rejected].map(([code, why]) => `<li><code>${escapeHtml(code.slice(0, 60))}</code>: ${escapeHtml(why)}</li>`).join("")}</ul>`
      : "";
    root.dataset.accepted = String(accepted.size);
    root.dataset.rejected = String(rejected.size);
    // A question about clearing counts what is on the board now, or goes once nothing is.
    if (clearing.shown && accepted.size + rejected.size === 0) clearing.dismiss(clear);
    else if (clearing.shown) clearing.reword(clearBoardQuestion(accepted.size, rejected.size));
  }

  function check(code: string): Promise<void> {
    if (accepted.has(code)) return Promise.resolve();
    checking++;
    status.textContent = `Checking ${countOf(checking, "code")} (each run is played again)…`;
    root.dataset.checking = String(checking);
    const id = nextId++;
    return new Promise<BoardAnswer>((resolve) => {
      waiting.set(id, resolve);
      worker.postMessage({ id, code });
    }).then((answer) => {
      checking--;
      root.dataset.checking = String(checking);
      if (answer.ok) {
        accepted.set(answer.code, answer);
        rejected.delete(code);
      } else rejected.set(code, answer.reason);
      save();
      render();
      status.textContent = checking
        ? `Checking ${countOf(checking, "code")}…`
        : `${countOf(accepted.size, "run")} on the board${rejected.size ? `, ${rejected.size} refused` : ""}.`;
    });
  }

  add.addEventListener("click", () => {
    const codes = splitCodes(input.value);
    input.value = "";
    if (codes.length === 0) status.textContent = "Paste one or more result codes (or links holding them) first.";
    for (const code of codes) void check(code);
  });
  // "Clear the board" asks first, in the page, with keeping the runs the safe answer (focused, and
  // Escape's): a workshop's board is not lost to Enter pressed twice.
  const clearing = new InlineQuestion(clearBox, {
    answers: ["remove", "keep"],
    safe: "keep",
    onAnswer: (answer) => {
      clearing.dismiss(clear);
      if (answer === "keep") return;
      accepted.clear();
      rejected.clear();
      save();
      render();
      status.textContent = "The board is empty.";
    },
  });
  clear.addEventListener("click", () => {
    if (accepted.size + rejected.size === 0) status.textContent = "The board is empty: there is nothing to remove.";
    else clearing.ask(clearBoardQuestion(accepted.size, rejected.size));
  });
  results.addEventListener("click", (event) => {
    const button = (event.target as HTMLElement).closest<HTMLElement>("[data-remove]");
    const code = button?.dataset.remove;
    if (!button || !code) return;
    const place = [...results.querySelectorAll("[data-remove]")].indexOf(button);
    accepted.delete(code);
    save();
    render();
    status.textContent = "Removed.";
    // The button pressed is gone with its row: keep the keyboard on the board, at the row that
    // took its place (or the last), or at the field for codes once the board is empty.
    const left = results.querySelectorAll<HTMLElement>("[data-remove]");
    handFocus(left[Math.min(place, left.length - 1)], input);
  });

  render();
  const fromLink = codeInLink(location.hash);
  await Promise.all([...readStored(), ...(fromLink ? [fromLink] : [])].map(check));
  if (fromLink) history.replaceState(null, "", location.pathname);
  root.dataset.ready = "true";
}
