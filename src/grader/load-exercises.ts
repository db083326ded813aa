/**
 * Reads exercises/<id>/ and solutions/<id>/ from disk and validates them. Used at build time
 * (the Exercise component, the progress page), by the terminal CLI (when its cached index is out
 * of date) and by the content tests; never shipped to the browser. Every error names the file,
 * and the field when there is one.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parseDocument } from "yaml";
import {
  assembleExercise,
  checkExerciseId,
  ExerciseError,
  type LoadedExercise,
  listExerciseIds,
  projectRoot,
} from "./exercise-files.ts";
import { type ExerciseMeta, exerciseSchema } from "./exercise-schema.ts";

export {
  ExerciseError,
  type LoadedExercise,
  listExerciseIds,
  projectRoot,
  UnknownExerciseError,
} from "./exercise-files.ts";

/** Format zod issues as "field.path: message" lines. */
function describeIssues(issues: { path: (string | number)[]; message: string }[]): string {
  return issues.map((i) => `  ${i.path.join(".") || "(top level)"}: ${i.message}`).join("\n");
}

/** Parse and validate one exercise.yaml text. `file` is only used in messages. */
export function parseExerciseYaml(source: string, file: string): ExerciseMeta {
  const doc = parseDocument(source, { prettyErrors: true });
  if (doc.errors.length > 0) {
    throw new ExerciseError(
      `${file}: not valid YAML\n  ${doc.errors.map((e) => e.message.split("\n")[0]).join("\n  ")}`,
    );
  }
  const parsed = exerciseSchema.safeParse(doc.toJS());
  if (!parsed.success) throw new ExerciseError(`${file}: invalid exercise\n${describeIssues(parsed.error.issues)}`);
  return parsed.data;
}

/** Read and validate exercises/<id>/exercise.yaml alone. */
export function readExerciseMeta(id: string, root = projectRoot()): ExerciseMeta {
  checkExerciseId(id, root);
  const file = join("exercises", id, "exercise.yaml");
  let source: string;
  try {
    source = readFileSync(join(root, file), "utf8");
  } catch {
    throw new ExerciseError(`${file}: missing (every exercise has metadata)`);
  }
  return parseExerciseYaml(source, file);
}

const cache = new Map<string, LoadedExercise>();

/**
 * Load and validate one exercise, with its solution folder. Throws an UnknownExerciseError for an
 * id that names no exercise, and an ExerciseError naming file and field for a broken one.
 */
export function loadExercise(id: string, root = projectRoot(), { fresh = false } = {}): LoadedExercise {
  const key = `${root}\0${id}`;
  const cached = cache.get(key);
  if (cached && !fresh) return cached;
  const exercise = assembleExercise(id, root, readExerciseMeta(id, root));
  cache.set(key, exercise);
  return exercise;
}

/** Every exercise, validated; the first invalid one throws. */
export function loadAllExercises(root = projectRoot(), options: { fresh?: boolean } = {}): LoadedExercise[] {
  return listExerciseIds(root).map((id) => loadExercise(id, root, options));
}
