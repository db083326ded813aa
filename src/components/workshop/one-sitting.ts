/**
 * Preparing an agenda in one sitting, for a facilitator with no time for whole chapters: block by
 * block, the chapter sections it draws on (the block's `sections`), the presenter links to click
 * through once, and the exercises to try once, each with its time, every time computed:
 *
 *   - a section: its words at the course's reading rate (src/course/reading-time.ts), rounded up;
 *   - a presenter link: a minute (minutesPerLink), to open it, step through to its end with Page
 *     Down as in the room, and compare what it shows with the run sheet;
 *   - an exercise: its text at the same rate, rounded up, and a minute for each answer it asks;
 *   - the agenda's own notes (each block's card in the kit): their words at the same rate.
 *
 * A section, link or exercise that two blocks need is listed at the first. The total is the sum
 * of the times shown, so the page's figures add up (tests/content/workshop-kit.test.ts). Node only:
 * it reads the chapters' MDX and the exercises from disk, at build time.
 */
import { partsOf, titleOf } from "../../grader/exercise-meta.ts";
import type { ExerciseMeta } from "../../grader/exercise-schema.ts";
import { loadExercise } from "../../grader/load-exercises.ts";
import { explorerSteps, replaySteps, stepHref } from "../../widgets/present/steps.ts";
import { chapterSections, countWords, minutesPerPart, readingMinutes } from "../../course/reading-time.ts";
import { type Agenda, type AgendaBlock, blockAnchor, presenterViews } from "../../course/workshop/agenda.ts";
import type { ExplorerStepId, ReplayStepId } from "../../course/workshop/step-ids.ts";

/** A presenter link, clicked through once: open, Page Down to the end, check against the run sheet. */
export const minutesPerLink = 1;

export type PrepKind = "read" | "click" | "try";

export interface PrepItem {
  kind: PrepKind;
  /** What to read, open or try: a section's heading, a step's label, an exercise's title. */
  title: string;
  /** Where it is: the chapter's title, or the presenter view's name. */
  source: string;
  /** Site-relative link (the section's anchor, the step's prepared state, the exercise's place). */
  href: string;
  minutes: number;
}

export interface PrepBlock {
  title: string;
  /** The id of the block's card in the kit (blockAnchor). */
  anchor: string;
  items: PrepItem[];
  /** The block's items' minutes added up. */
  minutes: number;
}

export interface OneSitting {
  /** The agenda's notes, every block's card in the kit (talk track, prompts, what to watch for). */
  notes: { words: number; minutes: number };
  /** The blocks with something to prepare, in the agenda's order. */
  blocks: PrepBlock[];
  /** Minutes by kind, the notes counted as reading. */
  byKind: Record<PrepKind, number>;
  /** Everything added up: the notes and every block's minutes. */
  minutes: number;
}

/** The words of a block's card in the kit: its title, materials, talk track, task, output, prompts and what to watch for. */
export function cardWords(block: AgendaBlock): number {
  const { title, materials, talk, task, output, prompts, watchFor } = block;
  return countWords([title, ...materials, talk, task, output, ...prompts, ...watchFor].join("\n\n"));
}

/** The presenter links a block has the facilitator open: its prepared steps, else its presenter view, and the page groups open. */
function links(block: AgendaBlock): Omit<PrepItem, "minutes" | "kind">[] {
  const view = block.present ? presenterViews[block.present].name : "";
  const list = block.steps.map((id) => ({
    title: id.startsWith("replay-") ? replaySteps[id as ReplayStepId].label : explorerSteps[id as ExplorerStepId].label,
    source: view,
    href: stepHref(id),
  }));
  if (list.length === 0 && block.present)
    list.push({ title: "Every stage, to the end", source: view, href: block.present });
  if (block.groupsOpen)
    list.push({
      title: "The map builder, as each group opens it",
      source: "the groups' laptops",
      href: block.groupsOpen,
    });
  return list;
}

