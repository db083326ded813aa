/**
 * An exercise's files on disk (exercises/<id>/ and solutions/<id>/), read and checked around its
 * already-validated metadata. Node only, and light: no YAML parser and no schema library, so the
 * terminal can load an exercise from its cached metadata (src/cli/exercise-index.ts) at once.
 * load-exercises.ts parses exercise.yaml and hands the result here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { idPattern } from "../course/ids.ts";
import type { ExerciseMeta } from "./exercise-schema.ts";
import { placeholders } from "./fill-params.ts";
import { closeNames } from "../format/edit-distance.ts";
import { listNames } from "../format/words.ts";

export class ExerciseError extends Error {}

/** An id that names no exercise (or is not an id at all), as opposed to a broken exercise. */
export class UnknownExerciseError extends ExerciseError {}

/**
 * A README or a worked explanation as the page and the terminal show it, under a title of their
 * own (the exercise's, "Worked solution"): a leading "# Heading" line, which the file shows when
 * read on its own (on GitHub), is dropped.
 */
function withoutLeadingHeading(markdown: string): string {
  return markdown.replace(/^\s*#\s[^\n]*\n/, "");
}

export interface LoadedExercise {
  id: string;
  meta: ExerciseMeta;
  /**
   * README.md: the prompt, Markdown with {param} placeholders, without a leading "# Title" line
   * (the page and the terminal show the title from exercise.yaml already: `withoutLeadingHeading`).
   */
  readme: string;
  /** Absolute folder paths. */
  dir: string;
  solutionDir: string;
  /** Code exercises: the source files, keyed by file name. */
  starter?: string;
  checks?: string;
  /** solutions/<id>/explanation.md, without a leading "# Heading" line, as `readme`. */
  explanation: string;
  /** exercises/<id>/situation.ts exists: the exercise shows a situation drawn from its params (src/grader/situation.ts). */
  situation: boolean;
}

/** The project root: the nearest folder up from the working directory holding exercises/ and package.json. */
export function projectRoot(start = process.cwd()): string {
  let dir = start;
  for (;;) {
    if (existsSync(join(dir, "exercises")) && existsSync(join(dir, "package.json"))) return dir;
    const parent = join(dir, "..");
    if (parent === dir) throw new ExerciseError(`no exercises/ folder found above ${start}`);
    dir = parent;
  }
}

/** Folder names under exercises/, sorted. */
export function listExerciseIds(root = projectRoot()): string[] {
  const dir = join(root, "exercises");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && statSync(join(dir, name)).isDirectory())
    .sort();
}

/**
 * Throw an UnknownExerciseError unless `id` is an id with a folder under exercises/. Checked
 * before anything else touches the disk, so "../solutions/x" never reads outside exercises/.
 */
export function checkExerciseId(id: string, root: string): void {
  if (!idPattern.test(id)) {
    throw new UnknownExerciseError(
      `"${id}" is not an exercise id (ids are lower-case words joined by hyphens, like choose-exact; list shows them all)`,
    );
  }
  const dir = join(root, "exercises", id);
  if (!existsSync(dir) || !statSync(dir).isDirectory())
    throw new UnknownExerciseError(`no exercise is called "${id}"${suggestion(id, listExerciseIds(root))}`);
}

/** " (did you mean x or y?)" for the closest ids (closeNames), when some are close. */
function suggestion(id: string, ids: string[]): string {
  const close = closeNames(id, ids);
  return close.length > 0 ? ` (did you mean ${listNames(close, "or")}?)` : "; npm run exercises -- list shows them all";
}

function readRequired(file: string, root: string, why: string): string {
  if (!existsSync(file)) throw new ExerciseError(`${relative(root, file)}: missing (${why})`);
  return readFileSync(file, "utf8");
}

/**
 * Read an exercise's files around its validated metadata; throws naming the file that is wrong.
 * `learnerStarter`: the terminal reads a code exercise's starter.ts only when it checks it (it is
 * the learner's file, and may be deleted by mistake), so a missing one is left out here, to be
 * named with how to restore it when that exercise is used, instead of breaking every command for
 * every exercise. The page's build reads it here, and a missing one fails the build.
 */
export function assembleExercise(
  id: string,
  root: string,
  meta: ExerciseMeta,
  { learnerStarter = false }: { learnerStarter?: boolean } = {},
): LoadedExercise {
  const dir = join(root, "exercises", id);
  const solutionDir = join(root, "solutions", id);
  const readme = withoutLeadingHeading(readRequired(join(dir, "README.md"), root, "the prompt"));
  if (!existsSync(join(solutionDir, "solution.ts")))
    throw new ExerciseError(`solutions/${id}/solution.ts: missing (the reference solution)`);
  const explanation = withoutLeadingHeading(
    readRequired(join(solutionDir, "explanation.md"), root, "the worked explanation"),
  );
  const situation = existsSync(join(dir, "situation.ts"));
  const exercise: LoadedExercise = { id, meta, readme, dir, solutionDir, explanation, situation };
  if (meta.kind === "code") {
    // The starter is the learner's file: what it exports is checked when the checks run, not here,
    // so an edited starter never breaks loading (tests/content/exercises.test.ts checks the shipped ones).
    const starter = join(dir, "starter.ts");
    if (!learnerStarter || existsSync(starter))
      exercise.starter = readRequired(starter, root, "code exercises have a starter");
    exercise.checks = readRequired(join(dir, "checks.ts"), root, "code exercises have checks");
  } else if (meta.params && !situation) {
    // With a situation, the situation shows what the params make (a param may pick the case).
    const used = new Set([meta.title, readme, ...meta.parts.map((p) => p.prompt)].flatMap(placeholders));
    for (const name of Object.keys(meta.params)) {
      if (!used.has(name))
        throw new ExerciseError(
          `exercises/${id}/exercise.yaml: params.${name}: the title, README.md and the part prompts never show {${name}}`,
        );
    }
  }
  if (situation && meta.kind === "code")
    throw new ExerciseError(
      `exercises/${id}/situation.ts: code exercises have no situation (their checks are the task)`,
    );
  return exercise;
}
