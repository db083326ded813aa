/**
 * The map builder in the page: edit the map text, saturate a resource, save, export, import
 * and share. Loaded on first interaction by the component's bootstrap (at once for a #map= link
 * or a kept draft); the server already rendered the first map, so this only takes over the
 * controls.
 *
 * The map in the editor is the reader's draft (draft.ts), kept on this device and shown again
 * after a reload. A map loaded whole (picked in the Map list, imported from a file, a #map=
 * link's, on arrival or when only the hash changes: a link pasted into the tab that has the
 * chapter open, or a kept map brought back) becomes the draft, and never takes the place of
 * unsaved work: the draft before it is kept beside, and offered with a button (offer.ts), never
 * dropped unsaid; a map kept beside goes only once it is saved, or the reader discards it (asked
 * first). Every tab of the chapter shares what is kept (a SharedList, ../synced-list.ts): a tab's
 * draft is the map on its screen, and another tab's unsaved draft is kept beside it, offered with
 * a button, so no tab's map is lost to another tab's write; the buttons stand in the order the maps
 * were kept, oldest first, the same in every tab. A map discarded while another tab shows it in
 * its editor stays kept (that tab stores it again), and both tabs say so. Where the browser's
 * storage is full, the builder says so beside the buttons. While the address holds a #map= link, it follows the
 * map on screen (no new history entry), so a reload or a copied address gives what is shown.
 */
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import type { ViewResult } from "./view.ts";
import { escapeHtml } from "../escape-html.ts";
import { ViewBuilder } from "./builder.ts";
import { importTooLarge, notText, textTooLarge } from "./limits.ts";
import { sharedReading } from "./skipped.ts";
import { renderErrors, renderMapSvg, renderResourceList, renderResult, renderSummary, type MapView } from "./render.ts";
import { decodeShareHash, encodeShareHash, isShareHash } from "../../course/map-share.ts";
import { deleteSavedMap, listSavedMaps, saveMap } from "./storage.ts";
import { titleToSave, untitled } from "./saving.ts";
import { siteStorage } from "../site-storage.ts";
import { SharedList, type Synced, syncText } from "../synced-list.ts";
import { InlineQuestion } from "../inline-question.ts";
import { draftKey, type KeptMap, keptCodec } from "./draft.ts";
import {
  backNote,
  besideNote,
  cameBack,
  changed,
  type Deleting,
  deletedNote,
  deleteQuestion,
  discardButton,
  discarded,
  discardedNote,
  discardQuestion,
  insteadNote,
  type Kept,
  keptHereNote,
  keptNames,
  keptNote,
  keptOf,
  type Listed,
  listOf,
  loadWhole,
  restoredNote,
  showButton,
  shareKept,
  showingNote,
  tidied,
  unkeptText,
} from "./offer.ts";
import { keepUnitsInPage } from "../../format/units.ts";

export interface MapBuilder {
  saturate(resource: string | undefined): void;
  setText(text: string): Promise<void>;
}

const fileName = (title: string) =>
  `${
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "") || "failure-map"
  }.map.txt`;

