/** The question bank with its figures filled in, as the chapter and the mock interview show it. */
import { fillQuestion, mergeBanks, parseQuestionBank, type Question } from "../question-bank.ts";
import designText from "./designs.yaml?raw";
import { bank as numbers } from "./numbers.ts";
import questionText from "./questions.yaml?raw";

const folder = "src/course/interview";

/** Every question, the single questions first, then the end-to-end design prompts. */
export const questions: Question[] = mergeBanks(
  parseQuestionBank(questionText, `${folder}/questions.yaml`),
  parseQuestionBank(designText, `${folder}/designs.yaml`),
).map((q) => fillQuestion(q, numbers));

/** The end-to-end design prompts. */
export const designPrompts: Question[] = questions.filter((q) => q.type === "design");
