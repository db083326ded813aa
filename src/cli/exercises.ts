/**
 * `npm run exercises -- <command>`: the course's exercises in the terminal, rustlings-style.
 *   (no command)                      where to start: the next unsolved exercise, the reviews due,
 *                                     the commands to try (exit 0; --help is the full usage)
 *   list                              every exercise, in course order, with your status
 *   show <id> [--seed N]              the prompt (and, for code, where to edit); --seed deals a variant
 *   check [id]                        run a code exercise's checks against exercises/<id>/starter.ts
 *                                     (with an id, and in watch, its type errors first: not the verdict)
 *   answer <id> [--part p] <answer>   grade a numeric, choice or match answer
 *   hint <id>                         the next hint; once every part is answered right, all of
 *                                     them, counted nowhere, and the worked solution to compare with
 *   solution <id> [--seed N] [--yes]  the worked solution (a variant's, worked with its numbers), by the
 *                                     page's rule: locked until an answer is checked, then shown with
 *                                     --yes, once what seeing it changes is said (solution-offer.ts);
 *                                     on a due review's numbers, --yes once the page's giveUpQuestion is said
 *   import <file>                     merge a progress file (an export from the page, or a repaired copy)
 *   watch                             re-check on save, then move on to the next unsolved exercise
 *   review [<id> [--part p] [--rate g] <answer> | <id> --give-up | <id> --rate g]
 *                                     spaced review (src/course/review.ts, the page's schedule): due
 *                                     exercises come back with new numbers; the learner rates each
 *                                     among the grades the attempts earned (the default: what they earned)
 * Exit codes: 0 pass, 1 fail, 2 invalid input or usage.
 * Progress is kept in .blast-radius/progress.json, or in BLAST_RADIUS_HOME (same format as the page's;
 * import it on /progress/); --help names the file this run uses.
 *
 * On a terminal, output is fitted to its width (src/cli/terminal-width.ts); in a pipe or a file it
 * is written as it is, so scripts read the same bytes whatever window they ran in.
 *
 * `run(argv, io)` is the whole command, so tests call it in-process; heavy modules (the grader's
 * mathjs, the runner) load only when a command needs them.
 */
import { existsSync, readFileSync, watch } from "node:fs";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import {
  ansiStyles,
  unknownName,
  helpOrMissing,
  type Io,
  type ParsedArgs,
  parseCommandArgs,
  ReportedError,
  runAsProcess,
  runMain,
  seedHelp,
  seedOption,
  stdoutClosed,
  type Takes,
  table,
  UsageError,
  userFile,
  userPath,
} from "./args.ts";
import type { FileSystem } from "./json-file.ts";
import { type HeldProgress, progressStore } from "./progress-file.ts";
import {
  displayWidth,
  errorWidth,
  fitLines,
  fitText,
  fitTable,
  fitUsage,
  joinSoftBreaks,
  outputWidth,
  wrapLine,
} from "./terminal-width.ts";
import {
  countWrongAnswer,
  type RatedReview,
  type ReviewSession,
  type ReviewSessionStore,
  reviewSessionStore,
  stillCurrent,
} from "./review-session.ts";
import { type VariantStore, variantStore } from "./variant-answers.ts";
import {
  exerciseEntry,
  exerciseStatus,
  isSolved,
  answeredAfterReveal,
  answerFingerprint,
  markSolved,
  recordAttempt,
  sameAnswerNote,
  type Progress,
  type ReviewCard,
} from "../course/progress.ts";
import { auditProgress, describeImport, importProgress } from "../course/progress-import.ts";
import {
  answeredInRecord,
  lockedNote,
  type NumbersOnShow,
  seenNote,
  solutionQuestion,
  solutionUnlocked,
  solvedIfSeen,
  statusLine,
} from "../course/solution-offer.ts";
import { allAnsweredOnShow } from "../course/on-show.ts";
import { reviewHintAsked } from "../course/review-hint.ts";
import { defaultParams, partsOf, titleOf } from "../grader/exercise-meta.ts";
import type { MatchPart, Params, Part } from "../grader/exercise-schema.ts";
import type { AnswerInput, Verdict } from "../grader/grade.ts";
import { fillParamsForReading } from "../grader/fill-params.ts";
import { ExerciseError, type LoadedExercise, projectRoot, UnknownExerciseError } from "../grader/exercise-files.ts";
import type { SituationModule } from "../grader/situation.ts";
import {
  type Expected,
  expectedAnswers,
  explanationFigures,
  type Figures,
  hasVariants,
  SolutionError,
  type SolutionModule,
} from "../grader/solution.ts";
import {
  dueCards,
  dueReviewSeed,
  durability,
  enrol,
  giveUpQuestion,
  rateReview,
  readOutcome,
  recordReview,
  type Reviewable,
  type ReviewOutcome,
  recallPercent,
  reviewSeed,
  whenText,
} from "../course/review.ts";
import { carryReview } from "../course/review-carry.ts";
import { firstComeback } from "../course/first-comeback.ts";
import { dealsReviewNumbers, type ReviewNumbers, type SameAnswers, type Variant } from "../course/review-seed.ts";
import { listFirstNames, listNames } from "../format/words.ts";
import { mulberry32 } from "../sim/random.ts";
import { type ExerciseIndex, exerciseIndex } from "./exercise-index.ts";
import { importTypeScript } from "./import-ts.ts";
import { countOf } from "../format/number.ts";
import { markdownText } from "../format/markdown-text.ts";
import { visibleText } from "../playground/protocol.ts";

/** The usage, naming where this run keeps progress (`progress`: progressShown). */
const usage = (progress: string) => `usage: npm run exercises -- <command>

commands:
  (none)                            where to start: the next exercise, the reviews due, what to try
  list                              every exercise in course order, with your status
  show <id> [--seed N]              the exercise's prompt; --seed N deals variant N (new numbers),
                                    as "Another variant" does on the page (seed: ${seedHelp})
  check [id]                        run the checks of a code exercise on exercises/<id>/starter.ts
                                    (no id: every code exercise); with an id, the file's type
                                    errors are listed first: they do not change the verdict
  answer <id> [--part p] [--seed N] <answer>
                                    grade an answer: \`1/1820\`, \`0.055%\`, \`1 in 1820\`, \`1/C(16,4)\` ...
                                    choice: a choice id (several: a,b); match: item=option,item=option
                                    an answer that starts with a minus sign goes after --: answer <id> -- -0.5
  hint <id> [--seed N]              the next hint (they come one at a time); once every part is
                                    answered right, all of them, not counted (with --seed, the
                                    next, counted, as new numbers bring hints back on the page)
  solution <id> [--seed N] [--yes]  the worked solution, worked through with variant N's numbers;
                                    as on the page, it unlocks once you have checked an answer,
                                    and says what seeing it changes in your progress: --yes shows it
                                    (on a due review's numbers, --yes gives that review up)
  import <file>                     merge a progress file into yours: an export from the page's
                                    /progress/, or a kept copy of an unreadable progress file
  watch                             check the next unsolved code exercise on every save
  review                            spaced review: what is due, with new numbers, and how each
                                    chapter is holding (the same schedule as the page's /review/)
  review <id> [--part p] [--rate again|hard|good|easy] <answer>
                                    answer a due review; every part right rates it and schedules the
                                    next one: the grade you name if your attempts earned it, else
                                    what they earned (good first time, hard after wrong answers)
  review <id> --rate <grade>        rate the review of <id> you just answered otherwise (until its
                                    next review starts; each due review keeps its own)
  review <id> --give-up             show the answers for these numbers; it comes back tomorrow

exit codes: 0 pass, 1 fail, 2 invalid input or usage
progress: ${progress}; import it in the browser on /progress/`;

/** Each command and the options it takes (besides --help); any other is a usage error naming both. */
const commandOptions: Readonly<Record<string, Takes>> = {
  list: {},
  show: { options: ["seed"] },
  check: {},
  answer: { options: ["part", "seed"] },
  hint: { options: ["seed"] },
  solution: { options: ["seed"], flags: ["yes"] },
  import: {},
  watch: {},
  review: { options: ["part", "rate"], flags: ["give-up"] },
};

const commandNames = Object.keys(commandOptions);

interface Context {
  io: Io;
  root: string;
  index: ExerciseIndex;
  progress: ReturnType<typeof progressStore> & { file: string };
  /** The reviews under way, each due review's own record (review-session.json beside the progress file). */
  sessions: ReviewSessionStore;
  /** The parts answered right for new numbers (answer --seed), each exercise's last (variants.json beside the progress file). */
  variants: VariantStore;
  signal?: AbortSignal;
  /** The clock review schedules by (tests set BLAST_RADIUS_NOW). */
  now: () => Date;
  /** Bold and italic as ANSI escapes (ansiStyles): stdout is a terminal and NO_COLOR is unset. */
  ansi: boolean;
  /** The terminal's width, which output is fitted to (outputWidth); undefined in a pipe: written as it is. */
  width: number | undefined;
}

/** Prose on stdout, each line wrapped to the terminal's width (fitLines); in a pipe, as it is. */
function say(ctx: Context, text: string): void {
  ctx.io.stdout(fitLines(text, ctx.width));
}

/**
 * An exercise's Markdown (its README, a prompt, a choice, a hint, a worked solution) as terminal
 * text (src/format/markdown-text.ts: math as plain text, emphasis as bold and italic or bare
 * words), with these numbers in its {placeholders}: the page renders the same text, then fills in
 * the numbers, so a number is never read as Markdown.
 */
function readable(ctx: Context, markdown: string, values: Parameters<typeof fillParamsForReading>[1]): string {
  // For a terminal's width, each paragraph is one line, wrapped where the terminal ends (fitText).
  const source = ctx.width === undefined ? markdown : joinSoftBreaks(markdown);
  return fillParamsForReading(markdownText(source, { ansi: ctx.ansi }), values);
}

function partIds(exercise: LoadedExercise): string[] {
  return partsOf(exercise.meta).map((p) => p.id);
}

/** Every exercise in course order, as /progress/ lists them: by chapter order, then id (inCourseOrder). */
const exercisesInOrder = (ctx: Context): Promise<LoadedExercise[]> => ctx.index.all();

async function exerciseOrUsage(ctx: Context, id: string | undefined): Promise<LoadedExercise> {
  if (!id) throw new UsageError("name an exercise (npm run exercises -- list shows them)");
  try {
    return await ctx.index.exercise(id);
  } catch (error) {
    if (error instanceof UnknownExerciseError) throw new UsageError(error.message);
    throw error;
  }
}

/** An exercise's solution module; a broken solution file is named in the error. */
async function solutionFor(ctx: Context, exercise: LoadedExercise): Promise<SolutionModule> {
  const file = `solutions/${exercise.id}/solution.ts`;
  try {
    return await importTypeScript<SolutionModule>(join(ctx.root, file), ctx.root);
  } catch (error) {
    throw new ReportedError(`${file} could not be loaded: ${(error as Error).message}`, { cause: error });
  }
}

