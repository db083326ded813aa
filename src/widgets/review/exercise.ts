/**
 * What /review/ needs of the exercise widget to bring a review up: its bootstrap (boot, the widget
 * once mounted, the hint button), its payload, the solutions' loaders (variant() deals the
 * review's numbers) and the reading and filling of a part's form (the answers and text typed kept
 * before a reload). Loaded with a review's own code (card.ts) when a review comes up, so a reader
 * with none due loads none of it (the /review/ page's script is within the 30 KB budget before
 * any interaction, tools/budgets.ts).
 */
export { bootExercises, exerciseWidget, showHintButton } from "../exercise/bootstrap.ts";
export { fillForm, formFields } from "../exercise/form-fields.ts";
export { readPayload } from "../exercise/payload.ts";
export { loadSolution } from "../exercise/sources.ts";