/** An agenda's preparation in one sitting, against the course's chapters (slug and title). */
export function oneSitting(agenda: Agenda, catalog: readonly { slug: string; title: string }[]): OneSitting {
  const titleOfChapter = (slug: string) => {
    const chapter = catalog.find((c) => c.slug === slug);
    if (!chapter) throw new Error(`${agenda.id}: no chapter "${slug}" to read`);
    return chapter.title;
  };
  // Each chapter's MDX read and split into sections once, however many of its sections are read.
  const sectionsBySlug = new Map<string, ReturnType<typeof chapterSections>>();
  const sectionsOf = (slug: string, title: string) => {
    let sections = sectionsBySlug.get(slug);
    if (!sections) sectionsBySlug.set(slug, (sections = chapterSections(slug, title)));
    return sections;
  };
  const seen = new Set<string>();
  const once = (key: string) => !seen.has(key) && Boolean(seen.add(key));
  const blocks: PrepBlock[] = [];
  for (const [at, block] of agenda.blocks.entries()) {
    const items: PrepItem[] = [];
    for (const ref of block.sections) {
      if (!once(ref)) continue;
      const [slug, anchor] = ref.split("#") as [string, string];
      const chapterTitle = titleOfChapter(slug);
      const section = sectionsOf(slug, chapterTitle).find((s) => s.anchor === anchor);
      if (!section) throw new Error(`${agenda.id}, "${block.title}": no heading "#${anchor}" in the chapter ${slug}`);
      if (section.words === 0) throw new Error(`${agenda.id}, "${block.title}": ${ref} has nothing to read`);
      const href = anchor === "_top" ? `/${slug}/` : `/${slug}/#${anchor}`;
      items.push({
        kind: "read",
        title: anchor === "_top" ? "The opening, up to the first heading" : section.title,
        source: chapterTitle,
        href,
        minutes: readingMinutes(section.words),
      });
    }
    for (const link of links(block))
      if (once(link.href)) items.push({ kind: "click", ...link, minutes: minutesPerLink });
    for (const id of block.exercises) {
      if (!once(`exercise:${id}`)) continue;
      const { meta, readme } = loadExercise(id);
      items.push({
        kind: "try",
        title: titleOf(meta),
        source: titleOfChapter(meta.chapter),
        href: `/${meta.chapter}/#ex-${id}`,
        minutes: exerciseMinutes(meta, readme),
      });
    }
    if (items.length === 0) continue;
    const minutes = items.reduce((sum, item) => sum + item.minutes, 0);
    blocks.push({ title: block.title, anchor: blockAnchor(agenda, at), items, minutes });
  }
  const noteWords = agenda.blocks.reduce((sum, block) => sum + cardWords(block), 0);
  const notes = { words: noteWords, minutes: readingMinutes(noteWords) };
  const byKind: Record<PrepKind, number> = { read: notes.minutes, click: 0, try: 0 };
  for (const item of blocks.flatMap((b) => b.items)) byKind[item.kind] += item.minutes;
  return { notes, blocks, byKind, minutes: notes.minutes + blocks.reduce((sum, b) => sum + b.minutes, 0) };
}

/** The words an exercise asks a reader to read: its situation (README), title, prompts, choices and matched items. */
export function exerciseWords(meta: ExerciseMeta, readme: string): number {
  const texts = [readme, meta.title];
  if (meta.kind !== "code")
    for (const part of meta.parts) {
      texts.push(part.prompt);
      if (part.kind === "choice") texts.push(...part.choices.map((c) => c.text));
      if (part.kind === "match") texts.push(...part.items.map((i) => i.text), ...part.options.map((o) => o.text));
    }
  return countWords(texts.join("\n\n"));
}

/**
 * Whole minutes to try an exercise once: its text at the reading rate (readingMinutes) and a
 * minute for each answer it asks (a code exercise asks one).
 */
export function exerciseMinutes(meta: ExerciseMeta, readme: string): number {
  return readingMinutes(exerciseWords(meta, readme)) + partsOf(meta).length * minutesPerPart;
}
