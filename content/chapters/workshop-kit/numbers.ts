/**
 * The numbers "Workshop kit" shows that the course's models compute, from src/sim (a chapter's
 * numbers come from src/sim and src/format): the map step's count is the map analysis's on the
 * example platform the map builder opens with in "Failure domains are shared resources".
 */
import { analysedExample } from "../../../src/sim/failure-map/index.ts";

/** The resources the example platform's map flags before bulkheads besides shared-db, the pool the retry storm drained. */
export const mapStepOtherRisks = analysedExample("before-bulkheads").analysis.flagged.filter(
  (name) => name !== "shared-db",
).length;
