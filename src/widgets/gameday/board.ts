/**
 * The results board of a workshop room, with no server: participants' result codes are pasted
 * (or arrive in the address), each is checked by playing its log again in a worker, and the
 * board ranks what it computed. It lists each run once, under its code as this version writes
 * it (`runKey`), whatever form it was pasted in, and marks a run whose actions are another
 * name's (`copiesAmong`). Codes are kept in this browser with the rows their checks computed, so
 * a later visit shows them at once, each row held to its code first (`keptRowHolds`); a new
 * build of the site checks them again.
 */
import { escapeHtml } from "../escape-html.ts";
import { keep, siteStorage } from "../site-storage.ts";
import type { BoardAnswer } from "./board.worker.ts";
import { notPlayedReason } from "./board-reasons.ts";
import { codeInLink } from "../../sim/gameday/code-link.ts";
import { replayLink } from "./share.ts";
import { figuresHtml } from "./figures.ts";
import { countOf } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import {
  type BoardRow,
  copiesAmong,
  copiesText,
  keptRowHolds,
  rank,
  sameActionsText,
} from "../../sim/gameday/board.ts";
import { ranked } from "../../sim/gameday/summary.ts";
import { runKey } from "../../sim/gameday/code.ts";
import { unrankedText } from "../../sim/gameday/report.ts";
import { requiredElement } from "../required-element.ts";
import { InlineQuestion } from "../inline-question.ts";
import { handFocus } from "../focus.ts";

export const boardKey = "blast-radius:gameday-board:v1";
/** Where the board keeps the rows its checks computed (`CheckedRows`), beside its codes. */
export const checkedKey = "blast-radius:gameday-board-checked:v1";

/** The rows the board's checks computed, and the checker that computed them (`trustedRows`). */
export interface CheckedRows {
  checker: string;
  rows: BoardRow[];
}

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

/** The rows a visit shows at once (`trustedRows`), and the codes whose kept rows do not hold. */
export interface Trusted {
  rows: Map<string, BoardRow>;
  /** Codes on the board whose kept row is not what the code holds (`keptRowHolds`): played again. */
  edited: string[];
}

/**
 * The rows of `codes` a visit shows without playing their runs again: those kept (`kept`, the
 * JSON of `CheckedRows`) by the same `checker`, each under its own code and holding what that
 * code does (`keptRowHolds`: a row edited in storage, a score or a name, is not shown but played
 * again, and named in `edited`). The checker is the address of the board's code, which a build
 * names by a hash of its contents (the worker's address among them): a new game, score or
 * wording makes another, and its codes are checked again. An empty checker (the development
 * server's, unhashed) trusts nothing.
 */
export function trustedRows(codes: readonly string[], kept: string | null, checker: string): Trusted {
  const trusted: Trusted = { rows: new Map(), edited: [] };
  let data: Partial<CheckedRows> | null;
  try {
    data = JSON.parse(kept ?? "null") as Partial<CheckedRows> | null;
  } catch {
    return trusted;
  }
  if (checker === "" || data?.checker !== checker || !Array.isArray(data.rows)) return trusted;
  const byCode = new Map<string, unknown>();
  for (const row of data.rows as unknown[]) {
    const code = (row as { code?: unknown } | null)?.code;
    if (typeof code === "string") byCode.set(code, row);
  }
  for (const code of codes) {
    const row = byCode.get(code);
    if (keptRowHolds(row)) trusted.rows.set(code, row);
    else if (row !== undefined) trusted.edited.push(code);
  }
  return trusted;
}

/** What the board says of a code whose kept row it dropped (`Trusted.edited`). */
export const editedRowText =
  "the row this browser kept for it is not what the code holds (its name, seed or score was changed where the board keeps its runs), so the board dropped that row and played the code again";

