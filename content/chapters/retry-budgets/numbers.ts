/**
 * Every number the retry-budgets chapter shows, computed at build time: the gRPC token bucket
 * (src/sim/token-bucket.ts), ratio budgets and the stability bound, adaptive
 * throttling, and the retry-storm replay with a budget on.
 */
import {
  adaptiveRejectProbability,
  amplification,
  expectedAttempts,
  stableLoadBound,
} from "../../../src/sim/backoff.ts";
import { mulberry32 } from "../../../src/sim/random.ts";
import {
  balancingFailureShare,
  grpcExampleThrottling,
  failuresUntilThrottled,
  RetryThrottle,
  successesUntilRetrying,
} from "../../../src/sim/token-bucket.ts";
import {
  parameterDefaults,
  defaultScenario,
  rememberedRetryStorm,
  statedRate,
  statedWorstSuccessRate,
} from "../../../src/sim/retry-storm/index.ts";
import { grouped, oneIn, percentAtLeast, percentAtMost, percentUpTo } from "../../../src/format/number.ts";

const params = parameterDefaults;

// --- gRPC retry throttling (gRFC A6) --------------------------------------------------------------
export const grpc = grpcExampleThrottling;

/** Share of calls for which retries are allowed, when each call fails at random with probability f. */
function allowedShare(failureShare: number, calls = 100_000, seed = 1): number {
  const rand = mulberry32(seed);
  const bucket = new RetryThrottle(grpc.maxTokens, grpc.tokenRatio);
  let allowed = 0;
  for (let i = 0; i < calls; i++) {
    if (bucket.retryAllowed()) allowed++;
    if (rand() < failureShare) bucket.recordFailure();
    else bucket.recordSuccess();
  }
  return allowed / calls;
}

const lowFailure = 0.05;
const highFailure = 0.2;
export const bucket = {
  ...grpc,
  half: grpc.maxTokens / 2,
  failuresToStop: failuresUntilThrottled(grpc.maxTokens, grpc.tokenRatio),
  successesToRestart: successesUntilRetrying(grpc.maxTokens, grpc.tokenRatio),
  balancePercent: percentUpTo(balancingFailureShare(grpc.tokenRatio)),
  /** "1 in 11": the same share as people say it. */
  balanceOneIn: oneIn(balancingFailureShare(grpc.tokenRatio)),
  /** gRFC A6 states it as failures to successes: at the balance, failures are tokenRatio of successes. */
  balanceFailuresToSuccesses: percentUpTo(grpc.tokenRatio, 0),
  lowFailurePercent: percentUpTo(lowFailure, 0),
  lowAllowedPercent: percentUpTo(allowedShare(lowFailure)),
  highFailurePercent: percentUpTo(highFailure, 0),
  highAllowedPercent: percentUpTo(allowedShare(highFailure), 2),
};
/**
 * Near the balance the switch is not sharp: with calls failing at random, retries fade out over a
 * band of failure shares. Its edges, as shares of the balance: below the
 * first, retries are allowed for most calls; above the second, for almost none (numbers.test.ts).
 */
const fadeEdges = [0.75, 1.35] as const;
const [fadeFrom, fadeTo] = fadeEdges.map((edge) => edge * balancingFailureShare(grpc.tokenRatio)) as [number, number];
export const fade = { fromPercent: percentUpTo(fadeFrom, 0), toPercent: percentUpTo(fadeTo, 0) };
export const rawAllowed = {
  low: allowedShare(lowFailure),
  high: allowedShare(highFailure),
  fadeFrom: allowedShare(fadeFrom),
  atBalance: allowedShare(balancingFailureShare(grpc.tokenRatio)),
  fadeTo: allowedShare(fadeTo),
  /** The shares the band's edges print as, and what those rounded shares allow. */
  atFromPercent: allowedShare(Number.parseFloat(percentUpTo(fadeFrom, 0)) / 100),
  atToPercent: allowedShare(Number.parseFloat(percentUpTo(fadeTo, 0)) / 100),
};

