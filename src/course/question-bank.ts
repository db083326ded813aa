/**
 * The interview question bank: questions as data (src/course/interview/questions.yaml
 * and designs.yaml). Each question has clarifying questions with the assumptions a model answer goes
 * on, the model answer, a levelled rubric (what mid, senior and staff answers show, with weights and
 * the evidence a self-assessment asks for), red flags that sink an answer, and the follow-ups an
 * interviewer asks, some of which push back. End-to-end design prompts add a reference design, a
 * failure-domain map and the interview's phases.
 *
 * Figures in the text are never typed in: they are written as `{{name}}` placeholders and filled
 * from the chapter's numbers.ts, so the bank and the simulations cannot drift apart.
 * Pure: no Astro, no DOM, no Node (the caller reads the file).
 */
import { parse } from "yaml";
import { z } from "zod";
import { idPattern, idRule } from "./ids.ts";

const slug = z.string().regex(idPattern, idRule);
const text = z.string().trim().min(1, "must not be empty");

/** What kind of question it is, as the closing note and the bank's filters group them. */
export const questionTypes = {
  "blast-radius": "Blast radius and failure domains",
  "failure-modes": "Failure modes and detection",
  overload: "Retries, breakers and overload",
  availability: "Availability arithmetic and error budgets",
  recovery: "Failover, replication and recovery",
  latency: "Tail latency",
  caching: "Caches",
  quotas: "Per-tenant quotas",
  deploys: "Deploys and canaries",
  chaos: "Chaos experiments and game days",
  capacity: "Capacity",
  design: "End-to-end design",
} as const;
export type QuestionType = keyof typeof questionTypes;
const typeIds = Object.keys(questionTypes) as [QuestionType, ...QuestionType[]];

/** The levels a rubric describes, lowest first. A question's own `level` is the bar this course pitches it at. */
export const levels = ["mid", "senior", "staff"] as const;
export type Level = (typeof levels)[number];

/** What a clarifying question is about: the five every design answer should settle, and the scope. */
export const clarifyTopics = {
  slo: "the objective (SLO)",
  traffic: "traffic and its shape",
  tenancy: "tenancy",
  consistency: "consistency",
  down: 'what "down" means to the business',
  scope: "scope",
} as const;
export type ClarifyTopic = keyof typeof clarifyTopics;
const clarifyTopicIds = Object.keys(clarifyTopics) as [ClarifyTopic, ...ClarifyTopic[]];
/** A design answer settles all of these before drawing anything. */
export const designClarifyTopics: readonly ClarifyTopic[] = ["slo", "traffic", "tenancy", "consistency", "down"];

export const clarifySchema = z
  .object({
    topic: z.enum(clarifyTopicIds),
    /** What the candidate asks. */
    ask: text,
    /** The assumption the model answer goes on when the interviewer says "you choose". */
    assume: text,
  })
  .strict();

/**
 * The evidence a self-assessment asks for behind a tick:
 *   number:  a figure the candidate gave (checked against `expect`, a value in the chapter's numbers, when the prompt fixes the inputs)
 *   defence: a defence by name and what it costs
 *   quote:   what the candidate said, in their words
 */
export const evidenceSchema = z
  .object({
    ask: text,
    kind: z.enum(["number", "defence", "quote"]),
    expect: z.string().optional(),
  })
  .strict()
  .superRefine((e, ctx) => {
    if (e.expect !== undefined && e.kind !== "number")
      ctx.addIssue({ code: "custom", path: ["expect"], message: "only number evidence can expect a value" });
  });

export const criterionSchema = z
  .object({
    id: slug,
    /** What is assessed, in a few words. */
    point: text,
    /** How much it counts: 1 normal, 2 important, 3 the heart of the answer. */
    weight: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    /** Observable evidence of each level: what the candidate says or does, not an adjective. */
    mid: text,
    senior: text,
    staff: text,
    evidence: evidenceSchema,
  })
  .strict();

export const followUpSchema = z
  .object({
    /** What the interviewer asks next. */
    question: text,
    /** The gist of a good reply, one or two sentences. */
    answer: text,
    /** The interviewer pushing back on the first reply, harder, and the gist of a good reply to that. */
    pushback: z.object({ say: text, answer: text }).strict().optional(),
    /** Design prompts: the phase of the mock interview in which it is asked, and minutes into that phase. */
    phase: z.enum(["requirements", "interface", "high-level", "deep-dive"]).optional(),
    after: z.number().min(0).max(15).optional(),
  })
  .strict();

export const designSchema = z
  .object({
    /** The failure-domain map: src/sim/failure-map/designs/<map>.map.txt. */
    map: slug,
    /** The reference design; paragraphs separated by blank lines. */
    reference: text,
    /** The design's figures, each a label and a value (from numbers.ts), shown beside the reference. */
    figures: z.array(z.object({ label: text, value: text }).strict()).min(3),
  })
  .strict();

