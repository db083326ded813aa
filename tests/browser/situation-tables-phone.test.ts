/**
 * An exercise's situation tables (a diagnosis's dashboard: exercises/<id>/situation.ts, drawn by
 * src/widgets/exercise/situation-html.ts) on a 390 px phone and a 375 px one. Each fits its box
 * whole, but for the ones `mayScroll` names, each of which scrolls because its words alone, the
 * narrowest its columns can be, are wider than the box. Such a table scrolls inside a box that
 * takes focus, is named, and shows that it scrolls: the line "Scroll sideways…" above the table
 * and shadows at the edges (ExerciseBody.astro). A table that fits shows no such line. QA's sweep found 10 of the 19 tables
 * scrolling with nothing to say so; then five still scrolled (the failure modes', the retry
 * storm's policies, the bulkheads' last minute, the cells', the shuffle sharding's), which fit now
 * that a cell of words wraps between them and the tables are set at 13 px (12 px below 24rem),
 * all but one.
 *
 * Nothing breaks inside a word: a heading's "time-out (ms)" broke after "time-", three lines tall;
 * a wrapping cell breaks at its spaces only, a figure kept with its unit ("4 min"); a cell of
 * figures or an id ("cell 0", "c-805 ×11") stays on one line. No line holds an arrow alone: the
 * retry chain's hop "gateway → checkout" took three lines, "→" alone on the middle one; an arrow
 * now goes with the name after it ("gateway" over "→ checkout").
 *
 * A log (the retry storm's trace) wraps instead of scrolling: 611 px in a 309 px box, with no cue.
 * A map's text keeps its lines and scrolls, with the tables' cue.
 */
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { contrastRatio, over } from "../support/contrast.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** The chapters that show an exercise with a situation, from their MDX and the exercises folder. */
const chapters = loadChapters()
  .filter((c) =>
    [...readFileSync(c.file, "utf8").matchAll(/<Exercise\s+id="([^"]+)"/g)].some((m) =>
      existsSync(new URL(`../../exercises/${m[1]}/situation.ts`, import.meta.url)),
    ),
  )
  .map((c) => c.slug);

/**
 * The tables that may scroll at 390 and 375 px, by chapter and name, and why. The test checks the
 * why: the widest word of each column, side by side with the room between columns, is wider than
 * the box.
 */
const mayScroll: Record<string, Record<string, string>> = {
  "shuffle-sharding": {
    "Per worker":
      "six columns headed by words as long as 'requests', 'restarts' and 'customer': side by side, with the room between them, they are wider than a phone's box",
  },
};

