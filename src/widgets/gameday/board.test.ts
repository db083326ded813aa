import { describe, expect, test } from "vitest";
import { scoreRows } from "../../sim/gameday/report.ts";
import { findScenario } from "../../sim/gameday/scenarios.ts";
import type { Score } from "../../sim/gameday/score.ts";
import { alreadyText, clearBoardQuestion, figureCell, pastedOnce, pasteText, refusedText } from "./board.ts";

describe("what Clear the board asks", () => {
  test("counts the runs and the refused codes it would remove, singular for one", () => {
    const after = "from this board? Participants keep their result codes, so a run removed can be pasted again.";
    expect(clearBoardQuestion(3, 0)).toBe(`Remove 3 runs ${after}`);
    expect(clearBoardQuestion(1, 1)).toBe(`Remove 1 run and 1 refused code ${after}`);
    expect(clearBoardQuestion(0, 2)).toBe(`Remove 2 refused codes ${after}`);
  });
});

describe("what the board says of each code pasted", () => {
  const run = { name: "Ada", title: "A gray failure: one slow host", seed: 1 };

  test("a code pasted twice is checked once, in the order first pasted", () => {
    expect(pastedOnce(["a", "b", "a", "c", "a"])).toEqual([
      { code: "a", times: 3 },
      { code: "b", times: 1 },
      { code: "c", times: 1 },
    ]);
  });

  test("the counts add up to the codes pasted: a second copy of a code added finds it on the board", () => {
    // The audit's paste: a code twice (added once), five refused, one of them twice.
    const fates = [
      { code: "good", times: 2, fate: "added" as const },
      { code: "bad", times: 2, fate: "refused" as const },
      { code: "x", times: 1, fate: "refused" as const },
      { code: "y", times: 1, fate: "refused" as const },
      { code: "z", times: 1, fate: "refused" as const },
    ];
    expect(pasteText(fates, 1)).toBe(
      "7 codes pasted: 1 added, 1 already on the board and 5 refused. 1 run on the board.",
    );
    expect(pasteText([{ code: "good", times: 1, fate: "already" }], 3)).toBe(
      "1 code pasted: 1 already on the board. 3 runs on the board.",
    );
    expect(pasteText([{ code: "good", times: 1, fate: "added" }], 1)).toBe(
      "1 code pasted: 1 added. 1 run on the board.",
    );
  });

  test("a code not added again names the run it holds, and how many times it was pasted", () => {
    expect(alreadyText(run, 1)).toBe(
      "already on the board (Ada, A gray failure: one slow host, seed 1), so listed once",
    );
    expect(alreadyText(run, 2)).toBe(
      "already on the board (Ada, A gray failure: one slow host, seed 1), so listed once (pasted 2 times)",
    );
    expect(refusedText("not a game day result code", 3)).toBe("not a game day result code (pasted 3 times)");
    expect(refusedText("not a game day result code", 1)).toBe("not a game day result code");
  });
});

describe("a score's cell on the board", () => {
  test("keeps the error budget's period, a number hyphened to its unit, on one line, its words the terminal's", () => {
    const { slo } = findScenario("retry-storm")!;
    const score: Score = {
      tenantMinutes: 12.5,
      tenantsAffected: 3,
      tenants: 12,
      requests: 1000,
      badRequests: 20,
      budgetConsumed: 0.002,
      mitigatedAt: 300,
      timeToMitigate: 125,
      mitigation: "mitigated",
    };
    const budget = scoreRows(score, slo).find(([label]) => label === "error budget consumed")![1];
    const period = `${slo.periodDays}-day`;
    const [before, after] = budget.split(period);
    expect(figureCell(budget)).toBe(`${before}<span class="gd-board-unbroken">${period}</span>${after}`);
    // Bound by markup alone, with no other character in the words: a search for them finds them.
    expect(figureCell(budget).replace(/<[^>]+>/g, "")).toBe(budget);
  });

  test("binds a decimal or a plural unit, and neither a hyphened word nor a number and a longer word", () => {
    expect(figureCell("a 1.5-hour or 2-days window")).toBe(
      'a <span class="gd-board-unbroken">1.5-hour</span> or <span class="gd-board-unbroken">2-days</span> window',
    );
    expect(figureCell("tenant-minutes")).toBe("tenant-minutes");
    expect(figureCell("3-dayish")).toBe("3-dayish");
    // A clock is kept whole as the game's results keep it (unbrokenFigures), by no-break spaces.
    expect(figureCell("1 min 15 s")).toBe("1\u00a0min\u00a015\u00a0s");
  });

  test("escapes what it shows", () => {
    expect(figureCell('<b>"Ada" & 30-day</b>')).toBe(
      '&lt;b&gt;&quot;Ada&quot; &amp; <span class="gd-board-unbroken">30-day</span>&lt;/b&gt;',
    );
  });
});
