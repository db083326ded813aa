/**
 * The workshop agendas as data: the chapter renders them, and tests check that each adds up to
 * its length and that every chapter, exercise and presenter view it names exists.
 */

export type BlockKind = "opening" | "simulation" | "exercise" | "map" | "discussion" | "break" | "close";

export interface AgendaBlock {
  minutes: number;
  title: string;
  kind: BlockKind;
  /** What the group does in this block. */
  what: string;
  /** Chapters the facilitator runs from (slugs). */
  chapters: string[];
  /** Exercise ids to do together, in this order. */
  exercises: string[];
  /** Presenter view to put on the big screen. */
  present?: "/present/retry-storm/" | "/present/explorer/";
  /** Questions to put to the room. */
  prompts: string[];
  /** What the facilitator listens for: misconceptions, signs to slow down. */
  watchFor: string[];
}

export interface Agenda {
  id: "ninety-minutes" | "half-day";
  title: string;
  /** The length the session is sold as; the blocks must add up to exactly this. */
  lengthMinutes: number;
  blocks: AgendaBlock[];
}

export interface ScheduledBlock extends AgendaBlock {
  /** Minutes from the start of the session. */
  start: number;
  end: number;
}

export function totalMinutes(agenda: Agenda): number {
  return agenda.blocks.reduce((sum, b) => sum + b.minutes, 0);
}

/** Each block with its start and end, counted from the start of the session. */
export function schedule(agenda: Agenda): ScheduledBlock[] {
  let start = 0;
  return agenda.blocks.map((block) => {
    const scheduled = { ...block, start, end: start + block.minutes };
    start = scheduled.end;
    return scheduled;
  });
}

