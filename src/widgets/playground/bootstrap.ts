/**
 * The only playground code a page loads before the reader interacts: it waits for the first
 * click, focus or key on a playground, then imports the widget (editor, runner) and hands the
 * event over. A playground with a saved edit or a share link in the URL mounts at once, so the
 * reader sees their own code.
 */
const loaded = new WeakSet<HTMLElement>();

async function mount(root: HTMLElement, action?: string): Promise<void> {
  if (loaded.has(root)) return;
  loaded.add(root);
  const { mountPlayground } = await import("./mount.ts");
  await mountPlayground(root, action);
}

function onFirstInteraction(event: Event): void {
  const root = (event.currentTarget as HTMLElement);
  const button = (event.target as HTMLElement).closest<HTMLElement>("[data-action]");
  if (event.type === "click" && button) event.preventDefault();
  void mount(root, event.type === "click" ? button?.dataset.action : undefined);
}

function hasSavedEdit(root: HTMLElement): boolean {
  try {
    return localStorage.getItem(`blast-radius:playground:v1:${location.pathname}:${root.dataset.name}`) !== null;
  } catch {
    return false; // storage blocked: nothing saved
  }
}

for (const root of document.querySelectorAll<HTMLElement>("[data-playground]")) {
  const code = root.querySelector<HTMLElement>("[data-code]");
  if (code) code.tabIndex = 0; // the static code is focusable, so Tab reaches the editor-to-be
  for (const type of ["click", "keydown", "focusin"]) {
    root.addEventListener(type, onFirstInteraction, { once: false });
  }
  // Warm the runner a little before the click: hovering or touching is a strong hint.
  root.addEventListener("pointerenter", () => void import("./mount.ts"), { once: true });
  if (hasSavedEdit(root) || location.hash.startsWith(`#play-${root.dataset.name}=`)) void mount(root);
}
