/**
 * The only playground code a page loads before the reader interacts: mountOnFirstTouch
 * (first-touch.ts), as every widget's. The first click, focus or key on a playground imports the
 * widget (editor, runner); the last press on Run, Reset or Share made meanwhile (or before this
 * module ran, held by the page's early script), shown busy until then, is handed to it as its
 * action. Where that code cannot load (the network dropped), the status says so, read out, the
 * button waits no more and the next press loads it again. A playground with a saved edit or a
 * share link in the URL mounts at once, so the reader sees their own code.
 */
import { prewarm } from "../../playground/worker-pool.ts";
import { couldNotLoad, mountOnFirstTouch } from "../first-touch.ts";
import { hasSavedEdit } from "./storage.ts";

/** What the status says when the playground's code could not load. */
const notLoaded = couldNotLoad("playground", "Run");

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

for (const root of document.querySelectorAll<HTMLElement>("[data-playground]")) {
  const start = mountOnFirstTouch(
    root,
    (takePress) => {
      // Boot a sandbox worker in this event, not after a chunk has arrived: its script and
      // hardening are the longest part of a first run (about 120 ms here).
      prewarm();
      return import("./mount.ts").then(
        ({ mountPlayground }) =>
          // Mounted, for first-touch.ts, once its buttons answer (it takes the action then), not
          // once its editor has loaded: a press from then on is the widget's, never made twice.
          new Promise<void>((answers, failed) => {
            say(root, "");
            mountPlayground(root, () => {
              answers();
              return takePress()?.getAttribute("data-action") ?? undefined;
            }).catch((error: unknown) => {
              failed(error);
              throw error;
            });
          }),
      );
    },
    { replayClick: "[data-action]", failed: () => say(root, notLoaded) },
  );
  // Ctrl/Cmd+Enter on the code is a press on Run until its editor, which has the key, is there:
  // held as one while the widget loads, and Run's own after (the editor loads after a first run).
  const codeBox = root.querySelector<HTMLElement>("[data-code]")!;
  codeBox.addEventListener("keydown", (event) => {
    if (root.dataset.editor !== "ready" && event.key === "Enter" && (event.ctrlKey || event.metaKey))
      root.querySelector<HTMLElement>('[data-action="run"]')?.click();
  });
  // Hovering or touching is a strong hint a run is coming: fetch the runner and boot a worker.
  root.addEventListener(
    "pointerenter",
    () => {
      prewarm();
      // A load that fails here is tried again by the press, which says so if it fails too.
      import("./mount.ts").then(
        (m) => m.warm(),
        () => undefined,
      );
    },
    { once: true },
  );
  // Its failure is said (`failed`), and a press loads it again.
  const name = root.dataset.name!;
  if (hasSavedEdit(name) || location.hash.startsWith(`#play-${name}=`)) start().catch(() => undefined);
}
