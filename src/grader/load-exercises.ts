/**
 * Reads exercises/<id>/ and solutions/<id>/ from disk and validates them. Used at build time
 * (the Exercise component, the progress page), by the terminal CLI and by the content tests;
 * never shipped to the browser. Every error names the file, and the field when there is one.
 */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { parseDocument } from "yaml";
import { idPattern } from "../course/ids.ts";
import { exerciseSchema, placeholders, type ExerciseMeta } from "./exercise-schema.ts";

export class ExerciseError extends Error {}

export interface LoadedExercise {
  id: string;
  meta: ExerciseMeta;
  /** README.md: the prompt, Markdown with {param} placeholders. */
  readme: string;
  /** Absolute folder paths. */
  dir: string;
  solutionDir: string;
  /** Code exercises: the source files, keyed by file name. */
  starter?: string;
  checks?: string;
  /** solutions/<id>/explanation.md */
  explanation: string;
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

/** Format zod issues as "field.path: message" lines. */
function describeIssues(issues: { path: (string | number)[]; message: string }[]): string {
  return issues.map((i) => `  ${i.path.join(".") || "(top level)"}: ${i.message}`).join("\n");
}

function readRequired(file: string, root: string, why: string): string {
  if (!existsSync(file)) throw new ExerciseError(`${relative(root, file)}: missing (${why})`);
  return readFileSync(file, "utf8");
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

const cache = new Map<string, LoadedExercise>();

/** An id that names no exercise (or is not an id at all), as opposed to a broken exercise. */
export class UnknownExerciseError extends ExerciseError {}

/**
 * Load and validate one exercise, with its solution folder. Throws an UnknownExerciseError for an
 * id that names no exercise, and an ExerciseError naming file and field for a broken one.
 */
export function loadExercise(id: string, root = projectRoot(), { fresh = false } = {}): LoadedExercise {
  const key = `${root}\0${id}`;
  const cached = cache.get(key);
  if (cached && !fresh) return cached;
  // Checked before touching the disk, so "../solutions/x" never reads outside exercises/.
  if (!idPattern.test(id)) {
    throw new UnknownExerciseError(
      `"${id}" is not an exercise id (ids are lower-case words joined by hyphens, like choose-exact; list shows them all)`,
    );
  }
  const dir = join(root, "exercises", id);
  const solutionDir = join(root, "solutions", id);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new UnknownExerciseError(`no exercise is called "${id}"${suggestion(id, listExerciseIds(root))}`);
  }
  const yamlFile = join(dir, "exercise.yaml");
  const meta = parseExerciseYaml(readRequired(yamlFile, root, "every exercise has metadata"), relative(root, yamlFile));
  const readme = readRequired(join(dir, "README.md"), root, "the prompt");
  readRequired(join(solutionDir, "solution.ts"), root, "the reference solution");
  const explanation = readRequired(join(solutionDir, "explanation.md"), root, "the worked explanation");
  const exercise: LoadedExercise = { id, meta, readme, dir, solutionDir, explanation };
  if (meta.kind === "code") {
    // The starter is the learner's file: what it exports is checked when the checks run, not here,
    // so an edited starter never breaks loading (tests/content/exercises.test.ts checks the shipped ones).
    exercise.starter = readRequired(join(dir, "starter.ts"), root, "code exercises have a starter");
    exercise.checks = readRequired(join(dir, "checks.ts"), root, "code exercises have checks");
  } else if (meta.kind === "numeric" && meta.params) {
    const used = new Set([meta.title, readme, ...meta.parts.map((p) => p.prompt)].flatMap(placeholders));
    for (const name of Object.keys(meta.params)) {
      if (!used.has(name))
        throw new ExerciseError(
          `${relative(root, yamlFile)}: params.${name}: the title, README.md and the part prompts never show {${name}}`,
        );
    }
  }
  cache.set(key, exercise);
  return exercise;
}

/** " (did you mean x?)" for the closest id, when one is close. */
function suggestion(id: string, ids: string[]): string {
  const close = ids.filter((other) => other.includes(id) || id.includes(other) || editDistance(id, other) <= 3);
  return close.length > 0
    ? ` (did you mean ${close.slice(0, 3).join(", ")}?)`
    : "; npm run exercises -- list shows them all";
}

function editDistance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++)
      next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

/** Folder names under exercises/, sorted. */
export function listExerciseIds(root = projectRoot()): string[] {
  const dir = join(root, "exercises");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => !name.startsWith(".") && statSync(join(dir, name)).isDirectory())
    .sort();
}

/** Every exercise, validated; the first invalid one throws. */
export function loadAllExercises(root = projectRoot(), options: { fresh?: boolean } = {}): LoadedExercise[] {
  return listExerciseIds(root).map((id) => loadExercise(id, root, options));
}
