/**
 * A worker made to crash from a browser test, through Playwright's handle on it: an error it does
 * not catch, as a bug in one of its handlers or in a tick of its clock would throw. The page sees
 * the worker's `error` event, as it would for a real crash.
 */
import type { Worker } from "playwright-core";
import { expect } from "vitest";

/** `worker` throws `message` now, outside any handler of its own. */
export function crashNow(worker: Worker, message: string): Promise<void> {
  return worker.evaluate((message) => {
    setTimeout(() => {
      throw new Error(message);
    });
  }, message);
}

/**
 * `worker` throws `message` on the next message of `type` it is sent: once it has answered that
 * message (`answered`), or instead of answering it. Other messages it answers as before.
 */
export async function crashOn(worker: Worker, type: string, answered: boolean, message: string): Promise<void> {
  // Once its module has run, so that its handler is there to wrap.
  await expect.poll(() => worker.evaluate(() => typeof self.onmessage === "function")).toBe(true);
  await worker.evaluate(
    ([type, answered, message]) => {
      const answer = self.onmessage!;
      self.onmessage = (event: MessageEvent) => {
        if (event.data.type !== type) return answer.call(self, event);
        if (answered) answer.call(self, event);
        setTimeout(() => {
          throw new Error(message);
        });
      };
    },
    [type, answered, message] as const,
  );
}
