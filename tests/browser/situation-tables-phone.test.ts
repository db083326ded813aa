/**
 * An exercise's situation tables (a diagnosis's dashboard: exercises/<id>/situation.ts, drawn by
 * src/widgets/exercise/situation-html.ts) on a 390 px phone. Each either fits its box whole, or
 * scrolls inside a box that takes focus, is named, and shows that it scrolls: the line "Scroll
 * sideways…" above the table and shadows at the edges (ExerciseBody.astro). A table that fits
 * shows no such line. QA's sweep found 10 of the 19 tables scrolling with nothing to say so, their
 * last columns (the errors, the version, the time-outs, the CPU) out of sight. And no column
 * heading breaks inside a word: "time-out (ms)" broke after "time-", three lines tall, and the
 * headings beside it sat under two empty lines.
 */
import { existsSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";
import { loadChapters } from "../../src/course/catalog.ts";
import { describeInBrowser } from "../support/browser-suite.ts";

/** The chapters that show an exercise with a situation, from their MDX and the exercises folder. */
const chapters = loadChapters()
  .filter((c) =>
    [...readFileSync(c.file, "utf8").matchAll(/<Exercise\s+id="([^"]+)"/g)].some((m) =>
      existsSync(new URL(`../../exercises/${m[1]}/situation.ts`, import.meta.url)),
    ),
  )
  .map((c) => c.slug);

describeInBrowser("situation tables at 390 px", { viewport: { width: 390, height: 844 } }, (browser) => {
  test("some chapters show a situation", () => {
    expect(chapters.length).toBeGreaterThan(0);
  });

  test.each(chapters)(
    "%s: each situation table fits, or scrolls in a named, focusable box that says so",
    async (slug) => {
      const { page } = browser;
      await page.goto(`${browser.site}/${slug}/`);
      const problems = await page.evaluate(async () => {
        const frame = () => new Promise<void>((done) => requestAnimationFrame(() => done()));
        const out: string[] = [];
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
          const cue = getComputedStyle(box, "::before");
          const cueShown =
            cue.content.includes("Scroll sideways") &&
            cue.visibility === "visible" &&
            Number.parseFloat(cue.height) > 0;
          const shadows = (getComputedStyle(box).backgroundImage.match(/radial-gradient/g) ?? []).length === 2;
          if (box.clientWidth === 0) out.push(`${name}: not shown`);
          else if (box.scrollWidth <= box.clientWidth + 1) {
            if (cueShown) out.push(`${name}: fits, yet says it scrolls`);
          } else {
            const where = `${name}: scrolls (${box.scrollWidth} px in ${box.clientWidth})`;
            if (box.tabIndex !== 0) out.push(`${where}, not a Tab stop`);
            if (box.getAttribute("role") !== "region" || !box.getAttribute("aria-label")?.trim())
              out.push(`${where}, not a named region`);
            if (!cueShown) out.push(`${where}, with no line saying so`);
            if (!shadows) out.push(`${where}, with no shadows at its edges`);
          }
          // A heading wraps between words only: each word's text lies on one line.
          for (const th of table.querySelectorAll("thead th")) {
            const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              for (const word of (node.textContent ?? "").matchAll(/\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
                if (lines.size > 1) out.push(`${name}: heading "${th.textContent}" breaks "${word[0]}"`);
              }
            }
          }
        }
        return out;
      });
      expect(problems).toEqual([]);
    },
  );
});
