/**
 * `npm run exercises -- <command>`: the course's exercises in the terminal, rustlings-style.
 *   list                              every exercise, in course order, with your status
 *   show <id>                         the prompt (and, for code, where to edit)
 *   check [id]                        run a code exercise's checks against exercises/<id>/starter.ts
 *   answer <id> [--part p] <answer>   grade a numeric, choice or match answer
 *   hint <id>                         the next hint
 *   solution <id>                     the worked solution
 *   watch                             re-check on save, then move on to the next unsolved exercise
 * Exit codes: 0 pass, 1 fail, 2 invalid input or usage.
 * Progress is kept in .blast-radius/progress.json (same format as the page's; import it on /progress/).
 */
import { existsSync, mkdirSync, readFileSync, renameSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs, runMain, table, UsageError } from "./args.ts";
import { loadChapters } from "../course/catalog.ts";
import type { ChoicePart, MatchPart, NumericPart } from "../grader/exercise-schema.ts";
import {
  fillParams,
  formatNumber,
  formatShare,
  gradeChoice,
  gradeMatch,
  gradeNumeric,
  type Verdict,
} from "../grader/grade.ts";
import {
  ExerciseError,
  loadAllExercises,
  loadExercise,
  projectRoot,
  type LoadedExercise,
} from "../grader/load-exercises.ts";
import { runChecksInNode } from "../grader/run-checks-node.ts";
import { checkRunLine } from "../grader/check-run.ts";
import { expectedAnswers, type SolutionModule } from "../grader/solution.ts";
import {
  emptyProgress,
  exerciseEntry,
  isSolved,
  partEntry,
  sanitizeProgress,
  type Progress,
} from "../widgets/progress/store.ts";

const usage = `usage: npm run exercises -- <command>

commands:
  list                              every exercise in course order, with your status
  show <id>                         the exercise's prompt
  check [id]                        run the checks of a code exercise on exercises/<id>/starter.ts
                                    (no id: every code exercise)
  answer <id> [--part p] <answer>   grade an answer: 1/1820, 0.055%, "1 in 1820", 1/C(16,4) ...
                                    choice: a choice id (several: a,b); match: item=option,item=option
  hint <id>                         the next hint (they come one at a time)
  solution <id>                     the worked solution
  watch                             check the next unsolved code exercise on every save

exit codes: 0 pass, 1 fail, 2 invalid input or usage
progress: .blast-radius/progress.json (import it in the browser on /progress/)`;

const root = projectRoot();
const progressFile = join(process.env.BLAST_RADIUS_HOME ?? join(root, ".blast-radius"), "progress.json");

function readTerminalProgress(): Progress {
  try {
    return sanitizeProgress(JSON.parse(readFileSync(progressFile, "utf8"))) ?? emptyProgress();
  } catch {
    return emptyProgress();
  }
}

function saveTerminalProgress(change: (p: Progress) => void): Progress {
  const progress = readTerminalProgress();
  change(progress);
  mkdirSync(join(progressFile, ".."), { recursive: true });
  // Write then rename, so an interrupted write never leaves half a file.
  writeFileSync(`${progressFile}.tmp`, JSON.stringify(progress, null, 2) + "\n");
  renameSync(`${progressFile}.tmp`, progressFile);
  return progress;
}

function partIds(exercise: LoadedExercise): string[] {
  return exercise.meta.kind === "code" ? ["code"] : exercise.meta.parts.map((p) => p.id);
}

/** Every exercise in course order: by chapter order, then difficulty, then id. */
function exercisesInOrder(): LoadedExercise[] {
  const order = new Map(
    loadChapters(new URL("content/chapters/", pathToFileURL(`${root}/`))).map((c) => [c.slug, c.order]),
  );
  return loadAllExercises(root).sort(
    (a, b) =>
      (order.get(a.meta.chapter) ?? 99) - (order.get(b.meta.chapter) ?? 99) ||
      a.meta.difficulty - b.meta.difficulty ||
      a.id.localeCompare(b.id),
  );
}

