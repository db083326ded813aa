/** Expected answers for "When the compartment is full", and the figures its worked solution shows. */
import { rounded } from "../../src/format/number.ts";

export const answers = {
  queue: "reject",
  protects: ["unrelated-fine", "contained"],
};

/**
 * The situation the exercise describes (exercise.yaml's prompt and choices state the same), and
 * the short queue its second hint starts from, a tenth of the long one.
 */
export const situation = { connections: 8, callSeconds: 2.5, timeoutSeconds: 1, queue: 100, shortQueue: 10 };

/** How fast the full compartment completes calls, and how long the long queue takes to drain. */
export function worked(): Record<string, string> {
  const { connections, callSeconds, timeoutSeconds, queue } = situation;
  const perSecond = connections / callSeconds;
  return {
    connections: String(connections),
    callSeconds: String(callSeconds),
    timeoutSeconds: String(timeoutSeconds),
    queue: String(queue),
    perSecond: rounded(perSecond, 2),
    drainSeconds: rounded(queue / perSecond, 2),
  };
}
