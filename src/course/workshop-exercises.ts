/**
 * The exercises the workshop sets, block by block, for each agenda: the agendas
 * (src/course/workshop/agenda.ts) take their lists from here, and so does the
 * facilitator's printed answer key (/answer-key/), so the key always covers what the room does.
 */
/**
 * How many pairs the answer key gives a variant seed of their own (rooms rarely have more): the
 * first this many seeds that deal every pair other numbers, with other answers, in every exercise
 * both agendas set (src/course/workshop/pair-seeds.ts). Not seeds 1 to this: neighbouring seeds
 * can deal the same problem.
 */
export const answerKeySeeds = 8;

export interface WorkshopExerciseBlock {
  /** The block, as the answer key names it. */
  block: string;
  /** Exercises set in the 90-minute session. */
  short: readonly string[];
  /** Exercises set in the half day. */
  halfDay: readonly string[];
}

export const workshopExerciseBlocks = {
  opening: {
    block: "Opening: who notices, and how many?",
    short: ["redundancy-or-compartments"],
    halfDay: ["redundancy-or-compartments", "failure-modes-match"],
  },
  retries: {
    block: "Retries are load",
    short: [],
    halfDay: ["retry-amplification-layers", "backoff-which-jitter"],
  },
  defences: {
    block: "Turn the defences on",
    short: ["bulkhead-sizing"],
    halfDay: ["bulkhead-sizing", "breaker-states"],
  },
  explorer: {
    block: "Shrink the blast",
    short: ["shuffle-shard-16-workers"],
    halfDay: ["cells-blast-radius", "shuffle-shard-16-workers"],
  },
  map: { block: "Map our own failure domains", short: [], halfDay: ["map-blast-radius"] },
  kit: {
    block: "The kit's own check, for the facilitator",
    short: ["workshop-read-the-map"],
    halfDay: ["workshop-read-the-map"],
  },
} as const satisfies Record<string, WorkshopExerciseBlock>;