/** Run a solution's function; its SolutionError names the file. */
function fromSolution<T>(exercise: LoadedExercise, compute: () => T): T {
  try {
    return compute();
  } catch (error) {
    if (error instanceof SolutionError)
      throw new ReportedError(`solutions/${exercise.id}/solution.ts: ${error.message}`, { cause: error });
    throw error;
  }
}

/** The expected answers of an exercise's parts; a broken solution file is named in the error. */
async function expectedFor(ctx: Context, exercise: LoadedExercise, params: Params) {
  if (exercise.meta.kind === "code") return {};
  const module = await solutionFor(ctx, exercise);
  return fromSolution(exercise, () =>
    expectedAnswers(exercise.meta.kind === "code" ? [] : exercise.meta.parts, module, params),
  );
}

/**
 * The numbers an exercise is shown with: the chapter's, or with --seed N the variant its solution
 * deals from seed N (the page's "Another variant" with that seed deals the same numbers).
 */
async function paramsFor(ctx: Context, exercise: LoadedExercise, args: ParsedArgs): Promise<Params> {
  if (!args.options.has("seed")) return defaultParams(exercise.meta);
  const seed = seedOption(args, 0);
  const module = exercise.meta.kind === "code" ? {} : await solutionFor(ctx, exercise);
  if (!hasVariants(exercise.meta, module))
    throw new UsageError(`${exercise.id} has no variants: it is shown with the chapter's numbers only (drop --seed)`);
  return fromSolution(exercise, () => module.variant!(mulberry32(seed)));
}

