/**
 * The room board in the page: reads the pasted links and chosen files, draws the comparison,
 * and keeps the pasted links and the chosen files' contents in this browser, so a reload loses
 * nothing (a file input cannot be refilled, so the board keeps its own list of files). Every tab
 * of the board shares the two kept lists (kept.ts, ../synced-list.ts): a tab follows another tab's writes, and merges
 * them with its own when both changed, saying so. Where storage is refused, the page says that a
 * reload empties the board. "Clear the board" asks first, saying what goes.
 */
import { escapeHtml } from "../escape-html.ts";
import { InlineQuestion } from "../inline-question.ts";
import { siteStorage } from "../site-storage.ts";
import { readCatalog } from "../progress/catalog.ts";
import {
  boardSummary,
  rankMaps,
  readBoard,
  roomCommitments,
  roomStanding,
  sharedFindings,
  type BadInput,
  type MapRow,
  type ProgressRow,
} from "./board.ts";
import { countOf } from "../../format/number.ts";
import { clearQuestion, filesCodec, type KeptFile, linesCodec, pastedLines, refusedText, syncText } from "./kept.ts";
import { SharedList, type Synced } from "../synced-list.ts";

const storageKey = "blast-radius:room-board:v1";
const filesKey = "blast-radius:room-board:files:v1";
/** Larger files are refused: a progress or map file is a few kilobytes. */
const maxFileBytes = 5_000_000;
/** The maps section's title when none of its maps could be read, and what its one column says. */
const unrankedTitle = "No map could be read";
const whyLabel = "What is wrong";

