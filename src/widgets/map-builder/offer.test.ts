import { describe, expect, test } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import { SharedList, syncText } from "../synced-list.ts";
import type { Store } from "../site-storage.ts";
import { draftKey, keptCodec } from "./draft.ts";
import {
  backNote,
  besideNote,
  cameBack,
  changed,
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
  keptNothing,
  keptOf,
  listOf,
  loadWhole,
  named,
  restoredNote,
  shareKept,
  showButton,
  showingNote,
  tidied,
  unkeptText,
} from "./offer.ts";

const mine = "title Mine\nservice web\npool db\nweb uses db\n";
const saved = "title Kept\nservice only\n";
const [before, after] = failureMapExamples;
/** What the Map list holds in these tests: the examples, and one map saved on this device. */
const held = (text: string) => text === saved || failureMapExamples.some((e) => e.text === text);

/** What the builder keeps after each step, from nothing kept. */
function walk(...steps: ((kept: Kept) => Kept)[]): Kept {
  return steps.reduce((kept, step) => step(kept), keptNothing);
}
const type = (text: string) => (kept: Kept) => changed(kept, text, held);
const loadOf = (text: string) => (kept: Kept) => loadWhole(kept, text, held).kept;

// Touch audit, finding 1: picking another map (one arrow key on the list) or importing a file
// replaced the editor's text and forgot the draft, so a reload did not bring the work back.
describe("a map loaded whole never takes the place of unsaved work", () => {
  test("an unsaved draft is kept beside any map loaded, and the map loaded is the draft", () => {
    for (const loaded of [before!.text, after!.text, saved, "title From a file\nservice f\n"])
      expect(loadWhole({ draft: mine, beside: [], at: 0 }, loaded, held)).toEqual({
        kept: { draft: loaded, beside: [mine], at: 1 },
        moved: mine,
      });
  });

  test("walking the list keeps the draft once, however many maps are passed on the way", () => {
    const walked = walk(type(mine), ...failureMapExamples.map((e) => loadOf(e.text)), loadOf(saved));
    expect(walked).toEqual({ draft: saved, beside: [mine], at: 1 });
  });

  test("a draft with errors is unsaved work too", () => {
    const broken = "title Mine\nservice web\nweb uses nothing\n";
    expect(loadWhole({ draft: broken, beside: [], at: 0 }, after!.text, held).moved).toBe(broken);
  });

  test("the same text loaded again moves nothing", () => {
    expect(loadWhole({ draft: mine, beside: [], at: 0 }, mine, held)).toEqual({
      kept: { draft: mine, beside: [], at: 0 },
      moved: null,
    });
  });

  test("no draft, or one the list holds (an example, a saved map), has nothing to keep beside", () => {
    for (const draft of [null, before!.text, saved])
      expect(loadWhole({ draft, beside: [], at: 0 }, after!.text, held)).toEqual({
        kept: { draft: after!.text, beside: [], at: 0 },
        moved: null,
      });
    // Saved since: the same text is no longer unsaved.
    expect(loadWhole({ draft: mine, beside: [], at: 0 }, after!.text, (t) => held(t) || t === mine).moved).toBeNull();
  });

  // Session 55: a file imported while the reader's map was kept was shown but not kept: a reload
  // showed the earlier map and not the file's; edited, the file's map took the draft's place and
  // the earlier map, still said to be kept, was gone.
  test("a file imported while a map is kept is kept too; edited, neither is lost, across a reload", () => {
    const file = "title From a file\nservice f\n";
    const fileEdited = `${file}service g\n`;
    const imported = walk(type(mine), loadOf(after!.text), loadOf(file));
    expect(imported).toEqual({ draft: file, beside: [mine], at: 1 });
    const edited = walk(() => imported, type(fileEdited));
    expect(edited).toEqual({ draft: fileEdited, beside: [mine], at: 1 });
    // A second file, edited: all three of the reader's maps are kept, in the order kept.
    const second = "title Second\nservice s\n";
    const both = walk(() => edited, loadOf(second), type(`${second}service t\n`));
    expect(both).toEqual({ draft: `${second}service t\n`, beside: [mine, fileEdited], at: 2 });
    // Brought back with its button, the earliest is the draft, in its place, and the one shown
    // stays in its own place, now beside: the buttons keep their order.
    expect(loadWhole(both, mine, held)).toEqual({
      kept: { draft: mine, beside: [fileEdited, `${second}service t\n`], at: 0 },
      moved: `${second}service t\n`,
    });
  });

  test("a map kept beside goes once it is saved: the list holds it", () => {
    const savedSince = (t: string) => held(t) || t === mine;
    const kept = walk(type(mine), loadOf(after!.text));
    expect(tidied(kept, savedSince)).toEqual({ draft: after!.text, beside: [], at: 0 });
    expect(changed(kept, "title Other\n", savedSince).beside).toEqual([]);
  });
});

