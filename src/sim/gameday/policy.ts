/**
 * Automated responders: a learner's function that reads the dashboard once a second and returns
 * the actions to take, the way auto-remediation does. Playing one produces an ordinary action
 * log, which is then scored like any other: a policy cannot claim a score, only earn one.
 *
 *   export default function respond(view) {
 *     const paged = view.alerts.some((a) => a.severity === "page");
 *     return paged && !view.log.some((e) => e.action === "retries-off") ? [{ action: "retries-off" }] : [];
 *   }
 */
import type { ActionId } from "./actions.ts";
import { Game } from "./game.ts";
import { answerProblem } from "./policy-answer.ts";
import { actionDelay, type GameScenario, type LogEntry } from "./scenarios.ts";
import type { AlertEvent } from "./slo.ts";
import type { Frame } from "./telemetry.ts";

/** Seconds of dashboard history a policy sees. */
export const policyHistory = 60;

/** What a policy sees each second. */
export interface PolicyView {
  scenario: string;
  /** Seconds since the start (a whole second). */
  now: number;
  /** The dashboard's rows (services, hosts, cells, zones...), in the order of `frame.components`. */
  components: readonly string[];
  tenants: readonly string[];
  /** The last second, and the ones before it (oldest first, at most `policyHistory`). */
  frame: Frame;
  history: readonly Frame[];
  /** Alerts firing now. */
  alerts: readonly AlertEvent[];
  /** What monitoring reported in the last second (crashes, health checks, deploys). */
  notices: readonly string[];
  /** The actions this scenario offers, with their targets and delays. */
  actions: readonly { action: ActionId; targets?: readonly string[]; delay: number }[];
  /** Actions taken so far. */
  log: readonly LogEntry[];
}

export type PolicyDecision = { action: string; target?: string };
/** An array of actions each second, `[]` for none; anything else stops the game (policy-answer.ts). */
export type Policy = (view: PolicyView) => readonly PolicyDecision[];

export interface PolicyRun {
  log: LogEntry[];
  /** Decisions that could not be carried out, with why (they are left out of the log). */
  refused: { at: number; action: string; target: string | null; why: string }[];
  /**
   * The second at which the policy went over `maxPolicyDecisions`, where it was stopped (the
   * decisions that fit were carried out), or null. A run stopped there still returns what it
   * refused, often the real trouble: an invalid action returned every second.
   */
  stoppedAt: number | null;
  /**
   * The second at which the policy returned something other than an array of actions, and what
   * it returned (policy-answer.ts's answerProblem), or null. The game stops there: what the
   * policy meant cannot be guessed, and playing on as if it had returned nothing would score a
   * policy that never worked.
   */
  wrongAnswer: { at: number; problem: string } | null;
}

/** Most decisions a policy may make in a game (then it is stopped). */
export const maxPolicyDecisions = 200;

export function runPolicy(scenario: GameScenario, seed: number, policy: Policy): PolicyRun {
  const game = new Game(scenario, seed);
  const refused: PolicyRun["refused"] = [];
  const actions = Object.freeze(
    scenario.offers.map((o) =>
      Object.freeze({
        action: o.action,
        ...(o.targets ? { targets: Object.freeze([...o.targets]) } : {}),
        delay: actionDelay(scenario, o.action),
      }),
    ),
  );
  const components = Object.freeze([...game.componentNames]);
  const tenants = Object.freeze([...game.setup.tenants]);
  let decisions = 0;
  let stoppedAt: number | null = null;
  let wrongAnswer: PolicyRun["wrongAnswer"] = null;
  seconds: for (let t = 1; t < scenario.seconds; t++) {
    game.advanceTo(t);
    const frames = game.frames;
    const frame = frames[frames.length - 1];
    if (!frame) continue;
    // Frozen, and copies where the game's own state is: a policy can read the dashboard, never change the game.
    const view: PolicyView = Object.freeze({
      scenario: scenario.id,
      now: t,
      components,
      tenants,
      frame,
      history: Object.freeze(frames.slice(-policyHistory)),
      alerts: Object.freeze(game.telemetry.monitor.firingNow().map((a) => Object.freeze({ ...a }))),
      notices: Object.freeze(game.feed.filter((n) => n.at > t - 1 && n.at <= t).map((n) => n.text)),
      actions,
      log: Object.freeze(game.log.map((e) => Object.freeze({ ...e }))),
    });
    // Called as a learner's function may be called: whatever it returns is looked at before use.
    const answer: unknown = (policy as (view: PolicyView) => unknown)(view);
    const problem = answerProblem(answer);
    if (problem !== undefined) {
      wrongAnswer = { at: t, problem };
      break;
    }
    for (const decision of answer as readonly PolicyDecision[]) {
      if (++decisions > maxPolicyDecisions) {
        stoppedAt = t;
        break seconds;
      }
      const { action } = decision;
      const target = typeof decision.target === "string" ? decision.target : null;
      const why = game.check(action, target);
      if (why) {
        refused.push({ at: t, action, target, why });
        continue;
      }
      game.act(action as ActionId, target);
    }
  }
  return { log: game.log.map((e) => ({ ...e })), refused, stoppedAt, wrongAnswer };
}
