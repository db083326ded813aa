import { describe, expect, test } from "vitest";
import { failureMapExamples } from "../../sim/failure-map/examples.ts";
import { boxWidth, edgeCrossings, labelFont, layoutFailureMap, layoutWith, smallestLabel } from "./layout.ts";
import { exampleSystemMap } from "../../course/workshop/example-system.ts";
import { builtInCharactersPerLine, importTooLarge, limitInLines, mapLimits, textTooLarge } from "./limits.ts";
import { parseFailureMapOrThrow } from "../../sim/failure-map/parse.ts";
import { decodeShareHash, encodeShareHash, isShareHash } from "../../course/map-share.ts";
import { deleteSavedMap, listSavedMaps, saveMap, storageKey } from "./storage.ts";
import { renderErrors, renderMapSvg, renderResourceList, renderResult, renderSummary } from "./render.ts";
import { buildView } from "./view.ts";
import { titleToSave, untitled } from "./saving.ts";
import { memoryStorage } from "../../../tests/support/memory-storage.ts";
import { draftKey, keptCodec, readKept } from "./draft.ts";
import { SharedList } from "../synced-list.ts";
import { keptOf, listOf } from "./offer.ts";

describe("share links", () => {
  test("a map survives the trip through the URL hash, byte for byte", async () => {
    for (const example of failureMapExamples) {
      const hash = await encodeShareHash(example.text);
      expect(isShareHash(hash)).toBe(true);
      expect(hash).toMatch(/^#map=1\.[A-Za-z0-9_-]+$/); // URL-safe, no padding
      expect(hash.length).toBeLessThan(example.text.length); // compressed
      await expect(decodeShareHash(hash)).resolves.toBe(example.text);
    }
  });

  test("unicode in comments survives too", async () => {
    const text = "service a # café ✓\n";
    await expect(decodeShareHash(await encodeShareHash(text))).resolves.toBe(text);
  });

  test("a damaged link says so", async () => {
    const hash = await encodeShareHash(failureMapExamples[0]!.text);
    await expect(decodeShareHash(hash.slice(0, 30))).rejects.toThrow(/damaged/);
    await expect(decodeShareHash("#map=9.abc")).rejects.toThrow(/newer version/);
  });

  // QA: a link without "1." (hand-edited, or its data pasted alone) was called "made by a newer
  // version of the page", which sent the reader looking for an update that does not exist.
  test("a link without the version is no map link, not a newer one", async () => {
    const data = (await encodeShareHash("service a\n")).slice("#map=1.".length);
    // An empty one ("#map=", "#map=1") says it is empty instead (src/course/url-text.test.ts).
    for (const hash of [`#map=${data}`, "#map=hello", "#map=0.abc", "#map=x2.abc"])
      await expect(decodeShareHash(hash), hash).rejects.toThrow(/^this is not a map link the builder made/);
    await expect(decodeShareHash("#map=12.abc")).rejects.toThrow(/newer version/);
  });
});

describe("saved maps", () => {
  test("save, replace by title when asked, list sorted, delete", () => {
    const storage = memoryStorage();
    expect(listSavedMaps(storage)).toEqual([]);
    expect(saveMap(storage, "Zeta", "service z\n", { now: new Date("2026-01-01T00:00:00Z") })).toBe("saved");
    expect(saveMap(storage, "Alpha", "service a\n")).toBe("saved");
    expect(saveMap(storage, "Zeta", "service z2\n", { replace: true })).toBe("replaced");
    expect(listSavedMaps(storage).map((m) => [m.title, m.text])).toEqual([
      ["Alpha", "service a\n"],
      ["Zeta", "service z2\n"],
    ]);
    deleteSavedMap(storage, "Alpha");
    expect(listSavedMaps(storage).map((m) => m.title)).toEqual(["Zeta"]);
    expect(JSON.parse(storage.getItem(storageKey)!).maps).toHaveLength(1);
  });

  test("corrupt storage reads as empty, and a refusing storage reports failure", () => {
    const storage = memoryStorage();
    storage.setItem(storageKey, "{not json");
    expect(listSavedMaps(storage)).toEqual([]);
    const full = {
      ...memoryStorage(),
      getItem: () => null,
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    } as unknown as Storage;
    expect(saveMap(full, "x", "service x")).toBe("refused");
  });

  // QA: a second map titled "Mine" replaced the first without a word.
  test("a different map under a saved title is not written unless replacing is asked for", () => {
    const storage = memoryStorage();
    saveMap(storage, "Mine", "title Mine\nservice a\n");
    expect(saveMap(storage, "Mine", "title Mine\nservice b\n")).toBe("exists");
    expect(listSavedMaps(storage).map((m) => m.text)).toEqual(["title Mine\nservice a\n"]);
    // The same text again loses nothing: it is saved without asking.
    expect(saveMap(storage, "Mine", "title Mine\nservice a\n")).toBe("saved");
    expect(saveMap(storage, "Mine", "title Mine\nservice b\n", { replace: true })).toBe("replaced");
    expect(listSavedMaps(storage).map((m) => m.text)).toEqual(["title Mine\nservice b\n"]);
  });

  // QA: with an error in the text, Save used the title of the last map that read cleanly and
  // overwrote "Mine" with a text whose title line said "Brand new title".
  test("a map is saved under its own text's title, and a text that does not read is not saved", () => {
    expect(titleToSave("title Brand new title\nservice a\npool p\na uses p\n")).toEqual({
      ok: true,
      title: "Brand new title",
    });
    expect(titleToSave("service a\n")).toEqual({ ok: true, title: untitled });
    expect(titleToSave("title Brand new title\nservice a\npool p\na uses p\nthis line is wrong\n")).toEqual({
      ok: false,
      reason:
        "Not saved: the map text has 1 error (see below the editor). Fix it and save again, or keep the text as it is with Export file.",
    });
    expect(titleToSave("service a\nbad one\nbad two\n")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("has 2 errors"),
    });
    expect(titleToSave("service a\n".repeat(mapLimits.characters / 10 + 1))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/^Not saved: the map text is too long/),
    });
  });
});

