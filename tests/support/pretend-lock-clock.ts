/**
 * A clock for the terminal's file locks (src/cli/json-file.ts's LockClock) that only pretends to
 * wait: each pause moves its time on at once and is reported to `onPause` with the time waited so
 * far, so a test of a lock held or left behind runs without sleeping.
 */
import type { LockClock } from "../../src/cli/json-file.ts";

export function pretendLockClock(onPause: (waited: number) => void = () => {}): LockClock & { waited(): number } {
  const start = Date.now();
  let time = start;
  return {
    now: () => time,
    sleep: (ms) => {
      time += ms;
      onPause(time - start);
    },
    waited: () => time - start,
  };
}