function exerciseOrUsage(id: string | undefined): LoadedExercise {
  if (!id) throw new UsageError("name an exercise (npm run exercises -- list shows them)");
  try {
    return loadExercise(id, root);
  } catch (error) {
    if (error instanceof ExerciseError && /no such exercise/.test(error.message)) throw new UsageError(error.message);
    throw error;
  }
}

const loadSolution = (id: string): Promise<SolutionModule> =>
  import(pathToFileURL(join(root, "solutions", id, "solution.ts")).href);

function status(progress: Progress, exercise: LoadedExercise): string {
  const entry = progress.exercises[exercise.id];
  if (isSolved(progress, exercise.id, partIds(exercise))) return "solved";
  if (!entry) return "";
  const solved = partIds(exercise).filter((p) => entry.parts[p]?.solved).length;
  return solved > 0 ? `${solved}/${partIds(exercise).length} parts` : "started";
}

function list(): number {
  const progress = readTerminalProgress();
  const exercises = exercisesInOrder();
  const rows = exercises.map((e) => [
    e.id,
    e.meta.chapter,
    e.meta.kind,
    "★".repeat(e.meta.difficulty),
    status(progress, e),
    e.meta.title,
  ]);
  process.stdout.write(table([["id", "chapter", "kind", "level", "status", "title"], ...rows]) + "\n");
  const solved = exercises.filter((e) => isSolved(progress, e.id, partIds(e))).length;
  process.stdout.write(
    `\n${solved} of ${exercises.length} solved. Code exercises: edit exercises/<id>/starter.ts, then check <id>.\n`,
  );
  return 0;
}

function show(exercise: LoadedExercise): number {
  const { meta } = exercise;
  const params = meta.kind === "numeric" ? (meta.params ?? {}) : {};
  const out = [
    `${meta.title}  (${exercise.id}, chapter ${meta.chapter})`,
    "",
    fillParams(exercise.readme.trim(), params),
    "",
  ];
  if (meta.kind === "code") {
    out.push(
      `Edit exercises/${exercise.id}/starter.ts (${meta.functions.join(", ")}), then: npm run exercises -- check ${exercise.id}`,
    );
  } else {
    for (const part of meta.parts) {
      out.push(`[${part.id}] ${fillParams(part.prompt, params)}`);
      if ("choices" in part) for (const c of part.choices) out.push(`    ${c.id}: ${c.text}`);
      if ("items" in part) {
        out.push("    items:   " + part.items.map((i) => `${i.id} (${i.text})`).join("; "));
        out.push("    options: " + part.options.map((o) => `${o.id} (${o.text})`).join("; "));
      }
    }
    out.push(
      "",
      `Answer with: npm run exercises -- answer ${exercise.id}${meta.parts.length > 1 ? " --part <part>" : ""} <answer>`,
    );
  }
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}

/** Run one code exercise's checks on the learner's starter; print each check. */
async function checkOne(exercise: LoadedExercise, { quiet = false } = {}): Promise<boolean> {
  if (exercise.meta.kind !== "code")
    throw new UsageError(
      `${exercise.id} is a ${exercise.meta.kind} exercise: grade it with \`answer ${exercise.id} <answer>\``,
    );
  const code = readFileSync(join(exercise.dir, "starter.ts"), "utf8");
  const outcome = await runChecksInNode(code, exercise.checks!, exercise.meta.timeout, (event) => {
    if (!quiet) process.stdout.write(`${checkRunLine(event)}\n`);
  });
  process.stdout.write(`${outcome.passed ? "PASS" : "FAIL"} ${exercise.id}: ${outcome.summary}\n`);
  saveTerminalProgress((p) => {
    const entry = partEntry(p, exercise.id, "code");
    entry.attempts++;
    if (outcome.passed) entry.solved = true;
  });
  return outcome.passed;
}