// QA: a reload threw away the map being edited. The draft is kept under a versioned key, and
// where the browser refuses storage or it is full, nothing is kept and nothing throws.
describe("the draft kept on this device", () => {
  test("a draft is kept and read back, forgotten on null, and anything unreadable under its key reads as none", () => {
    const storage = memoryStorage();
    expect(draftKey).toBe("blast-radius:map-draft:v1");
    expect(readKept(storage)).toBeNull();
    const keepKept = (kept: { draft: string | null; beside: string[]; at: number }, store: Storage | null) =>
      new SharedList(draftKey, keptCodec, store).sync(listOf(kept)).kept;
    const mine = { draft: "title Mine\nservice a\n", beside: [], at: 0 };
    expect(keepKept(mine, storage)).toBe(true);
    // Stored as before the maps kept beside it: a draft kept by an earlier version reads the same.
    expect(storage.getItem(draftKey)).toBe(JSON.stringify({ text: mine.draft }));
    expect(readKept(storage)).toEqual(mine);
    expect(keptOf(keptCodec.read(storage.getItem(draftKey)))).toEqual(mine);
    expect(keepKept({ draft: null, beside: [], at: 0 }, storage)).toBe(true);
    expect(storage.getItem(draftKey)).toBeNull();
    for (const raw of ["not json", "null", "{}", '{"text":3}', '"text"', '{"text":null,"beside":[4]}'])
      expect(readKept(memoryStorage({ [draftKey]: raw })), raw).toBeNull();
    // As the tabs share it: the maps in the order kept, the draft in its place (`at`), marked; a
    // value with no place (an earlier version's) has the draft first. Two drafts (two tabs'
    // merged) keep the first as the draft, the other beside it in its place.
    expect(keptCodec.read('{"text":"a","beside":["b"]}')).toEqual([{ text: "a", draft: true }, { text: "b" }]);
    expect(keptCodec.read('{"text":"a","beside":["b","c"],"at":1}')).toEqual([
      { text: "b" },
      { text: "a", draft: true },
      { text: "c" },
    ]);
    expect(keptCodec.read('{"text":"a","beside":["b"],"at":9}')).toEqual([{ text: "b" }, { text: "a", draft: true }]);
    expect(keptCodec.read('{"text":"a","beside":["b"],"at":"1"}')).toEqual([{ text: "a", draft: true }, { text: "b" }]);
    expect(keptCodec.read("not json")).toEqual([]);
    expect(keptCodec.write([{ text: "b" }, { text: "a", draft: true }, { text: "c", draft: true }])).toBe(
      JSON.stringify({ text: "a", beside: ["b", "c"], at: 1 }),
    );
    expect(keptCodec.write([{ text: "a", draft: true }, { text: "b" }])).toBe(
      JSON.stringify({ text: "a", beside: ["b"] }),
    );
    expect(keptCodec.write([{ text: "b" }])).toBe(JSON.stringify({ text: null, beside: ["b"] }));
    expect(keptCodec.write([])).toBeNull();
  });

  test("the reader's other unsaved maps are kept beside the draft, even beside the chapter's own example", () => {
    const storage = memoryStorage();
    const kept = { draft: null, beside: ["title Mine\nservice a\n", "title Theirs\nservice b\n"], at: 0 };
    expect(new SharedList(draftKey, keptCodec, storage).sync(listOf(kept)).kept).toBe(true);
    expect(readKept(storage)).toEqual(kept);
    expect(readKept(memoryStorage({ [draftKey]: '{"text":"service a\\n","beside":["service b\\n",7]}' }))).toEqual({
      draft: "service a\n",
      beside: ["service b\n"],
      at: 0,
    });
  });

  test("refused or full storage keeps nothing and throws nothing", () => {
    const some = listOf({ draft: "service a\n", beside: [], at: 0 });
    expect(new SharedList(draftKey, keptCodec, null).sync(some).kept).toBe(false);
    expect(readKept(null)).toBeNull();
    expect(new SharedList(draftKey, keptCodec, memoryStorage({}, { full: true })).sync(some).kept).toBe(false);
    const refusing = {
      getItem: () => {
        throw new DOMException("The operation is insecure.", "SecurityError");
      },
      setItem: () => {},
      removeItem: () => {},
    };
    expect(readKept(refusing)).toBeNull();
  });
});

