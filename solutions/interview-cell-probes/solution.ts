/** Expected answers for "Answering the interviewer's probes". */
export const answers = {
  statement: "number",
  replicas: ["crash", "zone"],
  router: ["admit", "separate"],
  move: "flip",
};
