/**
 * The workshop agendas as data: the chapter and the printable run sheets render them, and tests
 * check that each adds up to its length, that the half day has its breaks, and that every
 * chapter, exercise, presenter view and prepared step it names exists. Numbers a facilitator
 * should expect on screen are not typed here: blocks name prepared steps (steps.ts), whose
 * figures the course's own simulations compute.
 */
import { workshopExerciseBlocks as blocks } from "../workshop-exercises.ts";
import { builderPage } from "../design-links.ts";
import type { ExplorerStepId, ReplayStepId } from "./step-ids.ts";
import { mapStep } from "./map-steps.ts";
import { section } from "./worksheet.ts";
import { inWords } from "../../format/words.ts";
import { countOf, duration, times } from "../../format/number.ts";
import { longestGameSeconds, roomSpeed } from "./game-day.ts";

export type BlockKind =
  | "setup"
  | "opening"
  | "simulation"
  | "exercise"
  | "map"
  | "discussion"
  | "break"
  | "buffer"
  | "readout"
  | "retro"
  | "game";

export interface AgendaBlock {
  minutes: number;
  title: string;
  kind: BlockKind;
  /** What must be in the room or on screen for this block. */
  materials: string[];
  /** What the facilitator says and does: a short talk track. */
  talk: string;
  /** What participants do. */
  task: string;
  /** What the room has produced when the block ends. */
  output: string;
  /** Chapters the block draws on (slugs), for the facilitator's preparation. */
  chapters: string[];
  /**
   * The chapter sections a facilitator reads to present this block and answer on it, when there is
   * no time for whole chapters (onePreparation in one-sitting.ts): "slug#anchor", the anchor being
   * the heading's id on the built page ("_top" for a chapter's opening, before its first heading).
   * Each is a section of one of the block's chapters, of its presenter view's chapter
   * (presenterViews), or of this kit; tests check every anchor is a heading of that chapter.
   */
  sections: readonly SectionRef[];
  /** Exercise ids to do together, in this order. */
  exercises: readonly string[];
  /** Presenter view to put on the big screen. */
  present?: PresenterPath;
  /** A page each group opens on its own laptop (the map builder), linked from the run sheet. */
  groupsOpen?: typeof mapBuilderPath;
  /** Prepared replay or explorer links, in the order to play them; their numbers are computed. */
  steps: Array<ReplayStepId | ExplorerStepId>;
  /** Questions to put to the room. */
  prompts: string[];
  /** What the facilitator listens for: misconceptions, signs to slow down. */
  watchFor: string[];
}

/** A chapter section: "slug#anchor". */
export type SectionRef = `${string}#${string}`;

/** The workshop kit's own chapter, whose sections a block may send the facilitator to. */
export const kitChapter = "workshop-kit";

type PresenterPath = "/present/retry-storm/" | "/present/explorer/" | "/present/opening/" | "/present/map-builder/";

/** Each presenter view: its name on the kit's pages, and the chapter whose content it shows. */
export const presenterViews: Record<PresenterPath, { name: string; chapter: string }> = {
  "/present/retry-storm/": { name: "retry-storm replay, presenter view", chapter: "retry-storm" },
  "/present/explorer/": { name: "shuffle-shard explorer, presenter view", chapter: "shuffle-sharding" },
  "/present/opening/": { name: "the opening's slides, presenter view", chapter: "something-is-always-broken" },
  "/present/map-builder/": { name: "map builder, presenter view", chapter: "failure-domains" },
};