describe("large maps", () => {
  const services = (n: number) => Array.from({ length: n }, (_, i) => `service s${i}`).join("\n");

  test("a map past the drawing limit is analysed but not drawn, and the page says why", () => {
    const built = buildView(services(mapLimits.drawnBoxes + 1));
    expect(built.ok).toBe(true);
    if (!built.ok) return;
    expect(built.view.layout).toBeNull();
    expect(built.view.analysis.services).toBe(mapLimits.drawnBoxes + 1);
    expect(renderMapSvg(built.view, "m")).toContain(`Drawings stop at ${mapLimits.drawnBoxes}`);
    expect(buildView(services(mapLimits.drawnBoxes)).ok && buildView(services(10)).ok).toBe(true);
  });

  test("a text past the size limit is refused before it is read", () => {
    const built = buildView("service a\n".repeat(mapLimits.characters / 10 + 1));
    expect(built).toMatchObject({ ok: false, errors: [], tooLarge: expect.stringMatching(/up to 100,000 characters/) });
  });

  test("the limit in lines is computed from the built-in maps' line length: about 3,000 lines, in every message that gives it", () => {
    const lines = failureMapExamples.flatMap((e) => e.text.replace(/\n$/, "").split("\n"));
    // Each line with its newline.
    const perLine = lines.reduce((sum, l) => sum + l.length + 1, 0) / lines.length;
    expect(builtInCharactersPerLine).toBeCloseTo(perLine, 9);
    const exact = mapLimits.characters / perLine;
    expect(exact).toBeGreaterThan(2500);
    expect(exact).toBeLessThan(3500);
    expect(limitInLines).toBe("about 3,000 lines");
    const messages = [
      textTooLarge(mapLimits.characters + 1),
      importTooLarge("big.txt", { bytes: mapLimits.characters * 4 + 1 }),
      importTooLarge("big.txt", { characters: mapLimits.characters + 1 }),
    ];
    for (const message of messages) expect(message).toContain(`(${limitInLines})`);
    expect(messages[1]).toBe(
      "Could not import big.txt: it is 401 KB, and the builder takes map files up to 100 KB (about 3,000 lines).",
    );
    expect(messages[2]).toBe(
      "Could not import big.txt: it has 100,001 characters, and the builder takes maps up to 100,000 (about 3,000 lines).",
    );
    expect(importTooLarge("ok.txt", { bytes: mapLimits.characters * 4 })).toBeNull();
    expect(importTooLarge("ok.txt", { characters: mapLimits.characters })).toBeNull();
  });

  test("the layout tries several starting orders and keeps the one with fewest crossings", () => {
    const map = parseFailureMapOrThrow(failureMapExamples[0]!.text);
    const chosen = edgeCrossings(layoutFailureMap(map));
    expect(chosen).toBeLessThan(edgeCrossings(layoutWith(map, "network-simplex")));
    // 20 since boxes are sized for the monospace font the drawing is set in (28 with one ranker and order).
    expect(chosen).toBe(20);
  });
});

