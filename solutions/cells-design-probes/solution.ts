/** Expected answers for "The questions an interviewer asks about cells". */
export const answers = {
  "partition-key": "tenant",
  router: ["cached", "one-job"],
  "canary-cell": "internal",
};
