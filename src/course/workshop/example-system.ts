/**
 * The workshop's example system, for groups who do not know a system of their own yet: a parcel
 * platform described as a failure-domain map (the map builder's format), with a recent incident,
 * what the team retries, and how each resource is watched and protected today. The facilitator's
 * answer key is computed from the map by the course's failure-map analysis (answerKey below),
 * never typed.
 */
import { percentUpTo } from "../../format/number.ts";
import {
  analyseFailureMap,
  type DecisionKind,
  decisionText,
  listNames,
  parseFailureMapOrThrow,
  resourceKinds,
  type FailureMap,
  type ResourceImpact,
} from "../../sim/failure-map/index.ts";

export const exampleSystemName = "Parcel Hub";

/** The map, as a group would build it in the map builder. */
export const exampleSystemMap = `title Parcel Hub: the workshop's example system
# Entry points and their share of user traffic
service tracking-web weight 50   # people following a parcel
service shop-api weight 30       # online shops booking deliveries
service courier-app weight 20    # couriers' phones: scans and proofs of delivery
service tracking
service bookings
service labels
service routes
service notify
service carrier-api              # a partner carrier's label API (third party)
service sms                      # an SMS provider (third party)

# Shared resources
pool main-db          # one database connection pool for every service
threads api-gateway   # the gateway's one worker pool, for every entry point
cache redis           # one Redis for tracking pages and route plans
queue events          # bookings and notifications on one queue
pool outbound-http    # one outbound HTTP pool for the carrier and the SMS provider

# Who calls whom
tracking-web calls tracking
shop-api calls bookings
courier-app calls routes, tracking
bookings calls labels
labels calls carrier-api
notify calls sms

# Who draws from what
tracking-web uses api-gateway
shop-api uses api-gateway
courier-app uses api-gateway
tracking uses main-db, redis
bookings uses main-db, events
labels uses main-db, outbound-http   # holds its database connection while the carrier answers
routes uses redis
notify uses events, outbound-http`;

/** The map's sections a handout may show: the services and who calls whom, not what they share. */
const handoutSections = ["# Entry points", "# Who calls whom"];

/**
 * The team's notes on the handout: the example map with its shared resources and who draws from
 * them taken out (steps 1 and 2 of the map exercise are the groups' to find). Still a map the
 * builder reads, so a group can start from it.
 */
export function exampleHandoutMap(map: string = exampleSystemMap): string {
  const kept: string[] = [];
  let keep = true;
  for (const line of map.split("\n")) {
    if (line.startsWith("# ")) keep = handoutSections.some((s) => line.startsWith(s));
    if (keep || line.startsWith("title ")) kept.push(line);
  }
  return kept.join("\n").trim();
}

/** What happened, as the team tells it (no figures: groups estimate those from the map). */
export const exampleIncident =
  "One afternoon the partner carrier's label API slowed down. Label requests kept their database connection while they waited for the carrier, and retried. The shared database pool drained; tracking pages, which never create a label, timed out; couriers could not record deliveries. The carrier recovered within minutes; the outage lasted until someone restarted the labels service.";

export interface RetryLoop {
  where: string;
  attempts: string;
  backoff: string;
  budget: string;
  holds: string;
}

/** Every retry loop the team knows of (facts of the example, for section 4 of the worksheet). */
export const exampleRetries: RetryLoop[] = [
  {
    where: "labels → carrier-api",
    attempts: "3",
    backoff: "200 ms fixed, no jitter",
    budget: "none",
    holds: "yes: a main-db connection and an outbound-http connection",
  },
  {
    where: "notify → sms",
    attempts: "5",
    backoff: "exponential, no jitter",
    budget: "none",
    holds: "yes: an outbound-http connection",
  },
  {
    where: "courier-app → routes",
    attempts: "2",
    backoff: "none",
    budget: "none",
    holds: "yes: a gateway worker thread",
  },
];

/** How each resource is noticed when it saturates, and what protects it today. */
export const exampleWatch: Record<string, { notice: string; protection: string }> = {
  "main-db": {
    notice: "database CPU alert; nobody graphs time spent waiting for a connection",
    protection: "none: one pool, no wait timeout",
  },
  "api-gateway": {
    notice: "error-rate alert on the gateway, for all entry points at once",
    protection: "none: one worker pool for every route",
  },
  redis: { notice: "memory alert on the Redis host", protection: "eviction of old keys" },
  events: { notice: "queue-depth dashboard, no alert", protection: "none: one queue for every kind of event" },
  "outbound-http": {
    notice: "not at all: calls just get slow",
    protection: "a 30-second client timeout",
  },
};