export interface Agenda {
  id: "ninety-minutes" | "half-day" | "game-day";
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

/**
 * The id of the card of an agenda's block `at` (its index) in the kit: the agenda's id and the
 * block's title, as "ninety-minutes-watch-a-retry-storm", and for a title the agenda has used
 * before (the half day's two breaks) its count, "half-day-break-2", so no two cards share an id.
 */
export function blockAnchor(agenda: Agenda, at: number): string {
  const title = agenda.blocks[at]?.title;
  if (title === undefined) throw new RangeError(`${agenda.id} has no block ${at}`);
  const before = agenda.blocks.slice(0, at).filter((b) => b.title === title).length;
  const slug = title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `${agenda.id}-${slug}${before > 0 ? `-${before + 1}` : ""}`;
}

/** The longest stretch of the session, in minutes, without a break. */
export function longestStretchWithoutBreak(agenda: Agenda): number {
  let longest = 0;
  let run = 0;
  for (const b of agenda.blocks) {
    run = b.kind === "break" ? 0 : run + b.minutes;
    longest = Math.max(longest, run);
  }
  return longest;
}

/** What a facilitator reads and does before running an agenda, with the reading time the chapters state. */
export interface Preparation {
  /** The chapters its blocks draw on, each once, in the order the session reaches them. */
  chapters: string[];
  /** The chapters' reading times added up, in minutes (each chapter's `minutes`). */
  readingMinutes: number;
  /** The exercises it sets, each once, in the order it sets them. */
  exercises: string[];
}

/** An agenda's preparation, read against the course's chapters (slug and stated reading time). */
export function preparation(agenda: Agenda, catalog: readonly { slug: string; minutes: number }[]): Preparation {
  const chapters = [...new Set(agenda.blocks.flatMap((b) => b.chapters))];
  const readingMinutes = chapters.reduce((sum, slug) => {
    const chapter = catalog.find((c) => c.slug === slug);
    if (!chapter) throw new Error(`${agenda.id}: no chapter "${slug}" to read`);
    return sum + chapter.minutes;
  }, 0);
  return { chapters, readingMinutes, exercises: [...new Set(agenda.blocks.flatMap((b) => b.exercises))] };
}

/** Elapsed time as "h:mm" ("0:00", "1:30"), so the agenda works whatever time the session starts. */
export function elapsed(minutes: number): string {
  return `${Math.floor(minutes / 60)}:${(minutes % 60).toString().padStart(2, "0")}`;
}

/** "1 hour 30 minutes", "3 hours 30 minutes", "90 minutes" style length, said on its own ("the session: 1 hour 30 minutes"). */
export function lengthText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const parts = [h > 0 ? countOf(h, "hour") : "", m > 0 ? countOf(m, "minute") : ""];
  return parts.filter(Boolean).join(" ");
}

/**
 * A length used before a noun, as "a 90-minute session" or "a 3½-hour half day": under two hours
 * in minutes, then in whole or half hours; anything else in minutes ("a 200-minute session").
 */
export function lengthAdjective(minutes: number): string {
  if (!Number.isInteger(minutes) || minutes <= 0)
    throw new RangeError(`a session length is a whole number of minutes above 0, got ${minutes}`);
  const h = Math.floor(minutes / 60);
  if (minutes < 120 || (minutes % 60 !== 0 && minutes % 60 !== 30)) return `${minutes}-minute`;
  return `${h}${minutes % 60 === 30 ? "½" : ""}-hour`;
}

/** The map builder in its chapter (MapBuilder.astro's default id), where each group builds its map. */
export const mapBuilderPath = `${builderPage}#map-builder`;

/** The decide line the kit shows groups (the map exercise's decide step); tests check it parses in the example system's map. */
export const decideExample = "decide main-db split: a pool per service; owner Priya; by 15 January";

const setup = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Setup: laptops, groups, worksheets",
  kind: "setup",
  materials: [
    "The site open on the projector (the kit's setup section says where it is)",
    "One printed worksheet per group of three or four",
    "The run sheet for this agenda, printed",
  ],
  talk: "Put the course's address on the screen. Ask everyone to open it and the retry-storm chapter, then form groups of three or four with at least one person who knows the system you picked. Hand each group a worksheet.",
  task: "Open the site on a laptop (one per pair is enough), sit in a group of three or four, and write the group's name on the worksheet.",
  output: "Every group seated, with a worksheet and at least one laptop showing the course.",
  chapters: [],
  sections: [`${kitChapter}#participants-setup`],
  exercises: [],
  steps: [],
  prompts: ["Who here was on call for the last incident? Sit in different groups."],
  watchFor: ["A laptop that cannot reach the site: pair its owner with a neighbour rather than fixing it now."],
});