export async function mountMapBuilder(root: HTMLElement): Promise<MapBuilder> {
  const $ = <T extends HTMLElement>(role: string) => root.querySelector<T>(`[data-role="${role}"]`)!;
  const textarea = $<HTMLTextAreaElement>("text");
  const canvas = $("canvas");
  const resources = $("resources");
  const summary = $("summary");
  const result = $("result");
  const errors = $("errors");
  const status = $("status");
  const source = $<HTMLSelectElement>("source");
  const importInput = $<HTMLInputElement>("import");
  const shareField = $<HTMLInputElement>("share-link");
  const otherBox = $("other");
  /** The item the server drew for a map kept beside (Show, Discard): each one kept gets a copy of it. */
  const otherItem = otherBox.querySelector<HTMLElement>("li")!;
  otherItem.remove();
  /** Says, while it is so, that the browser's storage is full and the maps are kept in the page only. */
  const unkept = $("unkept");
  const idPrefix = root.id || "map-builder";
  const storage = siteStorage();

  const builder = new ViewBuilder();
  // What the server drew, rebuilt in the worker (laying it out on the page's thread would block
  // it); edits made while loading are applied below.
  const initial = await builder.build(textarea.defaultValue);
  if (!initial?.ok) throw new Error("the map builder's initial map does not parse");
  let view: MapView = initial.view;
  /** The map waiting for the reader's answer: replace the saved map of the same title with it? */
  let replacing: { title: string; text: string } | null = null;
  const saveButton = root.querySelector<HTMLButtonElement>('[data-action="save"]')!;
  /** Asked before that map replaces the saved one; answered, or dismissed, the focus goes back to Save. */
  const replaceQuestion = new InlineQuestion($("replace-confirm"), {
    answers: ["replace", "keep"],
    safe: "keep",
    onAnswer: (answer) => (answer === "replace" ? onReplace() : onKeepSaved()),
  });
  /** The saved map waiting for the reader's answer: delete it from this device? */
  let deleting: Deleting | null = null;
  const deleteButton = root.querySelector<HTMLButtonElement>('[data-action="delete"]')!;
  /** Asked before a saved map is deleted, as before one is replaced; answered, or dismissed, the focus goes back to Delete. */
  const deleteAsked = new InlineQuestion($("delete-confirm"), {
    answers: ["delete", "keep"],
    safe: "keep",
    onAnswer: (answer) => (answer === "delete" ? onDeleteConfirmed() : onKeepDeleting()),
  });
  /** The map kept beside waiting for the reader's answer: discard it? `index` is its place among the buttons. */
  let discarding: { text: string; name: string; index: number } | null = null;
  /** The maps discarded in this tab: one that comes back (another tab shows it in its editor) is said to. */
  const letGo = new Set<string>();
  /** Asked before a map kept beside is discarded; answered "keep", the focus goes back to its Discard button. */
  const discardAsked = new InlineQuestion($("discard-confirm"), {
    answers: ["discard", "keep"],
    safe: "keep",
    onAnswer: (answer) => (answer === "discard" ? onDiscardConfirmed() : onKeepKept()),
  });
  /** What every tab of the chapter keeps of the reader's maps, under one key (draft.ts). */
  const keptMaps = new SharedList(draftKey, keptCodec, storage);
  /** This tab's list as it last stored or followed it. */
  let shared: KeptMap[] = keptMaps.load();
  /**
   * The map in the editor and the reader's other unsaved maps kept beside it (offer.ts), as kept
   * on this device (or in the page only, where storage is refused or full).
   */
  let kept: Kept = keptOf(shared);
  /** Says whether the Map list holds a text: an example, or a map saved on this device (maybe in another tab). */
  const held = (text: string) => entriesHolding(text).length > 0;

  /** The status line; an error is marked as one, so it is seen and not only read. */
  const say = (message: string, tone?: "error") => {
    status.textContent = message;
    if (tone) status.dataset.tone = tone;
    else delete status.dataset.tone;
  };

  function draw(): void {
    canvas.innerHTML = renderMapSvg(view, idPrefix);
    // Numbers and units bound as the build binds the server's drawing (src/format/units.ts).
    resources.innerHTML = keepUnitsInPage(renderResourceList(view));
    summary.innerHTML = keepUnitsInPage(renderSummary(view));
    result.innerHTML = keepUnitsInPage(renderResult(view));
    canvas.toggleAttribute(
      "data-overflows",
      canvas.scrollWidth > canvas.clientWidth + 1 || canvas.scrollHeight > canvas.clientHeight + 1,
    );
  }

  /** Shows a built view, or what is wrong with the text (the drawing keeps the last good map). */
  function apply(result: ViewResult): void {
    if (!result.ok) {
      errors.innerHTML = result.tooLarge ? `<p>${escapeHtml(result.tooLarge)}</p>` : renderErrors(result.errors);
      textarea.setAttribute("aria-invalid", "true");
      return;
    }
    errors.innerHTML = "";
    textarea.removeAttribute("aria-invalid");
    view = result.view;
    draw();
  }

  /** Rebuilds the view from the text, off the main thread; resolves once it is on screen. */
  async function update(): Promise<void> {
    canvas.setAttribute("aria-busy", "true");
    root.dataset.building = "";
    const result = await builder.build(textarea.value, view.selected);
    if (result === null) return; // a newer text is being built
    apply(result);
    // A text with errors has no title that can be trusted (see saving.ts).
    nameEditorMap(result.ok ? (result.view.map.title ?? untitled) : "A map with errors");
    canvas.removeAttribute("aria-busy");
    delete root.dataset.building;
  }

  function setText(text: string): Promise<void> {
    dismissQuestions();
    textarea.value = text;
    const { selected: _dropped, ...rest } = view;
    view = rest;
    return update();
  }

  function saturate(resource: string | undefined): void {
    const next: MapView = { ...view };
    if (resource === undefined || resource === view.selected) delete next.selected;
    else next.selected = resource;
    view = next;
    draw();
    // Keep keyboard focus on the button that was pressed, now re-rendered.
    if (resource !== undefined)
      resources.querySelector<HTMLElement>(`[data-resource="${CSS.escape(resource)}"]`)?.focus();
  }

  /**
   * A press in the list shows its result where the reader can see it: on a phone the result sits
   * some 600 px below the first button, so nothing seemed to happen. The page scrolls as far as
   * shows the whole result while the pressed button stays in sight, and at least as far as shows
   * its headline (how many fail), even where the button must then go under the page's header (the
   * first button on a phone). The drawing, clicked, shows the change where it was clicked. Focus
   * stays on the button, so pressing it again releases it.
   */
  function revealResult(): void {
    const pressed = resources.querySelector<HTMLElement>('[aria-pressed="true"]');
    const headline = result.firstElementChild;
    if (!pressed || !headline) return;
    const bottom = window.innerHeight - 12;
    const toShowAll = result.getBoundingClientRect().bottom - bottom;
    if (toShowAll <= 0) return;
    // Below the page's fixed header, as the page's own scrolling keeps things (scroll-padding-top).
    const header = Number.parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    const toKeepPressed = pressed.getBoundingClientRect().top - header;
    const toShowHeadline = headline.getBoundingClientRect().bottom - bottom;
    const by = Math.max(toShowHeadline, Math.min(toShowAll, toKeepPressed));
    if (by <= 0) return;
    const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollBy({ top: by, behavior: still ? "instant" : "smooth" });
  }

  /**
   * The list names the map in the editor: the example or saved map whose text it holds (the one
   * picked, if more than one does), else the map as unsaved under `title`, an entry that cannot be
   * picked (a map typed, imported, opened from a link, or left after its saved copy was deleted).
   */
  function nameEditorMap(title: string): void {
    const holding = entriesHolding(textarea.value).map((e) => e.value);
    if (holding.length > 0) {
      showUnsaved(null);
      if (!holding.includes(source.value)) source.value = holding[0]!;
      return;
    }
    showUnsaved(title);
  }

  /**
   * The list's entries (examples, maps saved on this device) whose text is `text`: each one's value
   * in the list, and the map as a sentence names it. A text no entry holds is unsaved work (offer.ts).
   */
  function entriesHolding(text: string): { value: string; map: Listed }[] {
    return [
      ...failureMapExamples
        .filter((e) => e.text === text)
        .map((e) => ({ value: `example:${e.id}`, map: { from: "example", label: e.label } as const })),
      ...(storage ? listSavedMaps(storage) : [])
        .filter((m) => m.text === text)
        .map((m) => ({ value: `saved:${m.title}`, map: { from: "saved", title: m.title } as const })),
    ];
  }

  /**
   * The list entry holding `text`, as a sentence names it (the one picked, if more than one does,
   * as the list names it once the text is on screen), or null: unsaved work.
   */
  function holderOf(text: string): Listed | null {
    const holding = entriesHolding(text);
    return (holding.find((e) => e.value === source.value) ?? holding[0])?.map ?? null;
  }

  /** The list's entry for the map in the editor when no entry holds it; null takes it away. */
  function showUnsaved(title: string | null): void {
    source.querySelector("option[data-unsaved]")?.remove();
    if (title === null) return;
    const option = new Option(`${title} (in the editor, not saved)`, "unsaved", false, true);
    option.dataset.unsaved = "";
    option.disabled = true;
    source.prepend(option);
  }

  function refreshSavedOptions(selectTitle?: string): void {
    showUnsaved(null);
    source.querySelector("optgroup[data-saved]")?.remove();
    const saved = storage ? listSavedMaps(storage) : [];
    if (saved.length === 0) return;
    const group = document.createElement("optgroup");
    group.label = "Saved on this device";
    group.dataset.saved = "";
    for (const m of saved) group.append(new Option(m.title, `saved:${m.title}`, false, m.title === selectTitle));
    source.append(group);
  }

  /**
   * Keeps `next` (on this device where it may; the chapter's own example, untouched, is no
   * draft), with what other tabs kept meanwhile, and offers each map kept beside the one shown
   * with a button, in the order kept, oldest first.
   */
  function keepAndOffer(next: Kept): void {
    kept = next.draft === textarea.defaultValue ? { ...next, draft: null } : next;
    share(listOf(kept));
    offer();
  }

  /**
   * Stores this tab's `list` where another tab may have stored its own since (offer.ts's
   * shareKept): followed or merged, this tab keeps its draft (the map on its screen) and keeps
   * beside it every other map stored, storing its draft again if the list had lost it.
   */
  function share(list: KeptMap[]): { synced: Synced<KeptMap>; again: boolean } {
    const { kept: now, synced, again } = shareKept(keptMaps, kept, list, held);
    kept = now;
    shared = synced.list;
    // Where storage is refused the builder keeps the maps in the page and claims nothing more;
    // where it is full, it says so, once, until a write goes through again.
    const problem = synced.kept || storage === null ? "" : unkeptText;
    if (unkept.textContent !== problem) unkept.textContent = problem;
    return { synced, again };
  }

  /** Draws a button (Show, and Discard) for each map kept beside the one shown, in the order kept, oldest first. */
  function offer(): void {
    const names = keptNames(kept.beside, textarea.value);
    // A button with the keyboard on it is drawn anew: the keyboard stays where it was.
    const focused = otherBox.contains(document.activeElement) ? (document.activeElement as HTMLElement) : null;
    otherBox.replaceChildren(
      ...kept.beside.map((_, index) => {
        const item = otherItem.cloneNode(true) as HTMLElement;
        const name = names[index]!;
        const show = item.querySelector<HTMLElement>('[data-action="show-other"]')!;
        const discard = item.querySelector<HTMLElement>('[data-action="discard-other"]')!;
        show.dataset.index = String(index);
        show.textContent = showButton(name);
        discard.dataset.index = String(index);
        discard.setAttribute("aria-label", discardButton(name));
        return item;
      }),
    );
    otherBox.hidden = kept.beside.length === 0;
    if (focused)
      (
        otherBox.querySelector<HTMLElement>(
          `[data-index="${focused.dataset.index}"][data-action="${focused.dataset.action}"]`,
        ) ??
        otherBox.querySelector("button") ??
        textarea
      ).focus();
  }

  /**
   * Shows a map loaded whole (picked, imported, a link's, or one kept beside) by offer.ts's rule:
   * it is the draft now, and the draft before it, when it is unsaved work, is kept beside and
   * offered. Gives that draft (`moved`, or null), and `shown`, settled once the map is on screen.
   */
  function load(text: string, fromLink = false): { moved: string | null; shown: Promise<void> } {
    // Keys typed within the last 250 ms are part of the draft: read them before the text goes.
    readTyping();
    const { kept: next, moved } = loadWhole(kept, text, held);
    const shown = setText(text);
    keepAndOffer(next);
    // A link's map is what its address holds already.
    if (!fromLink) void followInAddress(text);
    return { moved, shown };
  }

  /** The reader changed the map in the editor: it is their draft now, and a #map= address follows it. */
  function remember(): void {
    const text = textarea.value;
    keepAndOffer(changed(kept, text, held));
    void followInAddress(text);
  }

  /**
   * An address with a #map= link names the map on screen: when that changes, so does the link
   * (replaced, no new history entry), so a reload or a copied address gives what is shown; a map
   * too large for a link takes the link away. An address without one is left as it is.
   */
  async function followInAddress(text: string): Promise<void> {
    const before = location.hash;
    if (!isShareHash(before)) return;
    const hash = textTooLarge(text.length) ? "" : await encodeShareHash(text);
    // Changed again meanwhile (another edit, or another link pasted): that change writes the address.
    if (location.hash !== before || textarea.value !== text) return;
    history.replaceState(history.state, "", hash || `${location.pathname}${location.search}`);
    if (!shareField.hidden) shareField.value = location.href;
  }

  let typing: ReturnType<typeof setTimeout> | undefined;
  /** Reads an edit the builder has not read yet (it reads the text 250 ms after typing stops) into the draft. */
  function readTyping(): void {
    if (typing === undefined) return;
    clearTimeout(typing);
    typing = undefined;
    remember();
  }
  textarea.addEventListener("input", () => {
    dismissQuestions();
    clearTimeout(typing);
    typing = setTimeout(() => {
      typing = undefined;
      remember();
      void update();
    }, 250);
  });
  // Left or reloaded within those 250 ms: the last keys typed are kept too.
  addEventListener("pagehide", readTyping);

  root.addEventListener("click", (event) => {
    const target = event.target as Element;
    const resourceButton = target.closest<HTMLElement>("button[data-resource], g[data-resource]");
    if (resourceButton) {
      saturate(resourceButton.dataset.resource ?? resourceButton.getAttribute("data-resource") ?? undefined);
      if (resourceButton instanceof HTMLButtonElement && view.selected !== undefined) revealResult();
      return;
    }
    const goto = target.closest<HTMLElement>("button[data-line]");
    if (goto) {
      const line = Number(goto.dataset.line);
      const lines = textarea.value.split("\n");
      const start = lines.slice(0, line - 1).reduce((sum, l) => sum + l.length + 1, 0);
      textarea.focus();
      textarea.setSelectionRange(start, start + (lines[line - 1]?.length ?? 0));
      return;
    }
    const action = target.closest<HTMLElement>("button[data-action]")?.dataset.action;
    if (action === "save") onSave();
    else if (action === "delete") onDelete();
    else if (action === "export") onExport();
    else if (action === "share") void onShare();
    else if (action === "show-other")
      void showOther(Number(target.closest<HTMLElement>("[data-index]")?.dataset.index));
    else if (action === "discard-other") onDiscard(Number(target.closest<HTMLElement>("[data-index]")?.dataset.index));
  });

  // Said at once, not once drawn: a keyboard walking the list (a closed list changes on each
  // arrow key in Chromium) hears each map it passes, and the draft stays kept all the way.
  source.addEventListener("change", () => {
    showUnsaved(null);
    const value = source.value;
    if (value.startsWith("example:")) {
      const example = failureMapExamples.find((e) => e.id === value.slice("example:".length));
      if (!example) return;
      const { moved } = load(example.text);
      say(`Loaded the example "${example.label}".${keptNote(moved, example.text, kept.beside.length)}`);
    } else if (value.startsWith("saved:") && storage) {
      const saved = listSavedMaps(storage).find((m) => `saved:${m.title}` === value);
      if (!saved) return;
      const { moved } = load(saved.text);
      say(`Loaded your saved map "${saved.title}".${keptNote(moved, saved.text, kept.beside.length)}`);
    }
  });

  /**
   * The questions go when what they asked about changes (the text is edited or another map
   * loaded), or the reader asks for something else (Save, Delete).
   */
  function dismissQuestions(): void {
    replacing = null;
    replaceQuestion.dismiss(saveButton);
    deleting = null;
    deleteAsked.dismiss(deleteButton);
    discarding = null;
    discardAsked.dismiss(otherBox.querySelector("button") ?? textarea);
  }

  /**
   * A map kept beside is let go only once the reader says so, asked in the page as before a saved
   * map is deleted: the safe answer focused (Enter twice loses nothing), Escape keeps it.
   */
  function onDiscard(index: number): void {
    dismissQuestions();
    const text = kept.beside[index];
    if (text === undefined) return;
    discarding = { text, name: keptNames(kept.beside, textarea.value)[index]!, index };
    say("");
    discardAsked.ask(discardQuestion(discarding.name));
  }

  function onDiscardConfirmed(): void {
    const asked = discarding;
    dismissQuestions();
    if (asked === null) return;
    letGo.add(asked.text);
    keepAndOffer(discarded(kept, asked.text));
    // The keyboard goes on to the map kept next in its place, or the one before, or the editor.
    const buttons = otherBox.querySelectorAll<HTMLElement>('[data-action="show-other"]');
    (buttons[Math.min(asked.index, buttons.length - 1)] ?? textarea).focus();
    say(discardedNote(asked.name, kept.beside.length));
  }

  function onKeepKept(): void {
    const asked = discarding;
    dismissQuestions();
    if (asked === null) return;
    const at = kept.beside.indexOf(asked.text);
    otherBox.querySelector<HTMLElement>(`[data-index="${at}"][data-action="discard-other"]`)?.focus();
    say(`Not discarded: your ${asked.name} is still kept.`);
  }

  function saved(title: string, replaced: boolean): void {
    refreshSavedOptions(title);
    // A map kept beside that is the one saved needs no keeping now: the list holds it.
    keepAndOffer(tidied(kept, held));
    say(
      replaced
        ? `Replaced your saved map "${title}" with the map in the editor.`
        : `Saved "${title}" on this device. Give the map a "title" line to save it under another name.`,
    );
  }

  function onSave(): void {
    dismissQuestions();
    if (!storage) return say("This browser does not allow saving here (storage is blocked).");
    // The text as it is now, not the drawing: that may be an earlier map (see saving.ts).
    const text = textarea.value;
    const read = titleToSave(text);
    if (!read.ok) {
      // The errors the reason points to are listed at once, even if typing stopped just now.
      readTyping();
      void update();
      return say(read.reason, "error");
    }
    const outcome = saveMap(storage, read.title, text);
    if (outcome === "refused") return say("Could not save: the browser's storage refused (is it full?).", "error");
    if (outcome !== "exists") return saved(read.title, false);
    // Another map is saved under this title: replacing it is the reader's call, asked as the
    // progress page asks before a reset, with the safe answer focused (Enter twice loses nothing).
    replacing = { title: read.title, text };
    say("");
    replaceQuestion.ask(
      `You already have a different map saved as "${read.title}" on this device. Replace it with the map in the editor? To keep both, change this map's "title" line, then save.`,
    );
  }

  function onReplace(): void {
    const asked = replacing;
    dismissQuestions();
    if (!asked || !storage) return;
    const outcome = saveMap(storage, asked.title, asked.text, { replace: true });
    if (outcome === "refused") return say("Could not save: the browser's storage refused (is it full?).", "error");
    saved(asked.title, outcome === "replaced");
  }

  function onKeepSaved(): void {
    const asked = replacing;
    dismissQuestions();
    if (asked)
      say(
        `Not saved: your saved map "${asked.title}" is unchanged. Change this map's "title" line to save it beside that one.`,
      );
  }

  /**
   * A saved map is deleted only once the reader says so, asked in the page as before a saved map
   * is replaced: the safe answer focused (Enter twice loses nothing), Escape keeps it.
   */
  function onDelete(): void {
    dismissQuestions();
    const value = source.value;
    if (!value.startsWith("saved:") || !storage)
      return say("Pick one of your saved maps in the list first, then delete it.");
    // The question says what becomes of the text in the editor: read the last keys typed first.
    readTyping();
    const title = value.slice("saved:".length);
    const text = listSavedMaps(storage).find((m) => m.title === title)?.text;
    const inEditor = text === textarea.value;
    const others = entriesHolding(textarea.value).filter((e) => e.value !== value);
    deleting = { title, inEditor, heldBy: inEditor ? (others[0]?.map ?? null) : null };
    say("");
    deleteAsked.ask(deleteQuestion(deleting));
  }

  function onDeleteConfirmed(): void {
    const asked = deleting;
    dismissQuestions();
    if (asked === null || !storage) return;
    deleteSavedMap(storage, asked.title);
    refreshSavedOptions();
    nameEditorMap(asked.title);
    // The text in the editor is the draft, kept as it was: once no list entry holds it, it is the
    // reader's unsaved map, kept beside any map loaded after (offer.ts).
    keepAndOffer(tidied(kept, held));
    say(deletedNote(asked));
  }

  function onKeepDeleting(): void {
    const asked = deleting;
    dismissQuestions();
    if (asked !== null) say(`Not deleted: your saved map "${asked.title}" is still on this device.`);
  }

  function onExport(): void {
    const title = view.map.title ?? "failure map";
    const url = URL.createObjectURL(new Blob([textarea.value], { type: "text/plain" }));
    const link = document.createElement("a");
    link.href = url;
    link.download = fileName(title);
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    say(`Exported the map as ${link.download}.`);
  }

  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    if (!file) return;
    importInput.value = "";
    // Refused by size before it is read: a huge file must not freeze the page.
    const tooLarge = importTooLarge(file.name, { bytes: file.size });
    if (tooLarge) {
      say(tooLarge);
      return;
    }
    const text = await file.text();
    const tooLong = importTooLarge(file.name, { characters: text.length });
    if (tooLong) {
      say(tooLong);
      return;
    }
    const binary = notText(text);
    if (binary) {
      say(`Could not import ${file.name}: ${binary}.`);
      return;
    }
    say(`Importing ${file.name}…`);
    const { moved, shown } = load(text);
    await shown;
    say(
      `${errors.innerHTML ? `Imported ${file.name}, but it has errors: see below the editor.` : `Imported ${file.name}.`}${keptNote(moved, text, kept.beside.length)}`,
    );
  });

  async function onShare(): Promise<void> {
    // The link holds the text as it is now: read it first (typing may have stopped just now), so
    // a text with errors is said to have them. Such a link still opens here with its errors
    // listed. The room board and the presenter view read a map whose only errors are in decide
    // lines without those lines, and name them; any other error, and they cannot read it: a group
    // that shares one at the readout would find its map missing there (QA).
    readTyping();
    await update();
    const broken = errors.innerHTML !== "";
    const warning = broken ? ` The map has errors (see below the editor): ${sharedReading(textarea.value)}` : "";
    const tone = broken ? "error" : undefined;
    const hash = await encodeShareHash(textarea.value);
    history.replaceState(null, "", hash);
    shareField.value = location.href;
    shareField.hidden = false;
    if (shareField.parentElement) shareField.parentElement.hidden = false;
    try {
      await navigator.clipboard.writeText(location.href);
      say(`Share link copied to the clipboard.${warning} It holds the whole map; nothing is uploaded.`, tone);
    } catch {
      shareField.select();
      say(
        `Share link ready in the field below; copy it from there.${warning} It holds the whole map; nothing is uploaded.`,
        tone,
      );
    }
  }

  /**
   * Opens the map a #map= link carries: on arrival, or when only the hash changed (a link pasted
   * into the tab that has the chapter open, where the page does not reload). The reader's draft,
   * when it differs, stays kept and is offered beside the link's map.
   */
  async function openLink(hash: string, arriving: boolean): Promise<void> {
    readTyping();
    let text: string;
    try {
      text = await decodeShareHash(hash);
    } catch (error) {
      if (location.hash !== hash) return; // another link came meanwhile
      // On arrival the page shows what it would without the link: the draft, if one is kept.
      const instead = arriving ? kept.draft : null;
      if (instead !== null) await setText(instead);
      say(
        `Could not load the map from the link: ${(error as Error).message}.${instead === null ? "" : insteadNote(instead, holderOf(instead))}`,
        "error",
      );
      // As a good link does: the reader followed it to this builder, and the status line saying
      // why it failed sits near the builder's top, some 2,800 px down the chapter.
      root.scrollIntoView({ block: "start" });
      return;
    }
    if (location.hash !== hash) return;
    const { moved, shown } = load(text, true);
    await shown;
    // A text with errors is in the editor, but the drawing still shows the map before it.
    const loaded = errors.innerHTML
      ? "Loaded the map from the link, but it has errors: see below the editor. The drawing still shows the map before it."
      : "Loaded the map from the link.";
    say(`${loaded}${keptNote(moved, text, kept.beside.length)}`, errors.innerHTML ? "error" : undefined);
    // The link opens the chapter: bring the builder that now holds the shared map into view.
    root.scrollIntoView({ block: "start" });
  }

  /** Brings back the map kept beside at `index` in place of the one shown, which is kept beside in turn when it is unsaved work. */
  async function showOther(index: number): Promise<void> {
    const pressed = kept.beside[index];
    if (pressed === undefined) return;
    // Keys typed within the last 250 ms changed the map shown: read them first, so that what is
    // kept beside is the map as it is now.
    readTyping();
    const before = textarea.value;
    const { moved, shown } = load(pressed);
    // The pressed button is gone (its map is shown): the keyboard goes on to the map kept in its
    // place, or to the first one kept, or to the editor when none is.
    (otherBox.querySelector<HTMLButtonElement>("button") ?? textarea).focus();
    await shown;
    say(showingNote(pressed, before, moved, kept.beside.length), errors.innerHTML ? "error" : undefined);
  }

  refreshSavedOptions();
  // The first touch may itself have changed something before this module arrived (picked
  // another map, typed, chose a file): catch up with the page as it is now.
  const defaultSource = [...source.options].find((o) => o.defaultSelected)?.value;
  const untouched =
    source.value === defaultSource && textarea.value === textarea.defaultValue && !importInput.files?.length;
  if (source.value !== defaultSource) source.dispatchEvent(new Event("change"));
  else if (textarea.value !== textarea.defaultValue) {
    remember();
    void update();
  }
  if (importInput.files?.length) importInput.dispatchEvent(new Event("change"));
  // A link pasted into this tab changes only the hash: the page stays, so its map is opened here.
  // Another tab of the chapter stored its maps (or the storage was cleared: a null key): this tab
  // follows, or merges them with its own; its draft stays the map on its screen.
  // A map this tab discarded that another tab shows in its editor comes back (that tab keeps it):
  // this tab says so, and that tab says it keeps it.
  addEventListener("storage", (event: StorageEvent) => {
    if (event.key !== draftKey && event.key !== null) return;
    const before = kept.beside;
    const { synced, again } = share(shared);
    offer();
    const names = keptNames(kept.beside, textarea.value);
    const back = cameBack(letGo, before, kept.beside).map((text) => backNote(names[kept.beside.indexOf(text)]!));
    const note =
      back.length > 0
        ? back.join(" ")
        : `${syncText("map builder", "unsaved maps", synced)}${again && kept.draft !== null ? keptHereNote(kept.draft) : ""}`;
    const moved = again || kept.beside.join("\u0000") !== before.join("\u0000");
    if (note && moved && status.textContent !== note) say(note);
  });
  addEventListener("hashchange", () => {
    if (isShareHash(location.hash)) void openLink(location.hash, false);
  });
  if (isShareHash(location.hash)) void openLink(location.hash, true);
  else if (untouched) {
    // Maps saved since in another tab need no keeping beside now.
    keepAndOffer(tidied(kept, held));
    const { draft, beside } = kept;
    const others = besideNote(beside.length);
    // A map picked or imported became the draft (offer.ts): shown again, it is that example or
    // saved map, the one the list now names, or unsaved work when no entry holds it.
    if (draft !== null)
      void setText(draft).then(() => {
        const broken = errors.innerHTML !== "";
        say(`${restoredNote(draft, holderOf(draft), broken)}${others}`, broken ? "error" : undefined);
        offer(); // the buttons name the maps beside the one now shown
      });
    else if (others) say(others.trim());
  }
  root.dataset.ready = "";
  return { saturate, setText };
}
