/**
 * Every number "A field guide to failure modes" shows, computed here. The gray-failure and
 * replica examples use round, stated assumptions; the thread-starvation example is the one the
 * SRE book's "Addressing Cascading Failures" works under "Bimodal latency" (src/sim/starvation.ts).
 */

import { grouped, percent } from "../../../src/format/number.ts";
import { inWords } from "../../../src/format/words.ts";
import { sreStarvationExample, sreUsualSeconds, threadStarvation } from "../../../src/sim/starvation.ts";
import { anySlow } from "../../../src/sim/reliability/tail.ts";
import { linuxSynBefore65, linuxSynDefaults, synGiveUp } from "../../../src/sim/network.ts";

const sreExample = sreStarvationExample;
/** The short estimate: only the hanging requests hold threads. */
const starvation = threadStarvation(sreExample);
/** The book's count: the other requests hold theirs for the usual 100 ms too. */
const withUsual = threadStarvation({ ...sreExample, usualSeconds: sreUsualSeconds });

export const threads = {
  servers: grouped(sreExample.servers),
  perServer: grouped(sreExample.threadsPerServer),
  total: grouped(starvation.threads),
  qps: grouped(sreExample.requestsPerSecond),
  hangingShare: percent(sreExample.hangingShare, 0),
  hangSeconds: grouped(sreExample.hangSeconds),
  hangingPerSecond: grouped(starvation.hangingPerSecond),
  demanded: grouped(starvation.threadsDemanded),
  secondsToExhaust: grouped(starvation.secondsToExhaust),
  failing: percent(starvation.failingShare, 0),
  served: percent(1 - starvation.failingShare, 0),
  /** The longest hang the tier's threads absorb at this rate (threads / hanging arrivals a second): a timeout under it ends the starvation. */
  hangThatFits: grouped(starvation.threads / starvation.hangingPerSecond),
  /** A timeout to try in the playground: half the longest hang that fits, so the hanging requests want half the threads. */
  tryHang: grouped(starvation.threads / starvation.hangingPerSecond / 2),
  tryHangDemand: grouped(starvation.hangingPerSecond * (starvation.threads / starvation.hangingPerSecond / 2)),
  /** The requests that do not hang: how long each usually takes, and how many arrive a second. */
  usualMillis: grouped(sreUsualSeconds * 1000),
  usualPerSecond: grouped(sreExample.requestsPerSecond * (1 - sreExample.hangingShare)),
  /** The same tier as the book counts it, with the usual requests' threads (Little's law) included. */
  withUsual: {
    usualThreads: grouped(withUsual.usualThreads),
    demanded: grouped(withUsual.threadsDemanded + withUsual.usualThreads),
    served: percent(1 - withUsual.failingShare, 1),
    failing: percent(withUsual.failingShare, 1),
    secondsToExhaust: grouped(withUsual.secondsToExhaust, 1),
  },
  raw: starvation,
  rawWithUsual: withUsual,
};

/**
 * The step starvation.play.ts simulates in, read from the program's text (the page passes in the
 * source it shows, `starvation.play.ts?raw`), for the sentence that introduces it: change the
 * program's step and the sentence changes with it; a step no longer written as
 * `const step = <seconds>;` fails the build instead of leaving the sentence behind.
 */
export function starvationSettings(code: string) {
  const found = /^const step = ([\d.]+);/m.exec(code);
  const step = Number(found?.[1]);
  if (!found || !(step > 0)) throw new Error("starvation.play.ts: no `const step = <seconds>;` to describe");
  return { stepSeconds: step, stepMillis: grouped(step * 1000) };
}

/** One gray server among `servers` behind a round-robin balancer, failing one request in `oneIn`. */
export function grayFailure(servers: number, oneIn: number) {
  const failingOnGray = 1 / oneIn;
  return { failingOnGray, overallErrorRate: failingOnGray / servers, healthCheckPasses: 1 };
}
const grayServers = 10;
const grayOneIn = 10;
/** A user's requests in a week, for "how often does a user meet the gray server's errors". */
const grayUserRequestsPerWeek = 100;
const gray = grayFailure(grayServers, grayOneIn);
/** A user's week meets an error when any one of its requests does: the fan-out rule 1 - (1 - p)^n, requests for leaves. */
const grayUserWeeksWithAnError = anySlow(gray.overallErrorRate, grayUserRequestsPerWeek);
export const grayExample = {
  servers: grouped(grayServers),
  oneIn: grouped(grayOneIn),
  /** The same figure in words, for the sentence that defines a gray failure ("one type of request in ten"). */
  oneInWords: inWords(grayOneIn),
  overall: percent(gray.overallErrorRate, 0),
  healthCheck: percent(gray.healthCheckPasses, 0),
  userRequestsPerWeek: grouped(grayUserRequestsPerWeek),
  userWeeksWithAnError: percent(grayUserWeeksWithAnError, 0),
  raw: { ...gray, userWeeksWithAnError: grayUserWeeksWithAnError },
};

const secondsPerYear = 365 * 24 * 3600;

/**
 * Replicas that fail independently are all down at once with probability p^n; replicas that
 * share one cause (the same build, the same certificate) are all down with probability p.
 */
export function replicaOutage(replicas: number, downShare: number) {
  const independent = downShare ** replicas;
  const correlated = downShare;
  return {
    independent,
    correlated,
    independentSecondsPerYear: independent * secondsPerYear,
    correlatedHoursPerYear: (correlated * secondsPerYear) / 3600,
  };
}
/** The example's assumptions: how many replicas, and the share of the time each is down. */
const replicaCount = 3;
const replicaDownShare = 0.01;
const replicas = replicaOutage(replicaCount, replicaDownShare);
export const replicaExample = {
  count: replicaCount,
  /** The count in words, for the sentences that say it ("each of three replicas"). */
  replicas: inWords(replicaCount),
  downShareValue: replicaDownShare,
  downShare: percent(replicaDownShare, 0),
  independent: percent(replicas.independent, 4),
  independentSeconds: grouped(replicas.independentSecondsPerYear),
  correlated: percent(replicas.correlated, 0),
  correlatedHours: grouped(replicas.correlatedHoursPerYear),
  raw: replicas,
};

/**
 * A dead process on a live host is refused in one round trip; a lost host or a black-holed
 * network answers nothing, and Linux gives up on the connect only when its SYN retries run out:
 * today's defaults (since 6.5, linear timeouts first), and the classic schedule before them.
 */
const syn = synGiveUp(linuxSynDefaults);
const synBefore65 = synGiveUp(linuxSynBefore65);
export const connect = {
  initialRtoSeconds: grouped(linuxSynDefaults.initialRtoSeconds),
  /** How many retransmissions wait the initial timeout before the doubling starts: 5. */
  flatWaits: grouped(linuxSynDefaults.linearTimeouts + 1),
  retransmissions: grouped(syn.retransmissions),
  lastRetransmitSeconds: grouped(syn.lastRetransmitSeconds),
  giveUpSeconds: grouped(syn.giveUpSeconds),
  before65: {
    retransmissions: grouped(synBefore65.retransmissions),
    giveUpSeconds: grouped(synBefore65.giveUpSeconds),
  },
  raw: { syn, synBefore65 },
};
