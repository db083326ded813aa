/** From map text to everything the builder draws: parse, analyse, lay out (within mapLimits). */
import { analyseFailureMap } from "../../sim/failure-map/analyse.ts";
import {
  parseFailureMap,
  parseFailureMapSkippingBadDecisions,
  type LenientParseResult,
  type MapError,
} from "../../sim/failure-map/parse.ts";
import { layoutFailureMap, statesOf } from "./layout.ts";
import { mapLimits, textTooLarge } from "./limits.ts";
import type { MapView } from "./render.ts";

export type ViewResult =
  /** `skipped`: the "decide" lines left out, each with its error (only when asked to skip them). */
  | { ok: true; view: MapView; skipped: MapError[] }
  /** `tooLarge`: the text is over the size limit, so it was not read at all. */
  | { ok: false; errors: MapError[]; tooLarge?: string };

/**
 * How the text is read: "strict" as the builder reads what the group types (every error listed,
 * the map refused until they are fixed); "skip-bad-decisions" as the presenter view reads a
 * group's shared map (its faulty decide lines left out and said, the rest shown).
 */
export type Reading = "strict" | "skip-bad-decisions";

/** The strict parse, in the lenient one's shape: nothing is ever skipped. */
function strictly(text: string): LenientParseResult {
  const parsed = parseFailureMap(text);
  return parsed.ok ? { ...parsed, skipped: [] } : parsed;
}

export function buildView(text: string, selected?: string, reading: Reading = "strict"): ViewResult {
  const tooLarge = textTooLarge(text.length);
  if (tooLarge) return { ok: false, errors: [], tooLarge };
  const parsed = reading === "strict" ? strictly(text) : parseFailureMapSkippingBadDecisions(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { map } = parsed;
  const keep = selected !== undefined && map.resources.some((r) => r.name === selected) ? selected : undefined;
  const boxes = map.services.length + map.resources.length;
  const analysis = analyseFailureMap(map);
  return {
    ok: true,
    view: {
      map,
      analysis,
      layout: boxes <= mapLimits.drawnBoxes ? layoutFailureMap(map, statesOf(analysis)) : null,
      ...(keep ? { selected: keep } : {}),
    },
    skipped: parsed.skipped,
  };
}
