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
import type { SharedList, Synced } from "../synced-list.ts";
import type { KeptMap } from "./draft.ts";
import { titleToSave } from "./saving.ts";

/**
 * What the builder keeps of the reader's maps: the map in the editor (`draft`; null for the
 * chapter's own example, untouched), and the reader's other unsaved maps, `beside` it, each
 * offered with a button. All of them are in one order, the order they were first kept in, oldest
 * first, the same in every tab of the chapter: `at` is the draft's place in it (how many of those
 * beside it were kept before it). A map keeps its place while it is edited or moves between the
 * editor and a button, so the buttons stay where they were; a new map goes last.
 */
export interface Kept {
  draft: string | null;
  beside: string[];
  at: number;
}

/** Nothing kept: the chapter as it was built. */
export const keptNothing: Kept = { draft: null, beside: [], at: 0 };

/** Says whether the Map list holds a text (an example, or a map saved on this device): such a map loses nothing when it goes. */
export type Held = (text: string) => boolean;

/** Every map kept, in the order kept: the draft in its place among those beside it. */
function inOrder({ draft, beside, at }: Kept): string[] {
  return draft === null ? [...beside] : [...beside.slice(0, at), draft, ...beside.slice(at)];
}

/**
 * What is kept, from `order` (the maps in the order kept): `draft` in its place there, or last
 * when it is not there (a map new to the order); every other map once, none the list holds.
 */
function keptFrom(draft: string | null, order: readonly string[], held: Held): Kept {
  const seen = new Set<string>();
  const beside: string[] = [];
  let at = -1;
  for (const text of order) {
    if (seen.has(text)) continue;
    seen.add(text);
    if (text === draft) at = beside.length;
    else if (!held(text)) beside.push(text);
  }
  return { draft, beside, at: at === -1 ? beside.length : at };
}

/**
 * `loaded` is shown in the editor, whole (picked, imported, a link's, or a map kept beside brought
 * back): it is the draft now, in its own place when it was kept already, else last. The draft
 * before it, when it is unsaved work, stays kept in its place, beside it now (`moved`; null when
 * nothing moved: no draft, the same text, or one the list holds).
 */
export function loadWhole(kept: Kept, loaded: string, held: Held): { kept: Kept; moved: string | null } {
  const { draft } = kept;
  const moved = draft !== null && draft !== loaded && !held(draft) ? draft : null;
  return { kept: keptFrom(loaded, inOrder(kept), held), moved };
}

/**
 * The reader changed the map in the editor to `text` (typed, pasted): the draft follows, in the
 * place of the unsaved map it was, or last when it was none (an example edited is a new map); the
 * maps beside stay.
 */
export function changed(kept: Kept, text: string, held: Held): Kept {
  const { draft } = kept;
  const order = draft !== null && !held(draft) ? inOrder({ ...kept, draft: text }) : [...kept.beside, text];
  return keptFrom(text, order, held);
}

/** What is kept, once the list has changed (a map saved or deleted, maybe in another tab): those it now holds need no keeping beside. */
export function tidied(kept: Kept, held: Held): Kept {
  return keptFrom(kept.draft, inOrder(kept), held);
}

/** The reader let go of the map `text` kept beside (discarded it): it is kept no more. */
export function discarded(kept: Kept, text: string): Kept {
  return keptFrom(
    kept.draft,
    inOrder(kept).filter((t) => t !== text || t === kept.draft),
    () => false,
  );
}

/**
 * What every tab of the chapter shares (draft.ts's keptCodec): every map kept, in the order kept,
 * this tab's draft in its place, marked as the one a reload shows.
 */
export function listOf(kept: Kept): KeptMap[] {
  return inOrder(kept).map((text) => (text === kept.draft ? { text, draft: true as const } : { text }));
}

/** What the list stored holds, as a tab opens: its draft (the first marked so), in its place among the others. */
export function keptOf(list: readonly KeptMap[]): Kept {
  return keptFrom(
    list.find((m) => m.draft)?.text ?? null,
    list.map((m) => m.text),
    () => false,
  );
}

/**
 * Another tab's write, followed or merged with this tab's (a SharedList's sync), as this tab
 * keeps it. The draft stays this tab's own, the map on its screen; every other map the list holds
 * is kept beside it (another tab's draft too: it is unsaved work), but those the Map list holds,
 * all in the list's order. `list` is what to store: the list as it was, or with this tab's draft
 * added last when the list had lost it (another tab's write without it: that tab discarded it, or
 * changed it as its own draft), so that no tab's map is lost to another's; `again` says so.
 */