describe("what the builder says of the maps kept", () => {
  test("a map is named by its title, or as one with errors", () => {
    expect(named(mine)).toBe('"Mine"');
    expect(named("service a\n")).toBe('"Untitled map"');
    expect(named("title Mine\nbogus line\n")).toBe("(with errors)");
  });

  test("the status after a map loaded whole names the draft moved beside, or adds nothing", () => {
    expect(keptNote(mine, after!.text, 0)).toBe(
      ' Your unsaved map "Mine" is kept, with a button below to show it again.',
    );
    expect(keptNote(null, after!.text, 0)).toBe("");
    // None moved (the map before was an example): those kept already are counted, as the
    // keyboard walking the list hears at each map it passes.
    expect(keptNote(null, after!.text, 1)).toBe(" 1 other unsaved map is kept, with a button below to show it.");
  });

  test("a reload counts the maps kept beside the one it shows", () => {
    expect(besideNote(0)).toBe("");
    expect(besideNote(1)).toBe(" 1 other unsaved map is kept, with a button below to show it.");
    expect(besideNote(2)).toBe(" 2 other unsaved maps are kept, with buttons below to show them.");
  });

  // The audit's own steps: the example edited (its title line left as it was), then the list
  // moved to that example. "Map" alone named both maps alike.
  test("an edited copy of the map loaded, under the same title, is called a copy of it", () => {
    const edited = `${before!.text}service my-hour-of-work\nmy-hour-of-work uses shared-db\n`;
    const title = named(before!.text);
    expect(keptNote(edited, before!.text, 0)).toBe(
      ` Your unsaved copy of ${title} is kept, with a button below to show it again.`,
    );
    expect(keptNames([edited], before!.text).map(showButton)).toEqual([`Show my unsaved copy of ${title}`]);
    expect(showingNote(edited, before!.text, null, 0)).toBe(`Showing your unsaved copy of ${title}.`);
    // Two texts with errors have no titles to compare: neither is called a copy.
    expect(keptNote("title Mine\nbogus\n", "title Mine\nwrong\n", 0)).toBe(
      " Your unsaved map (with errors) is kept, with a button below to show it again.",
    );
  });

  test("pressed, a button's status says which map is shown, and which is kept beside in its place", () => {
    expect(keptNames([mine], saved).map(showButton)).toEqual(['Show my unsaved map "Mine"']);
    const file = "title From a file\nservice f\n";
    expect(showingNote(mine, file, file, 1)).toBe(
      'Showing your unsaved map "Mine". Your unsaved map "From a file" is kept, with a button below to show it again.',
    );
    // In place of an example: the list holds that, nothing is kept beside.
    expect(showingNote(mine, after!.text, null, 0)).toBe('Showing your unsaved map "Mine".');
    expect(showingNote(mine, after!.text, null, 2)).toBe(
      'Showing your unsaved map "Mine". 2 other unsaved maps are kept, with buttons below to show them.',
    );
  });
});

// Session 55: the question before a delete said 'The editor keeps its text until you load another
// map', but a map loaded after it kept that text, and offered it back.
describe("deleting a saved map says truly what becomes of its text", () => {
  const title = "Kept";
  test("in the editor, its text stays there and on this device, kept beside any map loaded after", () => {
    const deleting = { title, inEditor: true, heldBy: null };
    expect(deleteQuestion(deleting)).toBe(
      'Delete your saved map "Kept" from this device? Its text stays in the editor, and on this device as your unsaved map, which you can save again.',
    );
    expect(deletedNote(deleting)).toBe(
      'Deleted "Kept" from this device. Its text stays in the editor, and on this device as your unsaved map, which you can save again.',
    );
    // What the builder does: picked, the saved map is the draft; deleted, no entry holds it, and
    // a map loaded after keeps it beside, as the sentence says.
    const picked = walk(loadOf(saved));
    expect(picked.draft).toBe(saved);
    const afterDelete = (t: string) => t !== saved && held(t);
    expect(loadWhole(tidied(picked, afterDelete), after!.text, afterDelete)).toEqual({
      kept: { draft: after!.text, beside: [saved], at: 1 },
      moved: saved,
    });
  });

  test("the same text as an example stays as that example", () => {
    const deleting = { title, inEditor: true, heldBy: { from: "example", label: before!.label } } as const;
    expect(deleteQuestion(deleting)).toBe(
      `Delete your saved map "Kept" from this device? Its text stays in the editor: it is the same as the example "${before!.label}".`,
    );
    expect(loadWhole({ draft: before!.text, beside: [], at: 0 }, after!.text, held).moved).toBeNull();
  });

  test("not in the editor, its text goes, and the question says so", () => {
    const deleting = { title, inEditor: false, heldBy: null };
    expect(deleteQuestion(deleting)).toBe(
      'Delete your saved map "Kept" from this device? Its text is then gone from this device. The map in the editor is another, and stays as it is.',
    );
    expect(deletedNote(deleting)).toMatch(/^Deleted "Kept" from this device\. Its text is gone from this device\./);
  });
});

