/**
 * What the room board keeps in this browser, and how the board's tabs share it. The board keeps two
 * lists, each under its own key: the pasted links (the box's lines) and the added files. Every tab
 * of the board reads and writes the same two keys, so each list is a SharedList (../synced-list.ts):
 * a tab follows another tab's write (its box or its files become the stored ones), and when both
 * changed a list, the two are merged item by item, so neither tab's new links or files are lost,
 * and the page says so (syncText).
 *
 * Pure.
 */
import { countOf } from "../../format/number.ts";
import { listNames } from "../../format/words.ts";
import { storageRefusedText } from "../site-storage.ts";
import { type ListCodec, type Synced, syncText as sharedSyncText } from "../synced-list.ts";

/** What the board says, under its intro, of what it keeps (the page is built with it). */
export const keptText =
  "The links and the files you add stay on the board in this browser, across a reload, until you clear it. Open in two tabs, the board keeps what each tab adds, and each tab shows it.";

/** What it says instead where the browser refuses the site storage (siteStorage() is null). */
export const refusedText = `${storageRefusedText} Here, a reload empties the board: keep the groups' links and files where they sent them. Allow this site to store data in the browser's settings to keep the board across a reload.`;

/** The pasted links: the box's text, one item per line. */
export const linesCodec: ListCodec<string> = {
  read: (raw) => (raw ? raw.replace(/\r\n?/g, "\n").split("\n") : []),
  write: (list) => (list.length ? list.join("\n") : null),
  id: (line) => line,
};

/** A file the facilitator added: its name and its whole text (a file input cannot be refilled). */
export interface KeptFile {
  name: string;
  text: string;
}

/** The added files, as JSON; a value that cannot be read holds none. */
export const filesCodec: ListCodec<KeptFile> = {
  read(raw) {
    try {
      const list: unknown = JSON.parse(raw ?? "[]");
      if (!Array.isArray(list)) return [];
      return list.filter((f): f is KeptFile => typeof f?.name === "string" && typeof f?.text === "string");
    } catch {
      return [];
    }
  },
  write: (list) => (list.length ? JSON.stringify(list.map(({ name, text }) => ({ name, text }))) : null),
  id: (f) => `${f.name}\u0000${f.text}`,
};

/** What the board says after another tab's write changed one of its lists. */
export function syncText(what: "links" | "files", synced: Synced<unknown>): string {
  return sharedSyncText("board", what, synced);
}

/**
 * The question "Clear the board" asks first, saying what goes: the links in the box and the files
 * (by name), from this browser, with no way back here.
 */
export function clearQuestion(links: number, files: readonly string[]): string {
  const what = [
    ...(links ? [countOf(links, "link")] : []),
    ...(files.length ? [`${countOf(files.length, "file")} (${files.join(", ")})`] : []),
  ];
  return `Clear the board? This removes ${listNames(what)} from the board and from this browser, with no undo${files.length ? `: a file comes back only if the group sends it again` : ""}.`;
}

/** The lines of the box that hold something: what the board counts as pasted links. */
export const pastedLines = (text: string): number => text.split(/\r?\n/).filter((l) => l.trim()).length;
