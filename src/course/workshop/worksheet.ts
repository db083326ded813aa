/**
 * The worksheet's sections, in order: the printable worksheet numbers its headings from this list,
 * and the agendas and the example's answer key name a section through `section`, so a section
 * that moves changes every reference to it.
 */
import { numberIn } from "./numbered.ts";

export const worksheetSections = [
  { id: "ws-system", title: "The system" },
  { id: "ws-resources", title: "Shared resources, and who draws from them" },
  { id: "ws-watch", title: "How we would notice, and what protects us today" },
  { id: "ws-retries", title: "Retry inventory" },
  { id: "ws-sentence", title: "Our riskiest resource, as one sentence" },
  { id: "ws-decisions", title: "Decisions" },
  { id: "ws-map", title: "The map: sketch it, then build it" },
] as const;

export type WorksheetSectionId = (typeof worksheetSections)[number]["id"];

/** A section's number on the printed worksheet (1 for the first). */
export function sectionNumber(id: WorksheetSectionId): number {
  return numberIn(worksheetSections, id);
}

/** "section 5", as the agendas' talk tracks and tasks say it. */
export const section = (id: WorksheetSectionId) => `section ${sectionNumber(id)}`;

/** A section's heading as printed: "5. Our riskiest resource, as one sentence". */
export function sectionHeading(id: WorksheetSectionId): string {
  return `${sectionNumber(id)}. ${worksheetSections[sectionNumber(id) - 1]!.title}`;
}
