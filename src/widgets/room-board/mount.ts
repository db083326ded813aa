/**
 * The room board in the page: reads the pasted links and chosen files, draws the comparison,
 * and keeps the pasted links in this browser so a reload loses nothing.
 */
import { escapeHtml } from "../escape-html.ts";
import { readCatalog } from "../progress/catalog.ts";
import {
  boardLimit,
  mapRow,
  progressRow,
  rankMaps,
  readLinks,
  roomStanding,
  sharedFindings,
  type BadInput,
  type MapRow,
  type ProgressRow,
} from "./board.ts";

const storageKey = "blast-radius:room-board:v1";

function store(): Storage | undefined {
  try {
    return localStorage;
  } catch {
    return undefined;
  }
}

export function mountRoomBoard(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-board-form]")!;
  const links = form.elements.namedItem("links") as HTMLTextAreaElement;
  const files = form.elements.namedItem("files") as HTMLInputElement;
  const status = root.querySelector<HTMLElement>("[data-board-status]")!;
  const fileList = root.querySelector<HTMLElement>("[data-board-files]")!;
  const catalog = readCatalog(root.querySelector("[data-board-catalog]"));
  links.value ||= store()?.getItem(storageKey) ?? "";
  status.textContent = "Paste links or add files, then press Compare.";

  const showFiles = () => {
    const names = [...(files.files ?? [])].map((f) => f.name);
    fileList.textContent = names.length ? `Files: ${names.join(", ")}` : "";
  };
  files.addEventListener("change", showFiles);
  links.addEventListener("input", () => store()?.setItem(storageKey, links.value));

  async function compare(): Promise<void> {
    status.textContent = "Reading…";
    const maps: (MapRow | BadInput)[] = await readLinks(links.value);
    const progress: (ProgressRow | BadInput)[] = [];
    for (const file of [...(files.files ?? [])].slice(0, boardLimit)) {
      if (file.size > 5_000_000) {
        progress.push({ ok: false, source: file.name, message: "too large for the board" });
        continue;
      }
      const text = await file.text();
      // Progress files are JSON; anything else is read as an exported map.
      if (/\.json$/i.test(file.name) || text.trimStart().startsWith("{"))
        progress.push(progressRow(file.name, text, catalog));
      else maps.push(mapRow(file.name, text));
    }
    drawMaps(rankMaps(maps));
    drawProgress(progress);
    const good = maps.filter((m) => m.ok).length;
    const goodFiles = progress.filter((p) => p.ok).length;
    const bad = maps.length - good + progress.length - goodFiles;
    status.textContent =
      maps.length + progress.length === 0
        ? "Nothing to compare yet: paste a share link or add a file."
        : `Compared ${good} ${good === 1 ? "map" : "maps"} and ${goodFiles} progress ${goodFiles === 1 ? "file" : "files"}${bad ? `; ${bad} could not be read (listed in red)` : ""}.`;
  }

  function drawMaps(rows: (MapRow | BadInput)[]): void {
    const section = root.querySelector<HTMLElement>("[data-board-maps]")!;
    section.hidden = rows.length === 0;
    const body = rows
      .map((r, i) =>
        r.ok
          ? `<tr><td class="board__num">${i + 1}</td><th scope="row">${escapeHtml(r.name)}<br><small>${escapeHtml(r.source)}</small></th><td>${r.riskiest ? escapeHtml(r.riskiest.resource) : "none"}</td><td class="board__num">${r.riskiest ? `${r.riskiest.shareText} of ${r.riskiest.of}` : "–"}</td><td class="board__num">${r.flagged.length}</td><td>${escapeHtml(r.flagged.join(", ")) || "none"}</td></tr>`
          : `<tr data-bad><td class="board__num">–</td><th scope="row">${escapeHtml(r.source)}</th><td colspan="4">Could not read it: ${escapeHtml(r.message)}</td></tr>`,
      )
      .join("");
    root.querySelector("[data-board-map-table]")!.innerHTML =
      `<caption>Each group's riskiest resource: the one whose saturation loses the most</caption><thead><tr><th scope="col">Rank</th><th scope="col">Map</th><th scope="col">Riskiest resource</th><th scope="col">Lost if it saturates</th><th scope="col">Shared by unrelated services</th><th scope="col">Which</th></tr></thead><tbody>${body}</tbody>`;
    const shared = sharedFindings(rows);
    root.querySelector("[data-board-shared]")!.innerHTML = shared.length
      ? `<p><strong>Found by more than one group:</strong> ${shared.map((s) => `${escapeHtml(s.resource)} (${s.maps} maps)`).join(", ")}.</p>`
      : "";
  }

  function drawProgress(rows: (ProgressRow | BadInput)[]): void {
    const section = root.querySelector<HTMLElement>("[data-board-progress]")!;
    section.hidden = rows.length === 0;
    const total = catalog.reduce((n, c) => n + c.exercises.length, 0);
    root.querySelector("[data-board-progress-table]")!.innerHTML =
      `<caption>Each file</caption><thead><tr><th scope="col">File</th><th scope="col">Exercises solved</th></tr></thead><tbody>${rows
        .map((r) =>
          r.ok
            ? `<tr><th scope="row">${escapeHtml(r.source)}</th><td class="board__num">${r.solved} of ${total}${r.unknown.length ? ` (${r.unknown.length} unknown ${r.unknown.length === 1 ? "exercise" : "exercises"} ignored)` : ""}</td></tr>`
            : `<tr data-bad><th scope="row">${escapeHtml(r.source)}</th><td>Could not read it: ${escapeHtml(r.message)}</td></tr>`,
        )
        .join("")}</tbody>`;
    const good = rows.filter((r) => r.ok).length;
    const standing = roomStanding(rows, catalog);
    root.querySelector("[data-board-standing]")!.innerHTML = standing.length
      ? `<caption>Where the room stands (out of ${good} ${good === 1 ? "file" : "files"})</caption><thead><tr><th scope="col">Exercise</th><th scope="col">Chapter</th><th scope="col">Solved</th><th scope="col">Tried, not solved</th></tr></thead><tbody>${standing
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
    showFiles();
    store()?.removeItem(storageKey);
    for (const el of root.querySelectorAll<HTMLElement>("[data-board-maps], [data-board-progress]")) el.hidden = true;
    status.textContent = "The board is empty.";
  });
  root.dataset.ready = "";
}