/** A diagnosis's situation as text, fitted to the terminal; a broken situation file is named in the error. */
async function situationFor(ctx: Context, exercise: LoadedExercise, params: Params): Promise<string> {
  const file = `exercises/${exercise.id}/situation.ts`;
  const { renderSituation } = await import("../grader/situation.ts");
  const { fittedSituationText } = await import("./situation-text.ts");
  try {
    const module = await importTypeScript<SituationModule>(join(ctx.root, file), ctx.root);
    return fittedSituationText(renderSituation(module, params), ctx.width);
  } catch (error) {
    throw new ReportedError(`${file}: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * What to tell the learner when a code exercise's starter.ts is gone (deleted or moved by mistake;
 * it is theirs to edit), or undefined when it is there. Only that exercise is affected: the
 * others list, show and check as ever (assembleExercise's learnerStarter).
 */
function missingStarter(exercise: LoadedExercise): string | undefined {
  const file = `exercises/${exercise.id}/starter.ts`;
  if (exercise.meta.kind !== "code" || existsSync(join(exercise.dir, "starter.ts"))) return undefined;
  return `${file} is missing: restore it with git checkout -- ${file}`;
}

/**
 * An exercise's status in the page's words (the /progress/ page's), left blank when not started:
 * with no entry, or one that holds nothing done (exerciseStatus's rule, entryHoldsProgress).
 */
function status(progress: Progress, exercise: LoadedExercise): string {
  const said = exerciseStatus(progress, exercise.id, partIds(exercise));
  return said === "Not started" ? "" : said;
}

/**
 * What the terminal says of entries in its progress file for exercises this course does not have
 * (a hand edit, or an exercise renamed since): the page's rule (auditProgress), never counted and
 * named; they stay in the file, so nothing a learner wrote is lost.
 */
function uncountedNote(ctx: Context, progress: Progress): string | undefined {
  const { unknown } = auditProgress(progress, new Set(ctx.index.ids));
  if (unknown.length === 0) return undefined;
  const named = listFirstNames(unknown);
  return `${ctx.progress.shown} also has progress for ${countOf(unknown.length, "exercise")} this course does not have (${named}): not counted, and kept in the file as it is.`;
}

async function list(ctx: Context): Promise<number> {
  const progress = ctx.progress.read();
  const exercises = await exercisesInOrder(ctx);
  const missing = exercises.flatMap((e) => missingStarter(e) ?? []);
  const rows = exercises.map((e) => [
    e.id,
    e.meta.chapter,
    e.meta.kind,
    "★".repeat(e.meta.difficulty),
    missingStarter(e) ? "starter.ts missing" : status(progress, e),
    titleOf(e.meta),
  ]);
  ctx.io.stdout(`${listText(rows, ctx.width)}\n`);
  if (missing.length) say(ctx, `\n${missing.join("\n")}\n`);
  const solved = exercises.filter((e) => isSolved(progress, e.id, partIds(e))).length;
  say(
    ctx,
    `\n${solved} of ${exercises.length} solved. Code exercises: edit exercises/<id>/starter.ts, then check <id>.\n`,
  );
  const uncounted = uncountedNote(ctx, progress);
  if (uncounted) say(ctx, `${uncounted}\n`);
  return 0;
}

/** The narrowest the list's title column gets before the list is written one exercise after another. */
const narrowestTitles = 20;

/**
 * The list's rows (id, chapter, kind, level, status, title) as text fitted to `width`. As one
 * table when it fits, and always in a pipe (`width` undefined). Narrower, by chapter: each
 * chapter's name above its exercises instead of in a column, the statuses and titles wrapped in
 * theirs. Narrower still (the titles would get fewer than narrowestTitles columns), one exercise
 * after another under its chapter: its id, then its kind, level and status, then its title. An id
 * is never broken.
 */
function listText(rows: string[][], width: number | undefined): string {
  const whole = table([["id", "chapter", "kind", "level", "status", "title"], ...rows]);
  if (width === undefined || whole.split("\n").every((line) => displayWidth(line) <= width)) return whole;
  const header = ["id", "kind", "level", "status", "title"];
  const byChapter = rows.map(([id, , kind, level, status, title]) => [id!, kind!, level!, status!, title!]);
  const fitted = fitTable([header, ...byChapter], width, [0, 0, 0, 0, narrowestTitles]);
  const out: string[] = [];
  let chapter: string | undefined;
  const heading = (i: number) => {
    if (rows[i]![1] === chapter) return;
    chapter = rows[i]![1]!;
    out.push("", wrapLine(`chapter: ${chapter}`, width));
  };
  if (fitted) {
    const [head, ...body] = fitted.lines;
    out.push(...head!, fitted.widths.map((w) => "-".repeat(w)).join("  "));
    body.forEach((lines, i) => {
      heading(i);
      out.push(...lines);
    });
    return out.join("\n");
  }
  byChapter.forEach(([id, kind, level, status, title], i) => {
    heading(i);
    const about = [kind, level, status].filter(Boolean).join("  ");
    const first = `  ${id}  ${about}`;
    if (displayWidth(first) <= width) out.push(first);
    else out.push(`  ${id}`, wrapLine(`    ${about}`, width));
    out.push(wrapLine(`    ${title}`, width));
  });
  // The first chapter's heading opens the list: no blank line before it.
  return out.slice(1).join("\n");
}

async function show(
  ctx: Context,
  exercise: LoadedExercise,
  args: ParsedArgs,
  review?: { params: Params; intro: string[] },
): Promise<number> {
  const { meta } = exercise;
  const params = review ? review.params : await paramsFor(ctx, exercise, args);
  const variant = review ? undefined : args.options.has("seed") ? seedOption(args, 0) : undefined;
  const seed = variant === undefined ? "" : ` --seed ${variant}`;
  // Each piece fitted to the terminal as it is added: the CLI's own lines as prose, the
  // exercise's Markdown with its code left as written, the situation (a drawn figure) as drawn.
  const line = (text: string) => fitLines(text, ctx.width);
  const markdown = (prefix: string, text: string) => fitText(readable(ctx, text, params), ctx.width, { prefix });
  // A --seed that deals a due review's numbers: what is done on them counts in that review (dueReviewOn).
  const progress = ctx.progress.read();
  const due = await dueReviewOn(ctx, progress, exercise, variant);
  const whose =
    due &&
    (variant === due.seed
      ? `These are the numbers of your due review of ${exercise.id}`
      : `Variant ${variant} has the answers of your due review of ${exercise.id} (variant ${due.seed})`);
  // The numbers of a review answered (every part right, or given up) and rated: nothing on them
  // counts now (answeredReviewOn), which is said in their status line's stead.
  const over = due ? undefined : await answeredReviewOn(ctx, progress, exercise, variant);
  // Other new numbers: under the title, the status line the page shows beside it with them on show
  // (statusLine: the record, then these numbers apart), as `answer` says it after a right answer.
  const numbers = variant === undefined || due || over ? undefined : numbersOnShow(ctx, progress, exercise, variant);
  const out = [
    ...(review?.intro ?? []).map(line),
    ...(whose ? [line(`${whose}: a hint, an answer or the solution on them counts in that review.`)] : []),
    ...(over
      ? [
          line(
            `${reviewOver(exercise.id, variant, over)}: a hint, an answer or the solution on its numbers counts nothing now.`,
          ),
        ]
      : []),
    line(
      `${titleOf(meta, params)}  (${exercise.id}, chapter ${meta.chapter}${variant === undefined ? "" : `, variant ${variant}`})`,
    ),
    ...(numbers ? [line(statusLine(progress, exercise.id, partIds(exercise), numbers).text)] : []),
    "",
    markdown("", exercise.readme.trim()),
    "",
  ];
  // A situation fitted to the terminal by its own rules (fittedSituationText): its tables and
  // charts wrapped in their columns, its prose as any prose.
  if (exercise.situation) out.push(await situationFor(ctx, exercise, params), "");
  if (meta.kind === "code") {
    out.push(
      line(
        `Edit exercises/${exercise.id}/starter.ts (${meta.functions.join(", ")}), then: npm run exercises -- check ${exercise.id}`,
      ),
    );
    const missing = missingStarter(exercise);
    if (missing) out.push(line(missing));
  } else {
    const { describeRule } = await import("../grader/grade.ts");
    for (const part of meta.parts) {
      out.push(markdown(`[${part.id}] `, part.prompt));
      if (part.kind === "numeric") out.push(line(`    ${describeRule(part)}`));
      if (part.kind === "choice") {
        for (const c of part.choices) out.push(markdown(`    ${c.id}: `, c.text));
        // The example uses this part's own ids (the first two as listed, not a hint at the answer):
        // a placeholder like "a,b" reads as ids to type.
        const example = part.choices
          .slice(0, 2)
          .map((c) => c.id)
          .join(",");
        out.push(
          line(
            `    ${part.multiple ? `answer with the id of every choice that applies, separated by commas (for example ${example})` : "answer with one choice id"}`,
          ),
        );
      }
      if (part.kind === "match") {
        // One a line, as a choice part's choices: texts run long and hold semicolons of their own.
        out.push("    items:", ...part.items.map((i) => line(`      ${i.id}: ${i.text}`)));
        out.push("    options:", ...part.options.map((o) => line(`      ${o.id}: ${o.text}`)));
        out.push(line(`    ${matchShape(part)}`));
      }
    }
    out.push(
      "",
      line(
        `Answer with: npm run exercises -- ${review ? "review" : "answer"} ${exercise.id}${meta.parts.length > 1 ? " --part <part>" : ""}${seed} <answer>`,
      ),
    );
  }
  ctx.io.stdout(`${out.join("\n")}\n`);
  return 0;
}

/**
 * What an answer given empty (`answer <id> ""`, or spaces only) is told, through answer and review:
 * that it is empty, and what to give for its part, as `show` says it (a usage error, exit 2).
 * The page's Check says "Type an answer first." and counts nothing; nor does this.
 */
function emptyAnswer(part: Part): UsageError {
  const what =
    part.kind === "choice"
      ? part.multiple
        ? "give the id of every choice that applies, separated by commas"
        : "give one choice id"
      : part.kind === "match"
        ? matchShape(part)
        : "give a number or a calculation";
  return new UsageError(`the answer to [${part.id}] is empty: ${what}`);
}

/** How a match part's answer is written, with its own item ids: what show says, and what an unreadable one is told. */
function matchShape(part: MatchPart): string {
  return `answer with item=option for every item: ${part.items.map((i) => `${i.id}=...`).join(",")}`;
}

/**
 * Run one code exercise's checks on the learner's starter; print each check. `survey`: one of every
 * code exercise checked by `check` with no id, whose run is recorded only if it passes (see check).
 */
async function checkOne(
  ctx: Context,
  exercise: LoadedExercise,
  { quiet = false, survey = false } = {},
): Promise<boolean> {
  if (exercise.meta.kind !== "code")
    throw new UsageError(
      `${exercise.id} is a ${exercise.meta.kind} exercise: grade it with \`answer ${exercise.id}${exercise.meta.parts.length > 1 ? ` --part ${exercise.meta.parts.map((p) => p.id).join("|")}` : ""} <answer>\``,
    );
  // A missing starter fails this exercise's check, with how to restore it; `check` goes on to the
  // next exercise and `watch` waits for the file to come back.
  const missing = missingStarter(exercise);
  if (missing) {
    say(ctx, `FAIL ${exercise.id}: ${missing}\n`);
    return false;
  }
  const code = readFileSync(join(exercise.dir, "starter.ts"), "utf8");
  const [{ runCheckRequestInNode }, { checkRequest, fittedCheckRunLine, learnerFiles, typeErrorsHeading }, checker] =
    await Promise.all([
      import("../grader/run-checks-node.ts"),
      import("../grader/check-run.ts"),
      // TypeScript loads only for one exercise's check (and watch's), which lists the type errors.
      quiet
        ? null
        : Promise.all([
            import("../playground/typecheck-node.ts"),
            import("../playground/transpile.ts"),
            import("../playground/protocol.ts"),
          ]),
    ]);
  const request = checkRequest(code, exercise.checks!, exercise.meta.timeout);
  const running = runCheckRequestInNode(request, (event) => {
    // Printed lines go behind a bar (checkRunLine), so none can pass for a check's result.
    if (!quiet) ctx.io.stdout(`${fittedCheckRunLine(event, ctx.width, wrapLine)}\n`);
  });
  // The run starts (a child process) before the type check, which takes the main thread meanwhile,
  // so the type errors come before the checks' results, as `npm run play` prints them before its
  // output. A syntax error is the runner's to report: the checks do not run.
  if (checker) {
    const [{ typeCheckInNode }, { transpile }, { typeDiagnosticText }] = checker;
    const typeErrors = transpile("starter.ts", code).ok ? typeCheckInNode({ files: learnerFiles(request) }) : [];
    if (typeErrors.length > 0) say(ctx, `${typeErrorsHeading(typeErrors.length)}\n`);
    // Fitted to the terminal as every other line is (say).
    for (const error of typeErrors) say(ctx, `type error: ${typeDiagnosticText(error)}\n`);
  }
  const outcome = await running;
  say(ctx, `${outcome.passed ? "PASS" : "FAIL"} ${exercise.id}: ${outcome.summary}\n`);
  if (survey && !outcome.passed) return false;
  let counted = true;
  ctx.progress.update((p) => {
    counted = recordAttempt(p, exercise.id, "code", answerFingerprint({ kind: "code", source: code }, null));
    // After `solution`, a pass is recorded as answered after seeing it, as the page records it.
    if (outcome.passed) markSolved(p, exercise.id, "code", { parts: partIds(exercise), now: ctx.now() });
  });
  if (!counted && !quiet) say(ctx, `${sameAnswerNote("code")}\n`);
  return outcome.passed;
}

/**
 * `check <id>` runs one code exercise's checks and records the run as an attempt, as the page's
 * Run checks does: pressed on that exercise, it is a try, and a try unlocks the worked solution.
 * `check` with no id runs every code exercise's and records only those that pass: a learner who
 * ran it to see where they stand has not tried the ones they never opened, and recording a
 * failing run of an untouched starter unlocked all their solutions with one command. (Whether a
 * starter was changed is not a rule to record by: the course ships no copy of the starter apart
 * from the file the learner edits, and git's is gone once they commit.)
 */
async function check(ctx: Context, id: string | undefined): Promise<number> {
  // An id that is empty (`check ""`) is no id: a usage error, not every exercise checked.
  if (id !== undefined) {
    const exercise = await exerciseOrUsage(ctx, id);
    const before = ctx.progress.read();
    const passed = await checkOne(ctx, exercise);
    // A failing run offers a hint, as a wrong answer does (hintOffer); a starter that is missing
    // has been told how to restore it instead. A run that solved it names the next exercise.
    if (!passed && !missingStarter(exercise))
      say(ctx, `${hintOffer(exercise, null, allAnsweredOnShow(before, exercise.id, partIds(exercise)))}\n`);
    if (passed) await nextAfterSolving(ctx, before, ctx.progress.read(), exercise);
    return passed ? 0 : 1;
  }
  const code = (await exercisesInOrder(ctx)).filter((e) => e.meta.kind === "code");
  let passed = 0;
  for (const exercise of code) if (await checkOne(ctx, exercise, { quiet: true, survey: true })) passed++;
  say(ctx, `\n${passed} of ${code.length} code exercises pass.\n`);
  return passed === code.length ? 0 : 1;
}

function pickPart<T extends { id: string }>(
  exercise: LoadedExercise,
  parts: readonly T[],
  requested: string | undefined,
): T {
  if (requested === undefined) {
    if (parts.length === 1) return parts[0]!;
    throw new UsageError(`${exercise.id} has ${parts.length} parts: add --part ${parts.map((p) => p.id).join("|")}`);
  }
  const part = parts.find((p) => p.id === requested);
  if (!part)
    throw new UsageError(
      `${exercise.id} has no part "${requested}"; its parts are ${listNames(parts.map((p) => p.id))}`,
    );
  return part;
}

async function answer(
  ctx: Context,
  exercise: LoadedExercise,
  requestedPart: string | undefined,
  text: string | undefined,
  args: ParsedArgs,
): Promise<number> {
  const { meta } = exercise;
  if (meta.kind === "code")
    throw new UsageError(
      `${exercise.id} is a code exercise: edit exercises/${exercise.id}/starter.ts and run \`check ${exercise.id}\``,
    );
  if (text === undefined) throw new UsageError("give an answer after the exercise id");
  const part = pickPart<Part>(exercise, meta.parts, requestedPart);
  if (text.trim() === "") throw emptyAnswer(part);
  const params = await paramsFor(ctx, exercise, args);
  const [grader, expected] = await Promise.all([import("../grader/grade.ts"), expectedFor(ctx, exercise, params)]);
  const { input, verdict } = graded(grader, part, text, expected[part.id]!, params);
  if (!input) return cantRead(ctx, part, verdict.message);
  say(ctx, `${verdict.status === "right" ? "RIGHT" : "WRONG"} [${part.id}] ${verdict.message}\n`);
  const variant = args.options.has("seed") ? seedOption(args, 0) : null;
  // On the numbers of a due review, the answer counts for it, right or wrong, as one given
  // through review does: the same path (countForReview), which says what follows. It counts there
  // alone, as on the page: the chapter's record (its attempts, its parts solved) stays as it was.
  const read = ctx.progress.read();
  const due = await dueReviewOn(ctx, read, exercise, variant ?? undefined);
  // The numbers of a review answered (every part right, or given up; rated, its record kept until
  // the next review starts): as on the /review/ page once it is answered, an answer on them is
  // graded and counts nothing, in the review, in the chapter's record or as new numbers (variants.json).
  const over =
    due && reviewAnswered(read, exercise, due)
      ? due
      : due
        ? undefined
        : await answeredReviewOn(ctx, read, exercise, variant ?? undefined);
  if (over) {
    say(
      ctx,
      `${reviewOver(exercise.id, variant, over)}: an answer on its numbers counts nothing now, in the review or in the exercise's record in its chapter.\n`,
    );
    return verdict.status === "right" ? 0 : 1;
  }
  const review = due;
  if (review) {
    say(ctx, sameNumbers(exercise.id, variant, review));
    // Said in full once; then a right answer says where it counted (a wrong one's hint line does).
    if (!review.toldAnswer)
      say(
        ctx,
        `These are the numbers of your due review of ${exercise.id}: an answer checked here counts in it, right or wrong, as one given through review does.\n`,
      );
    else if (verdict.status === "right") say(ctx, `Counted in your due review of ${exercise.id}.\n`);
    return countForReview(ctx, exercise, {
      progress: read,
      seed: review.seed,
      told: true,
      part: part.id,
      right: verdict.status === "right",
      // Fingerprinted with the review's seed, as through review: the same answer to the same
      // numbers is the same attempt, whichever seed dealt them.
      fingerprint: answerFingerprint(input, review.seed),
      now: ctx.now(),
    });
  }
  // What the record holds answered before this answer: kept with the first answer on new numbers,
  // so a part solved on them is said to be newly solved, never solved before (statusLine).
  const held = answeredInRecord(read, exercise.id, partIds(exercise));
  let counted = true;
  const progress = ctx.progress.update((p) => {
    counted = recordAttempt(p, exercise.id, part.id, answerFingerprint(input, variant));
    if (verdict.status === "right") markSolved(p, exercise.id, part.id, { parts: partIds(exercise), now: ctx.now() });
  });
  if (!counted) say(ctx, `${sameAnswerNote("answer")}\n`);
  const parts = partIds(exercise);
  // New numbers: the parts answered right for them, across commands, as the page keeps them for
  // the numbers on show; what the record holds says nothing of them.
  const onShow =
    variant === null ? undefined : ctx.variants.answer(exercise.id, variant, part.id, verdict.status === "right", held);
  if (verdict.status === "right") {
    const left = parts.filter((p) => !(onShow ?? answeredParts(progress, exercise.id)).includes(p));
    if (left.length) say(ctx, `Parts left: ${left.join(", ")}\n`);
    // Once these numbers are all answered, and on new numbers after each right answer, the
    // status in the page's words (statusLine: the record, then these numbers apart), as `show` says it.
    const numbers = variant === null ? undefined : numbersOnShow(ctx, progress, exercise, variant);
    if (!left.length || numbers) say(ctx, `${answerStatus(progress, exercise.id, parts, numbers)}\n`);
    await nextAfterSolving(ctx, read, progress, exercise);
    return 0;
  }
  say(ctx, `${hintOffer(exercise, variant, allAnsweredOnShow(read, exercise.id, parts))}\n`);
  return 1;
}

/**
 * What a wrong answer (answer) or a failing run of the checks (check) offers next, one line for
 * both: the command for a hint. While the exercise is to do, a push ("Stuck? ..."). Once every
 * part is answered (solved, or answered after seeing the solution), the learner is practising
 * (new numbers, or a check re-run after an edit): the hint is offered without the push, as what
 * the hint command then gives: on new numbers a hint with them; on the chapter's numbers every
 * hint, to learn from, none counted (answeredHintNote's rule).
 */
function hintOffer(exercise: LoadedExercise, variant: number | null, answered: boolean): string {
  const seed = variant === null ? "" : ` --seed ${variant}`;
  const command = `npm run exercises -- hint ${exercise.id}${seed}`;
  if (!answered) return `Stuck? ${command}`;
  return variant === null
    ? `Its hints, to learn from (none is counted now): ${command}`
    : `A hint with these numbers: ${command}`;
}

/**
 * The exercise to do next, in course order: the first not solved, as the start screen names it
 * (with where the learner left it, if begun), and the command that shows it; when every exercise
 * is solved, that said. `first`: said to a learner who has solved none ("Start with").
 */
function nextExerciseLines(progress: Progress, exercises: readonly LoadedExercise[], { first = false } = {}): string[] {
  const next = exercises.find((e) => !isSolved(progress, e.id, partIds(e)));
  if (!next) return [`Every exercise is solved: all ${exercises.length}.`];
  // Where the learner left it, in the list's words ("1 attempt", "1 of 2 parts"), if begun.
  const begun = status(progress, next);
  return [
    `${first && !begun ? "Start with" : "Next"}: ${titleOf(next.meta)}  (${next.id}, chapter ${next.meta.chapter}${begun ? `; ${begun.toLowerCase()}` : ""})`,
    `  npm run exercises -- show ${next.id}`,
  ];
}

/** After an answer or a check that solved an exercise (it was not solved before), the next one to do, as the start screen names it. */
async function nextAfterSolving(ctx: Context, before: Progress, after: Progress, exercise: LoadedExercise) {
  const parts = partIds(exercise);
  if (isSolved(before, exercise.id, parts) || !isSolved(after, exercise.id, parts)) return;
  say(ctx, `${nextExerciseLines(after, await exercisesInOrder(ctx)).join("\n")}\n`);
}

/**
 * New numbers of an exercise as the page has them on show once dealt: the parts answered right for
 * them, and the parts the record held answered when they were dealt, kept (variants.json) from
 * their first answer in the terminal. Numbers not answered yet (never, or others answered since)
 * have no part answered, and the record as it is now, as the page takes it when it deals them.
 */
function numbersOnShow(ctx: Context, progress: Progress, exercise: LoadedExercise, seed: number): NumbersOnShow {
  const kept = ctx.variants.kept(exercise.id, seed);
  if (!kept) return { seed, answered: [], before: answeredInRecord(progress, exercise.id, partIds(exercise)) };
  return { seed, answered: kept.right, ...(kept.before ? { before: kept.before } : {}) };
}

/** The parts of an exercise answered right on the chapter's numbers (solved, or after seeing the solution). */
function answeredParts(progress: Progress, id: string): string[] {
  return Object.entries(progress.exercises[id]?.parts ?? {}).flatMap(([p, part]) => (part.solved ? [p] : []));
}

/**
 * What `answer` says of an exercise's status after a right answer: the chapter page's status line
 * (statusLine), for the chapter's numbers or for new ones (`numbers`: their seed, the parts
 * answered right for them, and those the record held when they were first answered), so "solved"
 * is said of the record and never of numbers not yet answered, and "before" never of a part solved
 * on these numbers. On the chapter's numbers, an exercise answered only after its solution was seen
 * is said not to count as solved, which the page tells by its colour.
 */
function answerStatus(progress: Progress, id: string, parts: string[], numbers: NumbersOnShow | undefined): string {
  const { text } = statusLine(progress, id, parts, numbers);
  const after = !numbers && answeredAfterReveal(progress, id, parts);
  return `${id}: ${text}${after ? " (not counted as solved)" : ""}`;
}

/**
 * A typed answer read (readAnswerText) and graded (gradePart). An answer that cannot be read is
 * one verdict, "invalid", whichever step finds it: the reading (a match answer that names an item
 * twice, or a pair not written item=option) or the grading (an id the part does not have, a match
 * answer that leaves items out, a number that cannot be worked out). `input` is what was read,
 * left out when nothing was.
 */
function graded(
  grader: typeof import("../grader/grade.ts"),
  part: Part,
  text: string,
  expected: Expected,
  params: Params,
): { input?: AnswerInput; verdict: Verdict } {
  const input = grader.readAnswerText(part, text);
  if ("error" in input) return { verdict: { status: "invalid", message: sentence(input.error) } };
  const verdict = grader.gradePart(part, input, expected, params);
  return verdict.status === "invalid" ? { verdict } : { input, verdict };
}

/** A message as a sentence, as the grader's are: a capital first letter (a quoted id is left as typed) and a full stop. */
const sentence = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? "" : "."}`;

/**
 * An answer that cannot be read (graded's "invalid"), said one way through answer and review:
 * "CAN'T READ THAT", the part and what is wrong, on stderr, exit 2; for a match part, how its
 * answer is written, with its item ids.
 */
function cantRead(ctx: Context, part: Part, message: string): number {
  // Fitted to stderr's terminal, as every message is (errorWidth); in a file, as written.
  const say = (text: string) => ctx.io.stderr(fitLines(text, errorWidth(ctx.io)));
  say(`CAN'T READ THAT [${part.id}] ${visibleText(message)}\n`);
  if (part.kind === "match") say(`    ${matchShape(part)}\n`);
  return 2;
}

