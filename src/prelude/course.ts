/**
 * The "course" module that playground programs import: the real simulation library, so
 * playgrounds stay short and learners reuse the code the pages run. Each area adds its line.
 */
export * from "../sim/random.ts";
export * from "../sim/combinatorics.ts";
export * from "../sim/shuffle-shard.ts";
export * from "../sim/backoff.ts";
export * from "../sim/token-bucket.ts";
export * from "../sim/concurrency.ts";
export { plot, type PlotOptions } from "./plot.ts";
export * from "../sim/retry-storm/index.ts";
export * from "../sim/cells/index.ts";
export * from "../sim/failure-map/index.ts";
export * from "../format/number.ts";
