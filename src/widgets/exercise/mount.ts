/** Placeholder until the widget lands: keeps the bootstrap's import resolvable. */
export function mountExercise(root: HTMLElement): void {
  root.dataset.mounted = "true";
}
