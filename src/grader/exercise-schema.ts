/**
 * The schema of exercises/<id>/exercise.yaml (see docs/ARCHITECTURE.md, "Exercises").
 * Pure zod: the site build, the terminal CLI and the content tests validate with the same rules.
 */
import { z } from "zod";
import { idPattern, idRule } from "../course/ids.ts";

const id = z.string().regex(idPattern, idRule);
/** Parameter names appear as {name} placeholders in the prompt. */
const paramName = /^[a-zA-Z][a-zA-Z0-9]*$/;

const text = z.string().trim().min(1, "must not be empty");

export const numericPartSchema = z
  .object({
    /** Optional in the file: every part of an exercise has the exercise's kind. */
    kind: z.literal("numeric").optional(),
    id,
    /** Markdown (inline); may use {param} placeholders. */
    prompt: text,
    /** share: a fraction or a percentage of a whole; number: any quantity; count: a whole number. */
    type: z.enum(["share", "number", "count"]),
    /**
     * How close is right (see grade.ts, numericRule, and the rule shown under the field):
     * left out, an answer is right when it is exact, or when the exact answer rounds to the
     * decimal typed with at least `figures` significant figures; counts must be exact.
     * A tolerance (relative: 0.02 is 2%) is for answers that are estimates by nature; 0 means
     * exact, but for floating point's rounding noise (1e-9 of the value: grade.ts, nearlyEqual),
     * the allowance every rule has.
     */
    tolerance: z.number().min(0).max(0.5).optional(),
    /** The fewest significant figures a rounded decimal answer must give (default 2). */
    figures: z.number().int().min(1).max(12).default(2),
    /** Shown after the field, like "requests per second". */
    unit: z.string().min(1).optional(),
    /** Answers that must be graded right for the default parameters (checked by the content tests). */
    accept: z.array(text).default([]),
    /** Answers that must be graded wrong for the default parameters (checked by the content tests). */
    reject: z.array(text).default([]),
    /** Targeted feedback for common wrong answers, matched numerically with the part's tolerance. */
    feedback: z.array(z.object({ answer: text, message: text }).strict()).default([]),
  })
  .strict()
  .transform((part) => ({ ...part, kind: "numeric" as const }));

const option = z.object({ id, text }).strict();

/**
 * A choice of a multiple-choice part. `misconception` names the mistaken belief that makes a
 * learner pick it when it is wrong (shown before its feedback); every choice that can be wrong
 * has one (a content test).
 */
const choiceOption = z.object({ id, text, misconception: text.optional() }).strict();

export const choicePartSchema = z
  .object({
    kind: z.literal("choice").optional(),
    id,
    prompt: text,
    choices: z.array(choiceOption).min(2, "a choice needs at least 2 choices"),
    /** true: tick every right choice (checkboxes); false: pick one (radio buttons). */
    multiple: z.boolean().default(false),
    /** Shown when the learner picks that choice: why it is right or wrong. */
    feedback: z.record(z.string(), text).default({}),
  })
  .strict()
  .transform((part) => ({ ...part, kind: "choice" as const }));

export const matchPartSchema = z
  .object({
    kind: z.literal("match").optional(),
    id,
    prompt: text,
    /** Left column: each item gets one option. */
    items: z.array(option).min(2, "a match needs at least 2 items"),
    /** Right column; an option may fit several items or none. */
    options: z.array(option).min(2, "a match needs at least 2 options"),
    /** Keyed by item id: shown when that item is matched wrongly. */
    feedback: z.record(z.string(), text).default({}),
  })
  .strict()
  .transform((part) => ({ ...part, kind: "match" as const }));

const common = {
  /** May use {param} placeholders, like the prompt: "The {workers}-worker problem". */
  title: text,
  /** The slug of the chapter that embeds it (content/chapters/<slug>/). */
  chapter: id,
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** Ordered, revealed one at a time. */
  hints: z.array(text).min(1, "give at least one hint"),
};

const params = z
  .record(
    z.string().regex(paramName, "parameter names are letters and digits, starting with a letter"),
    z.number().finite(),
  )
  .optional();

export const numericExerciseSchema = z
  .object({ ...common, kind: z.literal("numeric"), params, parts: z.array(numericPartSchema).min(1) })
  .strict();
/** Choice and match exercises may have params too: a variant can change which answer is right. */
export const choiceExerciseSchema = z
  .object({ ...common, kind: z.literal("choice"), params, parts: z.array(choicePartSchema).min(1) })
  .strict();
export const matchExerciseSchema = z
  .object({ ...common, kind: z.literal("match"), params, parts: z.array(matchPartSchema).min(1) })
  .strict();
