/** Placeholder until the widget lands: the static playground stays readable. */
export async function mountPlayground(root: HTMLElement, _action?: string): Promise<void> {
  root.dataset.mounted = "pending";
}