const opening = (
  minutes: number,
  chapters: string[],
  sections: readonly SectionRef[],
  exercises: readonly string[],
): AgendaBlock => ({
  minutes,
  title: chapters.includes("failure-modes")
    ? "Who notices, and how many? The failure modes"
    : "Who notices, and how many?",
  kind: "opening",
  materials: ["The opening's presenter view on the projector (its slides come from the first chapter)"],
  talk: "Ask the room for the last incident they remember, then restate it as a blast radius: which fault, what share of users, for how long. Then step through the opening's slides: for each, let the room answer before Page Down shows the figure. Define blast radius, and the difference between a spare part (redundancy) and a compartment.",
  task: "Each group names one recent incident as a number (share of users, minutes), then does the exercise together.",
  output: "One incident per group written as a blast radius, and the exercise answered.",
  chapters,
  sections,
  exercises,
  present: "/present/opening/",
  steps: [],
  prompts: [
    "In our last incident, what share of users noticed, and how did we know?",
    "Which of our safeguards is a spare part, and which is a compartment?",
  ],
  watchFor: [
    'Answers in causes ("the database") instead of reach ("a third of checkouts"): ask for the number.',
    '"We have three replicas" offered as protection against a bad deploy.',
  ],
});

const storm = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Watch a retry storm",
  kind: "simulation",
  materials: ["The retry-storm presenter view on the projector, opened from the run sheet's first link"],
  talk: "Play the replay with every defence off. Before each key moment, stop and ask the room what happens next; then jump to it and read the number off the screen. End on the moment the slow dependency has recovered but the outage has not.",
  task: "Predict each next step aloud before it plays; write down which services failed without ever calling the slow dependency.",
  output: "The room can say why the outage outlived its trigger, with the numbers from the screen.",
  chapters: ["retry-storm"],
  sections: [
    "retry-storm#the-setup",
    "retry-storm#what-happens-second-by-second",
    "retry-storm#why-it-outlived-its-trigger-a-metastable-failure",
  ],
  exercises: [],
  present: "/present/retry-storm/",
  steps: ["replay-off"],
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

const defences = (minutes: number, sections: readonly SectionRef[], exercises: readonly string[]): AgendaBlock => ({
  minutes,
  title: "Turn the defences on",
  kind: "simulation",
  materials: [
    "The retry-storm presenter view, opened from the run sheet's links, one per step",
    "A whiteboard or flip chart beside the screen, for the room's list",
  ],
  talk: "Replay the same storm with one defence at a time (bulkhead, circuit breaker, retry budget), then the three together. For each, ask the room to predict who is saved before you open the link. Then set the exercises for pairs.",
  task: "Predict, for each defence, which services it saves and whether the system recovers by itself; then do the exercises in pairs.",
  output:
    "A short list on the whiteboard: which defence protects the unrelated services, which protects the dependency; the exercises answered.",
  chapters: ["bulkheads", "circuit-breakers", "retry-budgets"],
  sections,
  exercises,
  present: "/present/retry-storm/",
  steps: ["replay-bulkhead", "replay-breaker", "replay-budget", "replay-three"],
  prompts: [
    "Which defence protects the unrelated services, and which one protects the dependency?",
    "What does each defence cost on a normal day?",
  ],
  watchFor: [
    "Circuit breakers seen as a cure-all: ask what a breaker in front of a sharded backend does when one shard is bad.",
    "Retry counts confused with retry budgets: a count bounds a request, a budget bounds the system.",
  ],
});