/**
 * What `hint` says, for the chapter's numbers, of an exercise whose every part is answered right in
 * `progress` (solved, or answered after seeing its solution; undefined while a part is left): that
 * a hint helps with nothing and is not counted, and the command for its worked solution, offered
 * to compare with, with what seeing it would change in the record, in the page's words
 * (src/course/solution-offer.ts). Nothing is seen yet: said as what would follow (solvedIfSeen),
 * so the command takes --yes (what solution asks for once it has said that); seen already, it
 * changes nothing and needs none.
 */
function answeredHintNote(
  progress: Progress,
  id: string,
  parts: string[],
): { answered: string; solution: string } | undefined {
  // The page's rule (allAnsweredOnShow): on the chapter's numbers, the record says.
  if (!allAnsweredOnShow(progress, id, parts)) return undefined;
  const solved = isSolved(progress, id, parts);
  const seen = progress.exercises[id]?.revealed === true;
  return {
    answered: `${id} is ${solved ? "solved" : "answered (after seeing its solution)"}: a hint helps with nothing now, and none is counted.`,
    solution: `The worked solution, to compare with your own: npm run exercises -- solution ${id}${seen ? "" : " --yes"}\n${seen ? seenNote : solvedIfSeen}`,
  };
}

async function hint(ctx: Context, exercise: LoadedExercise, args: ParsedArgs): Promise<number> {
  const { hints } = exercise.meta;
  const params = await paramsFor(ctx, exercise, args);
  const seed = args.options.has("seed") ? seedOption(args, 0) : undefined;
  const showHints = (shown: number) => {
    for (let i = 0; i < shown; i++)
      ctx.io.stdout(
        `${fitText(readable(ctx, hints[i]!, params), ctx.width, { prefix: `Hint ${i + 1} of ${hints.length}: ` })}\n`,
      );
  };
  /** After the last hint, where the worked solution is; `locked`: the page's lock on it still holds (solutionUnlocked). */
  const lastHint = (shown: number, locked = false) => {
    if (shown === hints.length)
      say(
        ctx,
        `That was the last hint. The worked solution${locked ? " (check an answer first to unlock it)" : ""}: npm run exercises -- solution ${exercise.id}${seed === undefined ? "" : ` --seed ${seed}`}\n`,
      );
  };
  // A hint for the numbers of a due review counts against that review, as a wrong answer does
  // (the page's rule: "wrong answers and hints count against the review"); each due review keeps
  // its own count (review-session.ts). It is the review's hint alone, as on the page: the review
  // opens its own hints from the first (the chapter's hints opened say nothing of these numbers),
  // each counted once, and the chapter's count of hints stays as it was. Once the review is
  // answered (every part right, or given up), the /review/ page's rule (reviewHintAsked): no more
  // hints, none counted, the ones it counted shown again.
  const read = ctx.progress.read();
  /** The hints an ask on `review`'s numbers shows, and counts, by the page's rule. */
  const ask = (review: ReviewSession) => {
    const counted = review.hints ?? 0;
    const answered = reviewAnswered(read, exercise, review);
    return { answered, ...reviewHintAsked({ hints: counted, answered }, Math.min(hints.length, counted + 1)) };
  };
  /** What hint says on the numbers of a review answered (every part right, or given up): nothing counts. */
  const answeredHint = (review: ReviewSession, shown: number) => {
    const opened = shown === 0 ? "It opened no hint." : `The ${countOf(shown, "hint")} it opened:`;
    say(
      ctx,
      `${reviewOver(exercise.id, seed, review)}: a hint helps with nothing now, and none is counted. ${opened}\n`,
    );
    showHints(shown);
    say(
      ctx,
      `The worked solution${review.gaveUp ? "" : ", to compare with your own"} (seeing it counts nothing now): npm run exercises -- solution ${exercise.id} --seed ${seed}\n`,
    );
    return 0;
  };
  const review = await dueReviewOn(ctx, read, exercise, seed);
  if (review) {
    // Counted under progress.json's lock, on the schedule and the record as the files hold them
    // now (reviewChange): a hint or an answer another command counted meanwhile is kept, this hint
    // is not opened twice, and a review another command rated meanwhile counts nothing more.
    let asked = ask(review);
    const rated = reviewChange(ctx, (progress) => {
      if (!sameCard(progress, read, exercise.id)) return ratedMeanwhile(ctx, progress, exercise.id, review);
      ctx.sessions.change(progress, exercise.id, (kept) => {
        const session = underWay(kept, progress, exercise.id, review.seed);
        asked = ask(session);
        if (asked.counted === 0) return kept;
        session.hints = asked.shown;
        session.wrong += asked.counted;
        return session;
      });
      return undefined;
    });
    if (rated) return answeredHint(rated, ask(rated).shown);
    if (asked.answered) return answeredHint(review, asked.shown);
    showHints(asked.shown);
    say(
      ctx,
      asked.counted > 0
        ? `${sameNumbers(exercise.id, seed, review)}This hint counts against the review under way, as a wrong answer does.\n`
        : `${sameNumbers(exercise.id, seed, review)}Every hint is shown already: nothing more counts against the review.\n`,
    );
    lastHint(asked.shown);
    return 0;
  }
  // The numbers of a review answered right, or given up, and rated (its record kept until the next
  // review starts): the page's rule as above, nothing counted, in the review or in the chapter's record.
  const answered = await answeredReviewOn(ctx, read, exercise, seed);
  if (answered) return answeredHint(answered, ask(answered).shown);
  // New numbers with every part answered right for them: the page offers no hint then (Show a
  // hint goes: allAnsweredOnShow). As on the chapter's numbers (below), asked for here, they are
  // all shown with these numbers, to learn from, and none is counted. Other numbers bring hints
  // back, counted, as New numbers does on the page.
  if (
    seed !== undefined &&
    allAnsweredOnShow(read, exercise.id, partIds(exercise), numbersOnShow(ctx, read, exercise, seed))
  ) {
    say(
      ctx,
      `Every part of ${exercise.id} is answered right with --seed ${seed}: a hint helps with nothing now, and none is counted. Its ${countOf(hints.length, "hint")}, to learn from:\n`,
    );
    showHints(hints.length);
    say(
      ctx,
      `The worked solution, to compare with your own: npm run exercises -- solution ${exercise.id} --seed ${seed}\n`,
    );
    return 0;
  }
  // The chapter's numbers with every part answered right: the page offers no more hints then
  // (Show a hint goes: allAnsweredOnShow). Asked for here, they are all shown, to learn from, and
  // none is counted. New numbers (--seed) bring hints back, counted, as they bring Show a hint back
  // on the page, until they are all answered too.
  const done = seed === undefined ? answeredHintNote(read, exercise.id, partIds(exercise)) : undefined;
  if (done) {
    say(ctx, `${done.answered} Its ${countOf(hints.length, "hint")}, to learn from:\n`);
    showHints(hints.length);
    say(ctx, `${done.solution}\n`);
    return 0;
  }
  const progress = ctx.progress.update((p) => {
    const entry = exerciseEntry(p, exercise.id);
    entry.hints = Math.min(hints.length, entry.hints + 1);
  });
  const shown = progress.exercises[exercise.id]!.hints;
  showHints(shown);
  lastHint(shown, !solutionUnlocked(progress, exercise.id) && !progress.exercises[exercise.id]?.revealed);
  return 0;
}

