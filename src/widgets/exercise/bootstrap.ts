/**
 * The only exercise code that runs before a reader interacts: it shows saved progress and
 * waits. On the first focus, click, key or submit inside an exercise it loads the widget
 * (grader, mathjs, editor) and hands over; a submit made meanwhile is replayed.
 */
import { isSolved, readProgress } from "../progress/store.ts";

interface ExerciseData {
  id: string;
  parts: { id: string }[];
}

export function exerciseData(root: HTMLElement): ExerciseData | undefined {
  try {
    return JSON.parse(root.querySelector("script[data-exercise-data]")?.textContent ?? "");
  } catch {
    return undefined;
  }
}

/** Show which exercises and parts are already solved, from localStorage. */
function showSavedState(root: HTMLElement): void {
  const data = exerciseData(root);
  if (!data) return;
  const progress = readProgress();
  const entry = progress.exercises[data.id];
  if (!entry) return;
  for (const part of data.parts) {
    if (entry.parts[part.id]?.solved) root.querySelector(`[data-part="${part.id}"]`)?.setAttribute("data-solved", "");
  }
  const status = root.querySelector("[data-status]");
  if (status && isSolved(progress, data.id, data.parts.map((p) => p.id))) status.textContent = "✓ Solved";
  if (Object.values(entry.parts).some((p) => p.attempts > 0)) {
    root.querySelector<HTMLButtonElement>('[data-action="solution"]')?.removeAttribute("disabled");
  }
}

function armExercise(root: HTMLElement): void {
  let loading: Promise<void> | undefined;
  const pendingSubmits: HTMLFormElement[] = [];
  const load = () =>
    (loading ??= import("./mount.ts").then(({ mountExercise }) => {
      for (const type of triggers) root.removeEventListener(type, onTrigger, true);
      mountExercise(root);
      for (const form of pendingSubmits.splice(0)) form.requestSubmit();
    }));
  const onTrigger = (event: Event) => {
    if (event.type === "submit") {
      event.preventDefault();
      if (event.target instanceof HTMLFormElement) pendingSubmits.push(event.target);
    }
    void load().catch((error: unknown) => {
      const feedback = root.querySelector("[data-feedback]");
      if (feedback) feedback.textContent = `The exercise could not load (${String(error)}). Reload the page to try again.`;
    });
  };
  const triggers = ["focusin", "pointerdown", "keydown", "submit"] as const;
  for (const type of triggers) root.addEventListener(type, onTrigger, true);
}

export function bootExercises(): void {
  for (const root of document.querySelectorAll<HTMLElement>("[data-exercise]")) {
    if (root.dataset.booted) continue;
    root.dataset.booted = "true";
    showSavedState(root);
    armExercise(root);
  }
}