const explorer = (
  minutes: number,
  chapters: string[],
  sections: readonly SectionRef[],
  exercises: readonly string[],
): AgendaBlock => ({
  minutes,
  title: chapters.includes("cells")
    ? "Shrink the blast: cells and shuffle sharding"
    : "Shrink the blast: shuffle sharding",
  kind: "simulation",
  materials: [
    "The shuffle-shard explorer's presenter view, opened from the run sheet's links",
    ...(chapters.includes("cells") ? ["The cells chapter's widget, on the projector"] : []),
  ],
  talk: `${chapters.includes("cells") ? "Start with cells: in the cells chapter's widget, put a bad deploy and then a poison request into one cell and ask what share of customers it reaches. Then o" : "O"}pen the explorer: one poison customer with fixed groups against shuffle shards, then a larger fleet, then failover off. Ask the room to estimate the share of customers hit before you reveal each figure.`,
  task: "Estimate the share of other customers hurt before each reveal; then do the exercise in pairs (each pair types the seed the answer key gives it, which deals it numbers of its own: compare the method, not the figure).",
  output: "Each pair's answer to the exercise, and a sentence on which of the team's faults follow a customer.",
  chapters,
  sections,
  exercises,
  present: "/present/explorer/",
  steps: ["explorer-default", "explorer-fleet", "explorer-no-failover"],
  prompts: [
    ...(chapters.includes("cells") ? ["What would a cell be in our system, and what would its partition key be?"] : []),
    "Which of our faults follow a customer (poison requests, noisy tenants), and which hit every copy at once?",
  ],
  watchFor: [
    "Shuffle sharding expected to help against a bad deploy: it only contains faults that follow a customer.",
    "Forgetting the clients: a customer that shares one worker with the poison one survives only if its client fails over.",
    "The failover-off step surprises rooms: in the larger fleet, shuffle shards without client failover hurt more customers than fixed groups. Ask why before you explain.",
  ],
});

const mapOwnSystem = (minutes: number, exercises: readonly string[]): AgendaBlock => ({
  minutes,
  title: "Map our own failure domains",
  kind: "map",
  materials: [
    "The worksheet, one per group",
    "The map builder (in the failure-domains chapter) on one laptop per group",
    "The example system, for groups who do not share a system they know",
  ],
  groupsOpen: mapBuilderPath,
  talk: `Give the steps of the map exercise one at a time (the kit lists them), a few minutes each. Walk between groups; push them from services to resources. At ${mapStep("sentence")} each group writes its riskiest resource as one sentence with a number, in ${section("ws-sentence")} of the worksheet. At ${mapStep("decide")} it writes its decisions into its map in the map builder, one decide line per marked resource, naming who owns it and by when (the kit's ${mapStep("decide")} shows the line). Five minutes before the end, check that each group has its sentence and its map its decide lines, and only then ask it to copy its map builder share link: the link carries the decisions to the room board.`,
  task: "Fill in the worksheet for the team's system (or the example system), build the map in the map builder to check the blast radius, write the riskiest resource as one sentence with a number, and add a decide line for each marked resource (split, protect or accept, with an owner and a date).",
  output:
    "Per group: a filled-in worksheet with its one sentence with a number, and a share link to a map with its decide lines. No readout yet: that comes once, in the readout block.",
  chapters: ["failure-domains"],
  sections: ["failure-domains#the-failure-domain-map", `${kitChapter}#the-map-exercise-step-by-step`],
  exercises,
  steps: [],
  prompts: [
    "Which resource here is shared by services that have nothing else to do with each other?",
    "If it saturated for ten minutes, what share of our traffic fails, and who would call us first?",
    "How would we notice it, and what protects us from it today?",
  ],
  watchFor: [
    "Groups drawing the architecture diagram (services and arrows) instead of resources and who draws from them: point at the worksheet's resource table.",
    "Forgotten shared resources: HTTP server thread pools, DNS, the logging pipeline, a shared cache cluster, the deploy pipeline.",
    "A group that finds nothing: ask what two unrelated endpoints have in common at runtime.",
  ],
});

const buffer = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Buffer",
  kind: "buffer",
  materials: [],
  talk: "Unplanned on purpose: the map block always overruns. Give the time to the groups still writing their sentence; if nobody needs it, start the readout early and end early.",
  task: `Finish ${section("ws-sentence")} of the worksheet and the map's decide lines, then send the map's share link to the facilitator.`,
  output: "Every group's sentence and share link (decisions in it) in the facilitator's hands.",
  chapters: [],
  sections: [],
  exercises: [],
  steps: [],
  prompts: ["Which group needs two more minutes?"],
  watchFor: ["A group polishing the map instead of writing its sentence: the sentence is what the readout needs."],
});

