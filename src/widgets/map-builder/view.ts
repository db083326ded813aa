/** From map text to everything the builder draws: parse, analyse, lay out. */
import { analyseFailureMap } from "../../sim/failure-map/analyse.ts";
import { parseFailureMap, type MapError } from "../../sim/failure-map/parse.ts";
import { layoutFailureMap } from "./layout.ts";
import type { MapView } from "./render.ts";

export type ViewResult = { ok: true; view: MapView } | { ok: false; errors: MapError[] };

export function buildView(text: string, selected?: string): ViewResult {
  const parsed = parseFailureMap(text);
  if (!parsed.ok) return { ok: false, errors: parsed.errors };
  const { map } = parsed;
  const keep = selected !== undefined && map.resources.some((r) => r.name === selected) ? selected : undefined;
  return {
    ok: true,
    view: { map, analysis: analyseFailureMap(map), layout: layoutFailureMap(map), ...(keep ? { selected: keep } : {}) },
  };
}
