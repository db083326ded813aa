import { expect, test } from "vitest";
import {
  type BoardRow,
  boardRow,
  copiesAmong,
  copiesText,
  entryOf,
  keptRowHolds,
  rank,
  sameActionsText,
} from "./board.ts";
import { firstSignAt, ranked, summarize } from "./summary.ts";
import { decodeRun, encodeRun, type RunCode } from "./code.ts";
import { hashName } from "../random.ts";
import { findScenario } from "./scenarios.ts";
import type { Score } from "./score.ts";

const gray = findScenario("gray-failure")!;
const eject = [{ at: 120, action: "eject-host" as const, target: "h07" }];
/** A score as a check would have computed it: the board's rules here read it, never play it. */
const scoreOf = (tenantMinutes: number): Score => ({
  tenantMinutes,
  tenantsAffected: 3,
  tenants: 12,
  requests: 90_000,
  badRequests: 900,
  budgetConsumed: 0.25,
  mitigatedAt: 150,
  timeToMitigate: 60,
  mitigation: "mitigated",
});
/** The row a check of `run` makes, its score `score`. */
function rowOf(run: RunCode, score = scoreOf(run.claimedTenantMinutes)): BoardRow {
  return boardRow(entryOf(decodeRun(encodeRun(run)), score));
}
/** `code` with its fields changed by `edit`, signed again as anyone can. */
function resigned(code: string, edit: (fields: string[]) => string[]): string {
  const body = edit(code.split("-").slice(0, -1)).join("-");
  return `${body}-${hashName(body).toString(36)}`;
}
const run = (name: string, log: RunCode["log"], claimedTenantMinutes: number): RunCode => ({
  scenario: gray,
  seed: 1,
  name,
  claimedTenantMinutes,
  log,
});

test("a run with another name's actions, to the tenth of a second, is marked as theirs and not ranked", () => {
  const ada = rowOf(run("Ada", eject, 3.516));
  const copy = rowOf(run("Mallory", eject, 3.516));
  const later = rowOf(run("Eve", [{ ...eject[0]!, at: 120.1 }], 3.6));
  const idle = rowOf(run("Idle", [], 9));
  const idleToo = rowOf(run("Idler", [], 9));
  const otherSeed = rowOf({ ...run("Bob", eject, 3.516), seed: 2 });
  const board = [ada, idle, copy, later, idleToo, otherSeed];
  const copies = copiesAmong(board);
  // Only Mallory's: Eve acted a tenth of a second later, two runs that did nothing copy nobody,
  // and Bob's run is of another seed.
  expect([...copies].map(([copied, of]) => [copied.name, of.name])).toEqual([["Mallory", "Ada"]]);
  expect(sameActionsText(copies.get(copy)!.name)).toBe("same actions as Ada's run");
  // Ada and Mallory tie on every figure; ranked silently, "Ada" < "Mallory" would only put them
  // side by side. The copy goes after the ranked runs.
  const sameSeed = board.filter((r) => r.seed === 1);
  expect(rank(sameSeed, copies).map((r) => r.name)).toEqual(["Ada", "Eve", "Idle", "Idler", "Mallory"]);
  // The first to reach the board keeps its rank: removed, the copy is ranked in its place.
  expect(copiesAmong([copy, later]).size).toBe(0);
  expect(copiesText(1)).toBe(
    "1 run has the same actions, to the tenth of a second, as a run pasted before it under another name: a replay link holds a whole run, so anyone can post it under their own name.",
  );
  expect(copiesText(2)).toMatch(/^2 runs have the same actions, .* pasted before them /);
});

test("a kept row is shown only while it holds what its code does: an edit to it is caught without playing the run", () => {
  const row = rowOf(run("Ada", eject, 3.516));
  expect(keptRowHolds(row)).toBe(true);
  expect(keptRowHolds(JSON.parse(JSON.stringify(row)))).toBe(true);
  const score = row.score;
  const edits: Record<string, unknown> = {
    name: { ...row, name: "Mallory" },
    seed: { ...row, seed: 2 },
    scenario: { ...row, scenario: "retry-storm" },
    // The score, and the figure the board shows of it, changed together.
    score: { ...row, score: { ...score, tenantMinutes: 0.5 }, rows: rowOf(run("Ada", eject, 0.5)).rows },
    "the figure shown alone": { ...row, rows: row.rows.with(0, [row.rows[0]![0], "0.1"]) },
    "the actions counted": { ...row, actions: 0 },
    "acted before the fault": { ...row, beforeFault: 1 },
    "acted before the dashboard showed anything": { ...row, beforeSign: 1 },
    "its first sign moved": { ...row, signAt: 0 },
    "the time to mitigate shown": { ...row, mitigation: "0:01" },
    "a score of another shape": { ...row, score: { ...score, tenantsAffected: "<b>3</b>" } },
    "a code no game writes": { ...row, code: resigned(row.code, (f) => f.with(2, "01")) },
    "a code under another name": { ...row, code: resigned(row.code, (f) => f.with(3, "Mallory")) },
    "a code damaged": { ...row, code: row.code.slice(0, -1) },
    "not a row": null,
    "a refused code's answer": { ...row, ok: false },
  };
  for (const [what, edited] of Object.entries(edits)) expect(keptRowHolds(edited), what).toBe(false);
});

test("a run whose first action came after the fault but before the dashboard showed anything is listed, not ranked", () => {
  const sign = firstSignAt(gray, 1)!;
  expect(sign).toBeGreaterThan(gray.faultAt);
  const [early, onTime] = [gray.faultAt + 0.5, sign].map((at, i) =>
    rowOf(run(["Early", "Ontime"][i]!, [{ ...eject[0]!, at }], 3.6)),
  ) as [BoardRow, BoardRow];
  expect([early.beforeFault, early.beforeSign, early.signAt]).toEqual([0, 1, sign]);
  expect([ranked(early), ranked(onTime)]).toEqual([false, true]);
  // Listed after the ranked run whatever its score, as the run's own results say (summary's `ranked`).
  expect(rank([{ ...early, score: scoreOf(0.1) }, onTime]).map((r) => r.name)).toEqual(["Ontime", "Early"]);
  expect(summarize(gray, 1, [{ ...eject[0]!, at: gray.faultAt + 0.5 }]).ranked).toBe(false);
});