/**
 * The page's lock and confirmation, for a worked solution whose showing marks the exercise's record
 * "solution seen" (its chapter's numbers, or new ones that are no review's): locked until an answer
 * is checked (solutionUnlocked; a usage error, exit 2, naming what unlocks it); then what the
 * page's confirmation asks, which says what seeing it changes (solutionQuestion), with the command
 * that answers yes (--yes), on stdout, exit 0: a question answered, not misuse, and nothing is
 * shown or changed. Seen already, it changes nothing and is shown at once,
 * as the page shows it again after a reload. Returns the exit code when it is not shown.
 */
function solutionAsked(
  ctx: Context,
  progress: Progress,
  exercise: LoadedExercise,
  seed: number | undefined,
  yes: boolean,
): number | undefined {
  const { id, meta } = exercise;
  if (progress.exercises[id]?.revealed) return undefined;
  if (!solutionUnlocked(progress, id)) {
    const check =
      meta.kind === "code"
        ? `check ${id}`
        : `answer ${id}${meta.parts.length > 1 ? " --part <part>" : ""}${seed === undefined ? "" : ` --seed ${seed}`} <answer>`;
    throw new UsageError(
      `the worked solution of ${id} is locked, as on its page. ${lockedNote} A wrong answer unlocks it too: npm run exercises -- ${check}`,
    );
  }
  if (yes) return undefined;
  say(
    ctx,
    `${solutionQuestion(progress, id, partIds(exercise))}\nTo show it: npm run exercises -- solution ${id}${seed === undefined ? "" : ` --seed ${seed}`} --yes\n`,
  );
  return 0;
}

/**
 * The /review/ page's confirmation, for the worked solution on a due review's numbers, which gives
 * the review up: what the exercise's Show solution asks there (giveUpQuestion), with the command
 * that answers yes (--yes), on stdout, exit 0, as solutionAsked asks for the chapter's numbers.
 * Nothing is shown or counted. (`review <id> --give-up` is the page's own give-up button, which
 * does not ask.)
 */
function giveUpAsked(ctx: Context, id: string, seed: number, review: ReviewSession): number {
  say(
    ctx,
    `${sameNumbers(id, seed, review)}These are the numbers of your due review of ${id}.\n${giveUpQuestion}\nTo give it up and see it: npm run exercises -- solution ${id} --seed ${seed} --yes\n`,
  );
  return 0;
}

async function solution(ctx: Context, exercise: LoadedExercise, args: ParsedArgs): Promise<number> {
  const { meta } = exercise;
  const params = await paramsFor(ctx, exercise, args);
  // The answers for a due review's numbers: the review is given up, as with review --give-up, and
  // the exercise's record in its chapter stays as it was (these are not its numbers), as on the page;
  // as the exercise's Show solution there, it asks first (giveUpAsked) and --yes answers.
  // The numbers of a review answered (every part right, or given up; rated since): seeing their
  // solution counts nothing, as on the /review/ page once its review is answered.
  // Other numbers mark the chapter's record: the page's lock and confirmation come first (solutionAsked).
  const seed = args.options.has("seed") ? seedOption(args, 0) : undefined;
  const read = ctx.progress.read();
  const due = await dueReviewOn(ctx, read, exercise, seed);
  const answered =
    due && reviewAnswered(read, exercise, due)
      ? due
      : due
        ? undefined
        : await answeredReviewOn(ctx, read, exercise, seed);
  const review = answered ? undefined : due;
  if (review && !args.flags.has("yes")) return giveUpAsked(ctx, exercise.id, seed!, review);
  if (!review && !answered) {
    const refused = solutionAsked(ctx, read, exercise, seed, args.flags.has("yes"));
    if (refused !== undefined) return refused;
  }
  // The worked figures for these numbers, computed by the solution (solution.ts worked()).
  let figures: Figures = params;
  if (meta.kind !== "code") {
    const module = await solutionFor(ctx, exercise);
    figures = fromSolution(exercise, () => explanationFigures(module, params));
  }
  const line = (text: string) => fitLines(text, ctx.width);
  const out = [
    line(`Worked solution: ${titleOf(meta, params)}`),
    "",
    fitText(readable(ctx, exercise.explanation.trim(), figures), ctx.width),
    "",
  ];
  if (meta.kind === "code") {
    out.push(line(`The reference implementation: solutions/${exercise.id}/solution.ts`));
  } else {
    const [{ describeAnswer }, expected] = await Promise.all([
      import("../grader/grade.ts"),
      expectedFor(ctx, exercise, params),
    ]);
    for (const part of meta.parts) out.push(line(`[${part.id}] ${describeAnswer(part, expected[part.id]!)}`));
  }
  if (!review && !answered) ctx.progress.update((p) => void (exerciseEntry(p, exercise.id).revealed = true));
  ctx.io.stdout(`${out.join("\n")}\n`);
  if (answered)
    say(
      ctx,
      answered.gaveUp
        ? `\nThese are the numbers of your review of ${exercise.id}, given up (variant ${answered.seed}): seeing their solution counts nothing, in the review or in the exercise's record in its chapter.\n`
        : `\nThese are the numbers of your review of ${exercise.id}, whose every part is answered right (variant ${answered.seed}): seeing their solution counts nothing, in the review or in the exercise's record in its chapter.\n`,
    );
  if (review)
    say(
      ctx,
      `\n${sameNumbers(exercise.id, seed, review)}These are the numbers of your due review: seeing their solution counts as giving up that review. ${reviewChange(ctx, (_, held) => rateDue(ctx, held, exercise.id, review, true, ctx.now()))}\n`,
    );
  return 0;
}

async function importFile(ctx: Context, file: string | undefined): Promise<number> {
  if (!file) throw new UsageError("name the progress file to import, e.g. import blast-radius-progress.json");
  const path = userFile(ctx.io, file, "one .json file");
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw new UsageError(`${file} could not be read (${(error as NodeJS.ErrnoException).code ?? "error"})`);
  }
  const known = new Set(ctx.index.ids);
  let message = "";
  ctx.progress.update((progress) => {
    const result = importProgress(text, progress, known, "terminal", ctx.now());
    if (!result.ok) throw new UsageError(`${file}: ${result.message}`);
    Object.assign(progress, result.progress);
    message = describeImport(result);
  });
  say(ctx, `${message}\n`);
  return 0;
}

// ---- spaced review (the page's schedule, src/course/review.ts) ----

/**
 * The exercises review can bring back, as the page lists them: generated variants, not code.
 * Only solved exercises' solutions are loaded (the others cannot be in the schedule).
 */
async function reviewablesFor(ctx: Context, progress: Progress): Promise<Reviewable[]> {
  const out: Reviewable[] = [];
  for (const e of await exercisesInOrder(ctx)) {
    if (e.meta.kind === "code" || !isSolved(progress, e.id, partIds(e))) continue;
    if (!hasVariants(e.meta, await solutionFor(ctx, e))) continue;
    out.push({ id: e.id, chapter: e.meta.chapter, parts: partIds(e) });
  }
  return out;
}

/**
 * The record of `id`'s review under way with `seed`: the one kept, or a fresh one when none is
 * (or the one kept is of a review already rated). One kept under another seed its card may still
 * deal (the seed a review dealt before reviews skipped the chapter's numbers, the card not rated
 * since) is of this review, by the review page's rule (carryReview): its count of wrong answers
 * and hints carries over, and not its answers (the parts answered right, the wrong answers last
 * counted), which were to other numbers.
 */
function sessionUnderWay(ctx: Context, progress: Progress, id: string, seed: number): ReviewSession {
  return underWay(ctx.sessions.get(progress, id), progress, id, seed);
}

/** sessionUnderWay's rule, from the record `kept` as read (under the lock, in ReviewSessionStore.change). */
function underWay(kept: ReviewSession | undefined, progress: Progress, id: string, seed: number): ReviewSession {
  const card = progress.review?.[id];
  if (!kept || kept.rated || !card) return { seed, wrong: 0, right: [] };
  const carried = carryReview(id, card.reps, seed, kept);
  if (carried === kept) return kept;
  return { seed, wrong: carried?.wrong ?? 0, ...(carried?.hints ? { hints: carried.hints } : {}), right: [] };
}

/**
 * The record of the exercise's due review when `seed` (a command's --seed) deals its numbers: the
 * review's own seed, any other with the same numbers, or any whose worked solution answers the
 * review (dealsReviewNumbers, the chapter page's rule too), else undefined. Hint, answer and solution on them count in it (review-session.ts says
 * how), and say so (sameNumbers names another seed than the review's that dealt them).
 */
