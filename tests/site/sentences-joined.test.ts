/**
 * Sentences a page joins from parts, read from the built pages as a reader reads them. A sweep of
 * every page (session 44) found a list joined with semicolons whose items kept their capitals
 * ("The site open on the projector; One printed worksheet per group"), a count in brackets inside
 * brackets ("36.0 tenant-minutes (4 of 4 (100%) tenants affected)"), an arrow alone on a line of
 * its own under a link's words, and a board that said "paste result codes above" twice before
 * anything was pasted.
 */
import { expect, test } from "vitest";
import { agendas, gameDay } from "../../src/course/workshop/agenda.ts";
import { scenarios } from "../../src/sim/gameday/scenarios.ts";
import { findAll, hasClass, parseBuiltPage, textOf } from "../../tools/built-site.ts";

const main = (path: string) => findAll(parseBuiltPage(path), (el) => el.tagName === "main")[0]!;
const text = (node: Parameters<typeof textOf>[0]) => textOf(node).replace(/\s+/g, " ").trim();

test("the workshop kit's materials read as one sentence: no capital after a semicolon", () => {
  const blocks = findAll(main("workshop-kit/"), (el) => hasClass(el, "agenda__facts"));
  const materials = blocks.flatMap((dl) => {
    // "Materials:" with the colon the search index alone reads (SearchOnly.astro).
    const dt = dl.childNodes.findIndex((n) => "tagName" in n && n.tagName === "dt" && text(n) === "Materials:");
    const dd = dl.childNodes.slice(dt + 1).find((n) => "tagName" in n && n.tagName === "dd");
    return dt < 0 || !dd ? [] : [text(dd)];
  });
  // One list of materials per block that has any, in every agenda and the game day.
  const expected = [...agendas, gameDay].flatMap((a) => a.blocks).filter((b) => b.materials.length > 0).length;
  expect(materials).toHaveLength(expected);
  expect(materials.filter((m) => m.includes("; ")).length).toBeGreaterThan(0);
  expect(materials.filter((m) => /; \p{Lu}/u.test(m))).toEqual([]);
});

test("each tabletop card says what doing nothing costs without brackets inside brackets", () => {
  const lines = findAll(main("gameday/cards/"), (el) => hasClass(el, "gd-card-meta"))
    .map(text)
    .filter((t) => t.startsWith("To beat:"));
  expect(lines).toHaveLength(scenarios.length);
  expect(lines.filter((l) => /\([^()]*\(/.test(l))).toEqual([]);
  for (const l of lines)
    expect(l).toMatch(
      /^To beat: doing nothing costs \S+ tenant-minutes and affects \d+ of \d+ tenants \(\d+%\); par is /,
    );
});

test("a question page's link to the next type keeps its arrow on the line of its last word", () => {
  const next = findAll(main("interview-playbook/questions/availability/"), (el) => hasClass(el, "qnext"));
  expect(next).toHaveLength(1);
  expect(textOf(next[0]!)).toMatch(/\S\u00a0→$/);
});

test("the results board, before anything is pasted, says once where the codes go", () => {
  const board = findAll(main("gameday/board/"), (el) => el.attrs.some((a) => a.name === "data-gameday-board"))[0]!;
  expect(text(board).match(/paste result codes/gi)).toHaveLength(1);
});
