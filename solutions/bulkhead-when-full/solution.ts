/** Expected answers for "When the compartment is full". */
export const answers = {
  queue: "reject",
  protects: ["unrelated-fine", "contained"],
};