async function check(id: string | undefined): Promise<number> {
  if (id) return (await checkOne(exerciseOrUsage(id))) ? 0 : 1;
  const code = exercisesInOrder().filter((e) => e.meta.kind === "code");
  let passed = 0;
  for (const exercise of code) if (await checkOne(exercise, { quiet: true })) passed++;
  process.stdout.write(`\n${passed} of ${code.length} code exercises pass.\n`);
  return passed === code.length ? 0 : 1;
}

function pickPart<T extends { id: string }>(exercise: LoadedExercise, parts: T[], requested: string | undefined): T {
  if (requested === undefined) {
    if (parts.length === 1) return parts[0]!;
    throw new UsageError(`${exercise.id} has ${parts.length} parts: add --part ${parts.map((p) => p.id).join("|")}`);
  }
  const part = parts.find((p) => p.id === requested);
  if (!part)
    throw new UsageError(
      `${exercise.id} has no part "${requested}"; its parts are ${parts.map((p) => p.id).join(", ")}`,
    );
  return part;
}

async function answer(exercise: LoadedExercise, requestedPart: string | undefined, text: string): Promise<number> {
  const { meta } = exercise;
  if (meta.kind === "code")
    throw new UsageError(
      `${exercise.id} is a code exercise: edit exercises/${exercise.id}/starter.ts and run \`check ${exercise.id}\``,
    );
  if (text.trim() === "") throw new UsageError("give an answer after the exercise id");
  const params = meta.kind === "numeric" ? (meta.params ?? {}) : {};
  const expected = expectedAnswers(meta, await loadSolution(exercise.id), params);
  const parts = meta.parts as (NumericPart | ChoicePart | MatchPart)[];
  const part = pickPart(exercise, parts, requestedPart);
  let verdict: Verdict;
  if ("type" in part) {
    verdict = gradeNumeric(part, text, expected[part.id] as number, params);
  } else if ("choices" in part) {
    verdict = gradeChoice(part, text.split(/[\s,]+/).filter(Boolean), expected[part.id] as string | string[]);
  } else {
    const chosen: Record<string, string> = {};
    for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
      const [item, option] = pair.split("=");
      if (!item || !option) throw new UsageError(`match answers look like item=option,item=option; got "${pair}"`);
      chosen[item] = option;
    }
    verdict = gradeMatch(part, chosen, expected[part.id] as Record<string, string>);
  }
  const label = { right: "RIGHT", wrong: "WRONG", invalid: "CAN'T READ THAT" }[verdict.status];
  process.stdout.write(`${label} [${part.id}] ${verdict.message}\n`);
  if (verdict.status === "invalid") return 2;
  const progress = saveTerminalProgress((p) => {
    const entry = partEntry(p, exercise.id, part.id);
    entry.attempts++;
    if (verdict.status === "right") entry.solved = true;
  });
  if (verdict.status === "right") {
    const left = partIds(exercise).filter((p) => !progress.exercises[exercise.id]?.parts[p]?.solved);
    process.stdout.write(left.length ? `Parts left: ${left.join(", ")}\n` : `${exercise.id} solved.\n`);
  } else if (verdict.status === "wrong") {
    process.stdout.write(`Stuck? npm run exercises -- hint ${exercise.id}\n`);
  }
  return verdict.status === "right" ? 0 : 1;
}

function hint(exercise: LoadedExercise): number {
  const { hints } = exercise.meta;
  const params = exercise.meta.kind === "numeric" ? (exercise.meta.params ?? {}) : {};
  const progress = saveTerminalProgress((p) => {
    const entry = exerciseEntry(p, exercise.id);
    entry.hints = Math.min(hints.length, entry.hints + 1);
  });
  const shown = progress.exercises[exercise.id]!.hints;
  for (let i = 0; i < shown; i++)
    process.stdout.write(`Hint ${i + 1} of ${hints.length}: ${fillParams(hints[i]!, params)}\n`);
  if (shown === hints.length)
    process.stdout.write(`That was the last hint. The worked solution: npm run exercises -- solution ${exercise.id}\n`);
  return 0;
}

