/**
 * The exercises' validated metadata and the chapters' order, for the terminal, cached in
 * .cli/cache/exercise-index.json. Parsing 37 YAML files and validating them is most of what
 * `list` used to cost; a file is parsed again only when its size or modification time changed
 * (or the schema's source did), so an edited exercise.yaml is read as it is now.
 * The YAML parser and the schema load only when something must be parsed.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chaptersDir } from "../course/chapters-dir.ts";
import { inCourseOrder } from "../course/exercise-order.ts";
import { idPattern } from "../course/ids.ts";
import { closeNames } from "../format/edit-distance.ts";
import { listNames } from "../format/words.ts";
import {
  assembleExercise,
  checkExerciseId,
  type LoadedExercise,
  listExerciseIds,
  UnknownExerciseError,
} from "../grader/exercise-files.ts";
import type { ExerciseMeta } from "../grader/exercise-schema.ts";

interface IndexFile {
  /** Stamps of the code that decides what a parsed file becomes. */
  key: string;
  exercises: Record<string, { stamp: string; meta: ExerciseMeta }>;
  chapters?: { stamp: string; order: Record<string, number> };
}

/** Size and modification time: changes whenever the file does. */
function stamp(file: string): string {
  try {
    const s = statSync(file);
    return `${s.size}:${s.mtimeMs}`;
  } catch {
    return "missing";
  }
}

/** The schema and catalog sources: a change there changes what every cached entry should be. */
const schemaSources = [
  "src/grader/exercise-schema.ts",
  "src/grader/load-exercises.ts",
  "src/course/catalog.ts",
  "src/course/chapter-schema.ts",
];

export interface ExerciseIndex {
  ids: string[];
  /** One exercise, its files read now; throws UnknownExerciseError for an unknown id. */
  exercise(id: string): Promise<LoadedExercise>;
  /** Every exercise, in course order (inCourseOrder: as /progress/ lists them). */
  all(): Promise<LoadedExercise[]>;
  /** Write the cache if anything was parsed. */
  save(): void;
}

export function exerciseIndex(root: string): ExerciseIndex {
  const file = join(root, ".cli", "cache", "exercise-index.json");
  const key = [process.env.BLAST_RADIUS_CLI_BUILD ?? "", ...schemaSources.map((s) => stamp(join(root, s)))].join("|");
  let cache: IndexFile = { key, exercises: {} };
  try {
    const read = JSON.parse(readFileSync(file, "utf8")) as IndexFile;
    if (read.key === key && read.exercises) cache = read;
  } catch {
    // No cache yet, or an unreadable one: start afresh.
  }
  let changed = false;
  const ids = listExerciseIds(root);

  /**
   * checkExerciseId, and for what is not an id at all the exercise it may name: one a path holds
   * as a folder (`exercises/choose-exact/starter.ts`) or typed in capitals (`Daily-Disk-Failures`),
   * else those near its parts by the one rule (closeNames). The id rule stays strict: the message
   * only helps.
   */
  const checkId = (id: string) => {
    try {
      checkExerciseId(id, root);
    } catch (error) {
      // An unknown id that is one (`choose-exat`) has its suggestions in the message already.
      if (!(error instanceof UnknownExerciseError) || idPattern.test(id)) throw error;
      const parts = id.toLowerCase().split(/[\\/]/);
      const named = parts.filter((part) => ids.includes(part));
      const close = [...new Set(named.length > 0 ? named : parts.flatMap((part) => closeNames(part, ids)))].slice(0, 3);
      if (close.length === 0) throw error;
      throw new UnknownExerciseError(`${error.message}; did you mean ${listNames(close, "or")}?`, { cause: error });
    }
  };

  const metaOf = async (id: string): Promise<ExerciseMeta> => {
    checkId(id);
    const now = stamp(join(root, "exercises", id, "exercise.yaml"));
    const cached = cache.exercises[id];
    if (cached && cached.stamp === now) return cached.meta;
    const { readExerciseMeta } = await import("../grader/load-exercises.ts");
    const meta = readExerciseMeta(id, root);
    cache.exercises[id] = { stamp: now, meta };
    changed = true;
    return meta;
  };

  const chapterOrder = async (): Promise<Map<string, number>> => {
    const dir = fileURLToPath(chaptersDir);
    let slugs: string[] = [];
    try {
      slugs = readdirSync(dir).sort();
    } catch {
      slugs = [];
    }
    const now = slugs.map((s) => `${s}=${stamp(join(dir, s, "index.mdx"))}`).join(",");
    if (cache.chapters?.stamp !== now) {
      const { loadChapters } = await import("../course/catalog.ts");
      const order = Object.fromEntries(loadChapters().map((c) => [c.slug, c.order]));
      cache.chapters = { stamp: now, order };
      changed = true;
    }
    return new Map(Object.entries(cache.chapters!.order));
  };

  return {
    ids,
    async exercise(id) {
      return assembleExercise(id, root, await metaOf(id), { learnerStarter: true });
    },
    async all() {
      const [order, exercises] = await Promise.all([
        chapterOrder(),
        Promise.all(ids.map(async (id) => assembleExercise(id, root, await metaOf(id), { learnerStarter: true }))),
      ]);
      // Entries for exercises that are gone are dropped.
      for (const id of Object.keys(cache.exercises)) {
        if (!ids.includes(id)) {
          delete cache.exercises[id];
          changed = true;
        }
      }
      return inCourseOrder(exercises, order);
    },
    save() {
      if (!changed) return;
      try {
        mkdirSync(join(file, ".."), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        writeFileSync(temporary, JSON.stringify(cache));
        renameSync(temporary, file);
        changed = false;
      } catch {
        // A cache that cannot be written only costs time next run.
      }
    },
  };
}