export function mountRoomBoard(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-board-form]")!;
  const links = form.elements.namedItem("links") as HTMLTextAreaElement;
  const files = form.elements.namedItem("files") as HTMLInputElement;
  const status = root.querySelector<HTMLElement>("[data-board-status]")!;
  const fileList = root.querySelector<HTMLElement>("[data-board-files]")!;
  const catalog = readCatalog(root.querySelector("[data-board-catalog]"));
  const storage = siteStorage();
  if (!storage) {
    const keeping = root.querySelector<HTMLElement>("[data-board-keeping]")!;
    keeping.textContent = refusedText;
    keeping.dataset.refused = "";
  }
  const keptLinks = new SharedList(storageKey, linesCodec, storage);
  const storedLinks = keptLinks.load();
  status.textContent = "Paste links or add files, then press Compare.";

  /** The box's text as `synced` left it; the caret stays as far from the end as it was. */
  const showLinks = (synced: Synced<string>) => {
    const text = linesCodec.write(synced.list) ?? "";
    if (text === links.value) return;
    const fromEnd = links.value.length - links.selectionEnd;
    links.value = text;
    if (document.activeElement === links) {
      const at = Math.max(0, text.length - fromEnd);
      links.setSelectionRange(at, at);
    }
  };
  const syncLinks = (): Synced<string> => {
    const synced = keptLinks.sync(linesCodec.read(links.value));
    showLinks(synced);
    return synced;
  };
  // A box the browser refilled (Back) keeps its lines, with the stored ones another tab may have added.
  if (links.value) showLinks(keptLinks.opened(linesCodec.read(links.value)));
  else links.value = linesCodec.write(storedLinks) ?? "";

  const keptFiles = new SharedList(filesKey, filesCodec, storage);
  let kept: KeptFile[] = keptFiles.load();
  /** Why the files are not kept across a reload, if they are not. */
  let keepProblem = "";
  const showFiles = () => {
    const names = kept.map((f) => f.name);
    fileList.textContent = names.length
      ? `Files on the board (${names.length}): ${names.join(", ")}.${keepProblem ? ` ${keepProblem}` : ""}`
      : "";
  };
  /** Keeps the files, with what other tabs did to them meanwhile (kept.ts); shows them. */
  const syncFiles = (): Synced<KeptFile> => {
    const synced = keptFiles.sync(kept);
    kept = synced.list;
    keepProblem = synced.kept
      ? ""
      : storage
        ? "They are too large to keep in this browser: a reload loses them."
        : "This browser keeps nothing for this site: a reload loses them.";
    showFiles();
    return synced;
  };
  /** Chosen files join the board (a file of the same name replaces the earlier one), and are kept. */
  let reading: Promise<void> = Promise.resolve();
  files.addEventListener("change", () => {
    const chosen = [...(files.files ?? [])];
    reading = reading.then(() => addChosenFiles(chosen));
  });
  async function addChosenFiles(chosen: File[]): Promise<void> {
    const tooLarge: string[] = [];
    for (const file of chosen) {
      if (file.size > maxFileBytes) {
        tooLarge.push(file.name);
        continue;
      }
      const text = await file.text();
      kept = [...kept.filter((f) => f.name !== file.name), { name: file.name, text }];
    }
    files.value = "";
    const synced = syncFiles();
    if (synced.outcome === "merged") status.textContent = syncText("files", synced);
    if (tooLarge.length) fileList.textContent += ` Too large for the board: ${tooLarge.join(", ")}.`;
  }
  showFiles();
  links.addEventListener("input", () => {
    const synced = syncLinks();
    if (synced.outcome === "merged") status.textContent = syncText("links", synced);
  });

  /** Comparisons begun: only the latest one draws (another tab's writes start one each). */
  let comparisons = 0;
  /** Compares what is on the board; the status says `note` (what just happened), then what was compared. */
  async function compare(note = ""): Promise<void> {
    const mine = ++comparisons;
    status.textContent = "Reading…";
    await reading;
    const { maps, progress } = await readBoard(links.value, kept, catalog);
    if (mine !== comparisons) return;
    const ranked = rankMaps(maps);
    drawMaps(ranked);
    drawCommitments(ranked);
    drawProgress(progress);
    status.textContent = [note, boardSummary(maps, progress)].filter(Boolean).join(" ");
  }

  /** Why a row is not on the board: a fault in it, a repeat of an earlier map, or past the limit. */
  const badText = (r: BadInput) =>
    r.repeatOf !== undefined
      ? `${escapeHtml(r.source)} is the same map as ${escapeHtml(r.repeatOf)}: counted once.`
      : r.leftOut !== undefined
        ? `Left out: ${escapeHtml(r.message)}.`
        : `Could not read it: ${escapeHtml(r.message)}`;

  const mapsTitle = root.querySelector<HTMLElement>("[data-board-maps] h2")!;
  /** The section's title while it ranks maps (the page's). */
  const rankedTitle = mapsTitle.textContent ?? "";

  function drawMaps(rows: (MapRow | BadInput)[]): void {
    const section = root.querySelector<HTMLElement>("[data-board-maps]")!;
    section.hidden = rows.length === 0;
    const table = root.querySelector("[data-board-map-table]")!;
    // No map could be read: nothing to rank, so no ranking; what went wrong with each, alone.
    const bad = rows.filter((r): r is BadInput => !r.ok);
    if (bad.length === rows.length) {
      mapsTitle.textContent = unrankedTitle;
      table.innerHTML = `<caption>What is wrong with each</caption><thead><tr><th scope="col">Link or file</th><th scope="col">${whyLabel}</th></tr></thead><tbody>${bad
        .map(
          (r) =>
            `<tr${r.repeatOf === undefined ? " data-bad" : " data-repeat"}><th scope="row">${escapeHtml(r.source)}</th><td data-label="${whyLabel}">${badText(r)}</td></tr>`,
        )
        .join("")}</tbody>`;
      root.querySelector("[data-board-shared]")!.innerHTML = "";
      return;
    }
    mapsTitle.textContent = rankedTitle;
    const body = rows
      .map((r, i) =>
        r.ok
          ? `<tr${r.skipped.length ? " data-skipped" : ""}><td class="board__num" data-label="Rank">${i + 1}</td><th scope="row">${escapeHtml(r.name)}${r.name === r.source ? "" : `<br><small>${escapeHtml(r.source)}</small>`}${r.skipped.length ? `<br><small class="board__skipped">${countOf(r.skipped.length, "decide line")} skipped (see Commitments)</small>` : ""}</th><td data-label="Riskiest resource">${r.riskiest ? escapeHtml(r.riskiest.resource) : "none"}</td><td class="board__num" data-label="Lost if it saturates">${r.riskiest ? `${r.riskiest.shareText} of ${r.riskiest.of}` : "–"}</td><td class="board__num" data-label="Shared by unrelated services">${r.flagged.length}</td><td data-label="Which">${escapeHtml(r.flagged.join(", ")) || "none"}</td></tr>`
          : `<tr${r.repeatOf === undefined ? " data-bad" : " data-repeat"}><td class="board__num" data-label="Rank"><span aria-hidden="true">–</span><span class="sr-only">not ranked</span></td><th scope="row">${escapeHtml(r.source)}</th><td colspan="4" data-label="Not ranked">${badText(r)}</td></tr>`,
      )
      .join("");
    table.innerHTML = `<caption>Each group's riskiest resource: the one whose saturation loses the most</caption><thead><tr><th scope="col">Rank</th><th scope="col">Map</th><th scope="col">Riskiest resource</th><th scope="col">Lost if it saturates</th><th scope="col">Shared by unrelated services</th><th scope="col">Which</th></tr></thead><tbody>${body}</tbody>`;
    const shared = sharedFindings(rows);
    root.querySelector("[data-board-shared]")!.innerHTML = shared.length
      ? `<p><strong>Found by more than one group:</strong> ${shared.map((s) => `${escapeHtml(s.resource)} (${s.maps} maps)`).join(", ")}.</p>`
      : "";
  }

  function drawCommitments(rows: (MapRow | BadInput)[]): void {
    const section = root.querySelector<HTMLElement>("[data-board-commitments]")!;
    const room = roomCommitments(rows);
    const maps = rows.filter((r) => r.ok).length;
    section.hidden = maps === 0;
    const missing = (c: (typeof room.all)[number], what: "owner" | "date", value: string | undefined) => {
      const label = what === "owner" ? "Owner" : "By when";
      return c.missing.includes(what)
        ? `<td class="board__missing" data-label="${label}">no ${what} yet</td>`
        : `<td data-label="${label}">${escapeHtml(value ?? "")}</td>`;
    };
    root.querySelector("[data-board-commitments-table]")!.innerHTML = room.all.length
      ? `<caption>Each group's decisions, riskiest map first (from its map's "decide" lines)</caption><thead><tr><th scope="col">Map</th><th scope="col">Resource</th><th scope="col">Decision</th><th scope="col">The change</th><th scope="col">Owner</th><th scope="col">By when</th></tr></thead><tbody>${room.all
          .map(
            (c) =>
              `<tr${c.missing.length ? " data-incomplete" : ""}><th scope="row">${escapeHtml(c.map)}</th><td data-label="Resource"><span>${escapeHtml(c.resource)}${c.flagged ? "" : " <small>(not flagged)</small>"}</span></td><td data-label="Decision">${c.decision}</td><td data-label="The change">${escapeHtml(c.change ?? "") || "–"}</td>${missing(c, "owner", c.owner)}${missing(c, "date", c.by)}</tr>`,
          )
          .join("")}</tbody>`
      : "";
    const incomplete = room.all.filter((c) => c.missing.length > 0).length;
    const notes = [
      room.all.length === 0
        ? `No map has a decision yet. A group adds one in the map builder, one line per resource: <code>decide main-db split: a pool per service; owner Priya; by 15 January</code> (or protect, or accept).`
        : `${countOf(room.all.length, "commitment")} from ${countOf(maps, "map")}${incomplete ? `; <strong>${incomplete} without an owner or a date</strong>: settle them before the room leaves` : ", each with an owner and a date"}.`,
      ...room.skipped.map((note) => `<span class="board__skipped">${escapeHtml(note)}</span>`),
      ...room.disagreements.map(
        (d) =>
          `<strong>Groups differ on ${escapeHtml(d.resource)}:</strong> ${d.decisions.map((x) => `${escapeHtml(x.map)} would ${x.decision} it`).join(", ")}.`,
      ),
      ...room.undecided.map(
        (u) => `${escapeHtml(u.map)}: flagged but not decided yet: ${escapeHtml(u.resources.join(", "))}.`,
      ),
    ];
    root.querySelector("[data-board-commitments-notes]")!.innerHTML =
      `<ul class="board__notes">${notes.map((n) => `<li>${n}</li>`).join("")}</ul>`;
  }

  function drawProgress(rows: (ProgressRow | BadInput)[]): void {
    const section = root.querySelector<HTMLElement>("[data-board-progress]")!;
    section.hidden = rows.length === 0;
    const total = catalog.reduce((n, c) => n + c.exercises.length, 0);
    root.querySelector("[data-board-progress-table]")!.innerHTML =
      `<caption>Each file</caption><thead><tr><th scope="col">File</th><th scope="col">Exercises solved</th></tr></thead><tbody>${rows
        .map((r) =>
          r.ok
            ? `<tr><th scope="row">${escapeHtml(r.source)}</th><td class="board__num">${r.solved} of ${total}${r.unknown.length ? ` (${countOf(r.unknown.length, "unknown exercise")} ignored)` : ""}</td></tr>`
            : `<tr data-bad><th scope="row">${escapeHtml(r.source)}</th><td>${badText(r)}</td></tr>`,
        )
        .join("")}</tbody>`;
    const good = rows.filter((r) => r.ok).length;
    const standing = roomStanding(rows, catalog);
    root.querySelector("[data-board-standing]")!.innerHTML = standing.length
      ? `<caption>Where the room stands (out of ${countOf(good, "file")})</caption><thead><tr><th scope="col">Exercise</th><th scope="col">Chapter</th><th scope="col">Solved</th><th scope="col">Tried, not solved</th></tr></thead><tbody>${standing
          .map(
            (s) =>
              `<tr><th scope="row">${escapeHtml(s.title)}</th><td>${escapeHtml(s.chapter)}</td><td class="board__num">${s.solved}</td><td class="board__num">${s.stuck}</td></tr>`,
          )
          .join("")}</tbody>`
      : "";
  }

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    void compare();
  });

  const clearButton = root.querySelector<HTMLButtonElement>("[data-board-clear]")!;
  const question = () =>
    clearQuestion(
      pastedLines(links.value),
      kept.map((f) => f.name),
    );
  const empty = () => pastedLines(links.value) + kept.length === 0;
  // "Clear the board" asks first, in the page, with keeping the board the safe answer (focused, and
  // Escape's): the groups' files are not lost to Enter pressed twice.
  const clearing = new InlineQuestion(root.querySelector<HTMLElement>("[data-board-clear-question]")!, {
    answers: ["clear", "keep"],
    safe: "keep",
    onAnswer: (answer) => {
      clearing.dismiss(clearButton);
      if (answer === "keep") return;
      links.value = "";
      files.value = "";
      kept = [];
      // What another tab added meanwhile stays (kept.ts): the board then shows it, and says why.
      const notes = [syncText("links", syncLinks()), syncText("files", syncFiles())].filter(Boolean);
      if (!empty()) {
        void compare(notes.join(" "));
        return;
      }
      for (const el of root.querySelectorAll<HTMLElement>(
        "[data-board-maps], [data-board-commitments], [data-board-progress]",
      ))
        el.hidden = true;
      status.textContent = "The board is empty.";
    },
  });
  clearButton.addEventListener("click", () => {
    if (empty()) status.textContent = "The board is empty: there is nothing to clear.";
    else clearing.ask(question());
  });

  // Another tab of the board wrote a kept list (or the storage was cleared: a null key): this tab
  // follows it, or merges it with its own changes, says which, and compares the board again.
  window.addEventListener("storage", (event) => {
    if (!storage || event.storageArea !== storage) return;
    const notes: string[] = [];
    if (event.key === storageKey || event.key === null) notes.push(syncText("links", syncLinks()));
    if (event.key === filesKey || event.key === null) notes.push(syncText("files", syncFiles()));
    const note = notes.filter(Boolean).join(" ");
    if (!note) return;
    if (clearing.shown) {
      if (empty()) clearing.dismiss(clearButton);
      else clearing.reword(question());
    }
    void compare(note);
  });
  // Back after a reload: the board shows what it showed, from the kept links and files.
  if (links.value.trim() || kept.length) void compare().then(() => (root.dataset.ready = ""));
  else root.dataset.ready = "";
}
