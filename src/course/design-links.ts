/**
 * Links that open each design prompt's failure-domain map in the map builder, through the
 * builder's own share links (`#map=1.<data>` on the page that holds it), built at build time.
 * Each carries the site's base: the question pages write it as it is (the build's pass over the
 * pages leaves a link that has its base), and the mock interview's JSON hands it to the widget,
 * which writes it into the page where no pass follows.
 */
import { designMaps } from "../sim/failure-map/designs/index.ts";
import { encodeShareHash } from "./map-share.ts";
import { sitePath } from "./url.ts";

/** The chapter whose map builder opens shared maps. */
export const builderPage = "/failure-domains/";

/** Builder link by map id. */
export async function designMapHrefs(): Promise<Record<string, string>> {
  const entries = await Promise.all(
    Object.entries(designMaps).map(
      async ([id, text]) => [id, sitePath(builderPage) + (await encodeShareHash(text))] as const,
    ),
  );
  return Object.fromEntries(entries);
}
