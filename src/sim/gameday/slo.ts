/**
 * The service-level objective a game day is played against, its error budget, and the
 * burn-rate alerts an SRE would page on: multiwindow, multi-burn-rate alerts as the Google SRE
 * Workbook recommends them ("Alerting on SLOs", chapter 5, https://sre.google/workbook/alerting-on-slos/).
 *
 * A request is good when it succeeds within the objective's latency; every other request (an
 * error, a refusal, a timeout, or an answer slower than the threshold) is bad. The error budget
 * is the share of bad requests the objective allows over its period. The burn rate over a window
 * is the window's bad share divided by that allowance: at a burn rate of 1 the budget lasts
 * exactly the period; at 14.4 a 30-day budget is gone in 50 hours.
 */

export interface Slo {
  /** Share of requests that must be good over the period: 0.999 is "three nines". */
  target: number;
  /** A request answered slower than this counts as bad, like an error. */
  latencyMs: number;
  /** The period the budget covers, in days (the workbook's tables use 30). */
  periodDays: number;
}

export const secondsPerDay = 86_400;

/** Share of requests the objective allows to be bad: 1 - target. */
export function budgetShare(slo: Slo): number {
  return 1 - slo.target;
}

/**
 * The whole period's error budget in requests, for a service that serves `requestsPerSecond`
 * on average: allowance x requests in the period.
 */
export function budgetRequests(slo: Slo, requestsPerSecond: number): number {
  return budgetShare(slo) * requestsPerSecond * slo.periodDays * secondsPerDay;
}

export type Severity = "page" | "ticket";

export interface AlertRule {
  id: string;
  severity: Severity;
  /** The window whose burn rate says the budget is being spent fast enough to matter, in seconds. */
  longWindow: number;
  /** A window 1/12 as long, which says the budget is still being spent now (so the alert resets soon after a fix). */
  shortWindow: number;
  /** Share of the period's budget that the long window spends at the threshold. */
  budgetSpent: number;
}

/**
 * The workbook's recommended starting point (its Table 5-8): page when 2% of a 30-day budget
 * goes in an hour, or 5% in six hours; open a ticket when 10% goes in three days. Each rule
 * also asks the short window (1/12 of the long one) to burn as fast.
 */
export const alertRules: readonly AlertRule[] = [
  { id: "fast-burn", severity: "page", longWindow: 3_600, shortWindow: 300, budgetSpent: 0.02 },
  { id: "steady-burn", severity: "page", longWindow: 6 * 3_600, shortWindow: 1_800, budgetSpent: 0.05 },
  { id: "slow-burn", severity: "ticket", longWindow: 3 * secondsPerDay, shortWindow: 6 * 3_600, budgetSpent: 0.1 },
];

/**
 * How many times longer each rule's long window is than its short one: one number for every rule
 * (the workbook's 12), which the how-to-play page says in words ("a window a twelfth as long").
 * Rules that disagree throw, naming each rule's ratio.
 */
export function shortWindowDivisor(rules: readonly AlertRule[] = alertRules): number {
  const ratios = new Set(rules.map((r) => r.longWindow / r.shortWindow));
  const [ratio] = ratios;
  if (ratios.size !== 1 || ratio === undefined)
    throw new RangeError(
      `the rules' short windows are not one fraction of their long ones: ${rules.map((r) => `${r.id} ${r.longWindow / r.shortWindow}`).join(", ")}`,
    );
  return ratio;
}

/** The burn rate at which `rule`'s long window spends its share of the budget: spent x period / window. */
export function burnThreshold(rule: AlertRule, slo: Slo): number {
  return (rule.budgetSpent * slo.periodDays * secondsPerDay) / rule.longWindow;
}

/** "1 h", "5 min", "3 d": how the dashboard names a window. */
export function windowLabel(seconds: number): string {
  if (seconds % secondsPerDay === 0) return `${seconds / secondsPerDay} d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  if (seconds % 60 === 0) return `${seconds / 60} min`;
  return `${seconds} s`;
}

/** The burn-rate windows the rules read, shortest first, without repeats. */
export function alertWindows(rules: readonly AlertRule[] = alertRules): number[] {
  return [...new Set(rules.flatMap((r) => [r.shortWindow, r.longWindow]))].sort((a, b) => a - b);
}

export interface AlertEvent {
  rule: string;
  severity: Severity;
  /** Whole second (end of) at which the alert started firing. */
  firedAt: number;
  /** Whole second at which it stopped, or null while it still fires. */
  resolvedAt: number | null;
}

/**
 * Burn rates and alerts, second by second, from what monitoring sees: requests that finished
 * in each second and how many of them were bad. Before the game the service had been healthy
 * for as long as any window reaches back, at its usual rate (`baselineRate` requests a second,
 * none bad), so a window that reaches before the start counts those requests too.
 */
export class BurnMonitor {
  readonly slo: Slo;
  readonly rules: readonly AlertRule[];
  readonly windows: number[];
  /** Running totals: finished[s] is the requests finished in seconds 0..s-1. */
  private finished: number[] = [0];
  private bad: number[] = [0];
  private readonly baselineRate: number;
  private readonly firing: (AlertEvent | null)[];
  readonly events: AlertEvent[] = [];

  constructor(slo: Slo, baselineRate: number, rules: readonly AlertRule[] = alertRules) {
    this.slo = slo;
    this.rules = rules;
    this.windows = alertWindows(rules);
    this.baselineRate = baselineRate;
    this.firing = rules.map(() => null);
  }

  /** Seconds recorded so far. */
  get seconds(): number {
    return this.finished.length - 1;
  }

  /** The burn rate over the `window` seconds that end with the last recorded second. */
  burnRate(window: number): number {
    const s = this.seconds;
    const from = Math.max(0, s - window);
    const observed = this.finished[s]! - this.finished[from]!;
    const history = Math.max(0, window - s) * this.baselineRate;
    const total = observed + history;
    if (total === 0) return 0;
    return (this.bad[s]! - this.bad[from]!) / total / budgetShare(this.slo);
  }

  /**
   * Record one more second (`finished` requests, `bad` of them bad) and evaluate every rule at
   * its end. Returns the alerts that started or stopped firing.
   */
  record(finished: number, bad: number): AlertEvent[] {
    const s = this.seconds;
    this.finished.push(this.finished[s]! + finished);
    this.bad.push(this.bad[s]! + bad);
    const changed: AlertEvent[] = [];
    this.rules.forEach((rule, i) => {
      const threshold = burnThreshold(rule, this.slo);
      const on = this.burnRate(rule.longWindow) > threshold && this.burnRate(rule.shortWindow) > threshold;
      const current = this.firing[i];
      if (on && !current) {
        const event: AlertEvent = { rule: rule.id, severity: rule.severity, firedAt: s + 1, resolvedAt: null };
        this.firing[i] = event;
        this.events.push(event);
        changed.push(event);
      } else if (!on && current) {
        current.resolvedAt = s + 1;
        this.firing[i] = null;
        changed.push(current);
      }
    });
    return changed;
  }

  /** The rules firing now. */
  firingNow(): AlertEvent[] {
    return this.firing.filter((e): e is AlertEvent => e !== null);
  }
}
