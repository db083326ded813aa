/**
 * What a game-day policy must return each second: an array of actions, each an object whose
 * `action` is a string (`[]` for none). runPolicy (policy.ts) checks each answer as the policy
 * returns it and stops the game at the first that is not, with what was returned instead, for the
 * terminal to name in the learner's words (src/cli/gameday-policy.ts).
 */

/** Longest stretch of a returned string quoted in a message. */
const quotedChars = 40;

/** A value as a message names it: its kind, and a short form of it ("the string "retries-off""). */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === "string") {
    const shown = value.length > quotedChars ? `${value.slice(0, quotedChars)}…` : value;
    return `the string ${JSON.stringify(shown)}`;
  }
  if (typeof value === "function") return "a function";
  if (typeof value !== "object") return `the ${typeof value} ${String(value)}`;
  if (Array.isArray(value)) return `an array of ${value.length}`;
  const keys = Object.keys(value);
  return keys.length === 0 ? "an empty object" : `an object with ${keys.slice(0, 4).join(", ")}`;
}

/** Whether one item is an action: an object whose `action` is a string. */
function isAction(item: unknown): boolean {
  return typeof item === "object" && item !== null && typeof (item as { action?: unknown }).action === "string";
}

/** What is wrong with one answer of a policy, or undefined when it is an array of actions. */
export function answerProblem(answer: unknown): string | undefined {
  if (answer === undefined) return "undefined (nothing: is a return missing, or a line break right after one?)";
  if (!Array.isArray(answer)) {
    // One action, not in an array: said so, as it is the likeliest slip.
    if (isAction(answer)) return `one action, ${describeValue(answer)}, not an array of them`;
    return describeValue(answer);
  }
  const at = answer.findIndex((item) => !isAction(item));
  if (at === -1) return undefined;
  const item: unknown = answer[at];
  const what =
    typeof item === "object" && item !== null && !Array.isArray(item)
      ? `${describeValue(item)} and no action name (its "action" is ${describeValue((item as { action?: unknown }).action)})`
      : describeValue(item);
  return `an array whose item ${at} is ${what}`;
}
