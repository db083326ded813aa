import { describe, expect, test } from "vitest";
import type { Score } from "../../sim/gameday/score.ts";
import { alreadyText, clearBoardQuestion, pastedOnce, pasteText, refusedText, trustedRows } from "./board.ts";
import type { BoardRow } from "./board.worker.ts";

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

describe("what a visit shows without playing its runs again", () => {
  const row = (code: string): BoardRow => ({
    code,
    ok: true,
    name: "Ada",
    scenario: "retry-storm",
    title: "A retry storm",
    seed: 1,
    actions: 1,
    score: { tenantMinutes: 12.5 } as Score,
    beforeFault: 0,
    faultAt: 60,
    rows: [
      ["tenant-minutes", "12.5"],
      ["tenants affected", "3 of 8"],
      ["error budget", "4% of 30-day"],
      ["time to mitigate", "1 min"],
    ],
    mitigation: "1 min",
  });
  const kept = (checker: string, rows: unknown[]) => JSON.stringify({ checker, rows });
  const build = "/blast-radius/_astro/board.Dzr4BAJe.js";

  test("the rows its own build checked, each under its own code, for the codes on the board only", () => {
    const stored = kept(build, [row("A"), row("B"), row("gone")]);
    const trusted = trustedRows(["B", "A", "new"], stored, build);
    expect([...trusted.keys()]).toEqual(["B", "A"]);
    expect(trusted.get("A")).toEqual(row("A"));
  });

  test("nothing another build checked, nothing on the development server, nothing damaged", () => {
    expect(trustedRows(["A"], kept("/blast-radius/_astro/board.other.js", [row("A")]), build).size).toBe(0);
    expect(trustedRows(["A"], kept("", [row("A")]), "").size).toBe(0);
    expect(trustedRows(["A"], null, build).size).toBe(0);
    expect(trustedRows(["A"], "{not json", build).size).toBe(0);
    expect(trustedRows(["A"], JSON.stringify({ checker: build }), build).size).toBe(0);
    const refused = { ...row("A"), ok: false };
    const short = { ...row("B"), rows: [["tenant-minutes", "1"]] };
    expect(trustedRows(["A", "B", "C"], kept(build, [refused, short, null, row("C")]), build).size).toBe(1);
  });
});
