/** The results board's checks, off the page's thread: each code's log is played again (a full game). */
import { type BoardRow, boardRow, verifyCode } from "../../sim/gameday/board.ts";
import { notPlayedReason } from "./board-reasons.ts";

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
  post({ id, ...boardRow(verdict.entry) });
};
