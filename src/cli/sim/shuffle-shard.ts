/**
 * `npm run sim -- shuffle-shard`: deal shuffle shards to customers, poison customer 0, and count
 * how many of the others lose all, some or none of their workers, beside the exact shares.
 */
import { asksForHelp, numberOption, parseArgs, processIo, seedHelp, seedOption, table, UsageError } from "../args.ts";
import { fitLines, fitUsage, outputWidth } from "../terminal-width.ts";
import type { SimCommand } from "./command.ts";
import {
  dealCostProblem,
  exactOverlap,
  fixedGroupsBlastRadius,
  shuffleShardLimits as limits,
  simulatePoison,
} from "../../sim/shuffle-shard.ts";
import {
  countOf,
  grouped,
  inverseScientific,
  nounFor,
  oneInWhole,
  percentAnySize,
  percentOfFraction,
  raisedPowers,
  wholeNumber,
} from "../../format/number.ts";

const usage = `usage: npm run sim -- shuffle-shard [--workers N] [--shard K] [--customers C] [--seed S] [--groups G] [--json]

Deals every customer its own random shard of K of the N workers (mulberry32 seed S, partial
Fisher-Yates), lets customer 0's poison request crash all of its workers, and counts how many
of the other C - 1 customers lose all, some or none of theirs. The exact (hypergeometric)
shares are printed beside the simulated ones, and fixed sharding into G groups for comparison.

options:
  --workers N     workers in the fleet, ${limits.workers.min}..${grouped(limits.workers.max)} (default 8)
  --shard K       workers per customer, ${limits.shard.min}..${limits.shard.max} and at most N (default 2)
  --customers C   customers including the poison one, ${limits.customers.min}..${grouped(limits.customers.max)} (default 10,000)
  --seed S        random seed, ${seedHelp} (default 7)
  --groups G      fixed groups for the comparison, 1..N (default N / K, at least 1)
  --json          print JSON instead of a table
  --help          this text

cost limits (every run answers within about a second):
  C x K           at most ${grouped(limits.picks)} worker picks a run (dealing costs about 16 ns a pick)
  K               at most ${limits.shard.max}: the exact shares use whole-number arithmetic on C(N, K),
                  whose cost grows fast with K (0.1 s at 256 of 100,000 workers, 41 s at 2,000)

example: npm run sim -- shuffle-shard --workers 2048 --shard 4`;

export interface ShuffleShardReport {
  workers: number;
  shard: number;
  customers: number;
  seed: number;
  groups: number;
  /** C(workers, shard), exact, as a decimal string. */
  possibleShards: string;
  /** 1 / C(workers, shard) in scientific notation ("1.33e-8"). */
  sameShardProbability: string;
  poisonShard: number[];
  /** Counts among the other customers - 1 customers. */
  lostAll: number;
  lostSome: number;
  lostNone: number;
  /** histogram[j]: other customers sharing exactly j workers with the poison shard. */
  histogram: number[];
  /** The exact shares the counts converge to. */
  exact: { all: number; some: number; none: number; allFraction: string };
  /** Share of other customers that lose service with fixed groups. */
  fixedGroupsBlastRadius: number;
  /** Wall-clock time the deal took, in milliseconds (the only field that differs between identical runs). */
  wallMillis: number;
}

export function shuffleShardReport(
  workers: number,
  shard: number,
  customers: number,
  seed: number,
  groups: number,
): ShuffleShardReport {
  const started = performance.now();
  const outcome = simulatePoison({ workers, shard, customers, seed });
  const millis = performance.now() - started;
  const exact = exactOverlap(workers, shard);
  const inverse = inverseScientific(exact.possibleShards);
  return {
    workers,
    shard,
    customers,
    seed,
    groups,
    possibleShards: exact.possibleShards.toString(),
    sameShardProbability: `${inverse.mantissa}e${inverse.exponent}`,
    poisonShard: outcome.poisonShard,
    lostAll: outcome.lostAll,
    lostSome: outcome.lostSome,
    lostNone: outcome.lostNone,
    histogram: outcome.histogram,
    exact: {
      all: exact.all.value,
      some: exact.some.value,
      none: exact.none.value,
      allFraction: `${exact.all.numerator}/${exact.all.denominator}`,
    },
    fixedGroupsBlastRadius: fixedGroupsBlastRadius(groups),
    wallMillis: Math.round(millis * 10) / 10,
  };
}

