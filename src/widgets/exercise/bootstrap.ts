/**
 * The only exercise code that runs before a reader interacts: it shows saved progress (solved
 * parts, hints already revealed) and waits. On the first focus, pointer, key or submit inside an
 * exercise it loads the widget (grader, mathjs, editor) and hands over; a submit or a button
 * click made while it loads is replayed once it is ready.
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

/** Show which parts are solved and which hints were revealed, from localStorage. */
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
  const solvedParts = data.parts.filter((p) => entry.parts[p.id]?.solved).length;
  if (status) {
    status.textContent = isSolved(progress, data.id, data.parts.map((p) => p.id))
      ? "✓ Solved"
      : solvedParts > 0
        ? `${solvedParts} of ${data.parts.length} parts solved`
        : "";
  }
  const hints = root.querySelectorAll<HTMLElement>("[data-hint]");
  hints.forEach((hint, i) => (hint.hidden = i >= entry.hints));
  const hintButton = root.querySelector<HTMLButtonElement>('[data-action="hint"]');
  if (hintButton && entry.hints > 0) {
    hintButton.textContent = entry.hints >= hints.length ? "No more hints" : `Show a hint (${entry.hints + 1} of ${hints.length})`;
    hintButton.disabled = entry.hints >= hints.length;
  }
  if (Object.values(entry.parts).some((p) => p.attempts > 0)) {
    root.querySelector<HTMLButtonElement>('[data-action="solution"]')?.removeAttribute("disabled");
    root.querySelector<HTMLElement>(".br-ex__note")?.setAttribute("hidden", "");
  }
}

const triggers = ["focusin", "pointerdown", "keydown", "submit", "click"] as const;

function armExercise(root: HTMLElement): void {
  let loading: Promise<void> | undefined;
  const replay: (() => void)[] = [];
  const onTrigger = (event: Event) => {
    if (event.type === "submit") {
      event.preventDefault();
      const form = event.target as HTMLFormElement;
      replay.push(() => form.requestSubmit());
    } else if (event.type === "click") {
      const button = (event.target as HTMLElement).closest<HTMLButtonElement>("button[data-action]");
      if (button && button.type === "button") replay.push(() => button.click());
    }
    loading ??= import("./mount.ts")
      .then(async ({ mountExercise }) => {
        for (const type of triggers) root.removeEventListener(type, onTrigger, true);
        await mountExercise(root);
        for (const action of replay.splice(0)) action();
      })
      .catch((error: unknown) => {
        const feedback = root.querySelector("[data-feedback]");
        if (feedback) feedback.textContent = `The exercise could not load (${String(error)}). Reload the page to try again.`;
      });
  };
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
