import { describe, expect, test } from "vitest";
import { exampleSystemMap } from "../../course/workshop/example-system.ts";
import { percentUpTo } from "../../format/number.ts";
import {
  analyseFailureMap,
  failureMapExamples,
  parseFailureMap,
  parseFailureMapOrThrow,
} from "../../sim/failure-map/index.ts";
import { encodeShareHash } from "../../course/map-share.ts";
import { type Catalog, exportProgress } from "../../course/progress.ts";
import {
  boardLimit,
  boardSummary,
  type MapRow,
  mapRow,
  progressRow,
  rankMaps,
  readBoard,
  roomCommitments,
  roomStanding,
  sharedFindings,
  skippedNote,
} from "./board.ts";

const before = failureMapExamples.find((e) => e.id === "before-bulkheads")!.text;
const after = failureMapExamples.find((e) => e.id === "after-bulkheads")!.text;
const link = async (text: string) => `https://course.example/failure-domains/${await encodeShareHash(text)}`;
const noCatalog: Catalog = [];
/** The board's map rows from pasted lines alone. */
const readLinks = async (text: string) => (await readBoard(text, [], noCatalog)).maps;
const titled = (title: string, text = before) => text.replace(/^title .*/m, `title ${title}`);

describe("room board: maps", () => {
  test("reads share links (full addresses or bare #map= parts) and finds each map's riskiest resource", async () => {
    const rows = await readLinks(`${await link(before)}\n\n  ${await encodeShareHash(exampleSystemMap)}  \n`);
    expect(rows).toHaveLength(2);
    for (const [row, text] of [
      [rows[0]!, before],
      [rows[1]!, exampleSystemMap],
    ] as const) {
      expect(row.ok).toBe(true);
      if (!row.ok) continue;
      const analysis = analyseFailureMap(parseFailureMapOrThrow(text));
      const most = Math.max(...analysis.impacts.map((i) => i.trafficShare ?? 0));
      expect(row.riskiest!.share).toBe(most);
      expect(row.riskiest!.shareText).toBe(percentUpTo(most));
      expect(row.flagged).toEqual(analysis.flagged);
    }
    expect(rows.map((r) => r.source)).toEqual(["Link 1", "Link 2"]);
  });

  test("ranks riskiest first, and lists what more than one group found", async () => {
    const rows = await readLinks(
      [await link(after), await link(titled("Group A")), await link(titled("Group B"))].join("\n"),
    );
    const ranked = rankMaps(rows);
    const shares = ranked.map((r) => (r.ok ? r.riskiest!.share : -1));
    expect([...shares].sort((a, b) => b - a)).toEqual(shares);
    const beforeFlagged = analyseFailureMap(parseFailureMapOrThrow(before)).flagged;
    const found = sharedFindings(rows);
    for (const name of beforeFlagged)
      expect(found.find((f) => f.resource === name)?.maps ?? 0).toBeGreaterThanOrEqual(2);
  });

  test("a bad line is a readable error in its place, never a lost board", async () => {
    const good = await link(before);
    const rows = await readLinks(["not a link", `${good.slice(0, -12)}`, good, "https://x/#map=9.abc"].join("\n"));
    expect(rows.map((r) => r.ok)).toEqual([false, false, true, false]);
    expect(rows[0]).toMatchObject({ ok: false, message: expect.stringContaining("no #map=") });
    expect(rows[1]).toMatchObject({ ok: false, message: expect.stringMatching(/damaged|line \d+/) });
    expect(rows[3]).toMatchObject({ ok: false, message: expect.stringContaining("newer version") });
    expect(rankMaps(rows).map((r) => r.ok)).toEqual([true, false, false, false]);
  });

  // QA: a bare "#map=" line was reported as made by a newer version of the page.
  test("an empty map link says it is empty, not newer", async () => {
    const rows = await readLinks(["#map=", "https://x/failure-domains/#map=", "#map=1", "#map=1."].join("\n"));
    for (const row of rows)
      expect(row).toMatchObject({
        ok: false,
        message: 'this map link is empty: it has no map after "#map=" (was it cut short when it was copied?)',
      });
    expect(rows).toHaveLength(4);
  });

  test("a file that is not text (an image) is refused as such, not read as hundreds of map errors", () => {
    // A PNG's first bytes, as a browser's file.text() gives them: the signature, then NULs.
    const png = "\uFFFDPNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR";
    expect(mapRow("photo.png", png)).toEqual({
      ok: false,
      source: "photo.png",
      message: "this is not a text file: a map is plain text, such as the file the builder's Export file writes",
    });
    expect(mapRow("ok.txt", "service a\npool db\na uses db")).toMatchObject({ ok: true });
  });

  test("a map that does not parse says which line; more links than the board takes are refused, not dropped silently", async () => {
    expect(mapRow("group.map.txt", "service a\na uses nothing")).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^line 2: /),
    });
    const many = Array.from({ length: boardLimit + 2 }, () => "x").join("\n");
    const rows = await readLinks(many);
    expect(rows).toHaveLength(boardLimit + 1);
    expect(rows.at(-1)).toMatchObject({
      ok: false,
      source: `Links ${boardLimit + 1} to ${boardLimit + 2}`,
      message: expect.stringContaining(String(boardLimit)),
      leftOut: 2,
    });
  });

  // QA: one group's link pasted twice made "Found by more than one group: … (2 maps)", every
  // commitment listed twice.
  test("the same map sent twice (as a link, or as a link and a file) is flagged and counted once", async () => {
    const decided = `${titled("Group A")}\ndecide ${analyseFailureMap(parseFailureMapOrThrow(before)).flagged[0]} split; owner Priya; by May`;
    const { maps } = await readBoard(
      [await link(decided), await link(titled("Group B")), await link(decided)].join("\n"),
      [{ name: "group-a.map.txt", text: `${decided.replace(/\n/g, "\r\n")}\r\n\r\n` }],
      noCatalog,
    );
    expect(maps.map((m) => (m.ok ? m.name : m.repeatOf))).toEqual(["Group A", "Group B", "Link 1", "Link 1"]);
    expect(maps[2]).toMatchObject({ ok: false, source: "Link 3", message: "the same map as Link 1: counted once" });
    for (const found of sharedFindings(maps)) expect(found.maps).toBe(2);
    const room = roomCommitments(rankMaps(maps));
    expect(room.all.map((c) => c.map)).toEqual(["Group A"]);
    expect(room.undecided.map((u) => u.map).sort()).toEqual(["Group A", "Group B"]);
    expect(boardSummary(maps, [])).toBe(
      "Compared 2 maps and 0 progress files; 2 the same as an earlier map, counted once.",
    );
    // One group's link alone, many times over: nothing is found "by more than one group".
    const alone = await readLinks(
      Array.from({ length: 5 }, () => "")
        .fill(await link(before))
        .join("\n"),
    );
    expect(sharedFindings(alone)).toEqual([]);
  });

  // QA: 40 links and a map file compared 41 maps; 45 links said "1 could not be read".
  test("the board's limit holds across links and files, and says how many it left out", async () => {
    const maps = Array.from({ length: boardLimit + 5 }, (_, i) => titled(`Group ${i + 1}`));
    const lines = await Promise.all(maps.slice(0, boardLimit).map(link));
    const file = { name: "late.map.txt", text: maps.at(-1)! };
    const progressFiles = Array.from({ length: boardLimit + 1 }, (_, i) => ({
      name: `p${i}.json`,
      text: '{"version":1,"exercises":{}}',
    }));
    const full = await readBoard(lines.join("\n"), [file, ...progressFiles], noCatalog);
    expect(full.maps.filter((m) => m.ok)).toHaveLength(boardLimit);
    expect(full.maps.at(-1)).toMatchObject({ ok: false, source: "late.map.txt", leftOut: 1 });
    expect(full.progress.filter((p) => p.ok)).toHaveLength(boardLimit);
    expect(full.progress.at(-1)).toMatchObject({ ok: false, source: `p${boardLimit}.json`, leftOut: 1 });
    expect(boardSummary(full.maps, full.progress)).toBe(
      `Compared ${boardLimit} maps and ${boardLimit} progress files; 2 left out: the board takes ${boardLimit} maps and ${boardLimit} progress files at once.`,
    );
    const over = await readBoard(
      [...lines, ...(await Promise.all(maps.slice(boardLimit).map(link)))].join("\n"),
      [],
      noCatalog,
    );
    expect(boardSummary(over.maps, [])).toBe(
      `Compared ${boardLimit} maps and 0 progress files; 5 left out: the board takes ${boardLimit} maps and ${boardLimit} progress files at once.`,
    );
    const bad = await readBoard("x\n\ny", [], noCatalog);
    expect(boardSummary(bad.maps, [])).toBe("Nothing compared: 2 could not be read (listed in red).");
    expect(boardSummary([], [])).toBe("Nothing to compare yet: paste a share link or add a file.");
  });
});

