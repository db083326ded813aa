import { readFileSync } from "node:fs";
import { parseQuestionBank, fillQuestion } from "./src/course/question-bank.ts";
import { bank } from "./content/chapters/interview-playbook/numbers.ts";
const qs = parseQuestionBank(
  readFileSync(process.argv[2] ?? "content/chapters/interview-playbook/questions.yaml", "utf8"),
);
console.log(qs.length);
for (const q of qs) fillQuestion(q, bank);
const counts: Record<string, number> = {};
for (const q of qs) counts[`${q.type}/${q.level}`] = (counts[`${q.type}/${q.level}`] ?? 0) + 1;
console.log(counts);