/** A 390 px phone, and a 375 px one, where the tables' type is 12 px instead of 13 (ExerciseBody.astro). */
for (const width of [390, 375])
  describeInBrowser(`situation tables at ${width} px`, { viewport: { width, height: 844 } }, (browser) => {
    test("some chapters show a situation; every table that may scroll is in one of them", () => {
      expect(chapters.length).toBeGreaterThan(0);
      for (const slug of Object.keys(mayScroll)) expect(chapters).toContain(slug);
    });

    test.each(chapters)(
      "%s: each situation table fits, or scrolls in a named, focusable box that says so, with no word broken",
      async (slug) => {
        const { page } = browser;
        await page.goto(`${browser.site}/${slug}/`);
        const { problems, scrolled } = await page.evaluate(async () => {
          const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
          const out: string[] = [];
          const scrolled: string[] = [];
          /** The distinct lines a range of text lies on. */
          const linesOf = (range: Range) => new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
          /** Each word of `el` (text between spaces) on one line; `whole`: the whole text on one. */
          const broken = (el: Element, whole: boolean): string[] => {
            const found: string[] = [];
            if (whole) {
              const range = document.createRange();
              range.selectNodeContents(el);
              if (linesOf(range) > 1) found.push(`"${el.textContent}" is not on one line`);
            }
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                if (linesOf(range) > 1) found.push(`"${el.textContent}" breaks "${word[0]}"`);
              }
            }
            // What situation-html.ts keeps whole: a hyphenated word, a figure with its unit, an arrow with its name.
            for (const kept of el.querySelectorAll(".br-sit__word")) {
              const range = document.createRange();
              range.selectNodeContents(kept);
              if (linesOf(range) > 1) found.push(`"${el.textContent}" breaks "${kept.textContent}"`);
            }
            found.push(...aloneArrows(el));
            return found;
          };
          /**
           * Each "→" of `el` that no other word shares a line with. A line is told by the middle of
           * a word's box (the arrow may come from another font, whose box sits a little higher or
           * lower on the same line).
           */
          const aloneArrows = (el: Element): string[] => {
            const boxes: { arrow: boolean; rect: DOMRect }[] = [];
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode())
              for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                for (const rect of range.getClientRects())
                  if (rect.width > 0) boxes.push({ arrow: word[0] === "→", rect });
              }
            const middle = (r: DOMRect) => r.top + r.height / 2;
            return boxes
              .filter(
                (a) =>
                  a.arrow &&
                  !boxes.some(
                    (b) =>
                      b !== a && Math.abs(middle(b.rect) - middle(a.rect)) < Math.min(a.rect.height, b.rect.height) / 2,
                  ),
              )
              .map(() => `"${el.textContent}" has "→" alone on a line`);
          };
          /** Whether `box` shows it scrolls: the line above and a shadow at each edge. */
          const cue = (box: HTMLElement) => {
            const before = getComputedStyle(box, "::before");
            return {
              line:
                before.content.includes("Scroll sideways") &&
                before.visibility === "visible" &&
                Number.parseFloat(before.height) > 0,
              shadows: (getComputedStyle(box).backgroundImage.match(/radial-gradient/g) ?? []).length === 2,
            };
          };
          const sits = [...document.querySelectorAll<HTMLElement>("[data-situation]")];
          if (sits.length === 0) out.push("no situation on the page");
          // A chart's values table is in a closed <details>: open them, so every table is measured.
          for (const d of document.querySelectorAll<HTMLDetailsElement>("[data-situation] details")) d.open = true;
          const tables = [...document.querySelectorAll<HTMLTableElement>("[data-situation] table")];
          if (sits.length > 0 && tables.length === 0) out.push("no situation table");
          for (const table of tables) {
            const box = table.parentElement!;
            const name = box.getAttribute("aria-label") ?? table.caption?.textContent ?? "(a table)";
            // Lay it out and let a frame pass, so the scroll timeline that shows the line is current.
            box.scrollIntoView({ block: "center" });
            await frame();
            await frame();
            const shown = cue(box);
            if (box.clientWidth === 0) out.push(`${name}: not shown`);
            else if (box.scrollWidth <= box.clientWidth + 1) {
              if (shown.line) out.push(`${name}: fits, yet says it scrolls`);
            } else {
              const where = `${name}: scrolls (${box.scrollWidth} px in ${box.clientWidth})`;
              scrolled.push(name);
              if (box.tabIndex !== 0) out.push(`${where}, not a Tab stop`);
              if (box.getAttribute("role") !== "region" || !box.getAttribute("aria-label")?.trim())
                out.push(`${where}, not a named region`);
              if (!shown.line) out.push(`${where}, with no line saying so`);
              if (!shown.shadows) out.push(`${where}, with no shadows at its edges`);
              // Why: its columns' widest words and the room between them, side by side, pass the box.
              const head = [...table.rows[0]!.cells];
              const words = head.map((_, c) => {
                let widest = 0;
                for (const row of table.rows) {
                  const cell = row.cells[c]!;
                  const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                  for (let node = walker.nextNode(); node; node = walker.nextNode())
                    for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
                      const range = document.createRange();
                      range.setStart(node, word.index);
                      range.setEnd(node, word.index + word[0].length);
                      widest = Math.max(widest, range.getBoundingClientRect().width);
                    }
                }
                const style = getComputedStyle(head[c]!);
                return widest + Number.parseFloat(style.paddingLeft) + Number.parseFloat(style.paddingRight);
              });
              const least = words.reduce((a, b) => a + b, 0);
              if (least <= box.clientWidth)
                out.push(`${where}, though its words alone need only ${Math.round(least)} px`);
            }
            for (const cell of table.querySelectorAll("th, td"))
              out.push(
                ...broken(cell, cell.closest("tbody") !== null && !cell.matches(".br-sit__wrap")).map(
                  (b) => `${name}: ${b}`,
                ),
              );
          }
          // A log wraps: no box to scroll, each line's rest indented under its start.
          for (const pre of document.querySelectorAll<HTMLElement>("[data-situation] pre.br-sit__wrapped")) {
            const name = pre.closest("figure")?.querySelector("figcaption")?.textContent ?? "(a log)";
            if (pre.scrollWidth > pre.clientWidth + 1)
              out.push(`${name}: scrolls (${pre.scrollWidth} px in ${pre.clientWidth})`);
            for (const line of pre.querySelectorAll<HTMLElement>(".br-sit__line")) {
              out.push(...broken(line, false).map((b) => `${name}: ${b}`));
              const range = document.createRange();
              range.selectNodeContents(line);
              const rects = [...range.getClientRects()].filter((r) => r.width > 0);
              const starts: number[] = [];
              for (const r of rects) {
                const at = Math.round(r.top);
                starts[at] = Math.min(starts[at] ?? r.left, r.left);
              }
              const firsts = starts.filter((left) => left !== undefined);
              if (firsts.slice(1).some((left) => left <= firsts[0]! + 1))
                out.push(`${name}: "${line.textContent?.trim()}" goes on with no indent`);
            }
          }
          // A map's text scrolls in a named Tab stop that says so.
          for (const pre of document.querySelectorAll<HTMLElement>("[data-situation] pre:not(.br-sit__wrapped)")) {
            const name = pre.getAttribute("aria-label");
            pre.scrollIntoView({ block: "center" });
            await frame();
            await frame();
            if (pre.scrollWidth <= pre.clientWidth + 1) continue;
            const shown = cue(pre);
            const where = `${name ?? "a text block"}: scrolls (${pre.scrollWidth} px in ${pre.clientWidth})`;
            if (pre.tabIndex !== 0 || pre.getAttribute("role") !== "region" || !name?.trim())
              out.push(`${where}, not a named Tab stop`);
            if (!shown.line || !shown.shadows) out.push(`${where}, with no line and shadows saying so`);
          }
          return { problems: out, scrolled };
        });
        expect(problems).toEqual([]);
        expect(scrolled).toEqual(Object.keys(mayScroll[slug] ?? {}));
      },
    );
  });