async function dueReviewOn(
  ctx: Context,
  progress: Progress,
  exercise: LoadedExercise,
  seed: number | undefined,
): Promise<ReviewSession | undefined> {
  const { id } = exercise;
  const card = progress.review?.[id];
  if (seed === undefined || !card) return undefined;
  const { variant } = await solutionFor(ctx, exercise);
  if (!variant) return undefined;
  const numbers = await reviewNumbers(ctx, exercise, variant);
  const due = fromSolution(exercise, () => dueReviewSeed(id, card, ctx.now(), numbers));
  if (due === undefined) return undefined;
  const sameAnswers = await sameAnswersOf(ctx, exercise);
  if (!fromSolution(exercise, () => dealsReviewNumbers(variant, due, sameAnswers)(seed))) return undefined;
  return sessionUnderWay(ctx, progress, id, due);
}

/**
 * Whether every part of `review` is answered right: the rule of numbers on show (allAnsweredOnShow,
 * the parts answered right for them alone), as the /review/ page takes its review as answered.
 */
function answeredReview(progress: Progress, exercise: LoadedExercise, review: ReviewSession): boolean {
  return allAnsweredOnShow(progress, exercise.id, partIds(exercise), { answered: review.right });
}

/**
 * Whether `review` is answered as the /review/ page takes it once it offers its grades: every part
 * right (answeredReview), or given up (its solution seen). From then on nothing on its numbers counts.
 */
function reviewAnswered(progress: Progress, exercise: LoadedExercise, review: ReviewSession): boolean {
  return review.gaveUp === true || answeredReview(progress, exercise, review);
}

/**
 * What hint and answer say first on the numbers of a review answered (reviewAnswered): which
 * review, by which seed if another dealt its numbers, and how it was answered.
 */
function reviewOver(id: string, seed: number | null | undefined, review: ReviewSession): string {
  const twin =
    seed === review.seed ? "" : `Variant ${seed} has the answers of your review of ${id} (variant ${review.seed}).\n`;
  return `${twin}${review.gaveUp ? `You gave up your review of ${id}` : `Every part of your review of ${id} is answered right`}`;
}

/**
 * The record of the exercise's last review when `seed` deals its numbers and it was answered
 * (every part right, or given up: reviewAnswered) and rated (kept until the exercise's next review
 * starts: ReviewSessionStore), else undefined. On those numbers, as on the /review/ page once its
 * review is answered, a hint, an answer or the worked solution counts nothing, in the review or in
 * the chapter's record.
 */
async function answeredReviewOn(
  ctx: Context,
  progress: Progress,
  exercise: LoadedExercise,
  seed: number | undefined,
): Promise<ReviewSession | undefined> {
  const kept = seed === undefined ? undefined : ctx.sessions.get(progress, exercise.id);
  if (seed === undefined || !kept?.rated || !reviewAnswered(progress, exercise, kept)) return undefined;
  const { variant } = await solutionFor(ctx, exercise);
  if (!variant) return undefined;
  const sameAnswers = await sameAnswersOf(ctx, exercise);
  return fromSolution(exercise, () => dealsReviewNumbers(variant, kept.seed, sameAnswers)(seed)) ? kept : undefined;
}

/**
 * Whether one variant's worked solution answers another's questions (solutionAnswers: the grader's
 * rule, loaded when a --seed asks, as the grader is), which makes a seed the review's in
 * dealsReviewNumbers as the chapter page takes it.
 */
async function sameAnswersOf(ctx: Context, exercise: LoadedExercise): Promise<SameAnswers> {
  const [{ solutionAnswers }, module] = await Promise.all([
    import("../grader/same-answers.ts"),
    solutionFor(ctx, exercise),
  ]);
  return solutionAnswers(exercise.meta.kind === "code" ? [] : exercise.meta.parts, module);
}

/**
 * What a review of `exercise` deals from: its variant(), never on the chapter's numbers nor where
 * the chapter's answer answers a part it asks afresh (reviewSeed, given rememberedParts, as the page).
 */
async function reviewNumbers(ctx: Context, exercise: LoadedExercise, variant: Variant): Promise<ReviewNumbers> {
  const [{ rememberedParts }, module] = await Promise.all([
    import("../grader/same-answers.ts"),
    solutionFor(ctx, exercise),
  ]);
  const parts = exercise.meta.kind === "code" ? [] : exercise.meta.parts;
  return { variant, chapter: defaultParams(exercise.meta), remembered: rememberedParts(exercise.id, parts, module) };
}

/** Said before what counts in a due review when another seed than its own dealt its numbers: why they count. */
function sameNumbers(id: string, seed: number | null | undefined, review: ReviewSession): string {
  return seed === review.seed
    ? ""
    : `Variant ${seed} has the answers of your due review of ${id} (variant ${review.seed}).\n`;
}

/**
 * A change to a due review made as one (ProgressStore.hold): progress.json's lock is held from the
 * schedule's read to the last write, and review-session.json's is taken inside it, in that order
 * by every command. `body` gets the schedule as it is now, and the held store to rate with. So a
 * review rated (the schedule written, then the review's record) is never seen half done: a hint or
 * an answer on it waits, then finds it rated, where it read the record between the two writes, or
 * judged it by the schedule read before them, and wrote it back as it was (the rating's record
 * dropped, or a hint counted on a review already rated and lost).
 */
function reviewChange<R>(ctx: Context, body: (progress: Progress, held: HeldProgress) => R): R {
  return ctx.progress.hold((held) => body(held.read(), held));
}

/** Whether `id`'s card in `now` is the one in `then`: no rating or import changed it in between. */
function sameCard(now: Progress, then: Progress, id: string): boolean {
  return JSON.stringify(now.review?.[id]) === JSON.stringify(then.review?.[id]);
}

/**
 * `review`'s record as another command left it, read under the lock (reviewChange) when `id`'s card
 * changed while this command ran: rated, the record that rating kept, on whose numbers nothing
 * more counts; otherwise (an import changed the card) an error, nothing counted.
 */
function ratedMeanwhile(ctx: Context, progress: Progress, id: string, review: ReviewSession): ReviewSession {
  const kept = ctx.sessions.get(progress, id);
  if (kept?.rated && kept.seed === review.seed) return kept;
  throw new ReportedError(
    `${id}'s review schedule changed while this command ran (another command, or an import): nothing was counted; run it again`,
  );
}

/**
 * Rate `id`'s due review on what its attempts earned (the learner's grade if among them, else
 * the default, rateReview) and schedule the next; returns what to tell the learner. Called under
 * progress.json's lock (reviewChange, `held`): the review's record as the file holds it now counts
 * (a hint another command counted since `session` was read is in it), the schedule and the record
 * are written as one, and a review another command rated meanwhile is not rated again.
 */
function rateDue(
  ctx: Context,
  held: HeldProgress,
  id: string,
  session: ReviewSession,
  gaveUp: boolean,
  now: Date,
  requested?: ReviewOutcome,
): string {
  const progress = held.read();
  const before = progress.review?.[id];
  if (!before || !stillCurrent(id, session, before)) {
    ratedMeanwhile(ctx, progress, id, session);
    return `Another command rated this review of ${id} meanwhile, so this counts nothing more in it.`;
  }
  const kept = ctx.sessions.get(progress, id);
  const current = kept && !kept.rated && kept.seed === session.seed ? kept : session;
  const { outcome, allowed, chosen } = rateReview({ wrong: current.wrong, gaveUp }, requested);
  const updated = held.update((p) => {
    p.review = recordReview(p, id, outcome, now).review;
  });
  const after = updated.review![id]!;
  const rated = { outcome, allowed, at: now.toISOString(), before, after };
  // Kept until the next review starts: to rate it otherwise, and to count nothing more on its
  // numbers (answeredReviewOn), answered right or given up. One given up says so: "again" is all
  // it earned, the one grade --rate takes for it.
  ctx.sessions.set(updated, id, { ...current, rated, ...(gaveUp ? { gaveUp: true as const } : {}) });
  const refused =
    requested !== undefined && !chosen
      ? `${requested} is not among the grades these attempts earned (${listNames(allowed, "or")}). `
      : "";
  const head = `${refused}Rated ${outcome}${chosen ? "" : " (what your attempts earned)"}: ${id} comes back ${whenText(new Date(after.due), now)}.`;
  if (allowed.length === 1) return head;
  return (
    `${head}\nYour attempts allow these grades; to rate it otherwise (until you start its next review): ` +
    `npm run exercises -- review ${id} --rate <grade>\n${ratingLines(updated, id, before, rated)}`
  );
}

/**
 * `review`'s writes (the schedule's new entries, the review's record) when the progress folder
 * cannot be written (a read-only home): what is due is still shown, from the schedule as read, and
 * the error that says nothing could be saved comes after it, with its exit code (throwUnsaved).
 */
function unlessUnsaved<R>(unsaved: { error?: unknown }, write: () => R, fallback: () => R): R {
  try {
    return write();
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof ReportedError)) throw error;
    unsaved.error ??= error;
    return fallback();
  }
}

/** After what was shown, the error of a write that failed (unlessUnsaved), if one did; else `code`. */
function throwUnsaved(unsaved: { error?: unknown }, code: number): number {
  if (unsaved.error !== undefined) throw unsaved.error;
  return code;
}

/**
 * What `review` says when nothing has joined the review: how to tell the exercises that can, and
 * when a solve comes back (firstComeback, the page's words).
 */
export const nothingToReview = `Nothing to review yet: solve an exercise that deals new numbers (show <id> --seed 2 tells: one that deals none says it has no variants), and it comes back here ${firstComeback}.\n`;