export const questionSchema = z
  .object({
    id: slug,
    /** Short name for lists and the history. */
    title: z.string().min(1).max(80),
    /** The chapter a learner should (re)read for this question; a content test checks it exists. */
    chapter: slug,
    type: z.enum(typeIds),
    /** The level this course pitches the question at (its own rating, not a survey of interviews). */
    level: z.enum(levels),
    /** The question as the interviewer says it. */
    prompt: text,
    /** What to ask before answering, with the assumption the model answer then states. */
    clarify: z.array(clarifySchema).min(2).max(7),
    /** A model answer; paragraphs separated by blank lines. */
    answer: text,
    /** The levelled rubric. */
    rubric: z.array(criterionSchema).min(2).max(6),
    /** What sinks an answer at any level, however good the rest is. */
    redFlags: z.array(text).min(2).max(5),
    followUps: z.array(followUpSchema).min(1),
    design: designSchema.optional(),
    /** Where a claim about a library, a product or a paper comes from: cited beside the answer. */
    sources: z.array(z.object({ title: text, url: z.string().url() }).strict()).optional(),
  })
  .strict()
  .superRefine((q, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const ids = new Set<string>();
    q.rubric.forEach((c, i) => {
      if (ids.has(c.id)) issue(["rubric", i, "id"], `duplicate criterion id "${c.id}"`);
      ids.add(c.id);
    });
    if ((q.type === "design") !== (q.design !== undefined))
      issue(["design"], q.type === "design" ? "a design prompt needs a design block" : "only design prompts have one");
    if (q.type === "design") {
      const topics = new Set(q.clarify.map((c) => c.topic));
      for (const topic of designClarifyTopics)
        if (!topics.has(topic))
          issue(["clarify"], `a design prompt asks about ${clarifyTopics[topic]} (topic ${topic})`);
      q.followUps.forEach((f, i) => {
        if (f.phase === undefined || f.after === undefined)
          issue(["followUps", i], "a design prompt's follow-ups say their phase and minutes (after)");
      });
    } else {
      q.followUps.forEach((f, i) => {
        if (f.phase !== undefined || f.after !== undefined)
          issue(["followUps", i], "only design prompts time their follow-ups by phase");
      });
    }
  });

export const questionBankSchema = z.object({ questions: z.array(questionSchema).min(1) }).superRefine((bank, ctx) => {
  const seen = new Set<string>();
  bank.questions.forEach((q, i) => {
    if (seen.has(q.id))
      ctx.addIssue({ code: "custom", path: ["questions", i, "id"], message: `duplicate id "${q.id}"` });
    seen.add(q.id);
  });
});

export type Question = z.infer<typeof questionSchema>;
export type Criterion = z.infer<typeof criterionSchema>;
export type Clarify = z.infer<typeof clarifySchema>;

/** Parse and validate bank text; errors name the question index and field. */
export function parseQuestionBank(text: string, source = "questions.yaml"): Question[] {
  const parsed = questionBankSchema.safeParse(parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${source}: invalid question bank\n  ${problems.join("\n  ")}`);
  }
  return parsed.data.questions;
}

/** Several bank files as one bank; an id used twice across files is an error. */
export function mergeBanks(...banks: Question[][]): Question[] {
  const all = banks.flat();
  const seen = new Set<string>();
  for (const q of all) {
    if (seen.has(q.id)) throw new Error(`question id "${q.id}" is used twice`);
    seen.add(q.id);
  }
  return all;
}

const placeholder = /\{\{\s*([A-Za-z0-9_.]+)\s*\}\}/g;

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(placeholder)].map((m) => m[1]!);
}

/** Replace `{{name}}` with numbers[name]; an unknown name is an error, never left in the page. */
export function fillNumbers(text: string, numbers: Readonly<Record<string, string>>, where = "text"): string {
  return text.replace(placeholder, (_, name: string) => {
    const value = numbers[name];
    if (value === undefined) throw new Error(`${where}: unknown number {{${name}}}`);
    return value;
  });
}

/** Every string in `value`, however deep, with its placeholders filled; `where` names the path in errors. */
function fillDeep<T>(value: T, numbers: Readonly<Record<string, string>>, where: string): T {
  if (typeof value === "string") return fillNumbers(value, numbers, where) as T;
  if (Array.isArray(value)) return value.map((v, i) => fillDeep(v, numbers, `${where}[${i}]`)) as T;
  if (typeof value === "object" && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillDeep(v, numbers, `${where}.${k}`)])) as T;
  return value;
}

/** Every text field of a question with its placeholders filled. */
export function fillQuestion(q: Question, numbers: Readonly<Record<string, string>>): Question {
  return fillDeep(q, numbers, `question "${q.id}"`);
}

/** A model answer's paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}

/**
 * Where the single questions are read: one page per question type (the chapter lists them and
 * links here), so no page carries the whole bank. Paths are from the site's root, without its base.
 */
export const bankTypeHref = (type: QuestionType): string => `interview-playbook/questions/${type}/`;
export const bankQuestionHref = (q: Pick<Question, "id" | "type">): string => `${bankTypeHref(q.type)}#q-${q.id}`;

/** The questions grouped by type, in the order of `questionTypes`, leaving out types with none. */
export function bankTypes(questions: readonly Question[]): { type: QuestionType; label: string; items: Question[] }[] {
  return (Object.entries(questionTypes) as [QuestionType, string][])
    .map(([type, label]) => ({ type, label, items: questions.filter((q) => q.type === type) }))
    .filter((g) => g.items.length > 0);
}