describeInBrowser("a situation table's scroll shadows", { viewport: { width: 390, height: 844 } }, (browser) => {
  // QA: on the dark theme the shadows were black on the box's near-black gray (1.1:1, WCAG 2
  // relative luminance), there and not seen; on the light theme black on near-white is 2.1:1.
  test("stand out from the box at least 2:1 on both themes, as much on the dark one as on the light", async () => {
    const { page } = browser;
    const slug = Object.keys(mayScroll)[0]!;
    await page.goto(`${browser.site}/${slug}/`);
    const box = page.getByRole("region", { name: Object.keys(mayScroll[slug]!)[0]!, exact: true });
    const ratios: Record<string, number> = {};
    for (const theme of ["light", "dark"]) {
      await page.evaluate((t) => {
        document.documentElement.dataset.theme = t;
      }, theme);
      const { shadow, bg } = await box.evaluate((el) => {
        const style = getComputedStyle(el);
        const found = style.backgroundImage.match(/radial-gradient\([^,]+,\s*(rgba?\([^)]*\))/);
        return { shadow: found?.[1] ?? "none", bg: style.backgroundColor };
      });
      // The shadow at its strongest, over the box's colour.
      ratios[theme] = contrastRatio(over(shadow, bg), bg);
    }
    expect(ratios.light).toBeGreaterThanOrEqual(2);
    expect(ratios.dark).toBeGreaterThanOrEqual(ratios.light!);
  });
});
