/**
 * What each level of a rubric point needs as evidence, as one rule over the bank's rubrics.
 *
 * A point's evidence (src/course/question-bank.ts) is what its mid and senior descriptors show: a
 * defence with its cost, a quote, or a number. Every staff descriptor of a number point asks for a
 * step beyond the figure (the improvement it leads to, a second figure, the conclusion drawn), so a
 * figure alone backs at most senior: "75,000 tenant-minutes" pasted for "uses the two levers to
 * propose the next improvement" was counted at staff. A staff claim on a number point also quotes
 * that step from the notes, using a word of the staff descriptor itself; without it the claim counts at
 * senior.
 *
 * Pure, with no import of the bank itself, so the mock interview's page code can use it.
 */
import type { Criterion } from "../question-bank.ts";
import { inWords } from "../../format/words.ts";
import {
  type Claim,
  type Claimed,
  type Debrief,
  debrief,
  judgeClaim,
  type NotesRead,
  usesWordOf,
} from "../self-assessment.ts";

/** The level a number's evidence backs at most, without the staff step. */
const figureBacks: Claimed = 2;

/** The staff step's prompt for a point, or undefined when the point's own evidence is enough at staff. */
export function staffStep(criterion: {
  staff: string;
  evidence: { kind: Criterion["evidence"]["kind"] };
}): string | undefined {
  if (criterion.evidence.kind !== "number") return undefined;
  return `Staff also needs the step beyond the figure, quoted from your notes, using a word of its staff descriptor: ${criterion.staff}`;
}

/** Words, besides figures, that a staff step needs at least: a sentence, not the figure again. */
const stepWords = 4;

/** Words of a text that are not figures: "75,000 tenant-minutes" has one, so it is no step. */
const wordsBeyondFigures = (text: string) =>
  text.split(/\s+/).filter((word) => /\p{L}{2}/u.test(word) && !/\p{Nd}/u.test(word)).length;

/**
 * Why a staff step does not back a staff claim, or null when it does. The step uses a word of the
 * staff descriptor itself (usesWordOf, stem for stem as a quote uses its point's rubric); a word of
 * the rest of the rubric does not do. The point's name and its mid and senior descriptors say the
 * point, not the step beyond it ("I would limit the blast radius of every failure" was staff on
 * cell-size's "Blast radius against fixed cost", red-team, session 58), and its ask asks for the
 * figure. Then the step is a quote, checked as one against `notes` (or NotesRead of them, as the
 * debrief reads them: it may share the figure's sentence, and no other point's).
 */
export function stepShortfall(criterion: Criterion, step: string, notes: string | NotesRead): string | null {
  const ask = staffStep(criterion);
  if (ask === undefined) return null;
  if (step.trim() === "")
    return "Your figure backs senior; staff also needs the step beyond it, quoted from your notes.";
  // The page counts words here; it cannot tell what they say, so it says what it counted.
  if (wordsBeyondFigures(step) < stepWords)
    return `Your staff step has fewer than ${inWords(stepWords)} words besides figures: quote, in a sentence, what your notes do with the figure.`;
  if (!usesWordOf(step, criterion.staff))
    return "Your staff step uses no word of the staff descriptor: quote where your notes take the step it names.";
  const quote = judgeClaim({ ...criterion, evidence: { ask, kind: "quote" } }, { level: 3, evidence: step }, notes, {});
  return quote.status === "agrees" ? null : `Staff step: ${quote.message}`;
}

/**
 * The debrief, with each staff claim on a number point backed at staff only when its step holds
 * (`steps[i]`, the step pasted for point i). A claim whose figure passes but whose step does not
 * counts at senior and is reported as a disagreement; the self-score stays what was claimed.
 * `asked` is what the interviewer said (askedIn): notes that repeat it back no point.
 */
export function debriefWithSteps(
  rubric: readonly Criterion[],
  claims: readonly Claim[],
  steps: readonly (string | undefined)[],
  notes: string,
  redFlagsTicked: number,
  values: Readonly<Record<string, number>>,
  format?: (value: number, name: string) => string,
  asked = "",
): Debrief {
  return debrief(rubric, claims, notes, redFlagsTicked, values, format, {
    asked,
    andThen: (i, verdict, read) => {
      if (claims[i]!.level !== 3 || verdict.status !== "agrees") return verdict;
      const short = stepShortfall(rubric[i]!, steps[i] ?? "", read);
      return short ? { status: "missing", message: `${short} Counted at senior.`, backed: figureBacks } : verdict;
    },
  });
}
