/**
 * The schema of exercises/<id>/exercise.yaml (see docs/ARCHITECTURE.md, "Exercises").
 * Pure zod: the site build, the terminal CLI and the content tests validate with the same rules.
 */
import { z } from "zod";

/** Ids appear in URLs, storage keys and file names: lower-case words joined by hyphens. */
export const idPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const id = z.string().regex(idPattern, "use lower-case letters, digits and single hyphens (like fixed-groups)");
/** Parameter names appear as {name} placeholders in the prompt. */
const paramName = /^[a-zA-Z][a-zA-Z0-9]*$/;

const text = z.string().trim().min(1, "must not be empty");

export const numericPartSchema = z
  .object({
    id,
    /** Markdown (inline); may use {param} placeholders. */
    prompt: text,
    /** share: a fraction or a percentage of a whole; number: any quantity; count: a whole number. */
    type: z.enum(["share", "number", "count"]),
    /** Relative tolerance; 0.01 accepts answers within 1% of the expected value. */
    tolerance: z.number().min(0).max(0.5).default(0.01),
    /** Shown after the field, like "requests per second". */
    unit: z.string().min(1).optional(),
    /** Answers that must be graded right for the default parameters (checked by the content tests). */
    accept: z.array(text).default([]),
    /** Answers that must be graded wrong for the default parameters (checked by the content tests). */
    reject: z.array(text).default([]),
    /** Targeted feedback for common wrong answers, matched numerically with the part's tolerance. */
    feedback: z.array(z.object({ answer: text, message: text }).strict()).default([]),
  })
  .strict();

const option = z.object({ id, text }).strict();

export const choicePartSchema = z
  .object({
    id,
    prompt: text,
    choices: z.array(option).min(2, "a choice needs at least 2 choices"),
    /** true: tick every right choice (checkboxes); false: pick one (radio buttons). */
    multiple: z.boolean().default(false),
    /** Shown when the learner picks that choice: why it is right or wrong. */
    feedback: z.record(z.string(), text).default({}),
  })
  .strict();

export const matchPartSchema = z
  .object({
    id,
    prompt: text,
    /** Left column: each item gets one option. */
    items: z.array(option).min(2, "a match needs at least 2 items"),
    /** Right column; an option may fit several items or none. */
    options: z.array(option).min(2, "a match needs at least 2 options"),
    /** Keyed by item id: shown when that item is matched wrongly. */
    feedback: z.record(z.string(), text).default({}),
  })
  .strict();

const common = {
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
export const choiceExerciseSchema = z
  .object({ ...common, kind: z.literal("choice"), parts: z.array(choicePartSchema).min(1) })
  .strict();
export const matchExerciseSchema = z
  .object({ ...common, kind: z.literal("match"), parts: z.array(matchPartSchema).min(1) })
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
  .discriminatedUnion("kind", [numericExerciseSchema, choiceExerciseSchema, matchExerciseSchema, codeExerciseSchema])
  .superRefine((exercise, ctx) => {
    if (exercise.kind === "code") return;
    const seen = new Set<string>();
    exercise.parts.forEach((part, i) => {
      if (seen.has(part.id))
        ctx.addIssue({ code: "custom", path: ["parts", i, "id"], message: `duplicate part id "${part.id}"` });
      seen.add(part.id);
      if ("choices" in part) {
        const ids = new Set(part.choices.map((c) => c.id));
        if (ids.size !== part.choices.length)
          ctx.addIssue({ code: "custom", path: ["parts", i, "choices"], message: "choice ids must be unique" });
        for (const key of Object.keys(part.feedback)) {
          if (!ids.has(key))
            ctx.addIssue({ code: "custom", path: ["parts", i, "feedback", key], message: `no choice has id "${key}"` });
        }
      }
      if ("items" in part) {
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
export type Part = NumericPart | ChoicePart | MatchPart;
export type Params = Record<string, number>;

/** Expected answers, as solutions/<id>/solution.ts gives them. */
export type ChoiceAnswer = string | string[];
export type MatchAnswer = Record<string, string>;

/** The placeholders a prompt uses: "{workers}" -> "workers". */
export function placeholders(markdown: string): string[] {
  return [...markdown.matchAll(/\{([a-zA-Z][a-zA-Z0-9]*)\}/g)].map((m) => m[1]!);
}