/**
 * The readout's time: about a minute for each group that reads its sentence aloud, and the rest
 * for ranking the commitments and settling their owners and dates. Past as many groups as the
 * block has minutes for (six at most), the three riskiest read and the others hand theirs in.
 */
const minutesPerSentence = 1;
const commitmentMinutes = 4;
export function groupsReadingAloud(minutes: number): number {
  const groups = Math.floor((minutes - commitmentMinutes) / minutesPerSentence);
  if (groups < 3) throw new RangeError(`a ${minutes}-minute readout leaves no time for three groups to read`);
  return Math.min(6, groups);
}

const readout = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Readout and commitments",
  kind: "readout",
  materials: [
    "The room board on the projector, loaded in the buffer with the groups' share links (their decide lines are its commitments list)",
    "The map builder's presenter view, to step through one group's map (open its share link there)",
    "The groups' worksheets",
  ],
  talk: `The one readout of the session. Put the room board on the screen, riskiest map first; each group reads its riskiest resource as one sentence with a number (with more than ${inWords(groupsReadingAloud(minutes))} groups, read the three riskiest from the board and let the others hand in their sentence: a sentence takes about a minute, and the commitments need the last ${inWords(commitmentMinutes)} minutes). Then show the board's commitments list, which the groups wrote as decide lines in the map block: the room only ranks it. The top three are the session's commitments, each with an owner and a date: where one is missing (the board flags it), settle it aloud and write it in ${section("ws-decisions")} of that group's worksheet. Nobody edits a map or sends a new link now.`,
  task: "One person per group reads the sentence; then, with the board's commitments list on screen, everyone raises a hand for the change that would shrink the biggest blast radius for the least work (the board lists, it does not count votes).",
  output: "Three commitments, each with an owner and a date.",
  chapters: [],
  sections: [`${kitChapter}#the-room-board`],
  exercises: [],
  present: "/present/map-builder/",
  steps: [],
  prompts: ["Which one change would shrink our biggest blast radius the most, for the least work?"],
  watchFor: ["Commitments without an owner or a date.", "Ten action items: three done beat ten listed."],
});

const retro = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Retrospective and feedback",
  kind: "retro",
  materials: ["The whiteboard, or the room's shared note, for the room's answers"],
  talk: "Ask what the room will do differently in the next design review, then ask for feedback on the session itself: what to keep, what to cut. Collect the worksheets and thank the room.",
  task: "Name one thing to do differently, and give one piece of feedback on the session.",
  output: "A list of keep and cut notes for the next session, and the worksheets collected.",
  chapters: [],
  sections: [],
  exercises: [],
  steps: [],
  prompts: [
    "What will you look for in the next design review?",
    "What should the next session keep, and what should it cut?",
  ],
  watchFor: ["Silence: ask each person for one word, in turn."],
});

const retries = (minutes: number): AgendaBlock => ({
  minutes,
  title: "Retries are load",
  kind: "exercise",
  materials: ["The timeouts and retries chapter on participants' laptops"],
  talk: "Introduce retry amplification across layers and the choice of jitter in two minutes, then set the exercises for pairs and compare answers. Ask each pair to find one retry loop in the team's code and describe it.",
  task: `Do the exercises in pairs; then describe one retry loop of the team's: attempts, backoff, budget, what it holds while it waits (${section("ws-retries")} of the worksheet).`,
  output: "The exercises answered, and one row of the worksheet's retry inventory per pair.",
  chapters: ["timeouts-retries-backoff"],
  sections: [
    "timeouts-retries-backoff#retries-multiply-across-layers",
    "timeouts-retries-backoff#what-a-dangerous-retry-loop-looks-like",
    "timeouts-retries-backoff#backoff-spread-retries-out-in-time",
    "timeouts-retries-backoff#what-backoff-is-not-for",
  ],
  exercises: [...blocks.retries.halfDay],
  steps: [],
  prompts: ["How many layers of our stack retry the same request?", "Which of our retries are not idempotent?"],
  watchFor: ["Backoff seen as reducing total work: with many clients it only spreads it; budgets limit it."],
});

