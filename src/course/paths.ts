/**
 * Where to start, per audience. Steps name chapters by slug; a content test checks that every
 * slug exists, and the landing page leaves out chapters that are not written yet. The landing
 * page shows each step's reading time, summed from its chapters' own estimates (stepMinutes),
 * so no path promises a time its chapters do not add up to. The workshop path's steps in the
 * session show their share of the session instead (sessionMinutes), from the agenda's blocks, so
 * they add up to the session's length; its chapters there are background, not time in the room.
 */
import { inWords } from "../format/words.ts";
import { type Agenda, type BlockKind, lengthAdjective, ninetyMinutes, totalMinutes } from "./workshop/agenda.ts";

export interface LearningPath {
  id: "self-study" | "interview" | "workshop";
  audience: string;
  summary: string;
  steps: {
    label: string;
    chapters: string[];
    /** A page of the site that is not a chapter (its path without slashes, and its link text). */
    page?: { path: string; title: string };
    /**
     * For a step of the workshop session: the agenda blocks it covers, by kind, in the agenda's
     * order (the steps together cover every block once). Its time is theirs, not reading time.
     */
    session?: readonly BlockKind[];
  }[];
}

/** The daily review (`/review/`): the exercises a learner solved, back on a schedule, with new numbers. */
const dailyReview = { path: "review", title: "Daily review" };
/**
 * The time the course suggests for the daily review, each day: a plan the paths and the review
 * page give alike, not a measurement (a learner with many exercises due may need longer).
 */
export const dailyReviewMinutes = 10;
const reviewMinutes = inWords(dailyReviewMinutes);

export const learningPaths: readonly LearningPath[] = [
  {
    id: "self-study",
    audience: "Self-study",
    summary: "Read in order, run every simulation, solve the exercises as you meet them.",
    steps: [
      {
        label: "Part I: learn to see failure domains",
        chapters: ["something-is-always-broken", "failure-modes", "failure-domains"],
      },
      {
        label: "Part II: contain the blast",
        chapters: [
          "timeouts-retries-backoff",
          "retry-storm",
          "bulkheads",
          "circuit-breakers",
          "retry-budgets",
          "load-shedding",
        ],
      },
      {
        label: "Part III: architect for a small blast radius",
        chapters: ["cells", "shuffle-sharding", "static-stability", "deploys-and-correlated-failure"],
      },
      {
        label: `Every day, about ${reviewMinutes} minutes: re-derive what you solved`,
        chapters: [],
        page: dailyReview,
      },
    ],
  },
  {
    id: "interview",
    audience: "Interview prep in a week",
    summary: "The ideas this course's question bank covers, a day at a time, then timed mock questions.",
    steps: [
      { label: "Day 1: the vocabulary", chapters: ["something-is-always-broken", "failure-modes"] },
      { label: "Day 2: retries and the storm", chapters: ["timeouts-retries-backoff", "retry-storm"] },
      { label: "Day 3: the defences", chapters: ["bulkheads", "circuit-breakers", "retry-budgets", "load-shedding"] },
      {
        label: "Day 4: cells, the control plane and deploys",
        chapters: ["cells", "static-stability", "deploys-and-correlated-failure"],
      },
      { label: "Day 5: shuffle sharding, with numbers", chapters: ["shuffle-sharding"] },
      { label: "Days 6-7: mock interviews", chapters: ["interview-playbook"] },
      { label: `From day 2, the first ${reviewMinutes} minutes of each day: review`, chapters: [], page: dailyReview },
    ],
  },
  {
    id: "workshop",
    audience: `${lengthAdjective(totalMinutes(ninetyMinutes))} team workshop`,
    summary:
      "For a facilitator: read the kit before, then the session's steps with their minutes in the room; each links the chapters behind it.",
    steps: [
      { label: "Before the session: read the kit, print the worksheet", chapters: ["workshop-kit"] },
      {
        label: "Setup, then the opening: who notices, and how many",
        chapters: ["something-is-always-broken"],
        session: ["setup", "opening"],
      },
      {
        label: "Live: the retry storm and its defences",
        chapters: ["retry-storm", "bulkheads", "circuit-breakers", "retry-budgets"],
        session: ["simulation", "simulation"],
      },
      { label: "Shrinking the blast", chapters: ["shuffle-sharding"], session: ["simulation"] },
      {
        label: "Your own system: the failure-domain map, its readout and a retrospective",
        chapters: ["failure-domains"],
        session: ["map", "buffer", "readout", "retro"],
      },
    ],
  },
];

/**
 * Each step's minutes in the session (null for a step outside it, such as reading before): the
 * agenda's blocks, taken in order as the steps name them. Throws when the steps do not cover the
 * agenda's blocks exactly, so the landing page cannot show minutes that do not add up.
 */
export function sessionMinutes(path: LearningPath, agenda: Agenda = ninetyMinutes): (number | null)[] {
  let next = 0;
  const minutes = path.steps.map((step) => {
    if (!step.session) return null;
    let sum = 0;
    for (const kind of step.session) {
      const block = agenda.blocks[next++];
      if (block?.kind !== kind)
        throw new Error(
          `"${step.label}" names a ${kind} block where the ${agenda.id} agenda has ${block ? `a ${block.kind} block ("${block.title}")` : "no more blocks"}`,
        );
      sum += block.minutes;
    }
    return sum;
  });
  if (next > 0 && next !== agenda.blocks.length)
    throw new Error(`the ${path.id} path covers ${next} of the ${agenda.id} agenda's ${agenda.blocks.length} blocks`);
  return minutes;
}

/** A step's reading time: the sum of its chapters' estimates (those not written yet count nothing). */
export function stepMinutes(chapters: readonly string[], minutesOf: ReadonlyMap<string, number>): number {
  return chapters.reduce((sum, slug) => sum + (minutesOf.get(slug) ?? 0), 0);
}