export function joined(
  draft: string | null,
  list: readonly KeptMap[],
  held: Held,
): { kept: Kept; list: KeptMap[]; again: boolean } {
  const kept = keptFrom(
    draft,
    list.map((m) => m.text),
    held,
  );
  const again = draft !== null && !held(draft) && !list.some((m) => m.text === draft);
  return { kept, list: again ? [...list, { text: draft }] : [...list], again };
}

/**
 * Stores this tab's `list` (listOf its `kept`, or the list as it last stored or followed it, on
 * hearing another tab's write) where another tab may have stored its own since: followed or
 * merged, this tab keeps what `joined` says, storing its draft again when the list had lost it
 * (`again`).
 */
export function shareKept(
  maps: SharedList<KeptMap>,
  kept: Kept,
  list: readonly KeptMap[],
  held: Held,
): { kept: Kept; synced: Synced<KeptMap>; again: boolean } {
  const synced = maps.sync(list);
  if (synced.outcome === "own") return { kept, synced, again: false };
  const together = joined(kept.draft, synced.list, held);
  if (!together.again) return { kept: together.kept, synced, again: false };
  return { kept: together.kept, synced: { ...maps.sync(together.list), outcome: synced.outcome }, again: true };
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

/**
 * The maps kept beside the map `shown`, as their buttons name them ("unsaved map \"Mine\""), in
 * their order. Maps named alike (the same title, or copies of the map shown, or with errors) are
 * told apart by their place among those so named and their length: "(2 of 3, 14 lines)".
 */
export function keptNames(beside: readonly string[], shown: string): string[] {
  const names = beside.map((text) => `unsaved ${mineNamed(text, shown)}`);
  const total = new Map<string, number>();
  for (const name of names) total.set(name, (total.get(name) ?? 0) + 1);
  const seen = new Map<string, number>();
  return names.map((name, index) => {
    const n = total.get(name)!;
    if (n === 1) return name;
    const k = (seen.get(name) ?? 0) + 1;
    seen.set(name, k);
    const lines = beside[index]!.replace(/\n$/, "").split("\n").length;
    return `${name} (${k} of ${n}, ${countOf(lines, "line")})`;
  });
}

/** The button that brings back a map kept beside, named as keptNames names it. */
export const showButton = (name: string): string => `Show my ${name}`;

/** The button beside it that lets that map go (its visible words are "Discard"; this is its name). */
export const discardButton = (name: string): string => `Discard my ${name}`;

/**
 * The question asked before a map kept beside is discarded, named as keptNames names it. True
 * whatever the other tabs show: a tab with that map in its editor keeps it (`joined`, backNote),
 * and this tab cannot know whether one does (a tab closed leaves no word), so the question says so.
 */
export function discardQuestion(name: string): string {
  return `Discard your ${name}? It is not saved anywhere: once discarded, it is gone from this device, unless another tab of the chapter shows it in its editor. To keep it, show it, then save it or export it as a file.`;
}

/** The status once it is discarded, and how many maps, `beside`, are kept still. */
export function discardedNote(name: string, beside: number): string {
  return `Discarded your ${name}.${besideNote(beside)}`;
}

/**
 * The maps this tab discarded (`letGo`) that another tab's write brought back beside the draft
 * (`before` and `after` it): another tab had that map in its editor, and keeps it (`joined`).
 */
export function cameBack(letGo: ReadonlySet<string>, before: readonly string[], after: readonly string[]): string[] {
  return after.filter((text) => letGo.has(text) && !before.includes(text));
}

/**
 * Said in the tab that discarded a map another tab shows in its editor, once it is back, named as
 * keptNames names it: why, and how to let it go for good.
 */
export function backNote(name: string): string {
  return `Your ${name} is kept again, though you discarded it: another tab of the chapter shows it in its editor, and keeps it. To let it go, close that tab or show another map there, then discard it here again.`;
}

/**
 * Said in the tab whose map in the editor, `draft`, another tab discarded (it was a button there)
 * or changed (it was the draft there too): this tab stores it again, so that it is not lost.
 */
export function keptHereNote(draft: string): string {
  return ` Your unsaved map ${named(draft)} in this tab's editor was discarded or changed there: this tab keeps it on this device still.`;
}

/**
 * Said under the buttons while the browser's storage for this site is full, so that a write of
 * the maps failed (where storage is refused altogether the builder says nothing of keeping: it
 * keeps the maps in the page, as its sentences say, and claims no reload brings them back).
 */
export const unkeptText =
  "This browser's storage for this site is full: your unsaved maps, as they are now, are kept only while this page is open. Export the ones you need, or discard some to make room.";

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
