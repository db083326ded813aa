/**
 * How long `npm run gameday -- play <scenario> --policy <file.ts>` lets a policy's game run in the
 * sandbox, stated here alone: gameday-policy.ts stops the run there (exit 124), and the message
 * and the usage (gameday-help.ts, which must not load the runner) say it from here.
 *
 * A rule of its own, not a playground program's limit (defaultTimeoutMs, src/playground/protocol.ts,
 * one rule for a program on the page and in `npm run play`): a game is the course's simulation
 * stepped through every second of the scenario, the policy called at each, so its time is mostly
 * the simulation's and grows with the game's length; the limit grows with it,
 * `policyMsPerGameSecond` for each second of game. A whole game under the playground's limit was
 * stopped (session 55): on this 2-core machine loaded by builds and tests, the slowest scenario's
 * game with the course's example policy, whose own calls take a few milliseconds in all, ran past
 * it. The limit leaves the simulation room on a machine three times slower than a loaded one (CI's
 * busy machine has taken 2.5 times its quiet time), and the rest to the policy's own work each
 * second (gameday.test.ts holds the three times). It is a wall-clock limit, the runner's: an
 * endless loop is stopped there, the one wait a learner with one has.
 */

/** The time a policy's game gets for each second of game (a decision of the policy's). */
export const policyMsPerGameSecond = 20;

/** The limit of a game `seconds` long, in milliseconds. */
export function policyTimeoutMs(seconds: number): number {
  return seconds * policyMsPerGameSecond;
}

/** A time limit as people say it: whole seconds in s, else ms. */
export const limitText = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

/** The rule, for the usage and the message: the time for each second of game. */
export const policyRuleText = `${limitText(policyMsPerGameSecond)} a second of game`;