// An example picked with nothing unsaved became the draft, and a reload said 'Restored your
// unsaved map "<the example's title>"' of a map the learner had not changed.
describe("a reload names the draft it shows again by what the list holds", () => {
  const example = { from: "example", label: before!.label } as const;
  const kept = { from: "saved", title: "Kept" } as const;

  test("a draft an example or a saved map holds is that map shown again, not unsaved work", () => {
    expect(restoredNote(before!.text, example, false)).toBe(
      `Showing the example "${before!.label}" again, as you left it.`,
    );
    expect(restoredNote(saved, kept, false)).toBe('Showing your saved map "Kept" again, as you left it.');
    for (const note of [restoredNote(before!.text, example, false), restoredNote(saved, kept, false)])
      expect(note).not.toMatch(/unsaved/);
  });

  test("only a draft no list entry holds is restored as unsaved, named, or said to have errors", () => {
    expect(restoredNote(mine, null, false)).toBe('Restored your unsaved map "Mine" as you left it.');
    expect(restoredNote("title Mine\nbogus\n", null, true)).toBe(
      "Restored your unsaved map as you left it, with its errors: see below the editor. The drawing still shows the map before it.",
    );
  });

  test("a link that cannot be read shows the draft instead, named the same way", () => {
    expect(insteadNote(mine, null)).toBe(' Showing your unsaved map "Mine" instead.');
    expect(insteadNote(before!.text, example)).toBe(` Showing the example "${before!.label}" instead.`);
    expect(insteadNote(saved, kept)).toBe(' Showing your saved map "Kept" instead.');
  });
});

/** A tab of the chapter, as mount.ts keeps the reader's maps: its share of the one stored key. */
function tab(store: Store | null) {
  const maps = new SharedList(draftKey, keptCodec, store);
  let shared = maps.load();
  let kept = keptOf(shared);
  const share = (list: ReturnType<typeof listOf>) => {
    const done = shareKept(maps, kept, list, held);
    kept = done.kept;
    shared = done.synced.list;
    return { ...done.synced, again: done.again };
  };
  return {
    get kept() {
      return kept;
    },
    /** Typed or pasted: the draft follows (mount.ts's remember). */
    type: (text: string) => share(listOf((kept = changed(kept, text, held)))),
    /** Picked, imported, a link's, or one kept beside brought back. */
    load: (text: string) => share(listOf((kept = loadWhole(kept, text, held).kept))),
    /** Discarded, once the reader said so. */
    discard: (text: string) => share(listOf((kept = discarded(kept, text)))),
    /** The storage event of another tab's write. */
    heard: () => share(shared),
  };
}
/** What a reload of the chapter shows, and offers. */
const reloaded = (store: Store) => keptOf(keptCodec.read(store.getItem(draftKey)));