async function reviewDue(ctx: Context): Promise<number> {
  const now = ctx.now();
  const read = ctx.progress.read();
  const reviewables = await reviewablesFor(ctx, read);
  const unsaved: { error?: unknown } = {};
  const enrolled = (p: Progress) => {
    const next = enrol(p, reviewables, now);
    if (next !== p) p.review = next.review;
    return p;
  };
  const progress = unlessUnsaved(
    unsaved,
    () => ctx.progress.update(enrolled),
    () => enrolled(structuredClone(read)),
  );
  const topics = durability(progress, reviewables, now);
  if (topics.length === 0) {
    say(ctx, nothingToReview);
    return throwUnsaved(unsaved, 0);
  }
  ctx.io.stdout(
    `${table(
      [
        ["chapter", "in review", "due", "recall today", "next review"],
        ...topics.map((t) => [
          t.chapter,
          String(t.cards),
          String(t.due),
          // The page's rounding: down, so a figure shown as 90% is never below 90%.
          `${recallPercent(t.recall)}%`,
          t.due > 0 ? "now" : whenText(t.nextDue, now),
        ]),
      ],
      ctx.width,
    )}\n\n`,
  );
  const due = dueCards(progress, reviewables, now);
  if (due.length === 0) {
    const soonest = new Date(Math.min(...Object.values(progress.review ?? {}).map((c) => Date.parse(c.due))));
    say(ctx, `Nothing is due. The next review is ${whenText(soonest, now)}.\n`);
    return throwUnsaved(unsaved, 0);
  }
  const first = due[0]!;
  const exercise = await ctx.index.exercise(first.id);
  const module = await solutionFor(ctx, exercise);
  if (!module.variant) throw new UsageError(`${first.id} has no new numbers to deal, so it is not reviewed`);
  const numbers = await reviewNumbers(ctx, exercise, module.variant);
  const seed = fromSolution(exercise, () => reviewSeed(first.id, first.reps, numbers));
  // Shown, the review starts: its record is kept (a rated one of this exercise's last review gives
  // way), unless another command rated it meanwhile (reviewChange: the schedule as it is now).
  unlessUnsaved(
    unsaved,
    () =>
      reviewChange(ctx, (current) =>
        sameCard(current, progress, first.id)
          ? ctx.sessions.change(current, first.id, (kept) =>
              !kept || kept.rated || kept.seed !== seed ? { seed, wrong: 0, right: [] } : kept,
            )
          : undefined,
      ),
    () => undefined,
  );
  const none: ParsedArgs = { positional: [], options: new Map(), flags: new Set() };
  const shown = await show(ctx, exercise, none, {
    params: fromSolution(exercise, () => numbers.variant(mulberry32(seed))),
    intro: [
      `${countOf(due.length, "review")} due. New numbers (variant ${seed}): work it out again.`,
      `A hint with these numbers: npm run exercises -- hint ${first.id} --seed ${seed}  (it counts against the review)`,
      `Stuck: npm run exercises -- review ${first.id} --give-up  (shows the answers; it comes back tomorrow)`,
      "",
    ],
  });
  return throwUnsaved(unsaved, shown);
}

/** The commands a newcomer tries first, each with what it does (start); --help has them all. */
const firstCommands: readonly [string, string][] = [
  ["show <id>", "the exercise's prompt, and how to answer it"],
  ["answer <id> [--part p] <answer>", "grade an answer"],
  ["hint <id>", "the next hint (they come one at a time)"],
  ["list", "every exercise in course order, with your status"],
  ["review", "spaced review: solved exercises come back with new numbers"],
];

/**
 * `npm run exercises` with no command: what this is, the next exercise to do (the first unsolved
 * in course order), the reviews due, and the commands to try. Reads progress; writes nothing.
 */
async function start(ctx: Context, progressFile: string): Promise<number> {
  const progress = ctx.progress.read();
  const exercises = await exercisesInOrder(ctx);
  const solved = exercises.filter((e) => isSolved(progress, e.id, partIds(e)));
  const out = [
    "The exercises of Blast Radius, in your terminal: the ones on the course's pages, answered and checked here.",
    `Your progress is kept in ${progressFile}.`,
    "",
    // The next exercise, by the rule a solving answer or check names it by (nextExerciseLines).
    ...nextExerciseLines(progress, exercises, { first: solved.length === 0 }),
  ];
  if (solved.length < exercises.length)
    out.push(`${solved.length} of ${countOf(exercises.length, "exercise")} solved.`);
  const uncounted = uncountedNote(ctx, progress);
  if (uncounted) out.push(uncounted);
  // The schedule as review would make it, newly solved exercises entered from when they were
  // solved (enrol), and not written: review enters them when it is run.
  const now = ctx.now();
  const reviewables = solved.length > 0 ? await reviewablesFor(ctx, progress) : [];
  const schedule = enrol(progress, reviewables, now).review ?? {};
  if (Object.keys(schedule).length > 0) {
    const due = dueCards({ ...progress, review: schedule }, reviewables, now);
    out.push(
      "",
      due.length > 0
        ? `${countOf(due.length, "review")} due: ${due.map((d) => d.id).join(", ")}.`
        : `No review is due. The next review is ${whenText(new Date(Math.min(...Object.values(schedule).map((c) => Date.parse(c.due)))), now)}.`,
    );
    if (due.length > 0) out.push("  npm run exercises -- review");
  }
  const width = Math.max(...firstCommands.map(([command]) => command.length));
  out.push(
    "",
    "To try (npm run exercises -- <command>):",
    ...firstCommands.map(([command, what]) => `  ${command.padEnd(width)}  ${what}`),
    "Every command and option: npm run exercises -- --help",
  );
  say(ctx, `${out.join("\n")}\n`);
  return 0;
}

/** The --rate option: one of the four grades, or a usage error. */
function requestedRating(args: ParsedArgs): ReviewOutcome | undefined {
  const text = args.options.get("rate")?.at(-1);
  if (text === undefined) return undefined;
  const outcome = readOutcome(text);
  if (!outcome) throw new UsageError(`--rate takes again, hard, good or easy (got "${text}")`);
  return outcome;
}

/** The grades a review may be given, each with the day it would bring the card back. */
function ratingLines(progress: Progress, id: string, before: ReviewCard, rated: RatedReview): string {
  const at = new Date(rated.at);
  const from = { ...progress, review: { ...progress.review, [id]: before } };
  const width = Math.max(...rated.allowed.map((o) => o.length));
  return rated.allowed
    .map((o) => {
      const due = new Date(recordReview(from, id, o, at).review![id]!.due);
      return `  ${o.padEnd(width)}  back ${whenText(due, at)}${o === rated.outcome ? "  (recorded)" : ""}`;
    })
    .join("\n");
}

/**
 * Rate the review just answered otherwise: from the card as it was before it, at the same moment.
 * The schedule and the review's record are read and written as one (reviewChange).
 */
function rerate(ctx: Context, exercise: LoadedExercise, outcome: ReviewOutcome): number {
  return reviewChange(ctx, (progress, held) => rerateHeld(ctx, exercise, outcome, progress, held));
}

function rerateHeld(
  ctx: Context,
  exercise: LoadedExercise,
  outcome: ReviewOutcome,
  progress: Progress,
  held: HeldProgress,
): number {
  const session = ctx.sessions.get(progress, exercise.id);
  const rated = session?.rated;
  if (!rated) {
    if (session) {
      const left = partIds(exercise).filter((p) => !session.right.includes(p));
      throw new UsageError(
        `answer every part of ${exercise.id} first (left: ${listNames(left)}); then it can be rated`,
      );
    }
    throw new UsageError(
      `nothing to rate for ${exercise.id}: --rate changes the grade of its review you have just answered, until you start its next one`,
    );
  }
  if (JSON.stringify(progress.review?.[exercise.id]) !== JSON.stringify(rated.after))
    throw new UsageError(
      `${exercise.id}'s schedule has changed since that review (another import or the page), so it keeps its rating`,
    );
  if (!rated.allowed.includes(outcome))
    throw new UsageError(
      `${outcome} is not among the grades this review's attempts earned (${listNames(rated.allowed, "or")}${session!.gaveUp ? ": you gave it up" : ""})`,
    );
  const at = new Date(rated.at);
  const updated = held.update((p) => {
    p.review = recordReview(
      { ...p, review: { ...p.review, [exercise.id]: rated.before } },
      exercise.id,
      outcome,
      at,
    ).review;
  });
  const after = updated.review![exercise.id]!;
  ctx.sessions.change(updated, exercise.id, (kept) => ({
    ...(kept ?? session!),
    rated: { ...rated, outcome, after },
  }));
  say(ctx, `Rated ${outcome}: ${exercise.id} comes back ${whenText(new Date(after.due), ctx.now())}.\n`);
  return 0;
}

/** Grade a review's part on its numbers; `text` null gives up, undefined is no answer given. */
async function reviewAnswer(
  ctx: Context,
  exercise: LoadedExercise,
  requestedPart: string | undefined,
  text: string | null | undefined,
  requested?: ReviewOutcome,
): Promise<number> {
  const now = ctx.now();
  const progress = ctx.progress.read();
  const card = progress.review?.[exercise.id];
  if (!card || Date.parse(card.due) > now.getTime())
    throw new UsageError(
      card
        ? `${exercise.id} is not due for review: it comes back ${whenText(new Date(card.due), now)}`
        : `${exercise.id} is not in your review schedule; run \`review\` to see what is due`,
    );
  if (exercise.meta.kind === "code")
    throw new UsageError(`${exercise.id} is a code exercise: review has no new numbers for it`);
  const module = await solutionFor(ctx, exercise);
  if (!module.variant) throw new UsageError(`${exercise.id} has no new numbers to deal, so it is not reviewed`);
  const { variant } = module;
  const numbers = await reviewNumbers(ctx, exercise, variant);
  const seed = fromSolution(exercise, () => reviewSeed(exercise.id, card.reps, numbers));
  // This exercise's own record: another due review's answers and hints are kept in its own.
  const session = sessionUnderWay(ctx, progress, exercise.id, seed);
  const params = variant(mulberry32(seed));
  const [grader, expected] = await Promise.all([import("../grader/grade.ts"), expectedFor(ctx, exercise, params)]);
  if (text === null) {
    const lines = exercise.meta.parts.map((part) => `[${part.id}] ${grader.describeAnswer(part, expected[part.id]!)}`);
    say(
      ctx,
      `The answers for variant ${seed}:\n${lines.join("\n")}\n${reviewChange(ctx, (_, held) => rateDue(ctx, held, exercise.id, session, true, now, requested))}\n`,
    );
    return 0;
  }
  if (text === undefined) throw new UsageError("give an answer after the exercise id");
  const part = pickPart<Part>(exercise, exercise.meta.parts, requestedPart);
  if (text.trim() === "") throw emptyAnswer(part);
  const { input, verdict } = graded(grader, part, text, expected[part.id]!, params);
  if (!input) return cantRead(ctx, part, verdict.message);
  say(ctx, `${verdict.status === "right" ? "RIGHT" : "WRONG"} [${part.id}] ${verdict.message}\n`);
  return countForReview(ctx, exercise, {
    progress,
    seed,
    part: part.id,
    right: verdict.status === "right",
    fingerprint: answerFingerprint(input, seed),
    now,
    requested,
  });
}

/**
 * A graded answer counted in a due review: the one path for `review <id> <answer>` and for
 * `answer <id> --seed <the review's variant>`, after the verdict is said. A wrong answer counts
 * against the review (the same wrong answer again does not: countWrongAnswer), a right one marks
 * its part answered, and the last part answered rates the review on what the attempts earned
 * (rateDue), which schedules the next. Says what follows the verdict; returns the exit code.
 */
