/** From map text to everything the builder draws: parse, analyse, lay out (within mapLimits). */
import { analyseFailureMap } from "../../sim/failure-map/analyse.ts";
import { parseFailureMap, type MapError } from "../../sim/failure-map/parse.ts";
import { layoutFailureMap } from "./layout.ts";
import { mapLimits, textTooLarge } from "./limits.ts";
import type { MapView } from "./render.ts";

export type ViewResult =
  | { ok: true; view: MapView }
  /** `tooLarge`: the text is over the size limit, so it was not read at all. */
  | { ok: false; errors: MapError[]; tooLarge?: string };

export function buildView(text: string, selected?: string): ViewResult {
  const tooLarge = textTooLarge(text.length);
  if (tooLarge) return { ok: false, errors: [], tooLarge };
  const parsed = parseFailureMap(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { map } = parsed;
  const keep = selected !== undefined && map.resources.some((r) => r.name === selected) ? selected : undefined;
  const boxes = map.services.length + map.resources.length;
  return {
    ok: true,
    view: {
      map,
      analysis: analyseFailureMap(map),
      layout: boxes <= mapLimits.drawnBoxes ? layoutFailureMap(map) : null,
      ...(keep ? { selected: keep } : {}),
    },
  };
}
