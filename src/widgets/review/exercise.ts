/**
 * What /review/ needs of the exercise widget to bring a review up: its bootstrap (boot, the widget
 * once mounted, the hint button), its payload and the solutions' loaders (variant() deals the
 * review's numbers). page.ts imports this when a review comes up, so a reader with none due loads
 * none of it.
 */
export { bootExercises, exerciseWidget, showHintButton } from "../exercise/bootstrap.ts";
export { readPayload } from "../exercise/payload.ts";
export { loadSolution } from "../exercise/sources.ts";
