/** Expected answers for "Drill: count the canary": the counts behind a canary's error rate (src/sim/reliability). */
import { countOf, grouped, percentAtLeast, rounded, roundToDecimals, roundToFigures } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { canaryVerdict, requestsToDetect } from "../../src/sim/reliability/index.ts";

export interface Params {
  rps: number;
  share: number;
  minutes: number;
  baseline: number;
  regressed: number;
}

/** The test the chapter's canary question uses: at most one good release in a hundred halted. */
const falseAlarm = 0.01;
/** How often a canary should catch the regression to be worth its bake: nine times in ten. */
const power = 0.9;

export function answers({ rps, share, minutes, baseline, regressed }: Params): Record<string, number> {
  const requests = rps * (share / 100) * minutes * 60;
  return { requests, healthy: requests * (baseline / 100), bad: requests * (regressed / 100) };
}

/** What the counts can tell apart: the exact test's threshold, its detection, and the bake that catches nine in ten. */
function detection({ rps, share, minutes, baseline, regressed }: Params) {
  const requests = answers({ rps, share, minutes, baseline, regressed }).requests!;
  const verdict = canaryVerdict({ requests, baseline: baseline / 100, regressed: regressed / 100, alpha: falseAlarm });
  const needed = requestsToDetect(baseline / 100, regressed / 100, falseAlarm, power);
  return { ...verdict, needed, neededMinutes: needed / (rps * (share / 100)) / 60 };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const a = answers(params);
  const d = detection(params);
  const perSecond = params.rps * (params.share / 100);
  const seen = d.detection >= power;
  return {
    perSecond: rounded(perSecond, 6),
    bakeSeconds: grouped(params.minutes * 60),
    requests: grouped(a.requests!),
    healthy: rounded(a.healthy!, 6),
    bad: rounded(a.bad!, 6),
    threshold: grouped(d.threshold),
    // Rounded down, so it agrees with the verdict: 0.896 is "89%", which misses more than one time in ten.
    detectionShare: d.detection > 0.99 ? "more than 99%" : percentAtLeast(d.detection, 0),
    neededRequests: rounded(d.needed, 2),
    neededMinutes: countOf(roundToFigures(d.neededMinutes, 2), "minute"),
    verdict: !seen
      ? "This bake is too short to trust: the canary misses the regression more than one time in ten."
      : d.neededMinutes > params.minutes
        ? // The count from which every canary detects lies past this bake, which detects anyway.
          "This bake is long enough: the canary sees the regression at least nine times in ten, though it is shorter than the bake from which every canary does (the alarm's threshold is a whole number of errors, so detection does not rise steadily with the count)."
        : "This bake is long enough: the canary sees the regression at least nine times in ten.",
    bakeComparison: d.neededMinutes > params.minutes ? "longer than" : "within",
  };
}

const pick = <T>(rand: Random, items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

/** Another service, canary and regression; rates in hundreds keep the request count whole. */
export function variant(rand: Random): Params {
  const baseline = pick(rand, [0.05, 0.1, 0.2, 0.5]);
  return {
    rps: 500 * (1 + Math.floor(rand() * 20)),
    share: pick(rand, [0.5, 1, 2, 5]),
    minutes: pick(rand, [5, 10, 15, 30]),
    baseline,
    regressed: roundToDecimals(baseline * pick(rand, [1.5, 2, 3]), 3),
  };
}
