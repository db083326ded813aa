/**
 * The data the mock interview's page code receives: built once here from the question bank, by
 * the Astro component at build time, and read back by the widget with the same type.
 */
import { type Clarify, type Criterion, paragraphs, type Question } from "../../course/question-bank.ts";

export interface InterviewCriterion extends Omit<Criterion, "evidence"> {
  evidence: {
    ask: string;
    kind: Criterion["evidence"]["kind"];
    /** The reference figure the evidence is checked against, and how the page writes it. */
    expect?: { value: number; text: string };
  };
}

export interface InterviewQuestion {
  id: string;
  title: string;
  type: string;
  level: string;
  prompt: string;
  clarify: Clarify[];
  answer: string[];
  rubric: InterviewCriterion[];
  redFlags: string[];
  followUps: {
    question: string;
    answer: string;
    pushback?: { say: string; answer: string };
    phase?: string;
    after?: number;
  }[];
  design?: {
    reference: string[];
    figures: { label: string; value: string }[];
    /** The failure-domain map, opened in the map builder by its share link. */
    mapHref: string;
  };
  sources?: { title: string; url: string }[];
}

export interface PayloadContext {
  /** Reference figures by name (the chapter's numbers.ts `values`). */
  values: Readonly<Record<string, number>>;
  /** How a reference figure is written for people. */
  format: (name: string, value: number) => string;
  /** The builder link of each design map, by map id. */
  mapHrefs: Readonly<Record<string, string>>;
}

export function interviewPayload(questions: readonly Question[], context: PayloadContext): InterviewQuestion[] {
  return questions.map((q) => ({
    id: q.id,
    title: q.title,
    type: q.type,
    level: q.level,
    prompt: q.prompt.trim(),
    clarify: q.clarify,
    answer: paragraphs(q.answer),
    rubric: q.rubric.map(({ evidence, ...rest }) => {
      const { expect: name, ...ask } = evidence;
      if (name === undefined) return { ...rest, evidence: ask };
      const value = context.values[name];
      if (value === undefined) throw new Error(`question ${q.id}, criterion ${rest.id}: no reference value "${name}"`);
      return { ...rest, evidence: { ...ask, expect: { value, text: context.format(name, value) } } };
    }),
    redFlags: q.redFlags,
    followUps: q.followUps,
    ...(q.design
      ? {
          design: {
            reference: paragraphs(q.design.reference),
            figures: q.design.figures,
            mapHref: (() => {
              const href = context.mapHrefs[q.design.map];
              if (!href) throw new Error(`question ${q.id}: no builder link for map "${q.design.map}"`);
              return href;
            })(),
          },
        }
      : {}),
    ...(q.sources ? { sources: q.sources } : {}),
  }));
}

/** The payload as JSON text (no `</script>` can end it early if it is ever inlined). */
export const payloadJson = (questions: readonly InterviewQuestion[]) =>
  JSON.stringify(questions).replace(/</g, "\\u003c");

export function readPayload(text: string | null): InterviewQuestion[] {
  return JSON.parse(text ?? "[]") as InterviewQuestion[];
}
