/** The results board's checks, off the page's thread: each code's log is played again (a full game). */
import { verifyCode } from "../../sim/gameday/board.ts";
import { mitigationText, scoreRows } from "../../sim/gameday/report.ts";
import type { Score } from "../../sim/gameday/score.ts";
import { notPlayedReason } from "./board-reasons.ts";

export interface BoardRow {
  code: string;
  ok: true;
  name: string;
  scenario: string;
  title: string;
  seed: number;
  actions: number;
  /** What the board ranks by (`rank`, src/sim/gameday/board.ts). */
  score: Score;
  /** Actions taken before the fault began: such a run is listed, not ranked. */
  beforeFault: number;
  faultAt: number;
  /** The score as the page and the terminal word it. */
  rows: [string, string][];
  mitigation: string;
}
export type BoardAnswer = { id: number } & (BoardRow | { ok: false; code: string; reason: string });

self.onmessage = (event: MessageEvent<{ id: number; code: string }>) => {
  const { id, code } = event.data;
  const post = (answer: BoardAnswer) => (self as unknown as Worker).postMessage(answer);
  let verdict: ReturnType<typeof verifyCode>;
  try {
    verdict = verifyCode(code);
  } catch (error) {
    // An error of the game's own (verifyCode refuses every bad code with a reason): answered, so
    // the board never waits on a code for ever.
    return post({
      id,
      ok: false,
      code,
      reason: notPlayedReason(error instanceof Error ? error.message : String(error)),
    });
  }
  if (!verdict.ok) return post({ id, ok: false, code, reason: verdict.reason });
  const { entry } = verdict;
  post({
    id,
    ok: true,
    code: entry.code,
    name: entry.name,
    scenario: entry.scenario.id,
    title: entry.scenario.title,
    seed: entry.seed,
    actions: entry.log.length,
    score: entry.score,
    beforeFault: entry.beforeFault,
    faultAt: entry.scenario.faultAt,
    rows: scoreRows(entry.score, entry.scenario.slo),
    mitigation: mitigationText(entry.score),
  });
};