describe("room board: commitments", () => {
  // Two groups mapped the same platform; one decided with owners and dates, the other not quite.
  const flagged = analyseFailureMap(parseFailureMapOrThrow(before)).flagged;
  const [first, second] = flagged as [string, string];
  const alpha = `${before.replace(/^title .*/, "title Alpha")}\ndecide ${first} split: a pool per service; owner Priya; by 15 January\ndecide ${second} accept; owner Sam; by March`;
  const beta = `${before.replace(/^title .*/, "title Beta")}\ndecide ${first} protect; owner Lee`;

  test("each map carries its decisions, and the flagged resources it has not decided about", () => {
    const row = mapRow("a", alpha);
    expect(row.ok).toBe(true);
    if (!row.ok) return;
    expect(row.commitments).toEqual([
      {
        resource: first,
        decision: "split",
        change: "a pool per service",
        owner: "Priya",
        by: "15 January",
        flagged: true,
      },
      { resource: second, decision: "accept", owner: "Sam", by: "March", flagged: true },
    ]);
    expect(row.undecided).toEqual(flagged.slice(2));
    // A map with no decide lines: nothing decided, every flagged resource open.
    const bare = mapRow("b", before);
    expect(bare.ok && bare.commitments.length === 0 && bare.undecided).toEqual(flagged);
  });

  test("the room's commitments side by side: what lacks an owner or a date, and where groups differ", () => {
    const room = roomCommitments([mapRow("a", alpha), mapRow("b", beta), { ok: false, source: "x", message: "bad" }]);
    expect(room.all.map((c) => [c.map, c.resource, c.decision, c.missing])).toEqual([
      ["Alpha", first, "split", []],
      ["Alpha", second, "accept", []],
      ["Beta", first, "protect", ["date"]],
    ]);
    expect(room.disagreements).toEqual([
      {
        resource: first,
        decisions: [
          { map: "Alpha", decision: "split" },
          { map: "Beta", decision: "protect" },
        ],
      },
    ]);
    expect(room.undecided).toEqual([
      { map: "Alpha", resources: flagged.slice(2) },
      { map: "Beta", resources: flagged.slice(1) },
    ]);
  });

  // Kit audit L1: every group that mapped the workshop's example system had the same title, so the
  // commitments could not say whose was whose.
  test("maps with the same title are told apart by where they came from, wherever the board names them", () => {
    const a = mapRow("Link 1", alpha.replace(/^title .*/, "title Parcel Hub"));
    const b = mapRow("Link 2", beta.replace(/^title .*/, "title Parcel Hub"));
    const c = mapRow("Link 3", alpha.replace(/^title .*/, "title Other"));
    const room = roomCommitments([a, b, c]);
    expect([...new Set(room.all.map((x) => x.map))]).toEqual(["Parcel Hub (Link 1)", "Parcel Hub (Link 2)", "Other"]);
    expect(room.disagreements[0]!.decisions.map((d) => d.map)).toEqual([
      "Parcel Hub (Link 1)",
      "Parcel Hub (Link 2)",
      "Other",
    ]);
    expect(room.undecided.map((u) => u.map)).toEqual(["Parcel Hub (Link 1)", "Parcel Hub (Link 2)", "Other"]);
  });

  // QA: one typo in a decide line cost a group its whole map at the readout.
  test("a map whose only errors are decide lines is on the board without them, and the board says which group's which line and why", async () => {
    const lines = alpha.split("\n").length;
    const typo = `${alpha}\ndecide nowhere split; owner Kim\ndecide ${second} protect`;
    const strict = parseFailureMap(typo);
    if (strict.ok) throw new Error("the map should have errors");
    const row = mapRow("Link 2", typo);
    // Everything the group's map says but the two faulty lines: the same row as its map without them.
    expect(row).toEqual({ ...mapRow("Link 2", alpha), skipped: strict.errors });
    expect(strict.errors.map((e) => e.line)).toEqual([lines + 1, lines + 2]);
    if (!row.ok) return;
    expect(skippedNote(row)).toBe(
      `Alpha (Link 2): 2 decide lines skipped, line ${lines + 1}: no resource named "nowhere" to decide about; line ${lines + 2}: "${second}" already has a decision, on line ${alpha.split("\n").findIndex((l) => l.startsWith(`decide ${second}`)) + 1}. The rest of the map is on the board: ask the group what it decided there.`,
    );
    const untitled = mapRow("Link 3", `${before.replace(/^title .*\n/m, "")}\ndecide ${first} shrink`);
    expect(untitled.ok && skippedNote(untitled)).toMatch(
      /^Link 3: decide line skipped, line \d+: "shrink" is not a decision: write split, protect or accept\. The rest of the map is on the board: ask the group what it decided there\.$/,
    );
    expect(skippedNote(mapRow("a", alpha) as MapRow)).toBeNull();
    // On the board: in the commitments' notes, in map order, and counted in the status line.
    const { maps } = await readBoard([await link(beta), await link(typo)].join("\n"), [], noCatalog);
    const room = roomCommitments(rankMaps(maps));
    expect(room.skipped).toEqual([skippedNote(row)]);
    expect(room.all.filter((c) => c.map === "Alpha")).toHaveLength(2);
    expect(boardSummary(maps, [])).toBe(
      "Compared 2 maps and 0 progress files; 2 decide lines with errors skipped in 1 map (named under Commitments).",
    );
    // Any other error still refuses the map, naming its first line.
    expect(mapRow("c", `${alpha}\nb uses nothing\ndecide nowhere split`)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^line \d+: .* \(and 2 more\)$/),
    });
  });
});