/**
 * Parts of several kinds in one exercise (a diagnosis: what is failing, which defence, what it
 * costs in a number). Each part says its kind.
 */
const mixedPartSchema = z.union([
  numericPartSchema
    .innerType()
    .extend({ kind: z.literal("numeric") })
    .strict()
    .transform((p) => ({ ...p, kind: "numeric" as const })),
  choicePartSchema
    .innerType()
    .extend({ kind: z.literal("choice") })
    .strict()
    .transform((p) => ({ ...p, kind: "choice" as const })),
  matchPartSchema
    .innerType()
    .extend({ kind: z.literal("match") })
    .strict()
    .transform((p) => ({ ...p, kind: "match" as const })),
]);
export const mixedExerciseSchema = z
  .object({ ...common, kind: z.literal("mixed"), params, parts: z.array(mixedPartSchema).min(2) })
  .strict();
export const codeExerciseSchema = z
  .object({
    ...common,
    kind: z.literal("code"),
    /** The functions the learner implements in starter.ts. */
    functions: z.array(z.string().regex(/^[A-Za-z_$][\w$]*$/, "must be a JavaScript identifier")).min(1),
    /** Milliseconds a check run may take before it counts as a failure. */
    timeout: z.number().int().min(100).max(20_000).default(3000),
  })
  .strict();

export const exerciseSchema = z
  .discriminatedUnion("kind", [
    numericExerciseSchema,
    choiceExerciseSchema,
    matchExerciseSchema,
    mixedExerciseSchema,
    codeExerciseSchema,
  ])
  .superRefine((exercise, ctx) => {
    if (exercise.kind === "code") return;
    const seen = new Set<string>();
    exercise.parts.forEach((part, i) => {
      if (seen.has(part.id))
        ctx.addIssue({ code: "custom", path: ["parts", i, "id"], message: `duplicate part id "${part.id}"` });
      seen.add(part.id);
      if (part.kind === "choice") {
        const ids = new Set(part.choices.map((c) => c.id));
        if (ids.size !== part.choices.length)
          ctx.addIssue({ code: "custom", path: ["parts", i, "choices"], message: "choice ids must be unique" });
        for (const key of Object.keys(part.feedback)) {
          if (!ids.has(key))
            ctx.addIssue({ code: "custom", path: ["parts", i, "feedback", key], message: `no choice has id "${key}"` });
        }
      }
      if (part.kind === "match") {
        const items = new Set(part.items.map((c) => c.id));
        if (items.size !== part.items.length)
          ctx.addIssue({ code: "custom", path: ["parts", i, "items"], message: "item ids must be unique" });
        if (new Set(part.options.map((c) => c.id)).size !== part.options.length) {
          ctx.addIssue({ code: "custom", path: ["parts", i, "options"], message: "option ids must be unique" });
        }
        for (const key of Object.keys(part.feedback)) {
          if (!items.has(key))
            ctx.addIssue({ code: "custom", path: ["parts", i, "feedback", key], message: `no item has id "${key}"` });
        }
      }
    });
  });

export type ExerciseMeta = z.infer<typeof exerciseSchema>;
export type NumericPart = z.infer<typeof numericPartSchema>;
export type ChoicePart = z.infer<typeof choicePartSchema>;
export type MatchPart = z.infer<typeof matchPartSchema>;
/** A part of an answer exercise; `kind` says which (the exercise's kind). */
export type Part = NumericPart | ChoicePart | MatchPart;
/** A code exercise's single part. */
export interface CodePart {
  kind: "code";
  id: "code";
}
/** Every part a learner answers, code included. */
export type AnyPart = Part | CodePart;

/**
 * What grading a part needs, and no more: the page ships these in its island payload (prompts,
 * texts and the authors' accept/reject lists stay on the server). A full part is one of these.
 */
export type NumericGrading = Pick<NumericPart, "kind" | "id" | "type" | "tolerance" | "figures" | "unit" | "feedback">;
export type ChoiceGrading = Pick<ChoicePart, "kind" | "id" | "multiple" | "feedback"> & {
  choices: { id: string; misconception?: string }[];
};
export type MatchGrading = Pick<MatchPart, "kind" | "id" | "feedback"> & {
  items: { id: string }[];
  options: { id: string }[];
};
export type GradingPart = NumericGrading | ChoiceGrading | MatchGrading;

export type Params = Record<string, number>;

/** Expected answers, as solutions/<id>/solution.ts gives them. */
export type ChoiceAnswer = string | string[];
export type MatchAnswer = Record<string, string>;
