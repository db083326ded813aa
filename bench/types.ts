/** One line of `npm run bench`'s table. */
export interface BenchRow {
  area: string;
  metric: string;
  value: number;
  unit: string;
  /** The target this figure is held to, as text ("<= 30"), if any. */
  target?: string;
  note?: string;
}

/** Shared for all benchmarks of one run: the built site served locally. */
export interface BenchContext {
  siteUrl: string;
  distDir: string;
}

/** What a `bench/*.bench.ts` module exports by default. */
export type Bench = (ctx: BenchContext) => Promise<BenchRow[]>;