describe("room board: progress", () => {
  const catalog: Catalog = [
    {
      slug: "a",
      title: "Chapter A",
      exercises: [
        { id: "one", title: "One", parts: ["p", "q"] },
        { id: "two", title: "Two", parts: ["p"] },
      ],
    },
  ];
  const file = (exercises: Record<string, { parts: Record<string, { attempts: number; solved: boolean }> }>) =>
    exportProgress({
      version: 1,
      exercises: Object.fromEntries(
        Object.entries(exercises).map(([id, e]) => [id, { ...e, hints: 0, revealed: false }]),
      ),
    });

  test("counts solved exercises per file and where the room is stuck", () => {
    const alice = progressRow(
      "alice.json",
      file({ one: { parts: { p: { attempts: 1, solved: true }, q: { attempts: 2, solved: true } } } }),
      catalog,
    );
    const bob = progressRow(
      "bob.json",
      file({ one: { parts: { p: { attempts: 3, solved: false } } }, ghost: { parts: {} } }),
      catalog,
    );
    expect(alice).toMatchObject({ ok: true, solved: 1, unknown: [] });
    expect(bob).toMatchObject({ ok: true, solved: 0, unknown: ["ghost"] });
    expect(roomStanding([alice, bob], catalog)).toEqual([
      { id: "one", title: "One", chapter: "Chapter A", solved: 1, stuck: 1 },
    ]);
  });

  test("files that are not progress are named as such, in the progress reader's words", () => {
    expect(progressRow("x.json", "{", catalog)).toMatchObject({
      ok: false,
      message: expect.stringContaining("not valid JSON"),
    });
    expect(progressRow("x.json", '{"version":2,"exercises":{}}', catalog)).toMatchObject({
      ok: false,
      message: expect.stringContaining("newer version"),
    });
    expect(progressRow("x.json", '{"hello":1}', catalog)).toMatchObject({
      ok: false,
      message: expect.stringContaining("not Blast Radius progress"),
    });
  });
});
