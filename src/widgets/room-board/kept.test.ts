import { describe, expect, test } from "vitest";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { SharedList, type Synced, syncText as sharedSyncText } from "../synced-list.ts";
import { clearQuestion, filesCodec, type KeptFile, linesCodec, pastedLines, syncText } from "./kept.ts";

// How two tabs share a list (follow, merge, storage full or refused) is ../synced-list.test.ts's,
// on the board's links; here, what the board keeps and says.
describe("room board: two tabs share one board", () => {
  test("the box's lines are the links, whatever ends its lines; the board's words name the board", () => {
    expect(linesCodec.read("a\r\nb\rc\nd")).toEqual(["a", "b", "c", "d"]);
    expect(linesCodec.write([])).toBeNull();
    const followed: Synced<string> = { list: [], outcome: "followed", kept: true };
    expect(syncText("links", followed)).toBe(
      "The board is open in another tab, which changed the links: this tab shows them as they are now.",
    );
    expect(syncText("files", { ...followed, outcome: "merged", kept: false })).toBe(
      sharedSyncText("board", "files", { ...followed, outcome: "merged", kept: false }),
    );
    expect(syncText("links", { ...followed, outcome: "own" })).toBe("");
  });

  test("files: a file one tab adds and a file the other replaces are both on the board", () => {
    const file = (name: string, body: string): KeptFile => ({ name, text: body });
    const store = memoryStorage({ files: filesCodec.write([file("pair-1.json", "{}")])! });
    const a = new SharedList("files", filesCodec, store);
    const b = new SharedList("files", filesCodec, store);
    const inA = a.load();
    // Tab B replaces pair-1.json (a file of the same name replaces the one on the board).
    const inB = b.load().filter((f) => f.name !== "pair-1.json");
    a.sync([...inA, file("pair-2.json", "{}")]);
    const synced = b.sync([...inB, file("pair-1.json", '{"version":1}')]);
    expect(synced.outcome).toBe("merged");
    expect(synced.list).toEqual([file("pair-2.json", "{}"), file("pair-1.json", '{"version":1}')]);
    expect(filesCodec.read(store.getItem("files"))).toEqual(synced.list);
    expect(syncText("files", synced)).toContain("both tabs changed the files");
    // A stored value that is not a list of files holds none.
    expect(filesCodec.read("{")).toEqual([]);
    expect(filesCodec.read('[{"name":"a"},{"name":"b","text":"t"}]')).toEqual([file("b", "t")]);
  });
});

describe("room board: clearing", () => {
  test("the question says what goes: the pasted links counted, the files named", () => {
    expect(pastedLines("a\n\n  \nb\r\nc")).toBe(3);
    expect(clearQuestion(3, ["pair-1.json", "map.txt"])).toBe(
      "Clear the board? This removes 3 links and 2 files (pair-1.json, map.txt) from the board and from this browser, with no undo: a file comes back only if the group sends it again.",
    );
    expect(clearQuestion(1, [])).toBe(
      "Clear the board? This removes 1 link from the board and from this browser, with no undo.",
    );
  });
});