const breakBlock = (minutes: number, talk: string): AgendaBlock => ({
  minutes,
  title: "Break",
  kind: "break",
  materials: [],
  talk,
  task: "Rest.",
  output: "Everyone back on time.",
  chapters: [],
  sections: [],
  exercises: [],
  steps: [],
  prompts: [],
  watchFor: [],
});

const controlPlane = (minutes: number): AgendaBlock => ({
  minutes,
  title: "When the control plane is down, and deploys",
  kind: "discussion",
  materials: ["The static stability and deploys chapters, for the facilitator"],
  talk: "Short discussion: what in our system keeps working on its last known configuration, and how our deploys and config pushes roll out.",
  task: "Name one thing that needs the control plane to recover, and how a config change reaches production.",
  output: "A list of safeguards that depend on the control plane during the outage they are meant to fix.",
  chapters: ["static-stability", "deploys-and-correlated-failure"],
  sections: [
    "static-stability#two-planes",
    "static-stability#recovery-plans-use-the-data-plane",
    "deploys-and-correlated-failure#one-change-everywhere-at-once",
  ],
  exercises: [],
  steps: [],
  prompts: [
    "If our deploy system, config service or DNS provider were down for an hour, what would stop working?",
    "Does a config change reach every server at once?",
  ],
  watchFor: ["Recovery plans that need the control plane (launching instances) during the event that broke it."],
});

/** The sections both agendas' opening, defences and explorer blocks read; the half day adds to them. */
const openingSections: SectionRef[] = [
  "something-is-always-broken#failure-is-the-weather",
  "something-is-always-broken#blast-radius-say-it-as-a-number",
  "something-is-always-broken#watertight-compartments",
];
const defenceSections: SectionRef[] = [
  "retry-storm#one-defence-at-a-time",
  "bulkheads#sizing-a-bulkhead",
  "bulkheads#what-a-bulkhead-does-and-what-it-does-not",
  "circuit-breakers#when-a-breaker-makes-things-worse",
  "retry-budgets#_top",
];
const shuffleSections: SectionRef[] = [
  "shuffle-sharding#three-ways-to-place-customers-on-eight-workers",
  "shuffle-sharding#all-some-or-none",
  "shuffle-sharding#bigger-fleets-make-full-overlap-vanish",
  "shuffle-sharding#explore-it",
];

export const ninetyMinutes: Agenda = {
  id: "ninety-minutes",
  title: "Short session",
  lengthMinutes: 90,
  blocks: [
    setup(5),
    opening(8, ["something-is-always-broken"], openingSections, blocks.opening.short),
    storm(15),
    defences(12, defenceSections, blocks.defences.short),
    explorer(8, ["shuffle-sharding"], shuffleSections, blocks.explorer.short),
    mapOwnSystem(25, blocks.map.short),
    buffer(5),
    readout(8),
    retro(4),
  ],
};

export const halfDay: Agenda = {
  id: "half-day",
  title: "Half-day session",
  lengthMinutes: 210,
  blocks: [
    setup(10),
    opening(
      15,
      ["something-is-always-broken", "failure-modes"],
      [...openingSections, "failure-modes#the-nine-kinds", "failure-modes#correlated-failures-defeat-redundancy"],
      blocks.opening.halfDay,
    ),
    retries(20),
    storm(20),
    defences(25, [...defenceSections, "circuit-breakers#three-states"], blocks.defences.halfDay),
    breakBlock(10, "Leave the presenter view on the three-defences step, so people can look at it again."),
    explorer(
      25,
      ["cells", "shuffle-sharding"],
      ["cells#rung-three-cells", "cells#try-it-where-does-the-fault-land", ...shuffleSections],
      blocks.explorer.halfDay,
    ),
    controlPlane(10),
    breakBlock(10, "Put the worksheets on the tables and ask each group to pick its system during the break."),
    mapOwnSystem(40, blocks.map.halfDay),
    buffer(5),
    readout(15),
    retro(5),
  ],
};