/** Elapsed time as "h:mm" ("0:00", "1:30"), so the agenda works whatever time the session starts. */
export function elapsed(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${(minutes % 60).toString().padStart(2, "0")}`;
}

/** "1 hour 30 minutes", "3 hours 30 minutes", "90 minutes" style length for headings. */
export function lengthText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h > 0 ? `${h} ${h === 1 ? "hour" : "hours"}` : "", m > 0 ? `${m} minutes` : ""];
  return parts.filter(Boolean).join(" ");
}

const opening: AgendaBlock = {
  minutes: 10,
  title: "Who notices, and how many?",
  kind: "opening",
  what: "Ask the room for the last incident they remember, then restate it as a blast radius: which fault, what share of users, for how long. Introduce blast radius and the difference between redundancy and compartments.",
  chapters: ["something-is-always-broken"],
  exercises: ["redundancy-or-compartments"],
  prompts: [
    "In our last incident, what share of users noticed, and how did we know?",
    "Which of our safeguards is a spare part, and which is a compartment?",
  ],
  watchFor: [
    'Answers in causes ("the database") instead of reach ("a third of checkouts"): ask for the number.',
    '"We have three replicas" offered as protection against a bad deploy.',
  ],
};

const storm = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Watch a retry storm",
  kind: "simulation",
  what: "Play the retry-storm replay on the big screen with every defence off. Pause at the trigger, when the pool fills, and when the dependency has recovered but the outage has not. Let the room predict each next step before you play it.",
  chapters: ["retry-storm"],
  exercises: [],
  present: "/present/retry-storm/",
  prompts: [
    "The slow dependency has recovered. Why is everything still failing?",
    "Which services failed for a dependency they never call, and what did they share with the ones that do?",
    "Where in our code do we retry while holding a connection or a thread?",
  ],
  watchFor: [
    "Blaming the slow dependency: the trigger lasted seconds, the outage was self-inflicted.",
    "Someone proposing a bigger pool: ask what a bigger pool does to the database behind it.",
  ],
});

const defences = (minutes: number, exercises: string[]): AgendaBlock => ({
  minutes,
  title: "Turn the defences on",
  kind: "simulation",
  what: "Replay the same storm with one defence at a time (bulkhead, circuit breaker, retry budget), then all three. Compare goodput and who failed. Then do the exercises in pairs.",
  chapters: ["bulkheads", "circuit-breakers", "retry-budgets"],
  exercises,
  present: "/present/retry-storm/",
  prompts: [
    "Which defence protects the unrelated services, and which one protects the dependency?",
    "What does each defence cost on a normal day?",
  ],
  watchFor: [
    "Circuit breakers seen as a cure-all: ask what a breaker in front of a sharded backend does when one shard is bad.",
    "Retry counts confused with retry budgets: a count bounds a request, a budget bounds the system.",
  ],
});

const mapOwnSystem = (minutes: number, exercises: string[]): AgendaBlock => ({
  minutes,
  title: "Map our own failure domains",
  kind: "map",
  what: "In groups of three or four, fill in the worksheet for one of the team's systems: every shared resource, who draws from it directly or through a call chain, and what fails when it saturates. Enter the map in the map builder to check the blast radius. Each group reports its riskiest resource as one sentence with a number.",
  chapters: ["failure-domains"],
  exercises,
  prompts: [
    "Which resource here is shared by services that have nothing else to do with each other?",
    "If it saturated for ten minutes, what share of our traffic fails, and who would call us first?",
    "Split it, protect it, or accept it knowingly: which, and who owns the change?",
  ],
  watchFor: [
    "Groups drawing the architecture diagram (services and arrows) instead of resources and who draws from them: point at the worksheet's resource table.",
    "Forgotten shared resources: HTTP server thread pools, DNS, the logging pipeline, a shared cache cluster, the deploy pipeline.",
    "A group that finds nothing: ask what two unrelated endpoints have in common at runtime.",
  ],
});

const explorer = (minutes: number, chapters: string[], exercises: string[]): AgendaBlock => ({
  minutes,
  title: "Shrink the blast: cells and shuffle sharding",
  kind: "simulation",
  what: "On the big screen, open the shuffle-shard explorer: poison one customer with fixed groups, then with shuffle shards, then grow the fleet. Ask the room to estimate the share of customers hit before you reveal it.",
  chapters,
  exercises,
  present: "/present/explorer/",
  prompts: [
    "What would a cell be in our system, and what would its partition key be?",
    "Which of our faults follow a customer (poison requests, noisy tenants), and which hit every copy at once?",
  ],
  watchFor: [
    "Shuffle sharding expected to help against a bad deploy: it only contains faults that follow a customer.",
    "Forgetting the clients: a customer that shares one worker with the poison one survives only if its client fails over.",
  ],
});

const close = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Commitments",
  kind: "close",
  what: "Each group reads its riskiest resource as one sentence with a number. The room ranks them; the top three get an owner and a date. Collect the worksheets.",
  chapters: ["interview-playbook"],
  exercises: [],
  prompts: ["Which one change would shrink our biggest blast radius the most, for the least work?"],
  watchFor: ["Commitments without an owner or a date.", "Ten action items: three done beat ten listed."],
});

export const ninetyMinutes: Agenda = {
  id: "ninety-minutes",
  title: "90-minute session",
  lengthMinutes: 90,
  blocks: [
    opening,
    storm(20),
    defences(15, ["bulkhead-sizing"]),
    mapOwnSystem(25, []),
    explorer(10, ["shuffle-sharding"], ["shuffle-shard-16-workers"]),
    close(10),
  ],
};

export const halfDay: Agenda = {
  id: "half-day",
  title: "Half-day session",
  lengthMinutes: 210,
  blocks: [
    {
      ...opening,
      minutes: 20,
      title: "Who notices, and how many? The failure modes",
      chapters: ["something-is-always-broken", "failure-modes"],
      exercises: ["redundancy-or-compartments", "failure-modes-match"],
    },
    {
      minutes: 20,
      title: "Retries are load",
      kind: "exercise",
      what: "Work through retry amplification across layers and the choice of jitter, in pairs, then compare answers. Ask each pair to find one retry loop in the team's code and describe it: attempts, backoff, budget, what it holds while it waits.",
      chapters: ["timeouts-retries-backoff"],
      exercises: ["retry-amplification-layers", "backoff-which-jitter"],
      prompts: ["How many layers of our stack retry the same request?", "Which of our retries are not idempotent?"],
      watchFor: ["Backoff seen as reducing total work: with many clients it only spreads it; budgets limit it."],
    },
    storm(25),
    defences(30, ["bulkhead-sizing", "breaker-states"]),
    {
      minutes: 15,
      title: "Break",
      kind: "break",
      what: "Put the worksheets on the tables and ask each group to pick its system during the break.",
      chapters: [],
      exercises: [],
      prompts: [],
      watchFor: [],
    },
    mapOwnSystem(45, ["map-blast-radius"]),
    explorer(30, ["cells", "shuffle-sharding"], ["cells-blast-radius", "shuffle-shard-16-workers"]),
    {
      minutes: 10,
      title: "When the control plane is down, and deploys",
      kind: "discussion",
      what: "Short discussion: what in our system keeps working on its last known configuration, and how our deploys and config pushes roll out.",
      chapters: ["static-stability", "deploys-and-correlated-failure"],
      exercises: [],
      prompts: [
        "If our deploy system, config service or DNS provider were down for an hour, what would stop working?",
        "Does a config change reach every server at once?",
      ],
      watchFor: ["Recovery plans that need the control plane (launching instances) during the event that broke it."],
    },
    close(15),
  ],
};

export const agendas: readonly Agenda[] = [ninetyMinutes, halfDay];
