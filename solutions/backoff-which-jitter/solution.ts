/** Expected answers for "Backoff without jitter". */
export const answers = {
  lockstep: "exponential",
  "total-work": ["budget", "breaker"],
};