export const agendas: readonly Agenda[] = [ninetyMinutes, halfDay];

/** A game's length in real time at the room's speed, as the game day's facilitator page says it. */
const gameLength = `A game lasts at most ${duration(longestGameSeconds)} of simulated time; at ${times(roomSpeed)} that is at most ${duration(longestGameSeconds / roomSpeed)} of real time`;

/**
 * With more time, a game day after either agenda's readout, before its retrospective: the room plays
 * one of the game day's scenarios, at the speed its facilitator page suggests, then ranks the runs on
 * the results board and debriefs. Its times count from its own start; the play block has room for
 * two games (tests/content/workshop-kit.test.ts).
 */
export const gameDay: Agenda = {
  id: "game-day",
  title: "Game day",
  lengthMinutes: 30,
  blocks: [
    {
      minutes: 5,
      title: "Brief the game day",
      kind: "game",
      materials: [
        "The game day's facilitator view on the projector, one scenario's projector view open (the kit links it)",
        "Every participant's device, with the course opened once (it then plays offline)",
      ],
      talk: "Pick a scenario in the game day's facilitator view and open its projector view: it shows the address (and a QR code) everyone opens, and the seed everyone plays. Read the situation on screen aloud, name the chapters it draws on, and ask for a prediction.",
      task: "Open the scenario's address on your own device, with the seed on the screen, and say what happens if nobody acts.",
      output: "Everyone on the same scenario and seed, with a prediction said aloud.",
      chapters: [],
      sections: [],
      exercises: [],
      steps: [],
      prompts: ["If nobody acts, what happens to users, and when?"],
      watchFor: [
        "A device that cannot open the address: pair its owner with a neighbour, and let the pair send one result code.",
      ],
    },
    {
      minutes: 10,
      title: `Play at ${times(roomSpeed)}`,
      kind: "game",
      materials: [],
      talk: `${gameLength}. Start the room together at ${times(roomSpeed)}; anyone may pause to think. When the game ends, everyone copies the result code it gives. With time left, play the same seed again with another plan, and keep both codes.`,
      task: `Play the scenario at ${times(roomSpeed)}, pausing when you need to think; at the end, paste your result code in the room's shared chat or note.`,
      output: "A result code per person or pair in the shared chat or note.",
      chapters: [],
      sections: [],
      exercises: [],
      steps: [],
      prompts: ["What did you do first, and what did the dashboard show you that made you do it?"],
      watchFor: [
        "Someone waiting for the fault to pass: ask what the dashboard shows now, and what it costs users each minute.",
      ],
    },
    {
      minutes: 5,
      title: "Collect the result codes",
      kind: "game",
      materials: ["The game day's results board on the projector (the kit links it)"],
      talk: "Paste the result codes from the shared chat or note into the results board. It plays every run's actions again before it ranks it, so the score it shows is the one the actions earn.",
      task: "Send your result code, or the link your result gives, to the shared chat or note.",
      output: "Every run ranked on the results board.",
      chapters: [],
      sections: [],
      exercises: [],
      steps: [],
      prompts: ["Whose run cost users the least, and what did it do differently?"],
      watchFor: [
        "A run the board lists without a rank: it acted before the dashboard showed the fault, so it knew the scenario rather than responded to it.",
      ],
    },
    {
      minutes: 10,
      title: "Debrief the game day",
      kind: "game",
      materials: ["The scenario's projector view, to reveal what was going on"],
      talk: "Replay the best and the most surprising runs from the board, then reveal what was going on, at the bottom of the projector view. Ask what each action cost, and what the chapter says about it.",
      task: "Say what your run did first and what it cost users, then compare it with the best run.",
      output: "The room can say what the best run did, and what it spared users.",
      chapters: [],
      sections: [],
      exercises: [],
      steps: [],
      prompts: [
        "Which action cost users the most, and why did it look right at the time?",
        "Which defence from today's session would have made this incident smaller?",
      ],
      watchFor: ["Ranking people instead of actions: talk about what a run did, not who played it."],
    },
  ],
};
