/** The URL keys the replay owns, for the bootstrap (which must stay tiny: no simulation code). */
import { parameterSpecs } from "../../sim/retry-storm/scenario.ts";

export const replayQueryKeys: readonly string[] = ["seed", "defences", ...parameterSpecs.map((p) => p.name)];

export function queryHasState(query: URLSearchParams): boolean {
  return replayQueryKeys.some((k) => query.has(k));
}
