/**
 * The data the mock interview's page code receives: built once here from the question bank, by
 * the Astro component at build time, and read back by the widget with the same type.
 */
import { paragraphs, type Question } from "../../course/question-bank.ts";

export interface InterviewQuestion {
  id: string;
  title: string;
  difficulty: number;
  prompt: string;
  answer: string[];
  rubric: string[];
  followUps: { question: string; answer: string }[];
}

export function interviewPayload(questions: readonly Question[]): InterviewQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    title: q.title,
    difficulty: q.difficulty,
    prompt: q.prompt.trim(),
    answer: paragraphs(q.answer),
    rubric: q.rubric,
    followUps: q.followUps,
  }));
}

/** The payload as the text of a `<script type="application/json">` (no `</script>` can end it early). */
export const payloadJson = (questions: readonly InterviewQuestion[]) =>
  JSON.stringify(questions).replace(/</g, "\\u003c");

export function readPayload(text: string | null): InterviewQuestion[] {
  return JSON.parse(text ?? "[]") as InterviewQuestion[];
}
