import { describe, expect, test } from "vitest";
import { memoryStorage } from "../../tests/support/memory-storage.ts";
import type { Store } from "./site-storage.ts";
import { type ListCodec, mergeLists, SharedList, syncText } from "./synced-list.ts";

const key = "board-links";
/** The room board's pasted links, the list these tests share: one item per line. */
const linesCodec: ListCodec<string> = {
  read: (raw) => (raw ? raw.split("\n") : []),
  write: (list) => (list.length ? list.join("\n") : null),
  id: (line) => line,
};
const lines = (text: string) => linesCodec.read(text);
const text = (list: readonly string[]) => list.join("\n");
const same = (s: string) => s;

/** A tab of the board: its box, and its share of the one stored key. */
function tab(store: Store | null) {
  const shared = new SharedList(key, linesCodec, store);
  let box = text(shared.load());
  return {
    get box() {
      return box;
    },
    /** Types or pastes: the box changes, then the tab keeps it (the board's input handler). */
    type(next: string) {
      box = next;
      const synced = shared.sync(lines(box));
      box = text(synced.list);
      return synced;
    },
    /** The storage event of another tab's write. */
    heard() {
      const synced = shared.sync(lines(box));
      box = text(synced.list);
      return synced;
    },
  };
}

describe("a shared list: two tabs of the room board share one list of links", () => {
  // The audit's steps (D2): tab B open, tab A adds a link, tab B types one character, tab A reloads.
  test("a tab follows another tab's writes, so typing there later keeps the other's new links", () => {
    const store = memoryStorage({ [key]: "LINK-1\nLINK-2" });
    const a = tab(store);
    const b = tab(store);
    expect(a.type("LINK-1\nLINK-2\nTAB-A-EXTRA")).toEqual({
      list: ["LINK-1", "LINK-2", "TAB-A-EXTRA"],
      outcome: "own",
      kept: true,
    });
    const followed = b.heard();
    expect(followed.outcome).toBe("followed");
    expect(b.box).toBe("LINK-1\nLINK-2\nTAB-A-EXTRA");
    expect(syncText("board", "links", followed)).toBe(
      "The board is open in another tab, which changed the links: this tab shows them as they are now.",
    );
    b.type(`${b.box}x`);
    // Tab A, reloaded: its link and tab B's character.
    expect(tab(store).box).toBe("LINK-1\nLINK-2\nTAB-A-EXTRAx");
    expect(a.heard().outcome).toBe("followed");
    expect(a.box).toBe("LINK-1\nLINK-2\nTAB-A-EXTRAx");
  });

  test("two tabs that both wrote before hearing of each other keep both tabs' links, in both tabs", () => {
    const store = memoryStorage({ [key]: "LINK-1" });
    const a = tab(store);
    const b = tab(store);
    a.type("LINK-1\nFROM-A");
    // Tab B pastes before the storage event of tab A's write reaches it.
    const merged = b.type("LINK-1\nFROM-B");
    expect(merged).toEqual({ list: ["LINK-1", "FROM-A", "FROM-B"], outcome: "merged", kept: true });
    expect(syncText("board", "links", merged)).toBe(
      "The board is open in another tab, and both tabs changed the links: this tab now has both tabs' changes, nothing lost.",
    );
    // Tab B's write holds both; tab A, hearing it, follows.
    expect(store.getItem(key)).toBe("LINK-1\nFROM-A\nFROM-B");
    expect(a.heard().outcome).toBe("followed");
    expect(a.box).toBe(b.box);
    // Heard late, tab A's own write's event changes nothing more in tab B.
    expect(b.heard()).toEqual({ list: ["LINK-1", "FROM-A", "FROM-B"], outcome: "own", kept: true });
  });

  test("a line one tab removed stays removed when the other tab adds one", () => {
    const store = memoryStorage({ [key]: "LINK-1\nLINK-2\nLINK-3" });
    const a = tab(store);
    const b = tab(store);
    a.type("LINK-1\nLINK-3");
    expect(b.type("LINK-1\nLINK-2\nLINK-3\nLINK-4").list).toEqual(["LINK-1", "LINK-3", "LINK-4"]);
  });

  test("a tab whose own writes fail (storage full) keeps its links and merges the other tab's in", () => {
    const data = memoryStorage({ [key]: "LINK-1" });
    const full: Store = {
      ...data,
      getItem: (k) => data.getItem(k),
      setItem: () => {
        throw new DOMException("quota", "QuotaExceededError");
      },
    };
    const a = tab(data);
    const b = tab(full);
    expect(b.type("LINK-1\nFROM-B")).toEqual({ list: ["LINK-1", "FROM-B"], outcome: "own", kept: false });
    a.type("LINK-1\nFROM-A");
    const heard = b.heard();
    expect(heard).toEqual({ list: ["LINK-1", "FROM-A", "FROM-B"], outcome: "merged", kept: false });
    expect(syncText("board", "links", heard)).toContain("nothing lost, though this browser could not keep them.");
  });

  test("clearing in one tab empties the other, but for what the other added meanwhile", () => {
    const store = memoryStorage({ [key]: "LINK-1\nLINK-2" });
    const a = tab(store);
    const b = tab(store);
    a.type("");
    expect(store.getItem(key)).toBeNull();
    expect(b.heard()).toEqual({ list: [], outcome: "followed", kept: true });
    b.type("LINK-3");
    const c = tab(store);
    const d = tab(store);
    c.type("");
    expect(d.type("LINK-3\nLINK-4").list).toEqual(["LINK-4"]);
  });

  test("a tab that opens with links of its own (a box the browser refilled) keeps them and the stored ones", () => {
    const store = memoryStorage({ [key]: "LINK-1\nFROM-OTHER-TAB" });
    const opened = new SharedList(key, linesCodec, store);
    opened.load();
    expect(opened.opened(["LINK-1", "REFILLED"])).toEqual({
      list: ["LINK-1", "FROM-OTHER-TAB", "REFILLED"],
      outcome: "merged",
      kept: true,
    });
    expect(store.getItem(key)).toBe("LINK-1\nFROM-OTHER-TAB\nREFILLED");
  });

  test("where storage is refused, a tab keeps its links in the page and says they are not kept", () => {
    const refused = tab(null);
    expect(refused.box).toBe("");
    expect(refused.type("LINK-1")).toEqual({ list: ["LINK-1"], outcome: "own", kept: false });
    expect(refused.heard()).toEqual({ list: ["LINK-1"], outcome: "own", kept: false });
  });
});

describe("a shared list: merging two tabs' lists", () => {
  test("an item both tabs added is there once; the other tab's order first, then this tab's additions", () => {
    expect(mergeLists(["a"], ["a", "x", "both"], ["both", "a", "y"], same)).toEqual(["both", "a", "y", "x"]);
  });

  test("a repeat one tab pasted stays a repeat (the board flags it); one removed goes once", () => {
    expect(mergeLists(["a", "b"], ["a", "b", "a"], ["a", "b", "c"], same)).toEqual(["a", "b", "c", "a"]);
    expect(mergeLists(["a", "a", "b"], ["a", "b"], ["a", "a", "b", "c"], same)).toEqual(["a", "b", "c"]);
  });

  test("an edited line is the old one removed and the new one added", () => {
    expect(mergeLists(["https://x/#map=1.ab"], ["https://x/#map=1.abc"], ["https://x/#map=1.ab", "z"], same)).toEqual([
      "z",
      "https://x/#map=1.abc",
    ]);
  });
});
