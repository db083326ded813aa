import { describe, expect, test } from "vitest";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import {
  besideNote,
  changed,
  deletedNote,
  deleteQuestion,
  insteadNote,
  type Kept,
  keptNote,
  keptNothing,
  loadWhole,
  named,
  offerButton,
  restoredNote,
  showingNote,
  tidied,
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
      expect(loadWhole({ draft: mine, beside: [] }, loaded, held)).toEqual({
        kept: { draft: loaded, beside: [mine] },
        moved: mine,
      });
  });

  test("walking the list keeps the draft once, however many maps are passed on the way", () => {
    const walked = walk(type(mine), ...failureMapExamples.map((e) => loadOf(e.text)), loadOf(saved));
    expect(walked).toEqual({ draft: saved, beside: [mine] });
  });

  test("a draft with errors is unsaved work too", () => {
    const broken = "title Mine\nservice web\nweb uses nothing\n";
    expect(loadWhole({ draft: broken, beside: [] }, after!.text, held).moved).toBe(broken);
  });

  test("the same text loaded again moves nothing", () => {
    expect(loadWhole({ draft: mine, beside: [] }, mine, held)).toEqual({
      kept: { draft: mine, beside: [] },
      moved: null,
    });
  });

  test("no draft, or one the list holds (an example, a saved map), has nothing to keep beside", () => {
    for (const draft of [null, before!.text, saved])
      expect(loadWhole({ draft, beside: [] }, after!.text, held)).toEqual({
        kept: { draft: after!.text, beside: [] },
        moved: null,
      });
    // Saved since: the same text is no longer unsaved.
    expect(loadWhole({ draft: mine, beside: [] }, after!.text, (t) => held(t) || t === mine).moved).toBeNull();
  });

  // Session 55: a file imported while the reader's map was kept was shown but not kept: a reload
  // showed the earlier map and not the file's; edited, the file's map took the draft's place and
  // the earlier map, still said to be kept, was gone.
  test("a file imported while a map is kept is kept too; edited, neither is lost, across a reload", () => {
    const file = "title From a file\nservice f\n";
    const fileEdited = `${file}service g\n`;
    const imported = walk(type(mine), loadOf(after!.text), loadOf(file));
    expect(imported).toEqual({ draft: file, beside: [mine] });
    const edited = walk(() => imported, type(fileEdited));
    expect(edited).toEqual({ draft: fileEdited, beside: [mine] });
    // A second file, edited: all three of the reader's maps are kept, the latest first.
    const second = "title Second\nservice s\n";
    const both = walk(() => edited, loadOf(second), type(`${second}service t\n`));
    expect(both).toEqual({ draft: `${second}service t\n`, beside: [fileEdited, mine] });
    // Brought back with its button, the earliest is the draft, and the one shown goes beside.
    expect(loadWhole(both, mine, held)).toEqual({
      kept: { draft: mine, beside: [`${second}service t\n`, fileEdited] },
      moved: `${second}service t\n`,
    });
  });

  test("a map kept beside goes once it is saved: the list holds it", () => {
    const savedSince = (t: string) => held(t) || t === mine;
    const kept = walk(type(mine), loadOf(after!.text));
    expect(tidied(kept, savedSince)).toEqual({ draft: after!.text, beside: [] });
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
    expect(offerButton(edited, before!.text)).toBe(`Show my unsaved copy of ${title}`);
    expect(showingNote(edited, before!.text, null, 0)).toBe(`Showing your unsaved copy of ${title}.`);
    // Two texts with errors have no titles to compare: neither is called a copy.
    expect(keptNote("title Mine\nbogus\n", "title Mine\nwrong\n", 0)).toBe(
      " Your unsaved map (with errors) is kept, with a button below to show it again.",
    );
  });

  test("pressed, a button's status says which map is shown, and which is kept beside in its place", () => {
    expect(offerButton(mine, saved)).toBe('Show my unsaved map "Mine"');
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
      kept: { draft: after!.text, beside: [saved] },
      moved: saved,
    });
  });

  test("the same text as an example stays as that example", () => {
    const deleting = { title, inEditor: true, heldBy: { from: "example", label: before!.label } } as const;
    expect(deleteQuestion(deleting)).toBe(
      `Delete your saved map "Kept" from this device? Its text stays in the editor: it is the same as the example "${before!.label}".`,
    );
    expect(loadWhole({ draft: before!.text, beside: [] }, after!.text, held).moved).toBeNull();
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
