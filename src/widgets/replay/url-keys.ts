/** The URL keys the replay owns, for the bootstrap (which must stay tiny: no simulation code). */
import { parameterSpecs } from "../../sim/retry-storm/scenario.ts";

export function queryHasState(query: URLSearchParams): boolean {
  return ["seed", "defences", ...parameterSpecs.map((p) => p.name)].some((k) => query.has(k));
}
