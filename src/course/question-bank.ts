/**
 * The interview question bank: questions as data (content/chapters/interview-playbook/questions.yaml),
 * each with a model answer, a rubric (the points a strong answer hits) and follow-ups.
 *
 * Figures in the text are never typed in: they are written as `{{name}}` placeholders and filled
 * from the chapter's numbers.ts, so the bank and the simulations cannot drift apart.
 * Pure: no Astro, no DOM, no Node (the caller reads the file).
 */
import { parse } from "yaml";
import { z } from "zod";

const slug = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase words joined by hyphens");

export const followUpSchema = z.object({
  /** What the interviewer asks next. */
  question: z.string().min(1),
  /** The gist of a good reply, one or two sentences. */
  answer: z.string().min(1),
});

export const questionSchema = z.object({
  id: slug,
  /** Short name for lists and the history. */
  title: z.string().min(1).max(80),
  /** The chapter a learner should (re)read for this question; a content test checks it exists. */
  chapter: slug,
  /** 1 warm-up, 2 core, 3 stretch. */
  difficulty: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  /** The question as the interviewer says it. */
  prompt: z.string().min(1),
  /** A model answer; paragraphs separated by blank lines. */
  answer: z.string().min(1),
  /** The points a strong answer hits; the learner ticks these to score an attempt. */
  rubric: z.array(z.string().min(1)).min(3).max(8),
  followUps: z.array(followUpSchema).min(1),
});

export const questionBankSchema = z.object({ questions: z.array(questionSchema).min(20) }).superRefine((bank, ctx) => {
  const seen = new Set<string>();
  bank.questions.forEach((q, i) => {
    if (seen.has(q.id))
      ctx.addIssue({ code: "custom", path: ["questions", i, "id"], message: `duplicate id "${q.id}"` });
    seen.add(q.id);
  });
});

export type Question = z.infer<typeof questionSchema>;
export type FollowUp = z.infer<typeof followUpSchema>;

/** Parse and validate bank text; errors name the question index and field. */
export function parseQuestionBank(text: string, source = "questions.yaml"): Question[] {
  const parsed = questionBankSchema.safeParse(parse(text));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`);
    throw new Error(`${source}: invalid question bank\n  ${problems.join("\n  ")}`);
  }
  return parsed.data.questions;
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

/** Every text field of a question with its placeholders filled. */
export function fillQuestion(q: Question, numbers: Readonly<Record<string, string>>): Question {
  const f = (text: string, field: string) => fillNumbers(text, numbers, `question "${q.id}" ${field}`);
  return {
    ...q,
    title: f(q.title, "title"),
    prompt: f(q.prompt, "prompt"),
    answer: f(q.answer, "answer"),
    rubric: q.rubric.map((r, i) => f(r, `rubric[${i}]`)),
    followUps: q.followUps.map((u, i) => ({
      question: f(u.question, `followUps[${i}]`),
      answer: f(u.answer, `followUps[${i}]`),
    })),
  };
}

/** A model answer's paragraphs. */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, " ").trim())
    .filter((p) => p.length > 0);
}
