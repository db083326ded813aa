/**
 * The runner in the page: transpile on the main thread (sucrase, well under a millisecond
 * for a playground), run in a fresh Web Worker per run (worker-pool.ts), terminate it at the
 * time limit. The next run's worker boots once this run is over, so it does not compete with
 * the program for a core.
 */
import { runOnWorker, type RunHandle } from "./host.ts";
import type { RunEvent, RunRequest } from "./protocol.ts";
import { prewarm, takeWorker } from "./worker-pool.ts";

export { prewarm };

export function runInPage(request: RunRequest, onEvent: (event: RunEvent) => void): RunHandle {
  const handle = runOnWorker(request, takeWorker, onEvent);
  void handle.result.finally(prewarm);
  return handle;
}
