/**
 * Links that open each design prompt's failure-domain map in the map builder, through the
 * builder's own share links (`#map=1.<data>` on the page that holds it), built at build time.
 */
import { designMaps } from "../sim/failure-map/designs/index.ts";
import { encodeShareHash } from "./map-share.ts";

/** The chapter whose map builder opens shared maps. */
export const builderPage = "/failure-domains/";

/** Builder link by map id. */
export async function designMapHrefs(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(designMaps).map(async ([id, text]) => [id, builderPage + (await encodeShareHash(text))] as const),
  );
  return Object.fromEntries(entries);
}
