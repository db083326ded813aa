import { describe, expect, test } from "vitest";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import { draftBeside, insteadNote, keptNote, named, offerButton, restoredNote, showingNote } from "./offer.ts";

const mine = "title Mine\nservice web\npool db\nweb uses db\n";
const saved = "title Kept\nservice only\n";
const [before, after] = failureMapExamples;
/** What the Map list holds in these tests: the examples, and one map saved on this device. */
const held = (text: string) => text === saved || failureMapExamples.some((e) => e.text === text);

// Touch audit, finding 1: picking another map (one arrow key on the list) or importing a file
// replaced the editor's text and forgot the draft, so a reload did not bring the work back.
describe("a map loaded whole never takes the place of unsaved work", () => {
  test("an unsaved draft is kept and offered beside any map loaded, however many are passed on the way", () => {
    for (const loaded of [before!.text, after!.text, saved, "title From a file\nservice f\n"])
      expect(draftBeside(mine, loaded, held)).toEqual({ offered: mine, free: false });
  });

  test("a draft with errors is unsaved work too", () => {
    const broken = "title Mine\nservice web\nweb uses nothing\n";
    expect(draftBeside(broken, after!.text, held)).toEqual({ offered: broken, free: false });
  });

  test("the same text loaded again offers nothing, and keeps the draft", () => {
    expect(draftBeside(mine, mine, held)).toEqual({ offered: null, free: false });
  });

  test("no draft, or one the list holds (an example, a saved map), has nothing to keep: its place is free", () => {
    expect(draftBeside(null, after!.text, held)).toEqual({ offered: null, free: true });
    expect(draftBeside(before!.text, after!.text, held)).toEqual({ offered: null, free: true });
    expect(draftBeside(saved, after!.text, held)).toEqual({ offered: null, free: true });
    // Saved since: the same text is no longer unsaved.
    expect(draftBeside(mine, after!.text, (t) => held(t) || t === mine)).toEqual({ offered: null, free: true });
  });
});

describe("what the builder says of the map kept and the map offered", () => {
  test("a map is named by its title, or as one with errors", () => {
    expect(named(mine)).toBe('"Mine"');
    expect(named("service a\n")).toBe('"Untitled map"');
    expect(named("title Mine\nbogus line\n")).toBe("(with errors)");
  });

  test("the status after a map loaded whole names the draft kept, or adds nothing", () => {
    expect(keptNote(mine, after!.text)).toBe(' Your unsaved map "Mine" is kept until you change this one.');
    expect(keptNote(null, after!.text)).toBe("");
  });

  // The audit's own steps: the example edited (its title line left as it was), then the list
  // moved to that example. "Map" alone named both maps alike.
  test("an edited copy of the map loaded, under the same title, is called a copy of it", () => {
    const edited = `${before!.text}service my-hour-of-work\nmy-hour-of-work uses shared-db\n`;
    const title = named(before!.text);
    expect(keptNote(edited, before!.text)).toBe(` Your unsaved copy of ${title} is kept until you change this one.`);
    const from = { from: "example", label: before!.label } as const;
    expect(offerButton({ text: edited, mine: true, from }, before!.text)).toBe(`Show my unsaved copy of ${title}`);
    expect(showingNote({ text: edited, mine: true, from }, before!.text)).toBe(
      `Showing your unsaved copy of ${title}. The example "${before!.label}" is offered until you change this one.`,
    );
    // Two texts with errors have no titles to compare: neither is called a copy.
    expect(keptNote("title Mine\nbogus\n", "title Mine\nwrong\n")).toBe(
      " Your unsaved map (with errors) is kept until you change this one.",
    );
  });

  test("the offer's button names the reader's map, or the map loaded, by where it came from", () => {
    const label = before!.label;
    expect(offerButton({ text: mine, mine: true, from: { from: "example", label } }, before!.text)).toBe(
      'Show my unsaved map "Mine"',
    );
    expect(offerButton({ text: before!.text, mine: false, from: { from: "example", label } }, mine)).toBe(
      `Show the example "${label}"`,
    );
    expect(offerButton({ text: saved, mine: false, from: { from: "saved", title: "Kept" } }, mine)).toBe(
      'Show your saved map "Kept"',
    );
    expect(offerButton({ text: saved, mine: false, from: { from: "file", name: "kept.map.txt" } }, mine)).toBe(
      "Show the map imported from kept.map.txt",
    );
    expect(offerButton({ text: saved, mine: false, from: { from: "link" } }, mine)).toBe('Show the link\'s map "Kept"');
  });

  test("pressed, the button's status says which map is shown and which is offered back", () => {
    const from = { from: "file", name: "kept.map.txt" } as const;
    // The reader's own map comes back; the imported one is offered.
    expect(showingNote({ text: mine, mine: true, from }, saved)).toBe(
      'Showing your unsaved map "Mine". The map imported from kept.map.txt is offered until you change this one.',
    );
    // The imported map comes back; the reader's is kept.
    expect(showingNote({ text: saved, mine: false, from }, mine)).toBe(
      'Showing the map imported from kept.map.txt. Your unsaved map "Mine" is kept until you change this one.',
    );
    expect(showingNote({ text: mine, mine: true, from: { from: "link" } }, saved)).toBe(
      'Showing your unsaved map "Mine". The link\'s map "Kept" is offered until you change this one.',
    );
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