function countForReview(
  ctx: Context,
  exercise: LoadedExercise,
  answered: {
    /** The progress the review's record is kept against (ReviewSessionStore.change). */
    progress: Progress;
    /** The review's seed (its due seed, whichever seed dealt its numbers). */
    seed: number;
    /** The learner was told, with this answer, that answers on these numbers count in the review. */
    told?: boolean;
    part: string;
    right: boolean;
    /** The answer's answerFingerprint, with the review's seed. */
    fingerprint: string;
    now: Date;
    /** The grade the learner named (review --rate), if any. */
    requested?: ReviewOutcome;
  },
): number {
  // Counted, and the review rated once every part is right, under progress.json's lock, on the
  // schedule and the record as the files hold them now (reviewChange): a hint or an answer another
  // command counted meanwhile is kept, and a review another command rated meanwhile is not counted
  // in again.
  return reviewChange(ctx, (progress, held) => {
    if (sameCard(progress, answered.progress, exercise.id))
      return countedForReview(ctx, exercise, { ...answered, progress }, held);
    ratedMeanwhile(ctx, progress, exercise.id, { seed: answered.seed, wrong: 0, right: [] });
    say(ctx, `Another command rated this review of ${exercise.id} meanwhile, so this answer counts nothing in it.\n`);
    return answered.right ? 0 : 1;
  });
}

/** countForReview's count, under progress.json's lock (`held`), on `answered.progress` as read under it. */
function countedForReview(
  ctx: Context,
  exercise: LoadedExercise,
  answered: Parameters<typeof countForReview>[2] & { progress: Progress },
  held: HeldProgress,
): number {
  const { part, right } = answered;
  let repeated = false;
  const session = ctx.sessions.change(answered.progress, exercise.id, (kept) => {
    const counted = underWay(kept, answered.progress, exercise.id, answered.seed);
    repeated = !right && !countWrongAnswer(counted, part, answered.fingerprint);
    if (right && !counted.right.includes(part)) counted.right.push(part);
    if (answered.told) counted.toldAnswer = true;
    return counted;
  })!;
  if (repeated) say(ctx, `${sameAnswerNote("answer")}\n`);
  // "A hint may help": the chapter's hint would show the chapter's numbers, not these.
  if (!right)
    say(
      ctx,
      `A hint with these numbers: npm run exercises -- hint ${exercise.id} --seed ${session.seed}  (it counts against the review)\n`,
    );
  const left = partIds(exercise).filter((p) => !session.right.includes(p));
  if (left.length > 0) {
    if (right) say(ctx, `Parts left: ${left.join(", ")}\n`);
    return right ? 0 : 1;
  }
  const said =
    session.wrong === 0
      ? "Re-derived first time."
      : `Right in the end, after ${countOf(session.wrong, "wrong answer or hint", "wrong answers or hints")}.`;
  const attempts = { wrong: session.wrong, gaveUp: false };
  say(ctx, `${said} ${rateDue(ctx, held, exercise.id, session, attempts.gaveUp, answered.now, answered.requested)}\n`);
  return 0;
}

async function watchLoop(ctx: Context): Promise<number> {
  const pending = async () => {
    const progress = ctx.progress.read();
    return (await exercisesInOrder(ctx)).filter((e) => e.meta.kind === "code" && !isSolved(progress, e.id, ["code"]));
  };
  let current = (await pending())[0];
  if (!current) {
    say(ctx, "Every code exercise is solved. The rest are answered with `answer` (see `list`).\n");
    return 0;
  }
  say(ctx, "Watching: save the starter file to re-check. Ctrl+C stops.\n");
  return new Promise<number>((finish, fail) => {
    let running = false;
    let again = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Watch the folder, not the file: editors often save by replacing the file.
    const watcher = watch(join(ctx.root, "exercises"), { recursive: true }, (_event, filename) => {
      if (!current || !filename || !String(filename).replace(/\\/g, "/").startsWith(`${current.id}/`)) return;
      clearTimeout(timer);
      timer = setTimeout(() => void run(), 150);
    });
    let stopped = false;
    const stop = (code: number) => {
      stopped = true;
      clearTimeout(timer);
      watcher.close();
      finish(code);
    };
    // Ctrl+C in a test's stead (130, as a shell reports SIGINT), or stdout closed (`watch | head`):
    // no one sees the checks any more, so stop as a shell's SIGPIPE would (141). A check under
    // way still finishes and saves its result; none starts after.
    const onAbort = () => stop(ctx.signal?.reason === stdoutClosed ? 141 : 130);
    if (ctx.signal?.aborted) onAbort();
    else ctx.signal?.addEventListener("abort", onAbort, { once: true });
    const run = async (): Promise<void> => {
      if (stopped) return;
      if (running) return void (again = true);
      running = true;
      try {
        say(ctx, `\n=== ${current!.id}: edit exercises/${current!.id}/starter.ts ===\n`);
        const passed = await checkOne(ctx, current!);
        running = false;
        if (passed) {
          current = (await pending())[0];
          if (!current) {
            say(ctx, "\nAll code exercises are solved. Well done.\n");
            return stop(0);
          }
          say(ctx, `\nNext: ${current.id} (${titleOf(current.meta)}).\n`);
          return run();
        }
        if (again) {
          again = false;
          return run();
        }
      } catch (error) {
        watcher.close();
        fail(error);
      }
    };
    void run();
  });
}

/**
 * The progress file a run uses: progress.json in BLAST_RADIUS_HOME when it is set, else in
 * .blast-radius/ in the course's folder (undefined outside it). BLAST_RADIUS_HOME is a path the
 * learner gave, so a relative one is read from the folder they ran `npm run` in, as every such
 * path is (userPath), not from the course's folder where npm starts the command. An empty BLAST_RADIUS_HOME
 * (`BLAST_RADIUS_HOME= npm run ...`) is unset, as in a shell's ${VAR:-default}: kept, it would make
 * progress.json a bare name, written into whatever folder the command runs in.
 */
function progressFile(io: Io, root: string | undefined): string | undefined {
  const home = io.env.BLAST_RADIUS_HOME;
  if (home) return join(userPath(io, home), "progress.json");
  return root === undefined ? undefined : join(root, ".blast-radius", "progress.json");
}

/** The progress file as the usage names it: as every message names it (progressStore's `shown`), and why there. */
function progressShown(io: Io, file: string | undefined): string {
  if (file === undefined) return ".blast-radius/progress.json in the course's folder";
  const { shown } = progressStore(file, { cwd: io.cwd, warn: io.stderr });
  return io.env.BLAST_RADIUS_HOME ? `${shown} (from BLAST_RADIUS_HOME)` : shown;
}

/**
 * The whole command, in-process: argv after `npm run exercises --`, and where to write. `fs`: the
 * file system progress.json and review-session.json are kept through (a test's, which tells of
 * each step: node:fs otherwise).
 */
export async function run(
  argv: string[],
  io: Io,
  { signal, fs }: { signal?: AbortSignal; fs?: FileSystem } = {},
): Promise<number> {
  return runMain(async () => {
    const line = parseCommandArgs(argv, commandOptions);
    const [command, id, ...rest] = line.positional;
    let root: string | undefined;
    try {
      root = projectRoot(io.cwd);
    } catch {
      root = undefined;
    }
    const file = progressFile(io, root);
    // No command, nor anything else: the start (what this is, what to do next). An option or a
    // flag without a command, even one written wrong (`--seed` alone), is still a usage error,
    // naming the commands.
    const starting = argv.every((arg) => arg === "--");
    const done = starting
      ? undefined
      : helpOrMissing(
          command,
          fitUsage(usage(progressShown(io, file)), outputWidth(io)),
          `name a command: ${listNames(commandNames, "or")}`,
          io,
          line.flags.has("help"),
          { kind: "command", known: commandNames, typed: id },
        );
    if (done !== undefined) return done;
    if (command !== undefined && !commandNames.includes(command))
      throw new UsageError(unknownName("command", command, commandNames));
    const args = line.ownOptions(command ?? "");
    if (root === undefined || file === undefined)
      throw new UsageError("no exercises/ folder here: run this inside the course's folder");
    const ctx: Context = {
      io,
      root,
      signal,
      index: exerciseIndex(root),
      progress: Object.assign(progressStore(file, { cwd: io.cwd, warn: io.stderr, ...(fs ? { fs } : {}) }), { file }),
      sessions: reviewSessionStore(join(dirname(file), "review-session.json"), {
        cwd: io.cwd,
        warn: io.stderr,
        ...(fs ? { fs } : {}),
      }),
      variants: variantStore(join(dirname(file), "variants.json"), { cwd: io.cwd, warn: io.stderr }),
      now: () => (io.env.BLAST_RADIUS_NOW ? new Date(io.env.BLAST_RADIUS_NOW) : new Date()),
      ansi: ansiStyles(io),
      width: outputWidth(io),
    };
    const noMore = (what: string, takes = "one exercise id") => {
      if (rest.length) throw new UsageError(`${what} takes ${takes} (got "${[id, ...rest].join(" ")}")`);
    };
    try {
      switch (command) {
        case undefined:
          return await start(ctx, progressShown(io, file));
        case "list":
          if (id) throw new UsageError("list takes no exercise id");
          return await list(ctx);
        case "show":
          noMore("show");
          return await show(ctx, await exerciseOrUsage(ctx, id), args);
        case "check":
          noMore("check");
          return await check(ctx, id);
        case "answer":
          return await answer(
            ctx,
            await exerciseOrUsage(ctx, id),
            args.options.get("part")?.at(-1),
            rest.length > 0 ? rest.join(" ") : undefined,
            args,
          );
        case "hint":
          noMore("hint");
          return await hint(ctx, await exerciseOrUsage(ctx, id), args);
        case "solution":
          noMore("solution");
          return await solution(ctx, await exerciseOrUsage(ctx, id), args);
        case "import":
          noMore("import", "one file");
          return await importFile(ctx, id);
        case "review": {
          const rating = requestedRating(args);
          if (id === undefined) {
            if (rating) throw new UsageError("--rate needs the exercise id: review <id> --rate <grade>");
            if (args.options.has("part"))
              throw new UsageError("--part needs the exercise id: review <id> --part <part> <answer>");
            if (args.flags.has("give-up"))
              throw new UsageError("--give-up needs the exercise id: review <id> --give-up");
            return await reviewDue(ctx);
          }
          if (args.flags.has("give-up")) {
            noMore("review --give-up");
            return await reviewAnswer(ctx, await exerciseOrUsage(ctx, id), undefined, null, rating);
          }
          if (rating && rest.length === 0 && !args.options.has("part"))
            return rerate(ctx, await exerciseOrUsage(ctx, id), rating);
          return await reviewAnswer(
            ctx,
            await exerciseOrUsage(ctx, id),
            args.options.get("part")?.at(-1),
            rest.length > 0 ? rest.join(" ") : undefined,
            rating,
          );
        }
        default:
          // watch follows the course's order, as its usage says: an id would be ignored, so it is refused.
          if (id !== undefined)
            throw new UsageError(
              `watch takes no exercise id (got "${[id, ...rest].join(" ")}"): it checks the next unsolved code exercise on every save; to check one exercise, use check <id>`,
            );
          return await watchLoop(ctx);
      }
    } catch (error) {
      // A broken exercise or solution file: say which file, without a stack trace.
      if (error instanceof ExerciseError || error instanceof SolutionError)
        throw new ReportedError(error.message, { cause: error });
      throw error;
    } finally {
      ctx.index.save();
    }
  }, io);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) await runAsProcess(run);