// Session 55: each tab wrote everything it kept over the other's, so a map typed only in one tab
// was lost at the next reload once the other tab had written after it.
describe("two tabs of the chapter lose no unsaved map", () => {
  const theirs = "title Theirs\nservice t\n";

  test("a map typed in one tab is kept beside the other tab's, which keeps its own on screen", () => {
    const store = memoryStorage();
    const a = tab(store);
    const b = tab(store);
    expect(a.type(mine).outcome).toBe("own");
    // Tab B, on the chapter's own example, hears tab A's write: tab A's map is offered there.
    const heard = b.heard();
    expect(heard.outcome).toBe("followed");
    expect(b.kept).toEqual({ draft: null, beside: [mine], at: 1 });
    expect(syncText("map builder", "unsaved maps", heard)).toBe(
      "The map builder is open in another tab, which changed the unsaved maps: this tab shows them as they are now.",
    );
    // Tab B types its own map, after tab A wrote: a reload shows it, and offers tab A's.
    b.type(theirs);
    expect(reloaded(store)).toEqual({ draft: theirs, beside: [mine], at: 1 });
    a.heard();
    expect(a.kept).toEqual({ draft: mine, beside: [theirs], at: 0 });
  });

  test("two tabs that write before hearing of each other keep both maps", () => {
    const store = memoryStorage();
    const a = tab(store);
    const b = tab(store);
    a.type(mine);
    const merged = b.type(theirs);
    expect(merged.outcome).toBe("merged");
    expect(syncText("map builder", "unsaved maps", merged)).toContain(
      "this tab now has both tabs' changes, nothing lost.",
    );
    expect(b.kept).toEqual({ draft: theirs, beside: [mine], at: 1 });
    expect(reloaded(store)).toEqual({ draft: mine, beside: [theirs], at: 0 });
    expect(a.heard().outcome).toBe("followed");
    expect(a.kept).toEqual({ draft: mine, beside: [theirs], at: 0 });
  });

  // Session 56: each tab put its own draft first and the maps it moved beside before the others,
  // so after the tabs heard each other the buttons stood in a different order in each tab, and
  // moved about as either tab wrote.
  test("the maps kept stand in the order kept, oldest first, the same in both tabs, through a merge", () => {
    const store = memoryStorage();
    const a = tab(store);
    const b = tab(store);
    const [a1, b1, a2, b2, a3, b3] = ["A1", "B1", "A2", "B2", "A3", "B3"].map((t) => `title ${t}\nservice s\n`);
    /** Every map kept, as a tab holds them: its draft in its place among those beside it. */
    const order = (t: ReturnType<typeof tab>) => listOf(t.kept).map((m) => m.text);
    // Kept one after the other, each tab hearing the other's write.
    a.type(a1!);
    b.heard();
    b.type(b1!);
    a.heard();
    a.load(after!.text);
    a.type(a2!);
    b.heard();
    b.load(after!.text);
    b.type(b2!);
    a.heard();
    expect(a.kept.beside).toEqual([a1, b1, b2]);
    expect(b.kept.beside).toEqual([a1, b1, a2]);
    expect(order(a)).toEqual([a1, b1, a2, b2]);
    expect(order(b)).toEqual(order(a));
    // A map brought back with its button takes the place of none: the map it replaces on screen
    // stays in its own place, so every button but the one pressed stays where it was.
    a.load(b1!);
    expect(a.kept.beside).toEqual([a1, a2, b2]);
    expect(order(a)).toEqual([a1, b1, a2, b2]);
    b.heard();
    expect(b.kept.beside).toEqual([a1, b1, a2]);
    // Edited, a map keeps its place.
    const b2Edited = `${b2}service t\n`;
    b.type(b2Edited);
    a.heard();
    expect(a.kept.beside).toEqual([a1, a2, b2Edited]);
    // Both tabs keep a new map before hearing of each other: the merge keeps both, the tab that
    // merged its own last, and both tabs agree, as does a reload.
    a.load(after!.text);
    b.heard();
    b.load(after!.text);
    a.heard();
    a.type(a3!);
    expect(b.type(b3!).outcome).toBe("merged");
    expect(a.heard().outcome).toBe("followed");
    expect(order(a)).toEqual([a1, b1, a2, b2Edited, a3, b3]);
    expect(order(b)).toEqual(order(a));
    expect(a.kept.beside).toEqual([a1, b1, a2, b2Edited, b3]);
    expect(b.kept.beside).toEqual([a1, b1, a2, b2Edited, a3]);
    expect(reloaded(store)).toEqual({ draft: a3, beside: [a1, b1, a2, b2Edited, b3], at: 4 });
  });

  // Session 56: a map discarded in one tab while another tab showed it in its editor came back in
  // the first tab with nothing said of why, and the discard question had said it would be gone.
  test("a map discarded while another tab shows it in its editor stays kept, and both tabs say why", () => {
    const store = memoryStorage();
    tab(store).type(mine);
    // Both tabs show the same kept map; tab A picks an example, keeping that map beside it.
    const a = tab(store);
    const b = tab(store);
    a.load(after!.text);
    expect(b.heard()).toMatchObject({ outcome: "followed", again: false });
    expect(b.kept).toEqual({ draft: mine, beside: [], at: 0 });
    // Tab A lets the map go; it is still on tab B's screen, so tab B keeps it and says so.
    const keptBefore = a.kept.beside;
    expect(keptBefore).toEqual([mine]);
    a.discard(mine);
    expect(reloaded(store).beside).toEqual([]);
    expect(b.heard()).toMatchObject({ outcome: "followed", again: true });
    expect(b.kept).toEqual({ draft: mine, beside: [], at: 0 });
    expect(keptHereNote(mine)).toBe(
      ' Your unsaved map "Mine" in this tab\'s editor was discarded or changed there: this tab keeps it on this device still.',
    );
    expect(reloaded(store)).toEqual({ draft: after!.text, beside: [mine], at: 0 });
    // Tab A hears it back: it is the map tab A discarded, and tab A says why it is kept again.
    const discardedHere = new Set([mine]);
    const heardBefore = a.kept.beside;
    a.heard();
    expect(a.kept).toEqual({ draft: after!.text, beside: [mine], at: 0 });
    expect(cameBack(discardedHere, heardBefore, a.kept.beside)).toEqual([mine]);
    // Only a map discarded here, and only as it comes back (not while it stays).
    expect(cameBack(new Set(), heardBefore, a.kept.beside)).toEqual([]);
    expect(cameBack(discardedHere, keptBefore, a.kept.beside)).toEqual([]);
    const name = keptNames(a.kept.beside, after!.text)[0]!;
    expect(backNote(name)).toBe(
      'Your unsaved map "Mine" is kept again, though you discarded it: another tab of the chapter shows it in its editor, and keeps it. To let it go, close that tab or show another map there, then discard it here again.',
    );
    // What the note says lets it go: another map shown there, then discarded here again.
    b.load(before!.text);
    a.heard();
    expect(a.discard(mine).again).toBe(false);
    expect(b.heard()).toMatchObject({ outcome: "followed", again: false });
    expect(b.kept.beside).toEqual([]);
    expect(reloaded(store).beside).toEqual([]);
  });

  test("a map discarded again once the tab that showed it is closed is gone", () => {
    const store = memoryStorage();
    const a = tab(store);
    const b = tab(store);
    a.type(mine);
    a.load(after!.text);
    b.heard();
    b.load(mine);
    a.heard();
    a.discard(mine);
    b.heard();
    a.heard();
    expect(a.kept.beside).toEqual([mine]);
    // Tab B closed: nothing shows the map now, and a discard lets it go.
    a.discard(mine);
    expect(tab(store).kept).toEqual({ draft: after!.text, beside: [], at: 0 });
  });

  test("where the storage is full, the tab keeps its maps in the page and hears that they are not kept", () => {
    const a = tab(memoryStorage({}, { full: true }));
    expect(a.type(mine)).toMatchObject({ outcome: "own", kept: false });
    expect(a.load(after!.text).kept).toBe(false);
    expect(a.kept).toEqual({ draft: after!.text, beside: [mine], at: 1 });
    expect(unkeptText).toMatch(/^This browser's storage for this site is full: .* kept only while this page is open\./);
    // Where storage is refused altogether, nothing is said of it (the page keeps them as ever).
    expect(tab(null).type(mine).kept).toBe(false);
  });
});

describe("letting a kept map go, and telling kept maps apart", () => {
  const second = "title Mine\nservice web\npool db\nweb uses db\nservice api\n";

  test("maps kept under the same title are told apart by their place and length, on both buttons", () => {
    const names = keptNames([mine, "title Other\nservice o\n", second], after!.text);
    expect(names).toEqual([
      'unsaved map "Mine" (1 of 2, 4 lines)',
      'unsaved map "Other"',
      'unsaved map "Mine" (2 of 2, 5 lines)',
    ]);
    expect(new Set(names.map(showButton)).size).toBe(3);
    expect(discardButton(names[2]!)).toBe('Discard my unsaved map "Mine" (2 of 2, 5 lines)');
    // Maps with errors have no title: numbered too.
    expect(keptNames(["bogus\n", "bogus\nmore\n"], mine)).toEqual([
      "unsaved map (with errors) (1 of 2, 1 line)",
      "unsaved map (with errors) (2 of 2, 2 lines)",
    ]);
  });

  test("a map discarded is kept no more; the question and the status name it", () => {
    expect(discarded({ draft: after!.text, beside: [mine, second], at: 2 }, mine)).toEqual({
      draft: after!.text,
      beside: [second],
      at: 1,
    });
    const name = keptNames([mine], after!.text)[0]!;
    expect(discardQuestion(name)).toBe(
      'Discard your unsaved map "Mine"? It is not saved anywhere: once discarded, it is gone from this device, unless another tab of the chapter shows it in its editor. To keep it, show it, then save it or export it as a file.',
    );
    expect(discardedNote(name, 0)).toBe('Discarded your unsaved map "Mine".');
    expect(discardedNote(name, 1)).toBe(
      'Discarded your unsaved map "Mine". 1 other unsaved map is kept, with a button below to show it.',
    );
  });
});
