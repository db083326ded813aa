/** Reliability arithmetic for design interviews: availability, failover, tail latency, canaries, capacity. */
export * from "./availability.ts";
export * from "./canary.ts";
export * from "./capacity.ts";
export * from "./failover.ts";
export * from "./tail.ts";
