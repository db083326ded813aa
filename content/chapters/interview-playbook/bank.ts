/** The question bank with its figures filled in, as the chapter and the mock interview show it. */
import { fillQuestion, parseQuestionBank, type Question } from "../../../src/course/question-bank.ts";
import { bank as numbers } from "./numbers.ts";
import text from "./questions.yaml?raw";

export const questions: Question[] = parseQuestionBank(text, "content/chapters/interview-playbook/questions.yaml").map(
  (q) => fillQuestion(q, numbers),
);
