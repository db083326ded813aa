import { describe, expect, test } from "vitest";
import { type BoardRow, boardRow, entryOf } from "../../sim/gameday/board.ts";
import { decodeRun, encodeRun } from "../../sim/gameday/code.ts";
import { findScenario } from "../../sim/gameday/scenarios.ts";
import type { Score } from "../../sim/gameday/score.ts";
import { hashName } from "../../sim/random.ts";
import {
  alreadyText,
  clearBoardQuestion,
  editedRowsText,
  pastedOnce,
  pasteText,
  refusedText,
  trustedRows,
} from "./board.ts";

const storm = findScenario("retry-storm")!;
/** A retry storm's code, as the game writes it, of `name`'s run: `log` claimed to earn `tenantMinutes`. */
const codeOf = (name: string, tenantMinutes = 12.5, log = [{ at: 100, action: "retries-off" as const }]) =>
  encodeRun({ scenario: storm, seed: 1, name, claimedTenantMinutes: tenantMinutes, log });
/** `code` as the format before GD2 wrote it: the same fields under GD1, signed again. */
const asGd1 = (code: string) => {
  const body = code.split("-").slice(0, -1).join("-").replace(/^GD2-/, "GD1-");
  return `${body}-${hashName(body).toString(36)}`;
};

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
      { code: "a", key: "a", times: 3 },
      { code: "b", key: "b", times: 1 },
      { code: "c", key: "c", times: 1 },
    ]);
  });

  test("a run pasted in two forms the game wrote (GD1 and GD2) is one run, checked once and listed once", () => {
    const ada = codeOf("Ada");
    const old = asGd1(ada);
    expect(old).not.toBe(ada);
    // Keyed by the run (its GD2 code), each paste's first form is the one checked and named.
    expect(pastedOnce([old, "x", ada, `https://example.org/gameday/board/#code=${ada}`])).toEqual([
      { code: old, key: ada, times: 3 },
      { code: "x", key: "x", times: 1 },
    ]);
    // A form no game writes is not that run: it is checked (and refused) on its own.
    const body = ada.split("-").slice(0, -1).with(2, "01").join("-");
    const padded = `${body}-${hashName(body).toString(36)}`;
    expect(pastedOnce([ada, padded]).map((p) => p.times)).toEqual([1, 1]);
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
  /** The row a check of `code` makes (its score as the code claims it: nothing here is played). */
  const row = (code: string): BoardRow => {
    const { claimedTenantMinutes } = decodeRun(code);
    const score: Score = {
      tenantMinutes: claimedTenantMinutes,
      tenantsAffected: 3,
      tenants: 8,
      requests: 50_000,
      badRequests: 700,
      budgetConsumed: 0.04,
      mitigatedAt: 160,
      timeToMitigate: 60,
      mitigation: "mitigated",
    };
    return boardRow(entryOf(decodeRun(code), score));
  };
  const [A, B, C, gone, fresh] = ["Ann", "Bea", "Cy", "Gone", "New"].map((name) => codeOf(name)) as [
    string,
    string,
    string,
    string,
    string,
  ];
  const kept = (checker: string, rows: unknown[]) => JSON.stringify({ checker, rows });
  const build = "/blast-radius/_astro/board.Dzr4BAJe.js";

  test("the rows its own build checked, each under its own code, for the codes on the board only", () => {
    const stored = kept(build, [row(A), row(B), row(gone)]);
    const trusted = trustedRows([B, A, fresh], stored, build);
    expect([...trusted.rows.keys()]).toEqual([B, A]);
    expect(trusted.rows.get(A)).toEqual(row(A));
    expect(trusted.edited).toEqual([]);
  });

  test("nothing another build checked, nothing on the development server, nothing damaged", () => {
    const none = { rows: new Map(), edited: [] };
    expect(trustedRows([A], kept("/blast-radius/_astro/board.other.js", [row(A)]), build)).toEqual(none);
    expect(trustedRows([A], kept("", [row(A)]), "")).toEqual(none);
    expect(trustedRows([A], null, build)).toEqual(none);
    expect(trustedRows([A], "{not json", build)).toEqual(none);
    expect(trustedRows([A], JSON.stringify({ checker: build }), build)).toEqual(none);
    const refused = { ...row(A), ok: false };
    const short = { ...row(B), rows: [["tenant-minutes", "1"]] };
    const trusted = trustedRows([A, B, C], kept(build, [refused, short, null, row(C)]), build);
    expect([...trusted.rows.keys()]).toEqual([C]);
    expect(trusted.edited).toEqual([A, B]);
  });

  test("a kept row edited (a score, a name) is not shown but played again, and the board says so", () => {
    // The red-team audit's edit: the score and the figure shown, in this browser's storage.
    const better = { ...row(A), score: { ...row(A).score, tenantMinutes: 0.1 }, rows: row(codeOf("Ann", 0.1)).rows };
    const renamed = { ...row(B), name: "Mallory" };
    const trusted = trustedRows([A, B, C], kept(build, [better, renamed, row(C)]), build);
    expect([...trusted.rows.keys()]).toEqual([C]);
    expect(trusted.edited).toEqual([A, B]);
    expect(editedRowsText(1)).toBe("1 kept row did not match its code and was played again (listed below).");
    expect(editedRowsText(2)).toBe("2 kept rows did not match their codes and were played again (listed below).");
  });
});
