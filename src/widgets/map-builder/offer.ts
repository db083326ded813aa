/**
 * The builder's one rule for the reader's maps: none is ever dropped unsaid. The map in the editor
 * is the draft (draft.ts), whatever put it there: typed, picked in the Map list, imported from a
 * file, opened from a #map= link, or brought back with a button. When another map takes its place
 * in the editor (loaded whole, by any of those ways), the draft, if it is unsaved work (no list
 * entry holds it: no example, no map saved on this device), is kept beside, and offered with a
 * button, until the reader saves it (then the list holds it). A draft the list holds loses nothing
 * when it goes. By the same rule a reload calls the draft it shows again unsaved only when no list
 * entry holds it.
 *
 * Pure: the page (mount.ts) says what the list holds, and writes what comes out.
 */
import { countOf } from "../../format/number.ts";
import { titleToSave } from "./saving.ts";

/**
 * What the builder keeps of the reader's maps: the map in the editor (`draft`; null for the
 * chapter's own example, untouched), and the reader's other unsaved maps, `beside` it, the latest
 * first, each offered with a button.
 */
export interface Kept {
  draft: string | null;
  beside: string[];
}

/** Nothing kept: the chapter as it was built. */
export const keptNothing: Kept = { draft: null, beside: [] };

/** Says whether the Map list holds a text (an example, or a map saved on this device): such a map loses nothing when it goes. */
export type Held = (text: string) => boolean;

/** The maps kept beside `draft`: each once, none the draft itself, none the list holds (saved since). */
function besideOf(draft: string | null, beside: readonly (string | null)[], held: Held): string[] {
  const seen = new Set<string>();
  return beside.filter((t): t is string => {
    if (t === null || t === draft || held(t) || seen.has(t)) return false;
    seen.add(t);
    return true;
  });
}

/**
 * `loaded` is shown in the editor, whole (picked, imported, a link's, or a map kept beside brought
 * back): it is the draft now. The draft before it, when it is unsaved work, is kept beside
 * (`moved`; null when nothing moved: no draft, the same text, or one the list holds).
 */
export function loadWhole(kept: Kept, loaded: string, held: Held): { kept: Kept; moved: string | null } {
  const { draft } = kept;
  const moved = draft !== null && draft !== loaded && !held(draft) ? draft : null;
  return { kept: { draft: loaded, beside: besideOf(loaded, [moved, ...kept.beside], held) }, moved };
}

/** The reader changed the map in the editor to `text` (typed, pasted): the draft follows; the maps beside stay. */
export function changed(kept: Kept, text: string, held: Held): Kept {
  return { draft: text, beside: besideOf(text, kept.beside, held) };
}

/** What is kept, once the list has changed (a map saved or deleted, maybe in another tab): those it now holds need no keeping beside. */
export function tidied(kept: Kept, held: Held): Kept {
  return { draft: kept.draft, beside: besideOf(kept.draft, kept.beside, held) };
}

/** A map the Map list holds: an example, or a map saved on this device. */
export type Listed = { from: "example"; label: string } | { from: "saved"; title: string };

/** A map named in a sentence: by its title in quotes, or as one with errors (its title line cannot be trusted). */
export function named(text: string): string {
  const read = titleToSave(text);
  return read.ok ? `"${read.title}"` : "(with errors)";
}

/**
 * The reader's unsaved map, as a sentence names it beside the map `beside`: a copy of that map
 * when it has the same title (an example edited, then loaded again: "map" alone named both alike).
 */
function mineNamed(text: string, beside: string): string {
  const [mine, other] = [titleToSave(text), titleToSave(beside)];
  return mine.ok && other.ok && mine.title === other.title ? `copy of ${named(text)}` : `map ${named(text)}`;
}

/** A map the list holds, as a sentence names it (lower case). */
function listedMap(map: Listed): string {
  return map.from === "example" ? `the example "${map.label}"` : `your saved map "${map.title}"`;
}

/** The button that brings back the unsaved map `text`, kept beside the map `shown`. */
export function offerButton(text: string, shown: string): string {
  return `Show my unsaved ${mineNamed(text, shown)}`;
}

/**
 * Said after a map is loaded whole: the draft before it, `moved`, kept beside `loaded`; when none
 * moved, how many maps, `beside`, are kept beside it still (nothing when none is).
 */
export function keptNote(moved: string | null, loaded: string, beside: number): string {
  return moved === null
    ? besideNote(beside)
    : ` Your unsaved ${mineNamed(moved, loaded)} is kept, with a button below to show it again.`;
}

/** Said when `count` unsaved maps are kept beside the one shown (nothing when none is). */
export function besideNote(count: number): string {
  if (count === 0) return "";
  const [are, them] = count === 1 ? ["is", "it"] : ["are", "them"];
  return ` ${countOf(count, "other unsaved map")} ${are} kept, with ${count === 1 ? "a button" : "buttons"} below to show ${them}.`;
}

/**
 * The status once a button brought back `pressed` in place of `shown`; `moved` is `shown` if it is
 * now kept beside, and `beside` how many are.
 */
export function showingNote(pressed: string, shown: string, moved: string | null, beside: number): string {
  return `Showing your unsaved ${mineNamed(pressed, shown)}.${keptNote(moved, pressed, beside)}`;
}

/**
 * The kept draft `kept`, as a sentence names it when it is shown again: `holder` is the list entry
 * that holds its text, null when none does (then, and only then, it is unsaved work).
 */
function draftNamed(kept: string, holder: Listed | null): string {
  return holder ? listedMap(holder) : `your unsaved map ${named(kept)}`;
}

/**
 * The status once a reload has shown the kept draft `kept` again, held by `holder` (as above);
 * `broken` says it has errors (the drawing then still shows the map before it).
 */
export function restoredNote(kept: string, holder: Listed | null, broken: boolean): string {
  const what = holder
    ? `Showing ${listedMap(holder)} again,`
    : `Restored your unsaved map${broken ? "" : ` ${named(kept)}`}`;
  return broken
    ? `${what} as you left it, with its errors: see below the editor. The drawing still shows the map before it.`
    : `${what} as you left it.`;
}

/** Said after a link that could not be read, when the kept draft `kept`, held by `holder` (as above), is shown instead. */
export function insteadNote(kept: string, holder: Listed | null): string {
  return ` Showing ${draftNamed(kept, holder)} instead.`;
}

/**
 * The saved map `title`, asked about before it is deleted from this device: `inEditor` says the
 * editor holds its text (it is then the draft: kept, as any draft is); `heldBy` is the list entry
 * that still holds that text once the saved map is gone (an example of the same text), or null.
 */
export interface Deleting {
  title: string;
  inEditor: boolean;
  heldBy: Listed | null;
}

/** What becomes of the deleted map's text, as the question (`done` false) and the status after it (`done` true) say it. */
function textAfterDelete({ inEditor, heldBy }: Deleting, done: boolean): string {
  if (!inEditor)
    return `Its text ${done ? "is" : "is then"} gone from this device. The map in the editor is another, and stays as it is.`;
  if (heldBy) return `Its text stays in the editor: it is the same as ${listedMap(heldBy)}.`;
  return "Its text stays in the editor, and on this device as your unsaved map, which you can save again.";
}

/** The question asked before a saved map is deleted. */
export function deleteQuestion(deleting: Deleting): string {
  return `Delete your saved map "${deleting.title}" from this device? ${textAfterDelete(deleting, false)}`;
}

/** The status once it is deleted. */
export function deletedNote(deleting: Deleting): string {
  return `Deleted "${deleting.title}" from this device. ${textAfterDelete(deleting, true)}`;
}
