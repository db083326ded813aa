/** Expected answers for "State the blast radius as a number": one cell of N, times the minutes. */
import { grouped, readableShare } from "../../src/format/number.ts";
import type { Random } from "../../src/sim/random.ts";
import { fixedGroupsBlastRadius } from "../../src/sim/shuffle-shard.ts";

export interface Params {
  tenants: number;
  cells: number;
  minutes: number;
}

export function answers({ tenants, cells, minutes }: Params): Record<string, number> {
  const share = fixedGroupsBlastRadius(cells);
  return { share, "cell-minutes": tenants * share * minutes, "global-minutes": tenants * minutes };
}

/** The worked solution's figures for these numbers (explanation.md shows them as {name}). */
export function worked(params: Params): Record<string, string> {
  const { tenants, cells } = params;
  const a = answers(params);
  return {
    shareShown: readableShare(a.share!),
    tenantsGrouped: grouped(tenants),
    perCell: grouped(tenants / cells),
    cellMinutes: grouped(a["cell-minutes"]!),
    globalMinutes: grouped(a["global-minutes"]!),
  };
}

/** Another product: 4 to 20 cells of 500 to 10,000 tenants each, 5 to 60 minutes to roll back. */
export function variant(rand: Random): Params {
  const cells = 4 + Math.floor(rand() * 17);
  const perCell = 500 * (1 + Math.floor(rand() * 20));
  const minutes = 5 * (1 + Math.floor(rand() * 12));
  return { tenants: cells * perCell, cells, minutes };
}