// --- Ratio budgets and what they do to load --------------------------------------------------------
const sreAttempts = 3;
const budgetShare = 0.1;
const envoyBusy = 100;
const envoyQuiet = 5;
export const ratio = {
  sreAttempts,
  budgetShare,
  /** Per-request cap: when everything fails, every request makes all its attempts. */
  perRequestLoad: amplification(sreAttempts, 1),
  budgetPercent: percentUpTo(budgetShare, 0),
  /** Retries counted against original requests (Finagle's percentCanRetry, the course's model): load x (1 + b). */
  budgetLoad: grouped(1 + budgetShare, 1),
  /** Retries counted as a share of everything sent, retries included (the SRE book): load x 1 / (1 - b). */
  budgetLoadOfAll: grouped(1 / (1 - budgetShare), 2),
  envoyPercent: percentUpTo(0.2, 0),
  envoyMinConcurrency: 3,
  envoyBusy,
  envoyQuiet,
  envoyAtBusy: Math.max(3, 0.2 * envoyBusy),
  envoyAtQuiet: Math.max(3, 0.2 * envoyQuiet),
  /** Finagle's default RetryBudget, as the Finagle blog's "Retry Budgets" (2016) states it: deposits ("credits") expire after 10 s, at least 10 retries a second, 20% of requests. */
  finagleTtlSeconds: 10,
  finagleMinPerSecond: 10,
  finaglePercent: percentUpTo(0.2, 0),
};

/** Expected load per original request as the failing share p goes from 0 to 1: per-request cap vs budget. */
export const loadCurve = Array.from({ length: 41 }, (_, i) => {
  const p = i / 40;
  const perRequest = expectedAttempts(sreAttempts - 1, p);
  return { p, perRequest, budget: Math.min(perRequest, 1 + budgetShare) };
});

// --- Where the system stays stable: the chapter's own arithmetic ("vulnerable" is Bronson et al.'s word) ---
const capacity = 300;
export const stability = {
  capacity,
  retryOnce: stableLoadBound(capacity, 1),
  threeAttempts: stableLoadBound(capacity, sreAttempts - 1),
  withBudget: grouped(stableLoadBound(capacity, budgetShare)),
  withBudgetPercent: percentUpTo(stableLoadBound(1, budgetShare), 0),
  /** The SRE book's definition: retries at most b of all requests sent, so load x 1/(1 - b) must fit: capacity x (1 - b). */
  withSreBudget: grouped(stableLoadBound(capacity, budgetShare / (1 - budgetShare))),
  withSreBudgetPercent: percentUpTo(stableLoadBound(1, budgetShare / (1 - budgetShare)), 0),
  threeAttemptsPercent: percentUpTo(stableLoadBound(1, sreAttempts - 1), 0),
};

// --- Adaptive throttling (SRE book, "Handling Overload") ---------------------------------------------
const wanted = 400;
const accepted = 100;
const k = 2;
const reject = adaptiveRejectProbability(wanted, accepted, k);
export const adaptive = {
  k,
  wanted,
  accepted,
  rejectPercent: percentUpTo(reject),
  /** What still reaches the backend: the requests not rejected locally. */
  sent: Math.round(wanted * (1 - reject)),
  windowMinutes: 2,
};

// --- The replay ---------------------------------------------------------------------------------------
const naive = rememberedRetryStorm(defaultScenario()).summary;
const budgeted = rememberedRetryStorm(defaultScenario({ defences: ["budget"] })).summary;
const tokens = rememberedRetryStorm(defaultScenario({ defences: ["budget"], params: { budgetKind: "token" } })).summary;
const amplificationText = (summary: typeof naive) => grouped(statedRate(summary.amplification, "tries per request"), 2);
/** The worst service's success over the whole run (the runs' incident windows differ: 660 s naive, seconds with a budget). */
const served = (summary: typeof naive) => percentUpTo(statedWorstSuccessRate(summary));
/** The best service's success during the naive incident (trigger to intervention), rounded up: "no service gets more than". */
const naiveIncidentBest = percentAtMost(
  Math.max(...naive.services.map((s) => statedRate(s.incidentSuccessRate, `${s.name}'s success in the incident`))),
);

export const replay = {
  budgetPercent: percentUpTo(params.budgetRatio, 0),
  windowSeconds: params.budgetWindow,
  naiveAmplification: amplificationText(naive),
  budgetAmplification: amplificationText(budgeted),
  tokenAmplification: amplificationText(tokens),
  naiveWorst: served(naive),
  /** "every service is served at least": rounded down, so the bound holds (99.288% is "99.2%"). */
  budgetWorst: percentAtLeast(statedWorstSuccessRate(budgeted)),
  tokenWorst: served(tokens),
  budgetRecoverySeconds: budgeted.recoverySeconds,
  tokenRecoverySeconds: tokens.recoverySeconds,
  naiveRecoverySeconds: naive.recoverySeconds,
  naiveInterventionSeconds: naive.interventionSeconds,
  naiveRecoveredBy: naive.recoveredBy,
  naiveIncidentBest,
};
export const raw = { naive, budgeted, tokens };
