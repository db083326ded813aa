/** Expected answers for "Designing a shedding policy". */
export const answers = {
  "good-practice": ["bounded", "front-door", "deadline"],
  signal: "inflight",
};
