/**
 * The first minutes of an incident on a fleet of `instances` instances spread evenly over
 * `zones` zones, for a diagnosis of its kind. Four kinds, each with its own pattern:
 *   crash        one instance stops answering: its share of requests fail until the balancer
 *                ejects it
 *   bad-deploy   the instances that took a new version fail, starting minutes after it
 *   zone         every instance in one zone stops answering at the same instant
 *   poison       instances crash one after another, each crash log ending with one customer's
 *                request (the retries carry it from instance to instance)
 * The number: the share of requests failing in the minute shown (instances down over all).
 * Pure and seeded.
 */
import { mulberry32, randomInt } from "../random.ts";

export const kindCases = ["crash", "bad-deploy", "zone", "poison"] as const;
export type KindCase = (typeof kindCases)[number];

export interface KindParams {
  incident: number;
  instances: number;
  zones: number;
  /** Instances on the new version (bad-deploy). */
  canaries: number;
  seed: number;
}

export function kindCase(p: KindParams): KindCase {
  const c = kindCases[p.incident];
  if (c === undefined) throw new RangeError(`incident must be 0 to ${kindCases.length - 1}`);
  return c;
}

export interface InstanceRow {
  instance: string;
  zone: string;
  version: string;
  state: "serving" | "failing" | "not answering" | "restarting";
  note: string;
}

export function instanceTable(p: KindParams): InstanceRow[] {
  const kind = kindCase(p);
  const rand = mulberry32(p.seed);
  const zoneOf = (i: number) => `zone ${String.fromCharCode(97 + (i % p.zones))}`;
  const lostZone = randomInt(rand, p.zones);
  const crashed = randomInt(rand, p.instances);
  const customer = `customer ${100 + randomInt(rand, 900)}`;
  const poisoned = new Set<number>();
  while (poisoned.size < Math.min(3, p.instances - 1)) poisoned.add(randomInt(rand, p.instances));
  return Array.from({ length: p.instances }, (_, i) => {
    const row: InstanceRow = { instance: `i-${i + 1}`, zone: zoneOf(i), version: "v7", state: "serving", note: "" };
    if (kind === "crash" && i === crashed) return { ...row, state: "not answering", note: "connection refused" };
    if (kind === "bad-deploy" && i < p.canaries)
      return {
        ...row,
        version: "v8 (deployed 4 min ago)",
        state: "failing",
        note: "500s since 2 min after the deploy",
      };
    if (kind === "zone" && i % p.zones === lostZone)
      return { ...row, state: "not answering", note: "timed out since 03:12:07" };
    if (kind === "poison" && poisoned.has(i))
      return { ...row, state: "restarting", note: `crashed; last request from ${customer}` };
    return row;
  });
}

/** The share of requests failing in the minute shown: instances not serving, over all (requests are spread evenly). */
export function failingShare(p: KindParams): number {
  const rows = instanceTable(p);
  return rows.filter((r) => r.state !== "serving").length / rows.length;
}