/**
 * What a group might decide for each flagged resource (section 6 of the worksheet). Each also
 * becomes a decide line of the answer key's map (exampleAnswerMap), so no change holds a ";" (the
 * format's separator before an owner or a date).
 */
export const exampleDecisions: Record<string, { decision: DecisionKind; change: string }> = {
  "main-db": { decision: "split", change: "a small pool per service, labels' pool sized for the carrier's latency" },
  "api-gateway": {
    decision: "protect",
    change: "a concurrency limit per entry point, so one route cannot take every worker",
  },
  redis: {
    decision: "accept",
    change: "accept knowingly, with an owner: alert on Redis latency, and review when a third service uses it",
  },
  events: { decision: "split", change: "one queue for bookings, one for notifications" },
  "outbound-http": { decision: "split", change: "a pool per provider, with a timeout matched to each" },
};

export function exampleMap(): FailureMap {
  return parseFailureMapOrThrow(exampleSystemMap);
}

export interface ResourceAnswer {
  resource: string;
  kind: string;
  direct: string[];
  /** Services that fail only through a call chain. */
  throughCalls: string[];
  /** Share of traffic lost, formatted. */
  traffic: string;
  unrelated: boolean;
  notice: string;
  protection: string;
}

export interface AnswerKey {
  entryPoints: { name: string; share: string }[];
  resources: ResourceAnswer[];
  riskiest: ResourceImpact;
  /** Section 5's sentence, filled in. */
  sentence: { resource: string; failing: string; share: string; because: string };
  decisions: { resource: string; decision: DecisionKind; change: string }[];
}

/** The facilitator's answer key: every worksheet question answered from the map's analysis. */
export function answerKey(map: FailureMap = exampleMap()): AnswerKey {
  const analysis = analyseFailureMap(map);
  const totalWeight = map.services.reduce((sum, s) => sum + (s.weight ?? 0), 0);
  const resources = analysis.impacts.map((impact): ResourceAnswer => {
    const watch = exampleWatch[impact.resource];
    if (!watch) throw new Error(`example system: no detection or protection given for ${impact.resource}`);
    return {
      resource: impact.resource,
      kind: resourceKinds[impact.kind],
      direct: impact.direct,
      throughCalls: impact.failing.filter((f) => f.cause === "call").map((f) => f.name),
      traffic: percentUpTo(impact.trafficShare ?? 0),
      unrelated: impact.sharedByUnrelated,
      notice: watch.notice,
      protection: watch.protection,
    };
  });
  // Riskiest: the most traffic lost; on a tie, the most services failing.
  const riskiest = [...analysis.impacts].sort(
    (a, b) => (b.trafficShare ?? 0) - (a.trafficShare ?? 0) || b.failing.length - a.failing.length,
  )[0]!;
  const labelsRetry = exampleRetries[0]!;
  return {
    entryPoints: map.services
      .filter((s) => s.weight !== undefined && s.weight > 0)
      .map((s) => ({ name: s.name, share: percentUpTo(s.weight! / totalWeight) })),
    resources,
    riskiest,
    sentence: {
      resource: riskiest.resource,
      failing: listNames(riskiest.failing.map((f) => f.name)),
      share: percentUpTo(riskiest.trafficShare ?? 0),
      because: `every service that uses ${riskiest.resource} shares it, and ${labelsRetry.where} retries while it holds a connection`,
    },
    decisions: analysis.flagged.map((resource) => {
      const d = exampleDecisions[resource];
      if (!d) throw new Error(`example system: no decision given for flagged resource ${resource}`);
      return { resource, decision: d.decision, change: d.change };
    }),
  };
}

/** What the answer key's map adds to the example system's title: the handout's notes keep the title as it is. */
export const answerKeyTitle = "(answer key)";

/**
 * The answer key's map, as the example page's link opens it in the map builder and the room board
 * reads it: the example system's map, titled apart from the handout's notes (on the board both
 * would otherwise read "Parcel Hub: the workshop's example system"), with section 6's decisions as
 * decide lines. They have no owner and no date, as the filled-in worksheet has none: the board
 * shows each as missing, what a facilitator rehearsing the readout has to settle with a group.
 */
export function exampleAnswerMap(map: string = exampleSystemMap): string {
  const decisions = answerKey(parseFailureMapOrThrow(map)).decisions;
  const titled = map.replace(/^title (.*)$/m, (_line, title: string) => `title ${title} ${answerKeyTitle}`);
  return [
    titled,
    "",
    "# Decisions: one good set, the worksheet's section 6 (owner and date left to the group)",
    ...decisions.map(decisionText),
  ].join("\n");
}