async function solution(exercise: LoadedExercise): Promise<number> {
  const { meta } = exercise;
  const out = [`Worked solution: ${meta.title}`, "", exercise.explanation.trim(), ""];
  if (meta.kind === "numeric") {
    const expected = expectedAnswers(meta, await loadSolution(exercise.id), meta.params ?? {});
    for (const part of meta.parts) {
      const v = expected[part.id] as number;
      out.push(`[${part.id}] ${part.type === "share" ? formatShare(v) : formatNumber(v)}`);
    }
  } else if (meta.kind === "code") {
    out.push(`The reference implementation: solutions/${exercise.id}/solution.ts`);
  } else {
    const expected = expectedAnswers(meta, await loadSolution(exercise.id));
    for (const part of meta.parts) out.push(`[${part.id}] ${JSON.stringify(expected[part.id])}`);
  }
  saveTerminalProgress((p) => void (exerciseEntry(p, exercise.id).revealed = true));
  process.stdout.write(out.join("\n") + "\n");
  return 0;
}

async function watchLoop(): Promise<number> {
  const pending = () => {
    const progress = readTerminalProgress();
    return exercisesInOrder().filter((e) => e.meta.kind === "code" && !isSolved(progress, e.id, ["code"]));
  };
  let current = pending()[0];
  if (!current) {
    process.stdout.write("Every code exercise is solved. The rest are answered with `answer` (see `list`).\n");
    return 0;
  }
  process.stdout.write("Watching: save the starter file to re-check. Ctrl+C stops.\n");
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    if (running) return void (again = true);
    running = true;
    process.stdout.write(`\n=== ${current!.id}: edit exercises/${current!.id}/starter.ts ===\n`);
    const passed = await checkOne(current!);
    running = false;
    if (passed) {
      current = pending()[0];
      if (!current) {
        process.stdout.write("\nAll code exercises are solved. Well done.\n");
        process.exit(0);
      }
      process.stdout.write(`\nNext: ${current.id} (${current.meta.title}).\n`);
      return run();
    }
    if (again) {
      again = false;
      return run();
    }
  };
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Watch the folder, not the file: editors often save by replacing the file.
  watch(join(root, "exercises"), { recursive: true }, (_event, filename) => {
    if (!current || !filename || !String(filename).replace(/\\/g, "/").startsWith(`${current.id}/`)) return;
    clearTimeout(timer);
    timer = setTimeout(() => void run(), 150);
  });
  await run();
  return new Promise<number>(() => {}); // until Ctrl+C
}

// `npm run exercises -- list | head` closes the pipe early: that is not an error.
process.stdout.on("error", (error: NodeJS.ErrnoException) => {
  if (error.code === "EPIPE") process.exit(0);
  throw error;
});

await runMain(async () => {
  const args = parseArgs(process.argv.slice(2), { options: ["part"], flags: ["help"] });
  const [command, id, ...rest] = args.positional;
  if (args.flags.has("help") || command === "help") {
    process.stdout.write(usage + "\n");
    return 0;
  }
  if (!existsSync(join(root, "exercises"))) throw new UsageError("no exercises/ folder here");
  switch (command) {
    case "list":
      return list();
    case "show":
      return show(exerciseOrUsage(id));
    case "check":
      if (rest.length) throw new UsageError("check takes at most one exercise id");
      return check(id);
    case "answer":
      return answer(exerciseOrUsage(id), args.options.get("part")?.at(-1), rest.join(" "));
    case "hint":
      return hint(exerciseOrUsage(id));
    case "solution":
      return solution(exerciseOrUsage(id));
    case "watch":
      return watchLoop();
    case undefined:
      process.stdout.write(usage + "\n");
      return 2;
    default:
      throw new UsageError(`unknown command "${command}"; commands: list, show, check, answer, hint, solution, watch`);
  }
});