function parse(argv: string[]) {
  const args = parseArgs(argv, "shuffle-shard", {
    options: ["workers", "shard", "customers", "seed", "groups"],
    flags: ["json"],
  });
  if (args.positional.length > 0) throw new UsageError(`unexpected argument "${args.positional[0]}"`);
  const workers = numberOption(args, "workers", 8, { ...limits.workers, integer: true });
  const shard = numberOption(args, "shard", Math.min(2, workers), {
    min: limits.shard.min,
    max: Math.min(limits.shard.max, workers),
    integer: true,
  });
  const customers = numberOption(args, "customers", 10_000, { ...limits.customers, integer: true });
  const seed = seedOption(args, 7);
  const groups = numberOption(args, "groups", Math.max(1, Math.floor(workers / shard)), {
    min: limits.groups.min,
    max: workers,
    integer: true,
  });
  // Refuse up front what would run for minutes, saying which limit and how to stay under it.
  const cost = dealCostProblem({ shard, customers });
  if (cost) throw new UsageError(cost);
  return { args, workers, shard, customers, seed, groups };
}

/**
 * A share as the explorer's tables write it (percentAnySize: one decimal from 1%, two figures
 * below, a power of ten once a percentage would be all zeros, a trailing zero only where the
 * share was rounded there), its exponent raised.
 */
const share = (value: number) => raisedPowers(percentAnySize(value));

/**
 * The exact share of losing every worker, as `share` writes it, also where it is too small for a
 * double (1 / C(100,000, 256) is about 10^-773, which a double holds as 0): read off the fraction.
 */
const exactShare = (value: number, fraction: string) => {
  const [numerator, denominator] = fraction.split("/").map(BigInt) as [bigint, bigint];
  return raisedPowers(percentOfFraction({ numerator, denominator, value }));
};

/** A count of any size as the explorer writes it: grouped, or a power of ten and its digits once huge. */
const count = (decimal: string) => raisedPowers(wholeNumber(BigInt(decimal)));

/** "1/730862190080" (as --json keeps it) as the course writes it: "1 in 730,862,190,080". */
const inWords = (fraction: string) => fraction.split("/").map(count).join(" in ");

/**
 * The report as text, fitted to `width` (a terminal's, outputWidth): its sentences wrapped, and
 * its table too (table), or, too narrow for its columns, one outcome after another under "of the
 * other 9,999 customers:". As written when `width` is undefined (a pipe).
 */
function render(r: ShuffleShardReport, width?: number): string {
  const line = (text: string) => fitLines(text, width);
  const others = r.customers - 1;
  // 1 / C(n, k) as the explorer writes it, a percentage ("1 in 28 = 3.6%"), exact for any C(n, k).
  const sameShard = raisedPowers(oneInWhole(BigInt(r.possibleShards)).share.text);
  // Workers are named as the explorer names them, w0 to w(n - 1), in order: names, not amounts.
  const crashed = [...r.poisonShard]
    .sort((a, b) => a - b)
    .map((w) => `w${w}`)
    .join(", ");
  return [
    line(
      `${countOf(r.workers, "worker")}, shards of ${r.shard}: ${count(r.possibleShards)} possible ${r.possibleShards === "1" ? "shard" : "shards"} (same shard: 1 in ${count(r.possibleShards)} = ${sameShard})`,
    ),
    line(
      `seed ${r.seed}, ${countOf(r.customers, "customer")}; customer 0 is poisoned and crashes ${nounFor(r.poisonShard.length, "worker")} ${crashed}`,
    ),
    "",
    table(
      [
        [`of the other ${countOf(others, "customer")}`, "count", "simulated", "exact"],
        [
          r.shard === 1 ? "lose their worker" : `lose all ${r.shard} workers`,
          grouped(r.lostAll),
          share(r.lostAll / others),
          `${exactShare(r.exact.all, r.exact.allFraction)} (${inWords(r.exact.allFraction)})`,
        ],
        ["lose some", grouped(r.lostSome), share(r.lostSome / others), share(r.exact.some)],
        ["lose none", grouped(r.lostNone), share(r.lostNone / others), share(r.exact.none)],
      ],
      width,
      { heading: true },
    ),
    "",
    line(
      `fixed sharding into ${countOf(r.groups, "group")}: ${share(r.fixedGroupsBlastRadius)} of customers lose service`,
    ),
    line(
      `shuffle sharding: ${share(r.lostAll / others)} lose every worker (with client failover), ${share((r.lostAll + r.lostSome) / others)} lose at least one (without)`,
    ),
  ].join("\n");
}

const command: SimCommand = {
  run(argv, io = processIo) {
    if (asksForHelp(argv)) {
      io.stdout(`${fitUsage(usage, outputWidth(io))}\n`);
      return 0;
    }
    const { args, workers, shard, customers, seed, groups } = parse(argv);
    const report = shuffleShardReport(workers, shard, customers, seed, groups);
    io.stdout(`${args.flags.has("json") ? JSON.stringify(report, null, 2) : render(report, outputWidth(io))}\n`);
    return 0;
  },
};

export default command;