/** What the status adds once such codes have been played again. */
export function editedRowsText(rows: number): string {
  return `${countOf(rows, "kept row")} did not match ${rows === 1 ? "its code" : "their codes"} and ${rows === 1 ? "was" : "were"} played again (listed below).`;
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
 * A run as one paste holds it: the code first pasted for it, the run's key (`runKey`), and how
 * many times the paste held the run (the same code twice, or a GD1 code and its GD2 twin, is one run).
 */
export interface Pasted {
  code: string;
  key: string;
  times: number;
}

/** Each run of one paste once, in the order first pasted, with how many times it was pasted. */
export function pastedOnce(codes: readonly string[]): Pasted[] {
  const runs = new Map<string, Pasted>();
  for (const code of codes) {
    const key = runKey(code);
    const run = runs.get(key);
    if (run) run.times++;
    else runs.set(key, { code, key, times: 1 });
  }
  return [...runs.values()];
}

/**
 * What became of a code pasted: added to the board by this paste, already on it before, or
 * refused (`reason`, in the list of refused codes).
 */
export type Fate = "added" | "already" | "refused";

/** "pasted 2 times", after a code pasted more than once; "" after one pasted once. */
const timesText = (times: number) => (times > 1 ? ` (pasted ${countOf(times, "time")})` : "");

/**
 * Why a code pasted was not added again: the run it holds is on the board, listed once (a paste
 * that held it twice added it once, so its second copy found it there). Said of each such code:
 * a duplicate dropped without a word read as a code lost.
 */
export function alreadyText(run: Pick<BoardRow, "name" | "title" | "seed">, times: number): string {
  return `already on the board (${run.name}, ${run.title}, seed ${run.seed}), so listed once${timesText(times)}`;
}

/** Why a code was refused, with how many times the last paste held it. */
export function refusedText(reason: string, times: number): string {
  return `${reason}${timesText(times)}`;
}

/**
 * What the status says once a paste is checked: what became of each code pasted, counted so that
 * the counts add up to the codes pasted (a code pasted twice and added counts once as added and
 * once as already on the board, its second copy having found it there), then what the board holds.
 */
export function pasteText(
  fates: readonly (Pick<Pasted, "code" | "times"> & { fate: Fate })[],
  onBoard: number,
): string {
  let added = 0;
  let already = 0;
  let refused = 0;
  for (const { times, fate } of fates) {
    if (fate === "added") {
      added++;
      already += times - 1;
    } else if (fate === "already") already += times;
    else refused += times;
  }
  const pasted = added + already + refused;
  const parts = [
    added ? `${added} added` : "",
    already ? `${already} already on the board` : "",
    refused ? `${refused} refused` : "",
  ].filter(Boolean);
  return `${countOf(pasted, "code")} pasted: ${listNames(parts)}. ${countOf(onBoard, "run")} on the board.`;
}

/**
 * What "Clear the board" asks, from what it would remove: the runs it ranks and the codes it
 * refused. The codes themselves stay wherever participants copied them from.
 */
export function clearBoardQuestion(runs: number, refused: number): string {
  const what = [runs ? countOf(runs, "run") : "", refused ? countOf(refused, "refused code") : ""].filter(Boolean);
  return `Remove ${what.join(" and ")} from this board? Participants keep their result codes, so a run removed can be pasted again.`;
}

export function mountBoard(root: HTMLElement): void {
  const input = q<HTMLTextAreaElement>(root, "[data-codes]");
  const add = q<HTMLButtonElement>(root, "[data-add]");
  const clear = q<HTMLButtonElement>(root, "[data-clear]");
  const clearBox = q<HTMLElement>(root, "[data-clear-question]");
  const status = q<HTMLElement>(root, "[data-status]");
  const results = q<HTMLElement>(root, "[data-board]");
  const refused = q<HTMLElement>(root, "[data-rejected]");
  // The runs on the board, by key (`runKey`: the code as this version writes it).
  const accepted = new Map<string, BoardRow>();
  // The codes refused, by the text pasted.
  const rejected = new Map<string, string>();
  // What the last paste held twice, or held that was on the board already: said until the next
  // paste, by run (the code pasted, and how many times the paste held the run).
  const again = new Map<string, { code: string; times: number }>();
  const refusedTimes = new Map<string, number>();
  // The runs whose kept rows did not hold their codes on this visit (`trustedRows`): said until the next paste.
  const rechecked = new Set<string>();
  // When each run reached the board, by key: the first of runs with the same actions is the one
  // the others copy (`copiesAmong`), whatever order their checks end in.
  const arrival = new Map<string, number>();
  let arrivals = 0;
  const arrive = (key: string) => {
    if (!arrival.has(key)) arrival.set(key, arrivals++);
  };
  const inArrival = (keys: Iterable<string>) =>
    [...keys].sort((a, b) => (arrival.get(a) ?? arrivals) - (arrival.get(b) ?? arrivals));
  let checking = 0;
  let nextId = 1;
  // The checks the worker holds, by id: each code's, and what hears its answer.
  const waiting = new Map<number, { code: string; resolve: (answer: BoardAnswer) => void }>();
  // The checks under way, by run: a run pasted while it is being checked is not played twice.
  const inFlight = new Map<string, Promise<Exclude<Fate, "already">>>();
  // Times the board was cleared: a check begun before a clear adds nothing after it.
  let clears = 0;
  // The worker starts with the first check: a visit whose runs were all checked before needs none.
  let worker: Worker | null = null;
  const checker = () => {
    if (!worker) {
      const started = new Worker(new URL("./board.worker.ts", import.meta.url), { type: "module" });
      started.onmessage = (event: MessageEvent<BoardAnswer>) => {
        waiting.get(event.data.id)?.resolve(event.data);
        waiting.delete(event.data.id);
      };
      // A checker that cannot load (offline, a build replaced under the page) or dies answers every
      // code it holds as not played, so no "Checking…" stays for ever; the next check starts another.
      started.onerror = (event) => {
        event.preventDefault();
        started.terminate();
        if (worker === started) worker = null;
        const why = event.message || "its checker did not load";
        for (const [id, { code, resolve }] of waiting) resolve({ id, ok: false, code, reason: notPlayedReason(why) });
        waiting.clear();
      };
      worker = started;
    }
    return worker;
  };
  const checkerName = import.meta.env.DEV ? "" : new URL(import.meta.url).pathname;

  // Where storage is refused or full, the board shows what it has, kept only in this page.
  const save = () => {
    const keys = inArrival(accepted.keys());
    keep(boardKey, JSON.stringify(keys));
    const kept: CheckedRows = { checker: checkerName, rows: keys.map((key) => accepted.get(key)!) };
    keep(checkedKey, accepted.size ? JSON.stringify(kept) : null);
  };

  function render(): void {
    const groups = new Map<string, BoardRow[]>();
    for (const key of inArrival(accepted.keys())) {
      const row = accepted.get(key)!;
      const group = `${row.scenario}|${row.seed}`;
      groups.set(group, [...(groups.get(group) ?? []), row]);
    }
    results.innerHTML = groups.size
      ? [...groups.values()]
          .map((group) => {
            const copies = copiesAmong(group);
            const rows = rank(group, copies);
            const first = rows[0]!;
            const early = rows.filter((row) => !ranked(row)).length;
            // Why a row has no rank, for a screen reader (the copy's mark is read with its name).
            const unranked = (row: BoardRow) =>
              [
                ranked(row) ? "" : "acted before the dashboard showed anything",
                copies.has(row) ? "same actions as a run pasted before it" : "",
              ]
                .filter(Boolean)
                .join("; ");
            const nameHtml = (row: BoardRow) => {
              const copied = copies.get(row);
              return `${escapeHtml(row.name)}${copied ? ` <span class="gd-board-copy">(${escapeHtml(sameActionsText(copied.name))})</span>` : ""}`;
            };
            return `<section class="gd-board-group" aria-label="${escapeHtml(`${first.title}, seed ${first.seed}`)}">
              <h2>${escapeHtml(first.title)}, seed ${first.seed} <span class="gd-board-count">(${countOf(rows.length, "run")})</span></h2>
              <div class="gd-board-scroll"><table>
                <thead><tr><th scope="col">rank</th><th scope="col">name</th><th scope="col">tenant-minutes</th><th scope="col">tenants affected</th><th scope="col">error budget</th><th scope="col">time to mitigate</th><th scope="col">actions</th><th scope="col"><span class="sr-only">replay or remove</span></th></tr></thead>
                <tbody>${rows
                  .map(
                    (
                      row,
                      i,
                    ) => `<tr data-board-row="${escapeHtml(row.code)}"${unranked(row) ? ' data-unranked=""' : ""}>
                      <td>${unranked(row) ? `<span aria-hidden="true">–</span><span class="sr-only">not ranked: ${unranked(row)}</span>` : i + 1}</td><th scope="row">${nameHtml(row)}</th>
                      ${[row.rows[0]![1], row.rows[1]![1], row.rows[2]![1], row.mitigation].map((text) => `<td>${figuresHtml(text)}</td>`).join("")}<td>${row.actions}</td>
                      <td><a href="${escapeHtml(replayLink(row.scenario, row.code))}">Replay</a> <button type="button" class="br-button" data-remove="${escapeHtml(row.code)}">Remove</button></td>
                    </tr>`,
                  )
                  .join("")}</tbody>
              </table></div>
              ${early ? `<p class="gd-board-note">– not ranked: ${escapeHtml(unrankedText(early, first.faultAt, first.signAt))}</p>` : ""}
              ${copies.size ? `<p class="gd-board-note">– not ranked: ${escapeHtml(copiesText(copies.size))}</p>` : ""}
            </section>`;
          })
          .join("")
      : "<p>No runs on the board yet: paste result codes above.</p>";
    const item = (code: string, why: string) =>
      `<li><code>${escapeHtml(code.slice(0, 60))}</code>: ${escapeHtml(why)}</li>`;
    const listed = [...again].filter(([key]) => accepted.has(key));
    refused.innerHTML = [
      listed.length
        ? `<h2>Already on the board</h2><ul data-already>${listed.map(([key, { code, times }]) => item(code, alreadyText(accepted.get(key)!, times))).join("")}</ul>`
        : "",
      rechecked.size
        ? `<h2>Played again</h2><ul data-rechecked>${[...rechecked].map((code) => item(code, editedRowText)).join("")}</ul>`
        : "",
      rejected.size
        ? `<h2>Refused</h2><ul>${[...rejected].map(([code, why]) => item(code, refusedText(why, refusedTimes.get(code) ?? 1))).join("")}</ul>`
        : "",
    ].join("");
    root.dataset.accepted = String(accepted.size);
    root.dataset.rejected = String(rejected.size);
    // A question about clearing counts what is on the board now, or goes once nothing is.
    if (clearing.shown && accepted.size + rejected.size === 0) clearing.dismiss(clear);
    else if (clearing.shown) clearing.reword(clearBoardQuestion(accepted.size, rejected.size));
  }

  /** What the status says once no check is under way. */
  const boardText = () =>
    `${countOf(accepted.size, "run")} on the board${rejected.size ? `, ${rejected.size} refused` : ""}.${rechecked.size ? ` ${editedRowsText(rechecked.size)}` : ""}`;

  /** Check `code` (a run `key` not on the board) by playing it again: it is added, or refused. */
  function check(code: string, key = runKey(code)): Promise<Exclude<Fate, "already">> {
    const under = inFlight.get(key);
    if (under) return under;
    arrive(key);
    checking++;
    status.textContent = `Checking ${countOf(checking, "code")} (each run is played again)…`;
    root.dataset.checking = String(checking);
    const id = nextId++;
    const era = clears;
    const fate = new Promise<BoardAnswer>((resolve) => {
      waiting.set(id, { code, resolve });
      checker().postMessage({ id, code });
    }).then((answer) => {
      checking--;
      if (inFlight.get(key) === fate) inFlight.delete(key);
      root.dataset.checking = String(checking);
      if (era === clears) {
        if (answer.ok) {
          const { id: _, ...row } = answer;
          accepted.set(answer.code, row);
          rejected.delete(code);
        } else rejected.set(code, answer.reason);
        save();
        render();
      }
      status.textContent = checking ? `Checking ${countOf(checking, "code")}…` : boardText();
      return answer.ok ? ("added" as const) : ("refused" as const);
    });
    inFlight.set(key, fate);
    return fate;
  }

  /** Check what was pasted, each code once, and say what became of every code pasted. */
  async function addPasted(codes: readonly string[]): Promise<void> {
    const pasted = pastedOnce(codes);
    again.clear();
    refusedTimes.clear();
    rechecked.clear();
    const era = clears;
    const fates = await Promise.all(
      pasted.map(async (p) => {
        // A code being checked already (kept from an earlier visit, or pasted before) was on its
        // way to the board before this paste.
        const before = inFlight.get(p.key);
        const fate: Fate = accepted.has(p.key)
          ? "already"
          : before
            ? (await before) === "added"
              ? "already"
              : "refused"
            : await check(p.code, p.key);
        if (fate === "refused") refusedTimes.set(p.code, p.times);
        else if (fate === "already" || p.times > 1) again.set(p.key, { code: p.code, times: p.times });
        return { ...p, fate };
      }),
    );
    // Cleared while it was checked, the paste has nothing left to say.
    if (era !== clears) return;
    render();
    if (checking === 0) status.textContent = pasteText(fates, accepted.size);
  }

  add.addEventListener("click", () => {
    const codes = splitCodes(input.value);
    input.value = "";
    if (codes.length === 0) status.textContent = "Paste one or more result codes (or links holding them) first.";
    else void addPasted(codes);
  });
  // "Clear the board" asks first, in the page, with keeping the runs the safe answer (focused, and
  // Escape's): a workshop's board is not lost to Enter pressed twice.
  const clearing = new InlineQuestion(clearBox, {
    answers: ["remove", "keep"],
    safe: "keep",
    onAnswer: (answer) => {
      clearing.dismiss(clear);
      if (answer === "keep") return;
      // Checks under way finish for nothing: a code pasted again is checked again.
      clears++;
      inFlight.clear();
      accepted.clear();
      rejected.clear();
      again.clear();
      refusedTimes.clear();
      rechecked.clear();
      arrival.clear();
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
    again.delete(code);
    arrival.delete(code);
    save();
    render();
    status.textContent = "Removed.";
    // The button pressed is gone with its row: keep the keyboard on the board, at the row that
    // took its place (or the last), or at the field for codes once the board is empty.
    const left = results.querySelectorAll<HTMLElement>("[data-remove]");
    handFocus(left[Math.min(place, left.length - 1)], input);
  });

  // The runs checked on an earlier visit show at once, played again by no worker; the others (a
  // code arriving in the address, or one kept by another build) are checked. The board answers
  // Add at once too: a paste is not held until those checks end.
  // Each run once, by key: a board kept by an earlier build may hold one run in two forms.
  const fromLink = codeInLink(location.hash);
  const codes = new Map<string, string>();
  for (const code of [...readStored(), ...(fromLink ? [fromLink] : [])]) {
    const key = runKey(code);
    if (!codes.has(key)) codes.set(key, code);
    arrive(key);
  }
  const trusted = trustedRows([...codes.keys()], siteStorage()?.getItem(checkedKey) ?? null, checkerName);
  for (const [key, row] of trusted.rows) accepted.set(key, row);
  for (const key of trusted.edited) rechecked.add(key);
  render();
  if (accepted.size) status.textContent = `${countOf(accepted.size, "run")} on the board.`;
  void Promise.all([...codes].filter(([key]) => !accepted.has(key)).map(([key, code]) => check(code, key))).then(() => {
    if (fromLink) history.replaceState(null, "", location.pathname);
    root.dataset.ready = "true";
  });
}
