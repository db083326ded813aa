/**
 * The builder's one rule for a map loaded whole into the editor (picked in the Map list, imported
 * from a file, or opened from a #map= link): it never takes the place of unsaved work. The
 * reader's draft (draft.ts), when the list holds it nowhere (no example, no map saved on this
 * device), is kept and offered beside the map loaded, with a button, until the reader changes the
 * map shown. A draft with nothing unsaved in it may give its place to the map loaded. By the same
 * rule a reload calls the draft it shows again unsaved only when no list entry holds it.
 *
 * Pure: the page (mount.ts) says what the list holds, and writes what comes out.
 */
import { titleToSave } from "./saving.ts";

/** Where a map loaded whole came from, as the status line and the offer's button name it. */
export type Loaded =
  | { from: "link" }
  | { from: "example"; label: string }
  | { from: "saved"; title: string }
  | { from: "file"; name: string };

/**
 * The map offered beside the one shown: the reader's unsaved map (`mine`) beside the map loaded
 * from `from`, or, once the reader has gone back to their own, that map beside it.
 */
export interface Offer {
  text: string;
  mine: boolean;
  from: Loaded;
}

/** What loading a map whole does to the draft. */
export interface Beside {
  /** The draft, kept and offered beside the map loaded; null when there is none to offer (none unsaved, or the same text). */
  offered: string | null;
  /** The draft has nothing unsaved in it (none, or a text the list holds): the map loaded may take its place. */
  free: boolean;
}

/**
 * What becomes of the draft when `loaded` is shown in the editor. `held` says whether the Map list
 * holds a text (an example, or a map saved on this device): such a draft loses nothing when it goes.
 */
export function draftBeside(draft: string | null, loaded: string, held: (text: string) => boolean): Beside {
  if (draft === null || held(draft)) return { offered: null, free: true };
  return { offered: draft === loaded ? null : draft, free: false };
}

/** A map the Map list holds: an example, or a map saved on this device. */
export type Listed = Extract<Loaded, { from: "example" | "saved" }>;

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

/** The map loaded from `from`, holding `text`, as a sentence names it (lower case). */
function loadedMap(from: Loaded, text: string): string {
  switch (from.from) {
    case "link":
      return `the link's map ${named(text)}`;
    case "example":
      return `the example "${from.label}"`;
    case "saved":
      return `your saved map "${from.title}"`;
    case "file":
      return `the map imported from ${from.name}`;
  }
}

const upper = (sentence: string) => sentence.charAt(0).toUpperCase() + sentence.slice(1);

/** The offer's button, beside the map `shown`. */
export function offerButton(offer: Offer, shown: string): string {
  return offer.mine ? `Show my unsaved ${mineNamed(offer.text, shown)}` : `Show ${loadedMap(offer.from, offer.text)}`;
}

/** Said after `loaded` is loaded whole, when the draft is kept beside it (nothing when none is offered). */
export function keptNote(offered: string | null, loaded: string): string {
  return offered === null ? "" : ` Your unsaved ${mineNamed(offered, loaded)} is kept until you change this one.`;
}

/** The status once the offer's button is pressed: `shown` was in the editor, `pressed` comes in. */
export function showingNote(pressed: Offer, shown: string): string {
  return pressed.mine
    ? `Showing your unsaved ${mineNamed(pressed.text, shown)}. ${upper(loadedMap(pressed.from, shown))} is offered until you change this one.`
    : `Showing ${loadedMap(pressed.from, pressed.text)}.${keptNote(shown, pressed.text)}`;
}

/**
 * The kept draft `kept`, as a sentence names it when it is shown again: `holder` is the list entry
 * that holds its text, null when none does (then, and only then, it is unsaved work).
 */
function draftNamed(kept: string, holder: Listed | null): string {
  return holder ? loadedMap(holder, kept) : `your unsaved map ${named(kept)}`;
}

/**
 * The status once a reload has shown the kept draft `kept` again, held by `holder` (as above);
 * `broken` says it has errors (the drawing then still shows the map before it).
 */
export function restoredNote(kept: string, holder: Listed | null, broken: boolean): string {
  const what = holder
    ? `Showing ${loadedMap(holder, kept)} again,`
    : `Restored your unsaved map${broken ? "" : ` ${named(kept)}`}`;
  return broken
    ? `${what} as you left it, with its errors: see below the editor. The drawing still shows the map before it.`
    : `${what} as you left it.`;
}

/** Said after a link that could not be read, when the kept draft `kept`, held by `holder` (as above), is shown instead. */
export function insteadNote(kept: string, holder: Listed | null): string {
  return ` Showing ${draftNamed(kept, holder)} instead.`;
}
