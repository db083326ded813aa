/** Expected answers for "Breaker states and the sharded trap". */
export const answers = {
  "probe-fails": "reopen",
  sharded: ["per-shard", "throttle", "budget"],
};
