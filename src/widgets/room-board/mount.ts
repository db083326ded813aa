/**
 * The room board in the page: reads the pasted links and chosen files, draws the comparison,
 * and keeps the pasted links and the chosen files' contents in this browser, so a reload loses
 * nothing (a file input cannot be refilled, so the board keeps its own list of files).
 */
import { escapeHtml } from "../escape-html.ts";
import { keep, siteStorage } from "../site-storage.ts";
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

const storageKey = "blast-radius:room-board:v1";
const filesKey = "blast-radius:room-board:files:v1";
/** Larger files are refused: a progress or map file is a few kilobytes. */
const maxFileBytes = 5_000_000;
/** The maps section's title when none of its maps could be read, and what its one column says. */
const unrankedTitle = "No map could be read";
const whyLabel = "What is wrong";

interface KeptFile {
  name: string;
  text: string;
}

function readKept(): KeptFile[] {
  try {
    const raw: unknown = JSON.parse(siteStorage()?.getItem(filesKey) ?? "[]");
    if (!Array.isArray(raw)) return [];
    return raw.filter((f): f is KeptFile => typeof f?.name === "string" && typeof f?.text === "string");
  } catch {
    return [];
  }
}

export function mountRoomBoard(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-board-form]")!;
  const links = form.elements.namedItem("links") as HTMLTextAreaElement;
  const files = form.elements.namedItem("files") as HTMLInputElement;
  const status = root.querySelector<HTMLElement>("[data-board-status]")!;
  const fileList = root.querySelector<HTMLElement>("[data-board-files]")!;
  const catalog = readCatalog(root.querySelector("[data-board-catalog]"));
  links.value ||= siteStorage()?.getItem(storageKey) ?? "";
  status.textContent = "Paste links or add files, then press Compare.";

  let kept = readKept();
  /** Why the files are not kept across a reload, if they are not. */
  let keepProblem = "";
  const showFiles = () => {
    const names = kept.map((f) => f.name);
    fileList.textContent = names.length
      ? `Files on the board (${names.length}): ${names.join(", ")}.${keepProblem ? ` ${keepProblem}` : ""}`
      : "";
  };
  const saveKept = () => {
    // Refused storage keeps nothing at all; only a full one is worth a word here.
    keepProblem =
      keep(filesKey, kept.length ? JSON.stringify(kept) : null) || !siteStorage()
        ? ""
        : "They are too large to keep in this browser: a reload loses them.";
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
    saveKept();
    showFiles();
    if (tooLarge.length) fileList.textContent += ` Too large for the board: ${tooLarge.join(", ")}.`;
  }
  showFiles();
  links.addEventListener("input", () => keep(storageKey, links.value));

  async function compare(): Promise<void> {
    status.textContent = "Reading…";
    await reading;
    const { maps, progress } = await readBoard(links.value, kept, catalog);
    const ranked = rankMaps(maps);
    drawMaps(ranked);
    drawCommitments(ranked);
    drawProgress(progress);
    status.textContent = boardSummary(maps, progress);
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
  root.querySelector("[data-board-clear]")!.addEventListener("click", () => {
    links.value = "";
    files.value = "";
    kept = [];
    saveKept();
    showFiles();
    keep(storageKey, null);
    for (const el of root.querySelectorAll<HTMLElement>(
      "[data-board-maps], [data-board-commitments], [data-board-progress]",
    ))
      el.hidden = true;
    status.textContent = "The board is empty.";
  });
  // Back after a reload: the board shows what it showed, from the kept links and files.
  if (links.value.trim() || kept.length) void compare().then(() => (root.dataset.ready = ""));
  else root.dataset.ready = "";
}
