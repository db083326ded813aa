/**
 * The only playground code a page loads before the reader interacts: it waits for the first
 * click, focus or key on a playground, then imports the widget (editor, runner) and hands the
 * action over. A press on Run (Reset, Share) made before this module ran, held by the page's
 * early script (first-touch.ts), is handed over the same way, the button shown busy until then.
 * Where that code cannot load (the network dropped), the status says so, read out, the button
 * waits no more and the next press loads it again, as mountOnFirstTouch's `failed` does.
 * A playground with a saved edit or a share link in the URL mounts at once, so the reader sees
 * their own code.
 */
import { prewarm } from "../../playground/worker-pool.ts";
import type { EarlyGlobal } from "../first-touch.ts";
import { hasSavedEdit } from "./storage.ts";

const events = ["click", "keydown", "focusin"] as const;

function actionOf(event: Event): string | undefined {
  if (event.type === "click")
    return (event.target as HTMLElement).closest<HTMLElement>("[data-action]")?.dataset.action;
  const key = event as KeyboardEvent;
  if (event.type === "keydown" && key.key === "Enter" && (key.ctrlKey || key.metaKey)) return "run";
  return undefined;
}

const pending = new WeakMap<HTMLElement, string | undefined>();
const early = (globalThis as EarlyGlobal).brEarly;

/**
 * Load the widget once; interactions that happen while it loads (the focus that precedes a
 * click, then the click) are remembered, and the last action is handed over when it is ready.
 * A press held from before this module ran waits, shown busy, until then.
 */
function mount(root: HTMLElement, action?: string): void {
  bootWorker();
  const loading = pending.has(root);
  if (action || !loading) pending.set(root, action ?? pending.get(root));
  if (loading) return;
  void import("./mount.ts").then(
    ({ mountPlayground }) => {
      say(root, "");
      return mountPlayground(root, () => {
        for (const type of events) root.removeEventListener(type, onFirstInteraction);
        early?.done(root.querySelector("[data-early-wait]"));
        return pending.get(root);
      });
    },
    () => {
      // As mountOnFirstTouch's `failed` (first-touch.ts): the load is forgotten, so the next
      // press loads it again (its listeners stay until a mount); the press held for it is
      // dropped, its button busy no more; and the status says so, read out.
      pending.delete(root);
      early?.done(root.querySelector("[data-early-wait]"));
      say(root, notLoaded);
    },
  );
}

/** What the status says when the playground's code could not load. */
const notLoaded = "The playground could not load: check your connection, then press Run to try again.";

/**
 * Shows `words` in the playground's status and reads them out (its live region); "" takes back
 * what `say` said, and nothing else.
 */
function say(root: HTMLElement, words: string): void {
  const status = root.querySelector<HTMLElement>("[data-status]")!;
  const announce = root.querySelector<HTMLElement>("[data-announce]")!;
  if (words === "" && status.textContent !== notLoaded) return;
  status.textContent = words;
  announce.textContent = words;
  if (words) status.dataset.state = "failed";
  else delete status.dataset.state;
}

/**
 * Start booting a sandbox worker at once: its script and hardening are the longest part of a
 * first run (about 120 ms here), so it starts in this event, not after a chunk has arrived.
 */
function bootWorker(): void {
  prewarm();
}

function onFirstInteraction(event: Event): void {
  mount(event.currentTarget as HTMLElement, actionOf(event));
}

for (const root of document.querySelectorAll<HTMLElement>("[data-playground]")) {
  // Tab reaches the code (its <pre>, Playground.astro); focusing it loads the editor.
  for (const type of events) root.addEventListener(type, onFirstInteraction);
  // Hovering or touching is a strong hint a run is coming: fetch the runner and boot a worker.
  root.addEventListener(
    "pointerenter",
    () => {
      bootWorker();
      // A load that fails here is tried again by the press, which says so if it fails too.
      import("./mount.ts").then(
        (m) => m.warm(),
        () => undefined,
      );
    },
    { once: true },
  );
  const name = root.dataset.name!;
  // A press on Run (Reset, Share) held from before this module ran is handed over the same way.
  const held = early?.take(root);
  if (held || hasSavedEdit(name) || location.hash.startsWith(`#play-${name}=`)) mount(root, held?.dataset.action);
}
