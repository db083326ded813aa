/**
 * The map exercise's steps, in the order the groups are given them: the workshop kit lists them
 * with these leads in this order, and the agendas name a step through `mapStep`, so a step that
 * moves changes every reference to it (agenda.test.ts holds the kit's list to this one).
 */
import { numberIn } from "./numbered.ts";

export const mapSteps = [
  { id: "resources", lead: "List the shared resources" },
  { id: "draws", lead: "For each, list who draws from it" },
  { id: "saturate", lead: "Saturate each resource in your head." },
  { id: "mark", lead: "Mark the resources shared by otherwise unrelated services." },
  { id: "sentence", lead: "Write the riskiest one as a sentence with a number" },
  { id: "decide", lead: "Decide for each marked resource:" },
] as const;

export type MapStepId = (typeof mapSteps)[number]["id"];

/** A step's number in the kit's list (1 for the first). */
export function mapStepNumber(id: MapStepId): number {
  return numberIn(mapSteps, id);
}

/** "step 5", as the agendas' talk tracks say it. */
export const mapStep = (id: MapStepId) => `step ${mapStepNumber(id)}`;

/** The bold words a step opens with in the kit. */
export const mapStepLead = (id: MapStepId) => mapSteps[mapStepNumber(id) - 1]!.lead;
