/** The prepared presenter steps an agenda block can name (their links and numbers: steps.ts). */
export const replayStepIds = [
  "replay-off",
  "replay-bulkhead",
  "replay-breaker",
  "replay-budget",
  "replay-three",
] as const;
export const explorerStepIds = ["explorer-default", "explorer-fleet", "explorer-no-failover"] as const;
export type ReplayStepId = (typeof replayStepIds)[number];
export type ExplorerStepId = (typeof explorerStepIds)[number];