describe("layout and drawing", () => {
  test("every service and resource is placed without overlaps, inside the drawing", () => {
    const built = buildView(failureMapExamples[0]!.text);
    if (!built.ok) throw new Error("example does not parse");
    const { layout, map } = built.view;
    if (!layout) throw new Error("the example is not drawn");
    expect(layout.nodes).toHaveLength(map.services.length + map.resources.length);
    expect(layout.edges).toHaveLength(map.calls.length + map.uses.length);
    for (const n of layout.nodes) {
      expect(n.x - n.width / 2).toBeGreaterThanOrEqual(0);
      expect(n.x + n.width / 2).toBeLessThanOrEqual(layout.width + 0.5);
      for (const m of layout.nodes) {
        if (m === n) continue;
        const apart =
          Math.abs(n.x - m.x) >= (n.width + m.width) / 2 || Math.abs(n.y - m.y) >= (n.height + m.height) / 2;
        expect(apart, `${n.name} overlaps ${m.name}`).toBe(true);
      }
    }
  });

  /** The built-in maps and the workshop's example system, as the builder draws them. */
  const drawn = [...failureMapExamples.map((e) => e.text), exampleSystemMap].map((text) => {
    const built = buildView(text);
    if (!built.ok || !built.view.layout) throw new Error("a built-in map is not drawn");
    return { ...built.view, layout: built.view.layout };
  });

  test("the built-in maps and the workshop's example fit the chapter's box at their natural size", () => {
    const widths = drawn.map((v) => ({ map: v.map.title, width: v.layout.width }));
    expect(widths.filter((w) => w.width > boxWidth)).toEqual([]);
    // The one the chapter opens with keeps each state word on its detail line; the four ranks of
    // the workshop's map only fit with them on lines of their own.
    const below = (v: (typeof drawn)[number]) => v.layout.nodes.filter((n) => n.statusBelow).length;
    expect(below(drawn[0]!)).toBe(0);
    expect(below(drawn.at(-1)!)).toBeGreaterThan(0);
  });

  test("the drawing's smallest text renders at the page's small size, 13 px: it never shrinks below its natural size", () => {
    expect(smallestLabel).toBe(13);
    expect(Math.min(labelFont.name, labelFont.detail)).toBe(smallestLabel);
    const { layout } = drawn[0]!;
    expect(renderMapSvg(drawn[0]!, "t")).toContain(
      `width="${layout.width}" height="${layout.height}" style="--mb-width:${layout.width}px"`,
    );
  });

  /** Each box of an SVG drawing, with its lines of text: where they are and in what size. */
  const boxesOf = (svg: string) => {
    const num = (tag: string, name: string) => Number(new RegExp(`\\b${name}="([^"]+)"`).exec(tag)![1]);
    return [...svg.matchAll(/<g class="mb-node[^"]*"[^>]*>(<rect [^>]*\/>)(.*?)<\/g>/g)].map(([, rect, texts]) => ({
      x: num(rect!, "x"),
      y: num(rect!, "y"),
      width: num(rect!, "width"),
      height: num(rect!, "height"),
      lines: [...texts!.matchAll(/(<text [^>]*>)([^<]*)<\/text>/g)].map(([, tag, text]) => ({
        text: text!,
        x: num(tag!, "x"),
        baseline: num(tag!, "y"),
        size: num(tag!, "font-size"),
      })),
    }));
  };

  test("every line of every box fits inside it, in each state the drawing shows", () => {
    const outside: string[] = [];
    const ownLine = new Set<string>();
    for (const view of drawn) {
      // Every resource saturated in turn, with every flag shown: each state word a box can take.
      for (const selected of [undefined, ...view.analysis.impacts.map((i) => i.resource)]) {
        const svg = renderMapSvg(selected === undefined ? view : { ...view, selected }, "t");
        for (const box of boxesOf(svg))
          for (const line of box.lines) {
            // Its characters 0.6 em wide, 8 px or more from each side; from its ascent (0.8 em) to its descent (0.3 em) inside.
            const half = (line.text.length * line.size * 0.6) / 2;
            const inside =
              line.x - half >= box.x + 8 &&
              line.x + half <= box.x + box.width - 8 &&
              line.baseline - 0.8 * line.size >= box.y &&
              line.baseline + 0.3 * line.size <= box.y + box.height;
            if (!inside) outside.push(`${view.map.title}: "${line.text}"`);
            if (box.lines.length === 3) ownLine.add(line.text);
          }
      }
    }
    expect(outside).toEqual([]);
    // The three-line boxes were among those checked, each state word on its own line.
    expect([...ownLine].filter((t) => ["fails", "via call", "shared!"].includes(t)).sort()).toEqual([
      "fails",
      "shared!",
      "via call",
    ]);
  });

  test("saturating shared-db marks exactly its failing services and the saturated resource", () => {
    const built = buildView(failureMapExamples[0]!.text, "shared-db");
    if (!built.ok) throw new Error("example does not parse");
    const svg = renderMapSvg(built.view, "t");
    const failing = [...svg.matchAll(/class="mb-node mb-service is-failing" data-service="([^"]+)"/g)]
      .map((m) => m[1])
      .sort();
    expect(failing).toEqual(["accounts", "cart", "checkout", "inventory", "search", "storefront"]);
    expect(svg).toContain('class="mb-node mb-resource is-flagged is-saturated" data-resource="shared-db"');
    expect(svg).toMatch(/role="img" aria-labelledby="t-title t-desc"/);
    expect(renderResourceList(built.view)).toContain('data-resource="shared-db" aria-pressed="true"');
    expect(renderResult(built.view)).toContain("6 of 11 services fail");
  });

  // QA: "1 of 1 resources are shared", "2 services and 1 shared resources", "1 services".
  test("counts of one read in the singular, in the summary and the drawing's description", () => {
    const built = buildView("service a\nservice b\npool p\na uses p\nb uses p\n");
    if (!built.ok) throw new Error("does not parse");
    expect(renderSummary(built.view)).toContain(
      "<strong>1 of 1 resource is shared by otherwise unrelated services</strong>",
    );
    expect(renderMapSvg(built.view, "t")).toContain('<desc id="t-desc">2 services and 1 shared resource.');
    const lone = buildView("service a\n");
    if (!lone.ok) throw new Error("does not parse");
    expect(renderMapSvg(lone.view, "t")).toContain('<desc id="t-desc">1 service and 0 shared resources.');
    const two = buildView("service a\nservice b\npool p\npool q\na uses p, q\nb uses p, q\n");
    if (!two.ok) throw new Error("does not parse");
    expect(renderSummary(two.view)).toContain("<strong>2 of 2 resources are shared");
  });

  test("shares of traffic and of services read 0% and 100% only when exact: weights 9,999 and 1 give over 99.9% and under 0.1%", () => {
    const text = "service big weight 9999\nservice small weight 1\npool p\npool q\nbig uses p\nsmall uses q\n";
    const built = buildView(text, "p");
    if (!built.ok) throw new Error("does not parse");
    expect(renderResult(built.view)).toContain("1 of 2 services fails (50% of services, over 99.9% of traffic).");
    const small = buildView(text, "q");
    if (!small.ok) throw new Error("does not parse");
    expect(renderResult(small.view)).toContain("1 of 2 services fails (50% of services, under 0.1% of traffic).");
    const list = renderResourceList(small.view);
    expect(list).toContain("blast radius 1/2 services (50%), over 99.9% of traffic");
    expect(list).toContain("blast radius 1/2 services (50%), under 0.1% of traffic");
    expect(list).not.toMatch(/\b(0|100)% of traffic/);
    expect(renderSummary(small.view)).toContain("Largest blast radius: p, over 99.9% of traffic.");
    // Of services too: one failing service of 2,001 is 0.04998%.
    const many = buildView(
      `${Array.from({ length: 2001 }, (_, i) => `service s${i}`).join("\n")}\npool p\ns0 uses p\n`,
      "p",
    );
    if (!many.ok) throw new Error("does not parse");
    expect(renderResult(many.view)).toContain("1 of 2001 services fails (under 0.1% of services).");
    // Exact ends stay exact.
    const whole = buildView("service a weight 3\nservice b weight 0\npool p\na uses p\n", "p");
    if (!whole.ok) throw new Error("does not parse");
    expect(renderResult(whole.view)).toContain("(50% of services, 100% of traffic)");
  });

  test("the summary names every resource that ties for the largest blast radius: after bulkheads, search-db and search-cache at 70% each", () => {
    const after = buildView(failureMapExamples.find((e) => e.id === "after-bulkheads")!.text);
    if (!after.ok) throw new Error("example does not parse");
    expect(renderSummary(after.view)).toContain(
      "Largest blast radius: search-db and search-cache, 70% of traffic each.",
    );
    const before = buildView(failureMapExamples.find((e) => e.id === "before-bulkheads")!.text);
    if (!before.ok) throw new Error("example does not parse");
    expect(renderSummary(before.view)).toContain("Largest blast radius: shared-db, 100% of traffic.");
  });

  test("errors render with their lines, escaped", () => {
    const html = renderErrors([{ line: 3, message: 'no service named "<b>"' }]);
    expect(html).toContain('data-line="3"');
    expect(html).toContain("&#60;b&#62;");
    expect(html).not.toContain("<b>");
  });

  test("a selection that no longer exists is dropped when the map changes", () => {
    const built = buildView("service a\npool p\na uses p", "gone");
    expect(built.ok && built.view.selected).toBe(undefined);
  });

  // dagre runs four times per layout (the fewest-crossings search), eight for a map wider than its
  // box (such as this one): allow for a busy machine.
  test("layout is deterministic: the same map gives the same drawing", { timeout: 20_000 }, () => {
    const map = parseFailureMapOrThrow(failureMapExamples[1]!.text);
    expect(JSON.stringify(layoutFailureMap(map))).toBe(JSON.stringify(layoutFailureMap(map)));
  });
});
