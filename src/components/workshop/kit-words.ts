/**
 * The words the workshop kit's page shows that its MDX does not hold: what its components render
 * from data. Each agenda (WorkshopAgenda.astro) shows a timetable and a card per block, with its
 * notes (cardWords), the chapters and exercises it names, and each prepared link with the figures
 * to expect; each preparation in one sitting (WorkshopPrep.astro) a table of what to read, click
 * through and try; the pair seeds (PairSeeds.astro) a table of numbers. The reading-time rule adds
 * these to the kit's own words (tests/content/reading-time.test.ts), and a site test reads the
 * built page to check this count keeps up with what the components render
 * (tests/site/workshop-kit-words.test.ts). Node only, like one-sitting.ts.
 */
import { titleOf } from "../../grader/exercise-meta.ts";
import { loadExercise } from "../../grader/load-exercises.ts";
import { countWords } from "../../course/reading-time.ts";
import {
  type Agenda,
  elapsed,
  gameDay,
  halfDay,
  lengthText,
  ninetyMinutes,
  presenterViews,
  schedule,
  totalMinutes,
} from "../../course/workshop/agenda.ts";
import { clickerSentence, preparedStep } from "../../widgets/present/steps.ts";
import { answerKeySeeds } from "../../course/workshop-exercises.ts";
import { cardWords, type OneSitting, oneSitting } from "./one-sitting.ts";

/** An agenda as WorkshopAgenda renders it: its timetable, and each block's card with its links and figures. */
export function agendaWords(agenda: Agenda, catalog: readonly { slug: string; title: string }[]): number {
  const total = totalMinutes(agenda);
  const text: string[] = [`${agenda.title}: ${lengthText(total)}`, "From Block Minutes"];
  let notes = 0;
  for (const b of schedule(agenda)) {
    notes += cardWords(b);
    // Its row of the timetable, and its card's heading (the title itself is in the notes).
    text.push(
      `${elapsed(b.start)} ${b.title} ${b.minutes}`,
      `${elapsed(b.start)}–${elapsed(b.end)} (${b.minutes} min)`,
    );
    text.push(`${b.materials.length > 0 ? "Materials " : ""}Say and do Participants Expected output`);
    if (b.chapters.length > 0)
      text.push(
        `Background: ${b.chapters.map((slug) => catalog.find((c) => c.slug === slug)?.title ?? slug).join(", ")}`,
      );
    if (b.present) text.push(`On the big screen: ${presenterViews[b.present].name}`);
    if (b.steps.length > 0) text.push("Prepared links, in order, and what the screen will show");
    for (const [i, id] of b.steps.entries()) {
      const step = preparedStep(id);
      text.push(step.label);
      if (i === 0 && step.clicker) text.push(clickerSentence(step.clicker, b.steps.length > 1));
      text.push(`Expect: ${step.figures.map((f) => `${f.label} ${f.value}`).join("; ")}`);
    }
    if (b.exercises.length > 0)
      text.push(`Exercises, in order: ${b.exercises.map((id) => titleOf(loadExercise(id).meta)).join(", ")}`);
    if (b.prompts.length > 0) text.push("Ask the room");
    if (b.watchFor.length > 0) text.push("Watch for");
  }
  text.push(`Total (ends at ${elapsed(total)}) ${total}`);
  return notes + countWords(text.join("\n\n"));
}

/** A preparation in one sitting as WorkshopPrep renders it: caption, the notes' row, each block's rows, the total. */
export function prepWords(agenda: Agenda, prep: OneSitting): number {
  const verbs = { read: "Read", click: "Click through", try: "Try" } as const;
  const text: string[] = [
    `${agenda.title}, in one sitting: ${lengthText(prep.minutes)}`,
    "Do What, and where Min",
    `Read The notes for each block (this kit's agenda below: ${prep.notes.words} words) ${prep.notes.minutes}`,
  ];
  for (const block of prep.blocks) {
    text.push(`${block.title} ${lengthText(block.minutes)}`);
    for (const item of block.items) text.push(`${verbs[item.kind]} ${item.title} (${item.source}) ${item.minutes}`);
  }
  const { read, click, try: tried } = prep.byKind;
  text.push(`Total: ${read} reading, ${click} clicking through, ${tried} trying exercises ${prep.minutes}`);
  return countWords(text.join("\n\n"));
}

/** The pair seeds' table: its caption, "Pair" and "Seed", and a number of each per pair. */
export function pairSeedsWords(caption: string, pairs: number): number {
  return countWords(caption) + 2 + 2 * pairs;
}

/**
 * The components the kit's MDX renders, with their props, in its order
 * (tests/content/workshop-kit.test.ts checks the MDX holds exactly these tags).
 */
export const kitComponents = [
  "<WorkshopPrep agenda={ninetyMinutes} prep={shortSitting} />",
  "<WorkshopPrep agenda={halfDay} prep={halfDaySitting} />",
  "<WorkshopAgenda agenda={ninetyMinutes} />",
  "<WorkshopAgenda agenda={halfDay} />",
  "<WorkshopAgenda agenda={gameDay} />",
  '<PairSeeds caption="The variant seed each pair types" />',
] as const;

/** Every word the kit's components render (kitComponents), from the agendas, their preparations and the pair seeds. */
export function kitRenderedWords(catalog: readonly { slug: string; title: string }[]): number {
  return (
    prepWords(ninetyMinutes, oneSitting(ninetyMinutes, catalog)) +
    prepWords(halfDay, oneSitting(halfDay, catalog)) +
    agendaWords(ninetyMinutes, catalog) +
    agendaWords(halfDay, catalog) +
    agendaWords(gameDay, catalog) +
    pairSeedsWords("The variant seed each pair types", answerKeySeeds)
  );
}
