/** Expected answers for "Background, or correlated?", from src/sim/diagnosis/disks.ts. */
import { countOf, grouped, rounded, roundToFigures } from "../../src/format/number.ts";
import { type DiskParams, diskCase, diskSeries, expectedPerDay } from "../../src/sim/diagnosis/disks.ts";
import { type Random, randomInt } from "../../src/sim/random.ts";

const actionFor = { independent: "carry-on", batch: "pull-batch", environment: "fix-room" } as const;

export function answers(params: Record<string, number>) {
  const p = params as unknown as DiskParams;
  const what = diskCase(p);
  return { what, action: actionFor[what], baseline: expectedPerDay(p) };
}

const n = (value: number) => rounded(value, 3);
/** "1 failure", "2.33 failures": a count of failures to three figures, singular for one. */
const failures = (value: number) => countOf(roundToFigures(value, 3), "failure");
const mean = (values: readonly number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length);

/** The worked solution's figures for this fleet (explanation.md shows them as {name}). */
export function worked(params: Record<string, number>): Record<string, string> {
  const p = params as unknown as DiskParams;
  const what = diskCase(p);
  const { series, start, batch } = diskSeries(p);
  const disks = p.batches * p.perBatch;
  const perBatch = expectedPerDay(p) / p.batches;
  // Average failures a day per batch over a span of days, from the chart's own counts.
  const avg = (s: { perDay: number[] }, from: number, to: number) => mean(s.perDay.slice(from, to));
  const total = (day: number) => series.reduce((sum, s) => sum + s.perDay[day]!, 0);
  const days = series[0]!.perDay.length;
  let reading: string;
  if (what === "independent") {
    const all = series.flatMap((s) => s.perDay);
    reading = `Every batch stays at its background all ${grouped(days)} days: from ${grouped(Math.min(...all))} to ${grouped(Math.max(...all))} failures a day per batch, ${n(mean(all))} on average, against the ${n(perBatch)} independent failures predict. Nothing jumps and nothing stays high.`;
  } else if (what === "batch") {
    const hot = series[batch!]!;
    const rest = series.filter((_, b) => b !== batch);
    reading = `${hot.batch.charAt(0).toUpperCase()}${hot.batch.slice(1)} jumps from day ${grouped(start)} and stays there: ${failures(avg(hot, 0, start))} a day before, ${n(avg(hot, start, days))} from then on, while the other batches stay at ${n(mean(rest.map((s) => avg(s, 0, days))))} a day all along, near the ${n(perBatch)} expected. Independent failures do not do that, and neither does wear, which creeps over months. One batch shares one model, one firmware, one shipment.`;
  } else {
    const spike = [start, start + 1, start + 2].map(total);
    reading = `Every batch jumps together on days ${grouped(start)} to ${grouped(start + 2)} and falls back after: the whole fleet loses ${spike.map((count) => grouped(count)).join(", ")} disks on those days, against ${n(expectedPerDay(p))} expected. Independent failures do not arrive in step across batches, and a fault of one batch would stay in that batch.`;
  }
  const answer = n(expectedPerDay(p));
  return {
    baseline: answer,
    baselineWorking: `The fleet has ${grouped(p.batches)} × ${grouped(p.perBatch)} = ${grouped(disks)} disks failing independently at ${p.afrPct}% a year: ${grouped(disks)} × ${n(p.afrPct / 100)} / 365 = ${n((disks * p.afrPct) / 100)} / 365 ≈ ${answer} failures a day, about ${n(perBatch)} a day per batch. Day to day each batch's count wobbles around its average: a day with none, or with twice the average, is ordinary.`,
    reading,
    diagnosis: {
      independent: "The everyday background: independent failures at the expected rate",
      batch: "A fault shared by one batch's disks",
      environment: "Something every disk shares: the room's heat or power",
    }[what],
    action: {
      independent: "Keep replacing disks as they fail; redundancy is sized for this",
      batch: "Stop trusting that batch",
      environment: "Fix the shared environment (cooling, power) before anything else",
    }[what],
    actionWhy: {
      independent:
        "Replicas on different disks are there for exactly this background; pulling a batch or adding replicas would spend effort on failures the design already absorbs.",
      batch:
        "Spread its disks' data so that no piece has all its replicas on that batch, update or replace its firmware, and mix batches across replicas from now on. More replicas on the same batch would fail together with the rest.",
      environment:
        "Disks in a hot or badly powered room keep failing whatever batch they are from; replacing them, or adding replicas in the same room, feeds the cause.",
    }[what],
  };
}

/** Another fleet: any of the three, 2 to 4 batches of 20,000 to 40,000 disks, 1.5% to 3% a year (a batch's background at least 0.8 a day, so a jump shows). */
export function variant(rand: Random): Record<string, number> {
  return {
    incident: randomInt(rand, 3),
    batches: 2 + randomInt(rand, 3),
    perBatch: 10_000 * (2 + randomInt(rand, 3)),
    afrPct: [1.5, 2, 3][randomInt(rand, 3)]!,
    seed: randomInt(rand, 100_000),
  };
}
